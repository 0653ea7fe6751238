"""The restart and storage benchmarks at a small scale, on SQLite files and on PostgreSQL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import restart, storage, tables_db
from bench.database import BenchDatabase
from bot.storage import TableRepo
from tests.databases import Backend, PostgresBackend


async def test_stored_tables_come_back_playable_after_a_restart(backend: Backend) -> None:
    await tables_db.fill(backend.url, tables=6, moves=3)
    db = await backend.open()
    records = await TableRepo(db).open_tables()
    await db.close()
    assert [r.status for r in records] == ["playing"] * 6
    # Three moves of people each, and the formalities the table made for them (Minchiate's
    # "do not declare" with nothing to declare).
    assert all(r.moves >= 3 for r in records)
    assert [r.moves for r in records if r.game != "minchiate"] == [3] * 4
    assert {r.game for r in records} == {"centocinque", "cento", "minchiate"}
    tables, seconds = await restart.restore(backend.url)
    assert tables == 6 and seconds > 0
    tables, total, inside = restart.restart_process(backend.url)  # a new process restores them
    assert tables == 6 and total > inside > 0
    first, second = await restart.action_times(backend.url, probes=3)
    assert len(first) == len(second) == 3 and all(t > 0 for t in first + second)
    db = await backend.open()
    after = {r.id: r.moves for r in await TableRepo(db).open_tables()}
    await db.close()
    gained = sorted(after[r.id] - r.moves for r in records)
    assert gained[:3] == [0, 0, 0] and all(n >= 2 for n in gained[3:])  # two on each probed


async def test_a_restart_process_is_given_a_sqlite_file_as_a_url(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await tables_db.fill(path, tables=2, moves=1)
    assert restart.restart_process(path)[0] == 2


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


@pytest.mark.e2e
async def test_the_whole_restart_benchmark_runs_on_postgresql(
    tmp_path: Path, postgres: PostgresBackend, capsys: pytest.CaptureFixture[str]
) -> None:
    database = BenchDatabase(postgres.url, "PostgreSQL (the tests' server)")
    await restart.measure(tmp_path, database, count=4, moves=2, probes=2, settle=2)
    out = capsys.readouterr().out
    assert "4 running tables (2 moves each) on PostgreSQL (the tests' server)" in out
    ready = re.search(r"spawn to ready with 4 tables restored: ([\d.]+)s; .*: (\d+)$", out, re.M)
    assert ready and 0 < float(ready[1]) < 30 and ready[2] == "0"
    restored = re.search(r"spawn to all 4 tables restored: ([\d.]+)s .*: ([\d.]+)s\)", out)
    assert restored and float(restored[1]) > float(restored[2]) > 0
    first = re.search(r"first action .* \(2 tables\): p50 ([\d.]+) ms, p99 ([\d.]+) ms", out)
    assert first and 0 < float(first[1]) <= float(first[2])
    assert re.search(
        r"first minus second, p50: [+-][\d.]+ ms \(goal <= 20 ms: (met|NOT met)\)", out
    )
    assert not (tmp_path / "tavolo.sqlite3").exists()  # the bot never made a SQLite file
    # Two moves each on the probed tables, in PostgreSQL.
    ((moves,),) = await postgres.rows("SELECT count(*) FROM moves")
    assert moves >= 4 * 2 + 2 * 2
