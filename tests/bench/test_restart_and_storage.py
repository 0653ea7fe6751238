"""The restart and storage benchmarks at a small scale, on real SQLite files (the storage one
on PostgreSQL too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import restart, storage, tables_db
from bot.storage import Database, TableRepo
from tests.databases import Backend


async def test_stored_tables_come_back_playable_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await tables_db.fill(path, tables=6, moves=3)
    db = await Database.open(path)
    records = await TableRepo(db).open_tables()
    await db.close()
    assert [r.status for r in records] == ["playing"] * 6
    # Three moves of people each, and the formalities the table made for them (Minchiate's
    # "do not declare" with nothing to declare).
    assert all(r.moves >= 3 for r in records)
    assert [r.moves for r in records if r.game != "minchiate"] == [3] * 4
    assert {r.game for r in records} == {"centocinque", "cento", "minchiate"}
    tables, seconds = await restart.restore(path)
    assert tables == 6 and seconds > 0
    tables, total, inside = restart.restart_process(path)  # a new process restores them too
    assert tables == 6 and total > inside > 0
    first, second = await restart.action_times(path, probes=3)
    assert len(first) == len(second) == 3
    db = await Database.open(path)
    after = {r.id: r.moves for r in await TableRepo(db).open_tables()}
    await db.close()
    gained = sorted(after[r.id] - r.moves for r in records)
    assert gained[:3] == [0, 0, 0] and all(n >= 2 for n in gained[3:])  # two on each probed


async def test_every_move_commit_is_timed(backend: Backend) -> None:
    times = await storage.commit_times(backend.url, tables=3, moves=20)
    assert len(times) >= 20 and all(t > 0 for t in times)  # with the table's formalities
    assert await backend.rows("SELECT count(*) FROM moves") == [(len(times),)]


@pytest.mark.e2e
async def test_the_real_bot_restarts_on_stored_tables_without_redrawing_current_boards(
    tmp_path: Path,
) -> None:
    restored, ready, sent = await restart.bot_restart(tmp_path, 3, 2, settle=6)
    assert restored == 3 and 0 < ready < 30
    assert sent == 0
