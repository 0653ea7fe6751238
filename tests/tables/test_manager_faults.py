"""The table manager when things break. Real SQLite files, real AI worker processes, real
engines (no Discord)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.tables import Table, TableManager
from bot.tables.ai_worker import AIWorkers

from .test_manager import World, wait_until


@pytest.fixture(scope="module")
def workers() -> Any:
    pool = AIWorkers(1)
    yield pool
    pool.close()


Make = Callable[..., World]


@pytest.fixture
async def make_world(tmp_path: Path, workers: AIWorkers) -> AsyncIterator[Make]:
    """Worlds on one database file, closed at the end even if the test fails."""
    made: list[World] = []

    def make(pool: AIWorkers = workers, **options: Any) -> World:
        made.append(World(tmp_path / "tavolo.sqlite3", pool, **options))
        return made[-1]

    yield make
    for world in made:
        await world.aclose()


@pytest.fixture
def world(make_world: Make) -> World:
    return make_world()


def logged(caplog: pytest.LogCaptureFixture, text: str) -> bool:
    return any(text in record.getMessage() for record in caplog.records)


async def all_ai_table(m: TableManager, channel: int, game: str = "cento") -> Table:
    """A running table whose only person has left: the AI plays every seat."""
    table = await m.create(1, channel, 100, "Ann", game)
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "easy")
    await m.start(table, 100)
    await m.leave(table, 100)
    return table


# -- the last move and the result are one commit -------------------------------------------


def _match_rows(path: Path, table_id: int) -> tuple[Any, list[tuple[Any, ...]]]:
    conn = sqlite3.connect(path)
    try:
        (match_id, outcome) = conn.execute(
            "SELECT id, outcome FROM matches WHERE table_id = ?", (table_id,)
        ).fetchone()
        players = conn.execute(
            "SELECT seat, user_id, ai_level, place, name, team, stats FROM match_players"
            " WHERE match_id = ? ORDER BY seat",
            (match_id,),
        ).fetchall()
        return (match_id, outcome), players
    finally:
        conn.close()


async def test_a_game_over_left_playing_by_an_older_version_is_finished_on_restore(
    world: World,
) -> None:
    m = await world.open()
    table = await all_ai_table(m, 10)
    await wait_until(lambda: not table.playing, timeout=30)
    await world.close(m)
    (old_id, outcome), players = _match_rows(world.path, table.id)
    # As an older version left it when it stopped between the last move and the result.
    conn = sqlite3.connect(world.path)
    conn.execute("DELETE FROM match_players WHERE match_id = ?", (old_id,))
    conn.execute("DELETE FROM matches WHERE id = ?", (old_id,))
    conn.execute("UPDATE game_tables SET status = 'playing' WHERE id = ?", (table.id,))
    conn.commit()
    conn.close()
    world.matches.clear()

    m = await world.open()
    assert m.by_id == {} and m.by_channel == {}
    assert [t.id for t in m.finished_at_restore] == [table.id]
    stored = await m.repo.get(table.id)
    assert stored is not None and stored.status == "finished"
    (match_id, again), same = _match_rows(world.path, table.id)
    assert (again, same) == (outcome, players) and world.matches == [match_id]
    await world.close(m)
