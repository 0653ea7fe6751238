"""The table manager on a real database (SQLite and PostgreSQL), real engines and real AI
workers (no Discord), on a clock the tests drive: a turn timer or the AI's pause passes when a
test lets time pass, at once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from bot.config import LeagueSettings, TableSettings
from bot.games import GameError
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo
from bot.storage.records import Seat
from bot.tables import OutOfDate, Table, TableError, TableManager
from bot.tables.ai_worker import AIWorkers
from tests.clock import VirtualClock
from tests.databases import Backend
from tests.games.support import seat_on_turn


class Recorder:
    """A listener that remembers what it was told."""

    def __init__(self) -> None:
        self.changes: list[list[dict[str, Any]]] = []
        self.turns: list[int] = []
        self.warnings: list[int] = []
        self.closed: list[int] = []

    async def table_changed(self, table: Table, events: list[dict[str, Any]]) -> None:
        self.changes.append(events)

    async def turn_started(self, table: Table, seat: int) -> None:
        self.turns.append(seat)

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        self.warnings.append(seat)

    async def table_closed(self, table: Table) -> None:
        self.closed.append(table.id)


class World:
    def __init__(
        self, backend: Backend, workers: AIWorkers, *, busy_timeout: float = 5.0, **settings: Any
    ) -> None:
        self.backend, self.workers, self.settings = backend, workers, settings
        self.busy_timeout = busy_timeout
        self.matches: list[int] = []  # the match ids the manager reported as finished
        self.db: Database | None = None
        self.manager: TableManager | None = None
        self.clock = VirtualClock()

    async def open(self) -> TableManager:
        self.db = await self.backend.open(busy_timeout=self.busy_timeout)
        settings = TableSettings(**{"ai_delay": 0, "turn_timeout": 60, **self.settings})
        manager = TableManager(TableRepo(self.db), settings, {}, self.workers, clock=self.clock)
        manager.listener = self.listener = Recorder()
        manager.match_finished = self._match_finished
        self.manager = manager
        await manager.restore()
        return manager

    async def until(self, condition: Any) -> float:
        """Let the tables' time pass until ``condition()``; the seconds it took."""
        return await self.clock.run_until(condition)

    async def _match_finished(self, match_id: int) -> None:
        self.matches.append(match_id)

    async def close(self, manager: TableManager) -> None:
        await manager.close()
        assert self.db is not None
        await self.db.close()

    async def aclose(self) -> None:
        """Close whatever a failed test left open (the database's thread would keep the
        test process alive)."""
        if self.manager is not None:
            async with asyncio.timeout(10):
                await self.manager.close()
        if self.db is not None:
            await self.db.close()


async def test_lobby_rules_and_one_table_per_channel(world: World) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento")
    with pytest.raises(TableError, match="already has a table"):
        await m.create(1, 10, 101, "Bob", "centocinque")
    with pytest.raises(TableError, match="needs at least 3 players"):
        await m.start(table, 100)
    await m.join(table, 101, "Bob")
    with pytest.raises(TableError, match="already at this table"):
        await m.join(table, 101, "Bob")
    await m.add_ai(table, 101, "hard")
    with pytest.raises(TableError, match="Only the host"):
        await m.start(table, 101)
    with pytest.raises(GameError, match="“colour”"):
        await m.create(1, 11, 100, "Ann", "cento", {"colour": "red"})
    await m.start(table, 100)
    assert table.playing and [s.name for s in table.seats] == ["Ann", "Bob", "AI (hard) 1"]
    with pytest.raises(TableError, match="already started"):
        await m.join(table, 102, "Cy")
    await world.close(m)


async def test_moves_are_checked_stored_and_stale_clicks_refused(world: World) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "centocinque")
    await m.join(table, 101, "Bob")
    await m.start(table, 100)
    turn = seat_on_turn(table.rules, table.state)
    user = table.seats[turn].user_id
    other = table.seats[1 - turn].user_id
    assert user is not None and other is not None
    before = table.rules.dump(table.state)
    with pytest.raises(GameError):
        await m.act(table, other, "draw", None)  # not their turn
    with pytest.raises(TableError, match="not seated"):
        await m.act(table, 999, "draw", None)
    assert table.rules.dump(table.state) == before and table.record.moves == 0
    action = table.rules.legal_actions(table.state, turn)[0]
    await m.act(table, user, action, counter=0)
    assert table.record.moves == 1
    with pytest.raises(OutOfDate):
        await m.act(table, user, action, counter=0)  # the same button again
    moves = await m.repo.moves(table.id)
    assert [(mv.seat, mv.action, mv.by) for mv in moves] == [(turn, action, "person")]
    await world.close(m)


