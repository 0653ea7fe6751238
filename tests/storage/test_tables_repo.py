"""The table repository on real SQLite files: migrations, moves, restarts, damage."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database, DatabaseBusy, DuplicateTable, TableRepo
from bot.storage.db import migrations
from bot.storage.records import GameResult, Move, Score, Seat
from bot.storage.tables import StaleMove

from .faults import Locker, refuse

SEATS = [Seat(name="Alice", user_id=1), Seat(name="Easy AI", ai="easy")]


async def open_repo(path: Path) -> tuple[Database, TableRepo]:
    db = await Database.open(path)
    return db, TableRepo(db)


async def test_migrations_run_on_an_empty_file_in_wal_mode(tmp_path: Path) -> None:
    db, _ = await open_repo(tmp_path / "t.sqlite3")
    async with db.conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
    async with db.conn.execute("PRAGMA user_version") as cur:
        assert (await cur.fetchone())[0] == migrations()[-1][0]  # type: ignore[index]
    await db.close()
    db, _ = await open_repo(tmp_path / "t.sqlite3")  # reopening applies nothing twice
    await db.close()


async def test_one_open_table_per_channel(tmp_path: Path) -> None:
    db, repo = await open_repo(tmp_path / "t.sqlite3")
    first = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=99)
    with pytest.raises(DuplicateTable):
        await repo.create(10, 20, "centocinque", 2, {}, SEATS, seed=98)
    await repo.cancel_lobby(first.id)
    second = await repo.create(10, 20, "centocinque", 2, {}, SEATS, seed=98)
    assert second.id != first.id and second.status == "lobby"
    await db.close()


async def test_moves_are_committed_with_the_state_and_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    db, repo = await open_repo(path)
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

    db, repo = await open_repo(path)
    (record,) = await repo.open_tables()
    assert record.status == "playing" and record.moves == 1 and record.state == {"turn": 1}
    assert record.options == {"allow_negative": True} and record.seats == SEATS and record.seed == 5
    assert await repo.moves(table.id) == [Move(n=1, seat=0, action="play:KD", by="person")]
    assert await repo.scores(table.id) == [(1, score)]
    await db.close()


async def test_a_failed_move_commit_leaves_nothing_behind(tmp_path: Path) -> None:
    db, repo = await open_repo(tmp_path / "t.sqlite3")
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    bad = [Score(seat=0, kind="chip", points=1, total=2)] * 2  # duplicate key: the insert fails
    with pytest.raises(sqlite3.IntegrityError):
        await repo.commit_move(
            table.id, Move(n=1, seat=0, action="play:KD", by="ai"), {"t": 1}, SEATS, bad
        )
    record = await repo.get(table.id)
    assert record is not None and record.moves == 0 and record.state == {"turn": 0}
    assert await repo.moves(table.id) == []
    await db.close()


async def test_finished_tables_store_the_match_and_leave_the_open_list(tmp_path: Path) -> None:
    db, repo = await open_repo(tmp_path / "t.sqlite3")
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {})
    record = await repo.get(table.id)
    assert record is not None
    match_id = await repo.finish(record, "finished", {"ranking": [[1], [0]]}, {0: 2, 1: 1})
    assert await repo.open_tables() == []
    async with db.conn.execute(
        "SELECT seat, user_id, ai_level, place FROM match_players WHERE match_id = ? ORDER BY seat",
        (match_id,),
    ) as cur:
        assert [tuple(r) for r in await cur.fetchall()] == [(0, 1, None, 2), (1, None, "easy", 1)]
    await db.close()


async def test_a_damaged_row_is_left_out_and_the_rest_restore(tmp_path: Path) -> None:
    db, repo = await open_repo(tmp_path / "t.sqlite3")
    good = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    bad = await repo.create(10, 21, "cento", 1, {}, SEATS, seed=6)
    await db.conn.execute("UPDATE game_tables SET seats = '{not json' WHERE id = ?", (bad.id,))
    assert [r.id for r in await repo.open_tables()] == [good.id]
    await db.close()


async def test_the_last_move_and_its_result_are_stored_in_one_transaction(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    db, repo = await open_repo(path)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    last = Move(n=1, seat=0, action="play:KD", by="person")
    result = GameResult(
        outcome={"ranking": [[1], [0]]}, places={0: 2, 1: 1}, teams=[0, 1], stats=[{}, {"x": 1}]
    )
    refuse(path, "matches")
    with pytest.raises(sqlite3.IntegrityError, match="matches refused"):
        await repo.commit_move(table.id, last, {"over": True}, SEATS, [], result)
    # The move went with the result: the table is as before the move.
    record = await repo.get(table.id)
    assert record is not None and record.status == "playing"
    assert (record.moves, record.state) == (0, {"turn": 0})
    assert await repo.moves(table.id) == []
    async with db.conn.execute("SELECT count(*) FROM matches") as cur:
        assert (await cur.fetchone())[0] == 0  # type: ignore[index]

    refuse(path, "matches", False)
    match_id = await repo.commit_move(table.id, last, {"over": True}, SEATS, [], result)
    assert match_id is not None
    record = await repo.get(table.id)
    assert record is not None and record.status == "finished"
    assert (record.moves, record.state) == (1, {"over": True})
    assert await repo.open_tables() == []
    async with db.conn.execute(
        "SELECT m.table_id, m.outcome, p.seat, p.place, p.team, p.stats FROM matches m"
        " JOIN match_players p ON p.match_id = m.id WHERE m.id = ? ORDER BY p.seat",
        (match_id,),
    ) as cur:
        rows = [tuple(r) for r in await cur.fetchall()]
    outcome = '{"ranking": [[1], [0]]}'
    assert rows == [
        (table.id, outcome, 0, 2, 0, "{}"),
        (table.id, outcome, 1, 1, 1, '{"x": 1}'),
    ]
    await db.close()


async def test_a_move_that_does_not_end_the_game_stores_no_match(tmp_path: Path) -> None:
    db, repo = await open_repo(tmp_path / "t.sqlite3")
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    assert await repo.commit_move(table.id, move, {"turn": 1}, SEATS, []) is None
    record = await repo.get(table.id)
    assert record is not None and record.status == "playing"
    await db.close()


async def test_the_busy_timeout_is_the_one_asked_for(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "t.sqlite3", busy_timeout=0.25)
    async with db.conn.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 250  # type: ignore[index]
    await db.close()


async def test_a_write_lock_held_past_the_busy_timeout_fails_the_commit_cleanly(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    db = await Database.open(path, busy_timeout=0.05)
    repo = TableRepo(db)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    with Locker(path), pytest.raises(DatabaseBusy, match="locked"):
        await repo.commit_move(table.id, move, {"turn": 1}, SEATS, [])
    record = await repo.get(table.id)
    assert record is not None and (record.moves, record.state) == (0, {"turn": 0})
    await repo.commit_move(table.id, move, {"turn": 1}, SEATS, [])  # the lock is gone
    assert await repo.moves(table.id) == [move]
    await db.close()


async def test_a_commit_cancelled_while_waiting_for_the_lock_leaves_the_connection_usable(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    db = await Database.open(path, busy_timeout=2)
    repo = TableRepo(db)
    table = await repo.create(10, 20, "cento", 1, {}, SEATS, seed=5)
    await repo.start(table.id, SEATS, {"turn": 0})
    move = Move(n=1, seat=0, action="play:KD", by="person")
    with Locker(path):
        waiting = asyncio.ensure_future(repo.commit_move(table.id, move, {"t": 1}, SEATS, []))
        for _ in range(5):  # until its BEGIN waits for the lock in the connection's thread
            await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
    # Its BEGIN got the lock once the other program let go, after the cancellation:
    # the connection must not be left inside that transaction.
    await repo.commit_move(table.id, move, {"t": 1}, SEATS, [])
    await db.close()
    db, repo = await open_repo(path)
    assert await repo.moves(table.id) == [move]
    await db.close()
