"""The table manager when things break: the AI worker process dies, the database is locked
by another program, a commit fails half way, a driver fails. Real databases (SQLite and
PostgreSQL), real AI worker processes, real engines (no Discord)."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
from collections.abc import AsyncIterator, Callable
from typing import Any

import psutil
import pytest

from bot.storage.records import Move
from bot.tables import OutOfDate, Table, TableError, TableManager
from bot.tables.ai_worker import AIWorkers
from bot.tables.commit import result_of
from tests.databases import Backend, PostgresServer
from tests.games.support import seat_on_turn

from .test_ai_worker import spawned_workers
from .test_manager import Recorder, World


@pytest.fixture(scope="module")
def workers() -> Any:
    pool = AIWorkers(1)
    yield pool
    pool.close()


Make = Callable[..., World]


@pytest.fixture
async def make_world(backend: Backend, workers: AIWorkers) -> AsyncIterator[Make]:
    """Worlds on one database, closed at the end even if the test fails."""
    made: list[World] = []

    def make(pool: AIWorkers = workers, **options: Any) -> World:
        made.append(World(backend, pool, **options))
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


async def two_people(m: TableManager, channel: int, host: int = 100) -> tuple[Table, int, int]:
    """A running Centocinque table of two people; the seat on turn, and its person."""
    table = await m.create(1, channel, host, "Ann", "centocinque")
    await m.join(table, host + 1, "Bob")
    await m.start(table, host)
    seat = table.rules.turn(table.state)
    assert seat is not None
    user = table.seats[seat].user_id
    assert user is not None
    return table, seat, user


# -- the AI worker process dies ----------------------------------------------------------------


@pytest.fixture
async def own_workers() -> AsyncIterator[tuple[AIWorkers, set[int]]]:
    """A pool of its own (this test kills its processes), and the processes before it."""
    known = {p.pid for p in psutil.Process().children()}
    pool = AIWorkers(1)
    yield pool, known
    pool.close()


async def test_ai_games_go_on_after_the_worker_process_is_killed(
    make_world: Make, own_workers: tuple[AIWorkers, set[int]]
) -> None:
    workers, known = own_workers
    world = make_world(workers, ai_delay=0.05)
    m = await world.open()
    tables = [await all_ai_table(m, 10), await all_ai_table(m, 11)]
    await world.until(lambda: all(t.record.moves >= 1 for t in tables))
    (worker,) = spawned_workers(known)
    os.kill(worker.pid, signal.SIGKILL)
    before = [t.record.moves for t in tables]
    # Every table goes on: each move after the kill needed a decision from a new worker.
    await world.until(
        lambda: all(t.record.moves >= b + 3 for t, b in zip(tables, before, strict=True))
    )
    assert spawned_workers(known | {worker.pid})  # a new worker process decides now
    await world.close(m)


# -- the database is locked by another program ---------------------------------------------


async def test_a_timed_out_turn_waits_out_a_locked_database_and_is_stored_once(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world(busy_timeout=0.05, turn_timeout=0.4, timeouts_before_ai=3)
    m = await world.open()
    table, seat, _ = await two_people(m, 10)
    async with world.backend.locked():
        # The turn times out, and the AI's move for it cannot be stored while the lock lasts.
        await world.until(lambda: logged(caplog, "database is busy"))
        assert table.record.moves == 0 and table.seats[seat].timeouts == 0
    await world.until(lambda: table.record.moves >= 1)
    (first, *_) = await m.repo.moves(table.id)
    assert (first.seat, first.by) == (seat, "timeout")
    stored = await m.repo.get(table.id)
    assert stored is not None
    # One timeout, counted once however many times the commit was tried.
    assert table.seats[seat].timeouts == stored.seats[seat].timeouts == 1
    assert world.listener.warnings[:1] == [seat]
    await world.close(m)


async def test_an_ai_seat_waits_out_a_locked_database_and_plays_on(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world(busy_timeout=0.05, ai_delay=0.2)
    m = await world.open()
    table = await all_ai_table(m, 10)
    async with world.backend.locked():  # taken before the AI seats' first move (ai_delay)
        await world.until(lambda: logged(caplog, "database is busy"))
        assert table.record.moves == 0
    await world.until(lambda: table.record.moves >= 3)
    assert {mv.by for mv in await m.repo.moves(table.id)} == {"ai"}
    await world.close(m)


async def test_a_persons_move_on_a_locked_database_is_refused_clearly_and_changes_nothing(
    make_world: Make,
) -> None:
    world = make_world(busy_timeout=0.05, ai_delay=600)
    m = await world.open()
    table, seat, user = await two_people(m, 10)
    await m.leave(table, user)  # away: coming back is part of the move
    state = table.rules.dump(table.state)
    seats = [s.model_copy(deep=True) for s in table.seats]
    action = table.rules.legal_actions(table.state, seat)[0]
    async with world.backend.locked():
        with pytest.raises(TableError, match="database is busy"):
            await m.act(table, user, action, None)
    assert table.rules.dump(table.state) == state and table.record.moves == 0
    assert table.seats == seats and table.seats[seat].away
    stored = await m.repo.get(table.id)
    assert stored is not None and (stored.state, stored.moves, stored.seats) == (state, 0, seats)
    # Once the lock is gone the same move is made.
    await m.act(table, user, action, None)
    assert table.record.moves == 1 and not table.seats[seat].away
    await world.close(m)


async def test_games_wait_out_a_postgresql_server_that_goes_away_and_go_on_when_it_is_back(
    workers: AIWorkers, caplog: pytest.LogCaptureFixture
) -> None:
    server = PostgresServer()  # a server of its own: this test stops it and starts it again
    server.start()
    try:
        async with server.fresh() as backend:
            world = World(backend, workers, busy_timeout=0.2, ai_delay=0.05)
            m = await world.open()
            try:
                ai_table = await all_ai_table(m, 10)
                table, seat, user = await two_people(m, 11, host=200)
                action = table.rules.legal_actions(table.state, seat)[0]
                state = table.rules.dump(table.state)
                await world.until(lambda: ai_table.record.moves >= 2)

                server.halt()  # restarting, failing over, unreachable: gone for a while
                with pytest.raises(TableError, match="database is busy"):
                    await m.act(table, user, action, None)
                assert table.rules.dump(table.state) == state and table.record.moves == 0
                await world.until(lambda: logged(caplog, "the database is busy; seat"))
                stalled = ai_table.record.moves
                await world.clock.advance(5)  # the AI's move is tried again, and again
                assert ai_table.record.moves == stalled  # nothing is made that is not stored

                server.run()
                await world.until(lambda: ai_table.record.moves >= stalled + 3)
                await m.act(table, user, action, None)  # the pool connects again
                assert table.record.moves == 1
                stored = await m.repo.get(ai_table.id)
                assert stored is not None and stored.moves >= stalled + 3
                assert not logged(caplog, "driver failed")
            finally:
                await world.close(m)
    finally:
        server.stop()


# -- a commit whose answer was lost -----------------------------------------------------------


async def made_behind_its_back(m: TableManager, table: Table, seat: int, action: str) -> Any:
    """Store ``action`` as the table's next move without the manager knowing, as a COMMIT
    whose answer was lost with its connection; the state after it. A move that ends the
    game is stored with its result, as the manager stores it."""
    state, _ = table.rules.apply(table.state, seat, action)
    seats = [s.model_copy(deep=True) for s in table.seats]
    seats[seat].acted += 1
    n = table.record.moves + 1
    dumped = table.rules.dump(state)
    outcome = table.rules.outcome(state)
    result = None if outcome is None else result_of(table.spec, outcome, seats)
    await m.repo.commit_move(
        table.id, Move(n=n, seat=seat, action=action, by="ai"), dumped, seats, [], result
    )
    return dumped


async def test_a_move_stored_without_the_process_knowing_is_taken_in_and_play_goes_on(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world(ai_delay=600)
    m = await world.open()
    table, seat, user = await two_people(m, 10)
    action = table.rules.legal_actions(table.state, seat)[0]
    stored = await made_behind_its_back(m, table, seat, action)
    assert table.record.moves == 0
    told = len(world.listener.changes)

    with pytest.raises(OutOfDate):  # the person is told to look again: the table moved on
        await m.act(table, user, action, None)
    assert table.record.moves == 1 and table.rules.dump(table.state) == stored
    assert table.seats[seat].acted == 1 and logged(caplog, "taking the stored table")
    assert len(world.listener.changes) == told + 1  # the board is drawn again from it
    nxt = table.rules.turn(table.state)
    assert nxt is not None
    mover = table.seats[nxt].user_id
    assert mover is not None
    await m.act(table, mover, table.rules.legal_actions(table.state, nxt)[0], None)
    assert [mv.n for mv in await m.repo.moves(table.id)] == [1, 2] and table.record.moves == 2
    await world.close(m)


async def test_an_ai_seat_takes_in_a_move_stored_without_the_process_knowing(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world(ai_delay=0.3)
    m = await world.open()
    table = await all_ai_table(m, 10)
    seat = seat_on_turn(table.rules, table.state)
    await made_behind_its_back(m, table, seat, table.rules.legal_actions(table.state, seat)[0])
    await world.until(lambda: table.record.moves >= 4)
    assert logged(caplog, "taking the stored table") and not logged(caplog, "driver failed")
    assert [mv.n for mv in await m.repo.moves(table.id)][:4] == [1, 2, 3, 4]
    await world.close(m)


async def test_a_last_move_stored_without_the_process_knowing_finishes_the_table(
    make_world: Make,
) -> None:
    world = make_world(ai_delay=600)
    m = await world.open()
    table, _, _ = await two_people(m, 10)
    rules = table.rules
    for _ in range(5000):  # people play on until a move would end the match
        seat = seat_on_turn(rules, table.state)
        assert seat is not None
        legal = rules.legal_actions(table.state, seat)
        last = next((a for a in legal if rules.outcome(rules.apply(table.state, seat, a)[0])), None)
        if last is not None:
            break
        user = table.seats[seat].user_id
        assert user is not None
        await m.act(table, user, legal[0], None)
    assert last is not None, "the match never came to its last move"
    await made_behind_its_back(m, table, seat, last)
    user = table.seats[seat].user_id
    assert user is not None

    with pytest.raises(OutOfDate):
        await m.act(table, user, last, None)
    assert table.record.status == "finished" and table.id not in m.by_id
    assert world.matches == [await m.repo.match_of(table.id)]  # the league is told, once
    await world.close(m)


# -- a driver that fails is started again ----------------------------------------------------


def failures(caplog: pytest.LogCaptureFixture) -> int:
    """How often the table's driver failed, as logged."""
    return sum("driver failed" in r.getMessage() for r in caplog.records)