async def test_a_restart_restores_the_game_exactly_and_a_damaged_state_is_replayed(
    world: World,
) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "centocinque")
    await m.join(table, 101, "Bob")
    await m.start(table, 100)
    for _ in range(5):
        turn = seat_on_turn(table.rules, table.state)
        user = table.seats[turn].user_id
        assert user is not None
        await m.act(table, user, table.rules.legal_actions(table.state, turn)[0], None)
    saved = table.rules.dump(table.state)
    await world.close(m)

    m = await world.open()
    restored = m.in_channel(10)
    assert restored.rules.dump(restored.state) == saved and restored.record.moves == 5
    await world.close(m)

    await world.backend.run("UPDATE game_tables SET state = '{\"broken\": 1}'")
    m = await world.open()
    assert m.in_channel(10).rules.dump(m.in_channel(10).state) == saved
    await world.close(m)


async def test_ai_seats_play_on_their_own_until_a_person_is_on_turn(world: World) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento")
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "hard")
    await m.start(table, 100)
    # Ann plays whenever it is her turn (a bust, or a reverse, may give it straight back to
    # her) until an AI seat has moved after her. The table's deal is random: whatever it is,
    # the AI seats move on their own and hand the turn back to her.
    played_at: int | None = None
    for _ in range(10):
        await world.until(lambda: table.rules.turn(table.state) == 0 or not table.playing)
        moves = await m.repo.moves(table.id)
        after = moves[played_at:] if played_at is not None else []
        if not table.playing or any(mv.seat != 0 for mv in after):
            break
        await m.act(table, 100, table.rules.legal_actions(table.state, 0)[0], None)
        played_at = table.record.moves
    else:
        raise AssertionError("no AI seat moved after Ann in ten of her turns")
    by_ai = [mv.by for mv in moves if mv.seat != 0]
    assert by_ai and set(by_ai) == {"ai"}
    assert 0 in world.listener.turns
    await world.close(m)


async def test_a_person_away_past_the_timeout_is_played_for_then_handed_to_the_ai(
    backend: Backend, workers: AIWorkers
) -> None:
    world = World(backend, workers, turn_timeout=0.6, timeouts_before_ai=2, ai_delay=0.05)
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento")
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "easy")
    await m.start(table, 100)
    await world.until(lambda: table.seats[0].away or not table.playing)
    moves = await m.repo.moves(table.id)
    assert [mv.by for mv in moves if mv.seat == 0][:2] == ["timeout", "timeout"]
    assert world.listener.warnings[:2] == [0, 0]
    # Away, the seat is played by the AI without waiting for the timeout...
    acted = table.seats[0].acted
    assert await world.until(lambda: table.seats[0].acted > acted) < 0.6
    last = [mv for mv in await m.repo.moves(table.id) if mv.seat == 0][-1]
    assert last.by == "ai"
    # ...until the person comes back.
    await m.back(table, 100)
    assert not table.seats[0].away and table.seats[0].timeouts == 0
    with pytest.raises(TableError, match="already playing"):
        await m.back(table, 100)
    await world.close(m)


async def test_a_match_played_to_the_end_is_stored_with_its_places(world: World) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento")
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "easy")
    await m.start(table, 100)
    await m.leave(table, 100)  # the AI takes Ann's seat: the match plays itself out
    await world.until(lambda: not table.playing)
    assert table.record.status == "finished" and world.db is not None
    row = await world.db.fetch_one("SELECT outcome FROM matches WHERE table_id = ?", (table.id,))
    assert row is not None and sorted(json.loads(row[0])["chips"])[:2] == [0, 0]
    with pytest.raises(TableError, match="no table"):
        m.in_channel(10)
    await world.close(m)


