"""The table repository on a real database (SQLite and PostgreSQL): migrations, moves,
restarts, damage, another program holding the lock."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import Database, DatabaseBusy, DuplicateTable, IntegrityError, TableRepo
from bot.storage.db import migrations
from bot.storage.records import GameResult, Move, Score, Seat
from bot.storage.sqlite import SQLiteDatabase
from bot.storage.tables import StaleMove
from tests.databases import Backend

SEATS = [Seat(name="Alice", user_id=1), Seat(name="Easy AI", ai="easy")]


async def open_repo(backend: Backend, **options: float) -> tuple[Database, TableRepo]:
    db = await backend.open(**options)
    return db, TableRepo(db)


async def test_migrations_run_on_an_empty_database(backend: Backend) -> None:
    db, _ = await open_repo(backend)
    assert await db.version() == await backend.version() == migrations(db.dialect)[-1][0]
    await db.close()
    db, _ = await open_repo(backend)  # reopening applies nothing twice
    assert await db.version() == migrations(db.dialect)[-1][0]
    await db.close()


async def test_a_sqlite_file_is_in_wal_mode(tmp_path: Path) -> None:
    """SQLite only: about the file."""
    db = await Database.open(tmp_path / "t.sqlite3")
    assert isinstance(db, SQLiteDatabase)
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        row = await cur.fetchone()
        assert row is not None and row[0] == "wal"
    await db.close()


async def test_one_open_table_per_channel(backend: Backend) -> None:
    db, repo = await open_repo(backend)
    first = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=99)
    with pytest.raises(DuplicateTable):
        await repo.create(10, 20, "centocinque", 2, {}, SEATS, seed=98)
    await repo.cancel_lobby(first.id)
    second = await repo.create(10, 20, "centocinque", 2, {}, SEATS, seed=98)
    assert second.id != first.id and second.status == "lobby"
    await db.close()


async def test_moves_are_committed_with_the_state_and_survive_a_reopen(backend: Backend) -> None:
    db, repo = await open_repo(backend)
    table = await repo.create(10, 20, "cento", 1, {"allow_negative": True}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    score = Score(seat=1, kind="chip", points=1, total=2)
    await repo.commit_move(
        table.id, Move(n=1, seat=0, action="play:KD", by="person"), {"turn": 1}, SEATS, [score]
    )
    with pytest.raises(StaleMove):  # a second commit of move 1 (a double click) is refused
        await repo.commit_move(
            table.id, Move(n=1, seat=0, action="play:QC", by="person"), {"x": 1}, SEATS, []
        )
    await db.close()

    db, repo = await open_repo(backend)
    (record,) = await repo.open_tables()
    assert record.status == "playing" and record.moves == 1 and record.state == {"turn": 1}
    assert record.options == {"allow_negative": True} and record.seats == SEATS and record.seed == 5
    assert await repo.moves(table.id) == [Move(n=1, seat=0, action="play:KD", by="person")]
    assert await repo.scores(table.id) == [(1, score)]
    await db.close()


async def test_a_failed_move_commit_leaves_nothing_behind(backend: Backend) -> None:
    db, repo = await open_repo(backend)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    bad = [Score(seat=0, kind="chip", points=1, total=2)] * 2  # duplicate key: the insert fails
    with pytest.raises(IntegrityError):
        await repo.commit_move(
            table.id, Move(n=1, seat=0, action="play:KD", by="ai"), {"t": 1}, SEATS, bad
        )
    record = await repo.get(table.id)
    assert record is not None and record.moves == 0 and record.state == {"turn": 0}
    assert await repo.moves(table.id) == []
    await db.close()


async def test_finished_tables_store_the_match_and_leave_the_open_list(backend: Backend) -> None:
    db, repo = await open_repo(backend)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {})
    record = await repo.get(table.id)
    assert record is not None
    match_id = await repo.finish(record, "finished", {"ranking": [[1], [0]]}, {0: 2, 1: 1})
    assert await repo.open_tables() == []
    rows = await db.fetch_all(
        "SELECT seat, user_id, ai_level, place FROM match_players WHERE match_id = ? ORDER BY seat",
        (match_id,),
    )
    assert [tuple(r) for r in rows] == [(0, 1, None, 2), (1, None, "easy", 1)]
    await db.close()


SECRET = 918273645  # a seed, never in a log line

DAMAGE = {
    # Each way the table's model can refuse a row: the column, what it holds, and the words
    # of the reason the operator's log gives.
    "seats not JSON": ("seats", "{not json", "seats: not JSON"),
    "a seat with a field the model forbids": (
        "seats",
        '[{"name": "Alice", "user_id": 1, "colour": "red"}]',
        "seats.0.colour: Extra inputs are not permitted",
    ),
    "a seat without its name": ("seats", '[{"user_id": 1}]', "seats.0.name: Field required"),
    "a seat of the wrong type": ("seats", '["Alice"]', "seats.0: Input should be"),
    "seats not a list": ("seats", '{"name": "Alice"}', "seats: Input should be a valid list"),
    "house rules not JSON": ("options", "[1, 2", "options: not JSON"),
    "house rules not an object": ("options", "[]", "options: Input should be a valid dict"),
    "a state not JSON": ("state", '{"turn":', "state: not JSON"),
    "a state not an object": ("state", "7", "state: Input should be a valid dict"),
}


@pytest.mark.parametrize("damage", DAMAGE)
async def test_a_damaged_row_is_listed_apart_and_can_be_ended(
    backend: Backend, damage: str
) -> None:
    column, value, reason = DAMAGE[damage]
    db, repo = await open_repo(backend)
    good = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    bad = await repo.create(10, 21, "cento", 1, {}, SEATS, seed=SECRET)
    await repo.start(bad.id, SEATS, {"turn": 0, "seed": SECRET})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    await repo.commit_move(bad.id, move, {"seed": SECRET}, SEATS, [])
    await backend.run(f"UPDATE game_tables SET {column} = ? WHERE id = ?", (value, bad.id))  # noqa: S608

    assert [r.id for r in await repo.open_tables()] == [good.id]  # the rest restore
    (damaged,) = await repo.damaged_tables()
    assert (damaged.id, damaged.guild_id, damaged.channel_id) == (bad.id, 10, 21)
    assert (damaged.game, damaged.moves) == ("cento", 1)
    assert reason in damaged.reason and str(SECRET) not in damaged.reason
    # Its channel stays taken until it is ended; then it is free, and the moves are kept.
    with pytest.raises(DuplicateTable):
        await repo.create(10, 21, "cento", 1, {}, SEATS, seed=7)
    assert await repo.end_damaged(bad.id)
    assert not await repo.end_damaged(bad.id)  # ended once
    assert await repo.damaged_tables() == []
    assert (await repo.create(10, 21, "cento", 1, {}, SEATS, seed=7)).id != bad.id
    assert await backend.rows("SELECT count(*) FROM moves WHERE table_id = ?", (bad.id,)) == [(1,)]
    assert await backend.rows("SELECT count(*) FROM matches") == [(0,)]  # nothing for the league
    await db.close()


async def test_the_last_move_and_its_result_are_stored_in_one_transaction(
    backend: Backend,
) -> None:
    db, repo = await open_repo(backend)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    last = Move(n=1, seat=0, action="play:KD", by="person")
    result = GameResult(
        outcome={"ranking": [[1], [0]]}, places={0: 2, 1: 1}, teams=[0, 1], stats=[{}, {"x": 1}]
    )
    await backend.refuse("matches")
    with pytest.raises(IntegrityError, match="matches refused"):
        await repo.commit_move(table.id, last, {"over": True}, SEATS, [], result)
    # The move went with the result: the table is as before the move.
    record = await repo.get(table.id)
    assert record is not None and record.status == "playing"
    assert (record.moves, record.state) == (0, {"turn": 0})
    assert await repo.moves(table.id) == []
    assert await backend.rows("SELECT count(*) FROM matches") == [(0,)]

    await backend.refuse("matches", False)
    match_id = await repo.commit_move(table.id, last, {"over": True}, SEATS, [], result)
    assert match_id is not None
    record = await repo.get(table.id)
    assert record is not None and record.status == "finished"
    assert (record.moves, record.state) == (1, {"over": True})
    assert await repo.open_tables() == []
    rows = await backend.rows(
        "SELECT m.table_id, m.outcome, p.seat, p.place, p.team, p.stats FROM matches m"
        " JOIN match_players p ON p.match_id = m.id WHERE m.id = ? ORDER BY p.seat",
        (match_id,),
    )
    outcome = '{"ranking": [[1], [0]]}'
    assert rows == [
        (table.id, outcome, 0, 2, 0, "{}"),
        (table.id, outcome, 1, 1, 1, '{"x": 1}'),
    ]
    await db.close()


async def test_a_move_that_does_not_end_the_game_stores_no_match(backend: Backend) -> None:
    db, repo = await open_repo(backend)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    assert await repo.commit_move(table.id, move, {"turn": 1}, SEATS, []) is None
    record = await repo.get(table.id)
    assert record is not None and record.status == "playing"
    await db.close()


async def test_the_busy_timeout_is_the_one_asked_for(backend: Backend) -> None:
    db = await backend.open(busy_timeout=0.25)
    if isinstance(db, SQLiteDatabase):
        async with db.conn.execute("PRAGMA busy_timeout") as cur:
            pragma = await cur.fetchone()
            assert pragma is not None and pragma[0] == 250
    else:
        row = await db.fetch_one("SELECT current_setting('lock_timeout')")
        assert row is not None and row[0] == "250ms"
    await db.close()


async def test_a_write_lock_held_past_the_busy_timeout_fails_the_commit_cleanly(
    backend: Backend,
) -> None:
    db, repo = await open_repo(backend, busy_timeout=0.05)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    async with backend.locked():
        with pytest.raises(DatabaseBusy, match="locked"):
            await repo.commit_move(table.id, move, {"turn": 1}, SEATS, [])
    record = await repo.get(table.id)
    assert record is not None and (record.moves, record.state) == (0, {"turn": 0})
    await repo.commit_move(table.id, move, {"turn": 1}, SEATS, [])  # the lock is gone
    assert await repo.moves(table.id) == [move]
    await db.close()


async def test_a_commit_cancelled_while_waiting_for_the_lock_leaves_the_connection_usable(
    backend: Backend,
) -> None:
    # A busy timeout no pause of a busy machine reaches: the wait ends only when the other
    # program lets go (a shorter one could run out before the cancellation came).
    db, repo = await open_repo(backend, busy_timeout=60)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    async with backend.locked():
        waiting = asyncio.ensure_future(repo.commit_move(table.id, move, {"t": 1}, SEATS, []))
        await asyncio.sleep(0.2)  # until it waits for the lock (SQLite: its BEGIN, in a thread)
        waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    # Its BEGIN (SQLite) or UPDATE (PostgreSQL) got the lock once the other program let go,
    # after the cancellation: the connection must not be left inside that transaction.
    await repo.commit_move(table.id, move, {"t": 1}, SEATS, [])
    await db.close()
    db, repo = await open_repo(backend)
    assert await repo.moves(table.id) == [move]
    await db.close()