async def test_a_failed_driver_is_logged_and_started_again(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world()
    m = await world.open()
    m.driver.backoff = (0.05, 1.0)
    await world.backend.refuse("moves")  # every move's commit fails, as on a full disk
    table = await all_ai_table(m, 10)
    await world.until(lambda: failures(caplog) >= 2)
    assert table.record.moves == 0 and logged(caplog, "starting it again")
    await world.backend.refuse("moves", False)  # space again: the driver, started again, plays on
    await world.until(lambda: table.record.moves >= 3)
    assert {mv.by for mv in await m.repo.moves(table.id)} == {"ai"}
    await world.close(m)


async def test_a_driver_that_keeps_failing_is_retried_ever_more_slowly(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    world = make_world()
    m = await world.open()
    m.driver.backoff = (0.04, 0.32)
    await world.backend.refuse("moves")
    await all_ai_table(m, 10)
    times = []  # when each failure was logged, on the tables' clock
    for n in range(1, 7):
        await world.until(lambda n=n: failures(caplog) >= n)
        times.append(world.clock.now())
    gaps = [b - a for a, b in itertools.pairwise(times)]
    # Each pause doubles (0.04, 0.08, 0.16, then at most 0.32): no spinning.
    assert gaps == pytest.approx([0.04, 0.08, 0.16, 0.32, 0.32])
    await world.close(m)


# -- the last move and the result are one commit -------------------------------------------


async def test_a_fault_storing_the_result_stores_neither_the_last_move_nor_the_match(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    m = await world.open()
    m.driver.backoff = (0.05, 0.2)
    await world.backend.refuse("matches")
    table = await all_ai_table(m, 10)
    await world.until(lambda: logged(caplog, "driver failed"))
    stored = await m.repo.get(table.id)
    assert stored is not None and stored.status == "playing" and stored.state is not None
    assert stored.moves == table.record.moves
    # The game's last move is not stored without its result, nor shown.
    assert table.rules.outcome(table.rules.load(stored.state)) is None
    assert table.playing and table.rules.dump(table.state) == stored.state
    assert world.matches == []

    # The fault passes: the driver, started again, ends it.
    await world.backend.refuse("matches", False)
    await world.until(lambda: not table.playing)
    stored = await m.repo.get(table.id)
    assert stored is not None and stored.status == "finished"
    assert stored.moves == table.record.moves
    (match_id, outcome), *others = await world.backend.rows(
        "SELECT id, outcome FROM matches WHERE table_id = ?", (table.id,)
    )
    assert others == [] and world.matches == [match_id]
    assert json.loads(outcome) == table.outcome()
    await world.close(m)


async def _match_rows(backend: Backend, table_id: int) -> tuple[Any, list[tuple[Any, ...]]]:
    ((match_id, outcome),) = await backend.rows(
        "SELECT id, outcome FROM matches WHERE table_id = ?", (table_id,)
    )
    players = await backend.rows(
        "SELECT seat, user_id, ai_level, place, name, team, stats FROM match_players"
        " WHERE match_id = ? ORDER BY seat",
        (match_id,),
    )
    return (match_id, outcome), players


async def test_a_game_over_left_playing_by_an_older_version_is_finished_on_restore(
    world: World,
) -> None:
    m = await world.open()
    table = await all_ai_table(m, 10)
    await world.until(lambda: not table.playing)
    await world.close(m)
    (old_id, outcome), players = await _match_rows(world.backend, table.id)
    # As an older version left it when it stopped between the last move and the result.
    await world.backend.run("DELETE FROM match_players WHERE match_id = ?", (old_id,))
    await world.backend.run("DELETE FROM matches WHERE id = ?", (old_id,))
    await world.backend.run("UPDATE game_tables SET status = 'playing' WHERE id = ?", (table.id,))
    world.matches.clear()

    m = await world.open()
    assert m.by_id == {} and m.by_channel == {}
    assert [t.id for t in m.finished_at_restore] == [table.id]
    stored = await m.repo.get(table.id)
    assert stored is not None and stored.status == "finished"
    (match_id, again), same = await _match_rows(world.backend, table.id)
    assert (again, same) == (outcome, players) and world.matches == [match_id]
    await world.close(m)


class StubbornWarnings(Recorder):
    """A listener whose turn warning hangs, and turns its cancellation into an error."""

    def __init__(self) -> None:
        super().__init__()
        self.warning = asyncio.Event()

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        self.warning.set()
        try:
            await asyncio.Event().wait()  # never set
        except asyncio.CancelledError:
            raise RuntimeError("interrupted while warning") from None


async def test_closing_stops_a_driver_even_if_its_step_turns_the_cancellation_into_an_error(
    make_world: Make,
) -> None:
    world = make_world(turn_timeout=0.02)
    m = await world.open()
    m.listener = listener = StubbornWarnings()
    table = await m.create(1, 10, 100, "Ann", "centocinque")
    await m.join(table, 101, "Bob")
    await m.start(table, 100)
    await world.until(listener.warning.is_set)
    async with asyncio.timeout(5):
        await m.close()
    assert table.driver is not None and table.driver.done() and listener.warnings == []
    await world.close(m)


async def test_closing_stops_drivers_waiting_out_a_locked_database(
    make_world: Make, caplog: pytest.LogCaptureFixture
) -> None:
    # The AI pauses a (virtual) second before each move, so no move is made in real time
    # before the database is locked: with no pause, an all-AI match could play to its end
    # while the second table was set up, and leave no driver to stop.
    world = make_world(busy_timeout=0.05, ai_delay=1.0)
    m = await world.open()
    tables = [await all_ai_table(m, 10), await all_ai_table(m, 11)]
    moves = [t.record.moves for t in tables]

    def busy_tries(table: Table) -> int:
        said = f"table {table.id}: the database is busy"
        return sum(r.getMessage().startswith(said) for r in caplog.records)

    async with world.backend.locked():
        await world.until(lambda: all(busy_tries(t) >= 2 for t in tables))
        assert all(t.driver is not None and not t.driver.done() for t in tables)
        assert [t.record.moves for t in tables] == moves
        async with asyncio.timeout(5):
            await m.close()
    assert all(t.driver is not None and t.driver.done() for t in tables)
    await world.close(m)