async def test_a_seat_at_a_table_nobody_hosts_is_not_left_to_the_ai(world: World) -> None:
    """A tournament's match: a player leaving would hand the seat to the AI and escape the
    tournament's rules; they are told how to withdraw, and the game goes on as it was."""
    m = await world.open()
    seats = [Seat(name="Ann", user_id=100), Seat(name="Bob", user_id=101)]
    table = await m.seated(1, 10, "briscola", {}, seats)
    with pytest.raises(TableError, match=r"tournament's match.* /tournament leave"):
        await m.leave(table, 100)
    with pytest.raises(TableError, match="not seated"):
        await m.leave(table, 999)
    stored = await m.repo.get(table.id)
    assert stored is not None and not any(s.away for s in stored.seats)
    assert table.playing and not any(s.away for s in table.seats)
    await world.close(m)


async def test_the_host_sets_house_rules_in_the_lobby_and_bad_ones_are_named(
    world: World,
) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento")
    await m.join(table, 101, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await m.set_options(table, 101, {"min_players": 2})
    with pytest.raises(GameError, match="“min_players”"):
        await m.set_options(table, 100, {"min_players": 7})
    assert table.record.options == {}
    await m.set_options(table, 100, {"min_players": 2})
    await m.start(table, 100)  # two players are enough now
    assert table.playing and len(table.seats) == 2
    await world.close(m)

    m = await world.open()
    assert m.in_channel(10).record.options == {"min_players": 2}
    await world.close(m)


async def test_a_rematch_reopens_the_same_seats_and_rules_in_the_channel(world: World) -> None:
    m = await world.open()
    table = await m.create(1, 10, 100, "Ann", "cento", {"allow_negative": True})
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "easy")
    with pytest.raises(TableError, match="has ended"):
        await m.rematch(table.id, 100, 10)
    await m.start(table, 100)
    await m.leave(table, 100)
    # Stored, then let go by the manager (a stored status alone can be seen a moment before).
    await world.until(lambda: table.record.status == "finished")
    record = await m.repo.get(table.id)
    assert record is not None and record.status == "finished"
    with pytest.raises(TableError, match="players of that match"):
        await m.rematch(table.id, 555, 10)
    with pytest.raises(TableError, match="another channel"):
        await m.rematch(table.id, 100, 11)
    again = await m.rematch(table.id, 100, 10)
    assert again.id != table.id and again.record.status == "lobby"
    assert [(s.name, s.user_id, s.ai, s.acted) for s in again.seats] == [
        ("Ann", 100, None, 0),
        ("AI (easy) 1", None, "easy", 0),
        ("AI (easy) 2", None, "easy", 0),
    ]
    assert again.record.options == {"allow_negative": True} and again.record.host_id == 100
    with pytest.raises(TableError, match="already has a table"):
        await m.rematch(table.id, 100, 10)
    await m.set_board(again, 777)
    await world.close(m)

    m = await world.open()
    assert m.in_channel(10).record.board_message_id == 777
    await world.close(m)


async def test_a_finished_match_stores_each_seats_figures_and_enters_the_league(
    world: World,
) -> None:
    m = await world.open()
    assert world.db is not None
    league = League(LeagueRepo(world.db), LeagueSettings(min_humans=1))
    recorded: list[int] = []

    async def record(match_id: int) -> None:
        await league.record(match_id)
        recorded.append(match_id)

    m.match_finished = record
    table = await m.create(1, 10, 100, "Ann", "centocinque")
    await m.add_ai(table, 100, "easy")
    await m.add_ai(table, 100, "easy")
    await m.start(table, 100)
    await m.leave(table, 100)  # the AI plays Ann's seat to the end
    await world.until(lambda: recorded != [])  # the game over, and in the league
    row = await world.db.fetch_one(
        "SELECT id, outcome FROM matches WHERE table_id = ?", (table.id,)
    )
    assert row is not None
    match = await league.repo.match(row[0])
    outcome = json.loads(row[1])
    figures = [s.stats for s in match.seats]
    assert [f["hands_won"] for f in figures] == outcome["hands_won"]
    assert [f["tally"] for f in figures] == outcome["tallies"]
    # Every hand a seat played is counted, and its penalties add up to its tally.
    assert max(f["hands"] for f in figures) == outcome["hands"]
    assert all(f.get("penalty", 0) == f["tally"] for f in figures)
    assert sum(f["eliminated"] for f in figures) == 2
    assert sum(f.get("missed", 0) for f in figures) == sum(f.get("called_out", 0) for f in figures)
    page = await league.standings(1, "centocinque", None, 0)
    assert [(r.user_id, r.played) for r in page.rows] == [(100, 1)]
    await world.close(m)
