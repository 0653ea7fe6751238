"""Tournaments run by the service on a real database (both backends), real tables and AI
workers, and a host standing in for Discord; time is a virtual clock, so a grace time passes
when a test lets it."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.config import LeagueSettings, TableSettings
from bot.games import SPECS, GameError
from bot.games.base import Event
from bot.league import League
from bot.records.fair import derived_seed, tournament_commitment, tournament_seed
from bot.records.verify import verify
from bot.storage import Database, LeagueRepo, TableRepo
from bot.storage.deals import DealRepo
from bot.storage.tournaments import Format, Member, Tournament, TournamentRepo
from bot.tables import Table, TableError, TableManager
from bot.tables.ai_worker import AIWorkers
from bot.tables.history import History
from bot.tables.table import NO_HOST
from bot.tournaments import Plan, ThreadRefused, Tournaments, rounds
from bot.tournaments.standings import LOSS, WIN
from bot.views import tournament_board
from bot.views.tournament import house_rules
from bot.views.tournament_host import TablesTold
from tests.clock import VirtualClock
from tests.databases import Backend

GUILD, CHANNEL, ORGANISER = 1, 10, 100


class Host:
    """What the Discord layer would do, remembered."""

    def __init__(self) -> None:
        self.threads: dict[int, str] = {}
        self.said: list[str] = []
        self.summoned: dict[int, tuple[str, list[int]]] = {}  # thread -> what, whom
        self.shown: list[Tournament] = []
        self.boards: list[int] = []
        self.rechecked: list[int] = []
        self.ids = itertools.count(5000)
        self.refuse: str | None = None
        self.fail: Exception | None = None  # what Discord answers instead of a thread
        self.hold: asyncio.Event | None = None  # a thread asked for waits until it is set
        self.held = asyncio.Event()  # a thread was asked for, and is held
        self.boarded = asyncio.Event()  # a match's board was shown
        self.room: int | None = None

    def language(self, channel_id: int, guild_id: int) -> str:
        return "en"

    async def open_thread(self, channel_id: int, name: str) -> int:
        if self.refuse:
            raise ThreadRefused(self.refuse)
        if self.fail:
            raise self.fail
        if self.hold is not None:
            self.held.set()
            await self.hold.wait()
        thread = next(self.ids)
        self.threads[thread] = name
        return thread

    async def announce(self, channel_id: int, text: str) -> None:
        self.said.append(text)

    async def summon(self, channel_id: int, text: str, user_ids: list[int]) -> None:
        self.summoned[channel_id] = (text, user_ids)

    def thread_room(self, guild_id: int) -> int | None:
        return self.room

    async def show(self, tournament: Tournament) -> None:
        self.shown.append(tournament)

    def recheck(self, table: Table) -> None:
        self.rechecked.append(table.id)

    async def open_board(self, table: Table) -> None:
        self.boards.append(table.id)
        self.boarded.set()


class Publisher:
    """The boards' publisher, which these tests do not look at."""

    async def table_changed(self, table: Table, events: list[Event]) -> None:
        pass

    async def turn_started(self, table: Table, seat: int) -> None:
        pass

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        pass

    async def table_closed(self, table: Table) -> None:
        pass


@pytest.fixture(scope="module")
def workers() -> Iterator[AIWorkers]:
    pool = AIWorkers(1)
    yield pool
    pool.close()


class World:
    def __init__(self, backend: Backend, workers: AIWorkers) -> None:
        self.backend, self.workers = backend, workers
        self.clock = VirtualClock()
        self.host = Host()
        self.db: Database | None = None
        self.manager: TableManager | None = None
        self.tournaments: Tournaments | None = None
        self.turn_timeout = 60.0

    async def open(self) -> Tournaments:
        self.db = db = await self.backend.open()
        settings = TableSettings(ai_delay=0, turn_timeout=self.turn_timeout)
        self.manager = manager = TableManager(
            TableRepo(db), settings, {}, self.workers, clock=self.clock
        )
        league = League(LeagueRepo(db), LeagueSettings())
        self.tournaments = tours = Tournaments(
            TournamentRepo(db), manager, league, clock=self.clock
        )
        tours.host = self.host

        async def finished(match_id: int) -> None:
            if await tours.counts_in_league(match_id):
                await league.record(match_id)
            await tours.table_finished(match_id)

        manager.match_finished = finished
        manager.listener = TablesTold(Publisher(), tours)
        await manager.restore()
        await tours.restore()
        return tours

    async def close(self) -> None:
        if self.tournaments is not None:
            await self.tournaments.close()
        if self.manager is not None:
            await self.manager.close()
        if self.db is not None:
            await self.db.close()
        self.tournaments = self.manager = self.db = None


@pytest.fixture
async def world(backend: Backend, workers: AIWorkers) -> AsyncIterator[World]:
    made = World(backend, workers)
    yield made
    await made.close()


def plan(format: Format, **changes: Any) -> Plan:
    values: dict[str, Any] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "organiser_id": ORGANISER,
        "game": "briscola",
        "format": format,
        "seats": 2,
        "options": {},
        "rounds": None,
        "ai_fill": False,
        "league": True,
        "grace": 300,
        "starts_in": None,
    }
    return Plan(**{**values, **changes})


async def signed_up(tours: Tournaments, format: Format, people: int, **changes: Any) -> int:
    tour = await tours.new(plan(format, **changes))
    for user in range(1, people + 1):
        await tours.join(tour.record.id, user, f"P{user}")
    return tour.record.id


async def settle_round(world: World, tour_id: int) -> Tournament:
    """The organiser settles every match of the round being played for its first side."""
    assert world.tournaments is not None
    tours = world.tournaments
    tour = await tours.get(tour_id)
    number = tour.record.round
    for match in [m for m in tour.matches if m.round == number and m.status == "playing"]:
        await tours.settle(tour_id, number, match.n, match.sides[0])
    await world.clock.advance(0)
    return await tours.get(tour_id)


async def play_out(world: World, table_id: int | None) -> None:
    """The AI plays a match's every seat to its end, and its result is recorded."""
    assert world.manager is not None
    table = world.manager.by_id[table_id or 0]
    for seat in table.seats:
        seat.away = True
    world.manager.driver.drive(table)
    await world.clock.run_until(lambda: not table.playing)
    await world.clock.advance(0)


async def test_a_knockout_of_six_gives_byes_to_the_two_top_seeds(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 6)
    tour = await tours.start(tour_id)
    assert tour.record.rounds == 3 and tour.record.round == 1
    first = [m for m in tour.matches if m.round == 1]
    assert [m.sides for m in first if m.bye] == [[1], [2]]  # the best seeds
    assert len([m for m in first if not m.bye]) == 2 and len(world.host.threads) == 2
    assert all(m.status == "playing" for m in first if not m.bye)
    assert any("Round 1: P" in name for name in world.host.threads.values())
    for _ in range(3):
        tour = await settle_round(world, tour_id)
    assert tour.record.status == "finished" and tour.record.champion == 1
    assert "Champion: **" in world.host.said[-1]
    with pytest.raises(TableError, match="already under way"):
        await tours.start(tour_id)


async def test_sign_up_refuses_twice_and_after_the_start_and_too_few(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "swiss", 1, rounds=3)
    with pytest.raises(TableError, match="already signed up"):
        await tours.join(tour_id, 1, "P1")
    with pytest.raises(TableError, match="already has a tournament"):
        await tours.new(plan("knockout"))
    with pytest.raises(TableError, match="at least two entrants: 1"):
        await tours.start(tour_id)
    await tours.join(tour_id, 2, "P2")
    await tours.join(tour_id, 3, "P3")
    await tours.leave(tour_id, 3)
    with pytest.raises(TableError, match="not signed up"):
        await tours.leave(tour_id, 3)
    await tours.start(tour_id)
    with pytest.raises(TableError, match="sign-up is closed"):
        await tours.join(tour_id, 4, "P4")
    with pytest.raises(TableError, match="no match 9 in round 1"):
        await tours.settle(tour_id, 1, 9, None)
    with pytest.raises(TableError, match="two sides"):
        await tours.new(plan("swiss", channel_id=11, game="centocinque", seats=3, rounds=2))
    with pytest.raises(TableError, match="One Hundred is played by two only under other house"):
        await tours.new(plan("knockout", channel_id=11, game="cento"))
    assert (
        await tours.new(plan("knockout", channel_id=12, game="cento", options={"min_players": 2}))
    ).record.seats == 2
    with pytest.raises(TableError, match="its rounds are a multiple of 2"):
        await tours.new(plan("duplicate", channel_id=11, rounds=3))


async def test_a_swiss_of_seven_over_three_rounds_meets_nobody_twice(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "swiss", 7, rounds=3)
    await tours.start(tour_id)
    for _ in range(3):
        tour = await settle_round(world, tour_id)
    assert tour.record.status == "finished"
    pairs = [frozenset(m.sides) for m in tour.matches if not m.bye]
    assert len(pairs) == 9 and len(set(pairs)) == 9
    byes = [m.sides[0] for m in tour.matches if m.bye]
    assert len(byes) == 3 and len(set(byes)) == 3


async def test_a_swiss_asked_for_more_rounds_than_its_field_can_play_says_so(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "swiss", 4, rounds=5)  # four meet everyone in three
    tour = await tours.start(tour_id)
    assert tour.record.rounds == 3
    assert any(
        "5 rounds were asked for, but 4 entrants can play no more than 3 rounds" in said
        for said in world.host.said
    )
    for _ in range(3):
        tour = await settle_round(world, tour_id)
    assert tour.record.status == "finished"
    pairs = [frozenset(m.sides) for m in tour.matches if not m.bye]
    assert len(pairs) == 6 == len(set(pairs))  # everyone met once, nobody twice


async def test_the_house_rules_written_at_new_reach_every_table(world: World) -> None:
    tours = await world.open()
    rules = house_rules("target = 21; last_card_scopa=yes,")
    assert rules == {"target": 21, "last_card_scopa": True}
    tour_id = await signed_up(tours, "knockout", 4, game="scopa", options=rules)
    tour = await tours.start(tour_id)
    assert world.manager is not None
    for match in tour.matches:
        table = world.manager.by_id[match.table_id or 0]
        assert table.state.options.target == 21 and table.state.options.last_card_scopa
    with pytest.raises(TableError, match="“target 21” is not"):
        house_rules("target 21")
    with pytest.raises(GameError, match="target"):  # the game's own message for a wrong value
        await tours.new(plan("knockout", channel_id=11, game="scopa", options={"target": 12}))


async def test_a_no_show_loses_by_walkover_after_the_grace_time(world: World) -> None:
    world.turn_timeout = 1000  # no turn runs out before the grace time does
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2, grace=300)
    tour = await tours.start(tour_id)
    match = tour.matches[0]
    assert world.manager is not None
    table = world.manager.by_id[match.table_id or 0]
    seat = table.rules.turn(table.state)
    assert seat is not None
    person = table.seats[seat].user_id
    assert person is not None
    await world.manager.act(table, person, table.rules.legal_actions(table.state, seat)[0], None)
    await world.clock.advance(299)
    assert (await tours.get(tour_id)).matches[0].status == "playing"
    await world.clock.advance(2)
    tour = await tours.get(tour_id)
    assert tour.matches[0].result == "walkover" and tour.record.status == "finished"
    winner = next(e for e in tour.entrants if person in e.user_ids)
    assert tour.record.champion == winner.n
    assert any("wins by walkover" in s for s in world.host.said)
    assert table.record.status == "abandoned"


async def test_a_duplicate_round_deals_every_table_alike(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "duplicate", 8, rounds=2)
    tour = await tours.start(tour_id)
    assert world.manager is not None
    tables = [world.manager.by_id[m.table_id or 0] for m in tour.matches]
    assert len(tables) == 4
    rules = SPECS["briscola"].rules
    dealt = [rules.dump(t.new_state()) for t in tables]
    assert all(d == dealt[0] for d in dealt)  # the same deck order, the same hands
    first = {m.sides[0] for m in tour.matches}
    tour = await settle_round(world, tour_id)
    second = [m for m in tour.matches if m.round == 2]
    assert {m.sides[1] for m in second} == first  # each holds the other side's cards now
    again = [rules.dump(world.manager.by_id[m.table_id or 0].new_state()) for m in second]
    assert all(d == dealt[0] for d in again)


async def test_a_restart_mid_round_carries_on(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 4)
    await tours.start(tour_id)
    tour = await tours.get(tour_id)
    await tours.settle(tour_id, 1, tour.matches[0].n, tour.matches[0].sides[1])
    await world.close()
    tours = await world.open()
    tour = await tours.get(tour_id)
    assert tour.record.status == "running" and tour.matches[0].status == "done"
    assert world.manager is not None and tour.matches[1].table_id in world.manager.by_id
    await tours.settle(tour_id, 1, tour.matches[1].n, tour.matches[1].sides[0])
    await world.clock.advance(0)
    tour = await tours.get(tour_id)
    assert tour.record.round == 2 and tour.matches[2].sides == [
        tour.matches[0].sides[1],
        tour.matches[1].sides[0],
    ]


async def test_a_thread_refused_pauses_the_tournament_with_the_reason(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2)
    world.host.refuse = "the server has too many active threads."
    tour = await tours.start(tour_id)
    assert tour.record.status == "paused"
    assert "too many active threads. The tournament is paused" in world.host.said[-1]
    world.host.refuse = None
    world.host.room = 0  # the server is at Discord's limit: said before any thread is asked
    tour = await tours.start(tour_id)
    assert tour.record.status == "paused" and "room for 0 threads" in world.host.said[-1]
    world.host.room = None
    tour = await tours.start(tour_id)
    assert tour.record.status == "running" and tour.matches[0].status == "playing"
    await asyncio.sleep(0)


async def test_partners_sign_up_together_or_are_drawn_and_sit_opposite(world: World) -> None:
    tours = await world.open()
    tour = await tours.new(plan("knockout", seats=4, ai_fill=True))
    tour_id = tour.record.id
    await tours.join(tour_id, 1, "P1", partner=Member(user_id=2, name="P2"))
    with pytest.raises(TableError, match="P2 is already signed up"):
        await tours.join(tour_id, 3, "P3", partner=Member(user_id=2, name="P2"))
    for user in (3, 4, 5):
        await tours.join(tour_id, user, f"P{user}")
    tour = await tours.start(tour_id)
    teams = sorted(sorted(m.name for m in e.members) for e in tour.entrants)
    assert ["P1", "P2"] in teams and len(teams) == 3
    assert any("AI" in names for names in teams)  # the fifth person's partner
    (match,) = [m for m in tour.matches if not m.bye]
    assert world.manager is not None
    table = world.manager.by_id[match.table_id or 0]
    home, away = (next(e for e in tour.entrants if e.n == n) for n in match.sides)
    people = [s.user_id for s in table.seats]
    assert {u for u in people[0::2] if u} == set(home.user_ids)  # partners opposite
    assert {u for u in people[1::2] if u} == set(away.user_ids)
    single = await tours.new(plan("knockout", channel_id=12))
    with pytest.raises(TableError, match="one against one"):
        await tours.join(single.record.id, 1, "P1", partner=Member(user_id=2, name="P2"))


async def test_a_tournament_kept_out_of_the_league_stays_out_after_a_restart_and_a_rebuild(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2, league=False)
    tour = await tours.start(tour_id)
    assert world.manager is not None and world.db is not None
    table = world.manager.by_id[tour.matches[0].table_id or 0]
    while table.playing:  # the AI plays both seats out
        for seat in table.seats:
            seat.away = True
        world.manager.driver.drive(table)
        await world.clock.run_until(lambda: not table.playing)
    await world.clock.advance(0)
    tour = await tours.get(tour_id)
    assert tour.matches[0].result == "played" and tour.record.status == "finished"
    league = League(LeagueRepo(world.db), LeagueSettings())
    assert await league.catch_up() == 0  # nothing left for the league to add
    assert await league.rating(GUILD, "briscola", 1) is None
    await league.rebuild(GUILD)  # /league rebuild replays every match the league counts
    assert await league.rating(GUILD, "briscola", 1) is None
    assert await league.catch_up() == 0


async def test_a_match_stopped_before_its_end_is_dealt_again_from_a_fresh_seed(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2)
    tour = await tours.start(tour_id)
    assert world.manager is not None
    stopped = tour.matches[0]
    table = world.manager.by_id[stopped.table_id or 0]
    assert table.record.host_id == NO_HOST  # no player may end it, nor kick the other side
    assert await tours.plays_at(table.id)
    rules = SPECS["briscola"].rules
    seen = rules.dump(table.new_state())
    await world.manager.end(table)  # as its thread's deletion ends it
    await world.clock.advance(0)
    again = (await tours.get(tour_id)).matches[0]
    assert again.status == "playing" and again.table_id != stopped.table_id
    assert again.seed != stopped.seed  # never the deal its players have seen
    assert rules.dump(world.manager.by_id[again.table_id or 0].new_state()) != seen
    assert any("played again from the start" in s for s in world.host.said)


async def test_a_tournament_deal_is_shown_only_once_every_table_dealt_alike_is_over(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "duplicate", 4, rounds=2)
    first, second = (await tours.start(tour_id)).matches
    assert world.manager is not None and world.db is not None
    history, deals = world.manager.history, DealRepo(world.db)
    await play_out(world, first.table_id)
    (one, *_) = await deals.in_channel(first.thread_id or 0, 0, 100)
    assert one.shared and one.table_status == "finished"  # the other table holds its cards
    with pytest.raises(TableError, match="dealt at other tables of a tournament too"):
        await history.find(GUILD, one.short_id)
    await play_out(world, second.table_id)
    tour = await tours.get(tour_id)
    assert tour.record.round == 2  # the same deals again, the sides swapped
    with pytest.raises(TableError, match="dealt at other tables of a tournament too"):
        await history.find(GUILD, one.short_id)
    for match in [m for m in tour.matches if m.round == 2]:
        await play_out(world, match.table_id)
    assert (await tours.get(tour_id)).record.status == "finished"
    shown = await history.find(GUILD, one.short_id)
    assert shown.record.fair.secret == str(first.seed)  # every table dealt from it is over
    assert not (await deals.in_channel(first.thread_id or 0, 0, 1))[0].shared


async def test_a_knockout_match_over_is_shown_while_another_is_played(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 4)
    first, _ = (await tours.start(tour_id)).matches
    assert world.manager is not None and world.db is not None
    await play_out(world, first.table_id)
    (one, *_) = await DealRepo(world.db).in_channel(first.thread_id or 0, 0, 100)
    assert (await tours.get(tour_id)).matches[1].status == "playing"
    shown = await world.manager.history.find(GUILD, one.short_id)  # its seed is its own
    assert shown.record.fair.secret == str(first.seed)


@pytest.mark.parametrize("ai_fill", [False, True])
async def test_a_duplicate_goes_on_when_an_entrant_drops(world: World, ai_fill: bool) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "duplicate", 4, rounds=2, ai_fill=ai_fill)
    await tours.start(tour_id)
    await tours.leave(tour_id, 1)  # after the start: dropped
    tour = await tours.get(tour_id)
    assert [e.n for e in tour.entrants if e.dropped] == [1]
    (theirs,) = [m for m in tour.matches if 1 in m.sides]
    side = theirs.sides.index(1)
    assert world.manager is not None
    if ai_fill:  # the AI plays their seats to the end; the opponent's margin still counts
        table = world.manager.by_id[theirs.table_id or 0]
        assert theirs.status == "playing" and table.seats[side].played_by_ai
        assert not table.seats[1 - side].played_by_ai
        assert "The AI plays P1's seats to the end of the match." in world.host.said
    else:
        assert theirs.result == "walkover" and theirs.points == [LOSS, WIN][:: 1 - 2 * side]
    await world.close()  # a restart, too, carries on
    tours = await world.open()
    tour = await settle_round(world, tour_id)
    assert tour.record.round == 2 and tour.record.status == "running"
    (again,) = [m for m in tour.matches if m.round == 2 and 4 in m.sides]
    if ai_fill:  # the rotation holds: entrant 4 meets the AI standing in for the dropped 1
        assert again.sides == [4, 1] and again.status == "playing"
        seats = world.manager.by_id[again.table_id or 0].seats
        assert seats[1].ai and seats[0].user_id == 4
    else:  # nobody to meet: entrant 4 sits the round out, scoring the round's average
        assert again.sides == [4] and again.result == "bye"
    tour = await settle_round(world, tour_id)
    assert tour.record.status == "finished" and 1 not in rounds.final_order(tour)


async def test_a_round_stored_before_its_threads_opened_is_opened_after_a_restart(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 4)
    await tours.start(tour_id)
    world.host.hold = asyncio.Event()  # the final's thread is asked for; the bot stops
    settling = asyncio.create_task(settle_round(world, tour_id))
    await asyncio.wait_for(world.host.held.wait(), 30)
    settling.cancel()
    await asyncio.gather(settling, return_exceptions=True)
    await world.close()
    world.host.hold, world.host.boarded = None, asyncio.Event()
    tours = await world.open()  # the final stored, not opened: the restore opens it
    await asyncio.wait_for(world.host.boarded.wait(), 30)
    final = (await tours.get(tour_id)).matches[-1]
    assert final.round == 2
    assert final.status == "playing" and final.thread_id in world.host.threads
    assert world.manager is not None and final.table_id in world.manager.by_id


async def test_a_match_not_opened_for_another_reason_is_said_and_pauses(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2)
    world.host.fail = RuntimeError("503 Service Unavailable")
    tour = await tours.start(tour_id)
    assert tour.record.status == "paused" and tour.matches[0].status == "pending"
    assert "could not be opened: something went wrong" in world.host.said[-1]
    world.host.fail = None
    assert world.manager is not None
    seated, refused = world.manager.seated, [TableError("the seats could not be taken")]

    async def seats_once(*args: Any) -> Table:
        if refused:
            raise refused.pop()
        return await seated(*args)

    world.manager.seated = seats_once  # type: ignore[assignment]
    tour = await tours.start(tour_id)  # its thread opens; its table cannot be seated
    assert tour.record.status == "paused" and len(world.host.threads) == 1
    tour = await tours.start(tour_id)
    assert tour.record.status == "running" and tour.matches[0].status == "playing"
    assert len(world.host.threads) == 1  # the same thread: none left behind
    assert tour.matches[0].thread_id in world.host.threads


async def test_one_who_opened_their_hand_wins_by_walkover_against_one_on_turn_who_never_came(
    world: World,
) -> None:
    world.turn_timeout = 1000  # the grace time runs out before the absent one's turn does
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2, grace=300)
    match = (await tours.start(tour_id)).matches[0]
    text, called = world.host.summoned[match.thread_id or 0]  # both called to the thread
    assert sorted(called) == [1, 2] and "<@1>" in text and "<@2>" in text
    assert "Open **My hand** on the board" in text
    assert world.manager is not None
    table = world.manager.by_id[match.table_id or 0]
    on_turn = table.rules.turn(table.state)
    assert on_turn is not None
    present = table.seats[1 - on_turn].user_id  # not on turn: no move to make
    assert present is not None
    await world.manager.here(table, present)  # opened their hand
    await world.close()  # kept over a restart
    tours = await world.open()
    await world.clock.advance(301)
    tour = await tours.get(tour_id)
    assert tour.matches[0].result == "walkover" and tour.record.status == "finished"
    assert tour.record.champion == next(e.n for e in tour.entrants if present in e.user_ids)


async def test_a_knockout_winner_who_drops_is_not_paired_again(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 4)
    tour = await tours.start(tour_id)
    first, second = tour.matches
    await tours.settle(tour_id, 1, first.n, first.sides[0])
    won = next(e for e in tour.entrants if e.n == first.sides[0])
    await tours.drop(tour_id, won.user_ids[0])  # out while the other semi-final is played
    await tours.settle(tour_id, 1, second.n, second.sides[1])
    await world.clock.advance(0)
    tour = await tours.get(tour_id)
    (final,) = [m for m in tour.matches if m.round == 2]
    assert final.sides == [won.n, second.sides[1]] and final.result == "walkover"
    assert final.table_id is None and len(world.host.threads) == 2  # no table for the dropped
    assert tour.record.status == "finished" and tour.record.champion == second.sides[1]
    assert any(f"wins by walkover against {won.name}" in s for s in world.host.said)


async def test_a_partnership_tournament_holds_at_most_its_entrants_as_teams(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.tournaments.signup.MOST_ENTRANTS", 3)  # 256 in use
    tours = await world.open()
    tour_id = (await tours.new(plan("knockout", seats=4, ai_fill=True))).record.id
    await tours.join(tour_id, 1, "P1", partner=Member(user_id=2, name="P2"))
    await tours.join(tour_id, 3, "P3", partner=Member(user_id=4, name="P4"))
    await tours.join(tour_id, 5, "P5")  # alone: drawn into the third team
    await tours.join(tour_id, 6, "P6")
    for user, partner in ((7, Member(user_id=8, name="P8")), (7, None)):
        with pytest.raises(TableError, match=r"full: it has the most entrants .* 3 \(a team"):
            await tours.join(tour_id, user, "P7", partner=partner)
    tour = await tours.start(tour_id)
    assert len(tour.entrants) == 3


async def test_a_round_that_leaves_few_threads_is_warned_of(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 4)
    world.host.room = 101  # the round's two threads leave 99
    tour = await tours.start(tour_id)
    assert tour.record.status == "running" and len(world.host.threads) == 2
    assert any("Round 1 leaves this server 99 threads" in s for s in world.host.said)


async def test_each_count_told_agrees_with_its_number(world: World) -> None:
    """One person, one entrant, one round, one thread: each said in the singular."""
    tours = await world.open()
    alone = await signed_up(tours, "knockout", 1, seats=4)  # drawn into a team of one
    with pytest.raises(TableError, match=r"Teams are of 2: 1 person signed up\. One more"):
        await tours.start(alone)
    odd = await signed_up(tours, "duplicate", 1, channel_id=11, rounds=2)
    with pytest.raises(TableError, match=r"two by two: 1 entrant\. One more"):
        await tours.start(odd)
    tour_id = await signed_up(tours, "knockout", 2, channel_id=12)
    world.host.room = 0
    tour = await tours.start(tour_id)
    assert "The tournament starts: 2 entrants, 1 round." in world.host.said
    assert tour.record.status == "paused"
    assert world.host.said[-1].startswith(
        "Round 1 needs 1 thread, and Discord's limit of active threads leaves this server"
        " room for 0 threads."
    )
    world.host.room = 2
    tour = await tours.start(tour_id)
    assert tour.record.status == "running"
    assert any("Round 1 leaves this server 1 thread before" in s for s in world.host.said)


async def test_a_knockout_match_settled_as_a_draw_says_who_goes_through(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2)
    tour = await tours.start(tour_id)
    home, away = (rounds.entrant(tour, n).name for n in tour.matches[0].sides)
    await tours.settle(tour_id, 1, 1, None)
    assert (
        f"Round 1: the organiser settles {home} – {away} as a draw. {home} goes through,"
        " the better seed." in world.host.said
    )


async def test_a_timed_start_starts_it_after_a_restart_or_says_why_not(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 2, starts_in=5)
    empty = (await tours.new(plan("knockout", channel_id=11, starts_in=5))).record.id
    await world.close()  # the start time is kept
    tours = await world.open()
    await world.clock.advance(280)
    assert (await tours.get(tour_id)).record.status == "signup"
    await world.clock.advance(40)
    assert (await tours.get(tour_id)).record.status == "running"
    assert (await tours.get(empty)).record.status == "signup"
    told = "The tournament could not start: A tournament needs at least two entrants: 0 so far."
    assert told in world.host.said


async def test_played_results_reach_the_league_and_seed_the_next_knockout(world: World) -> None:
    tours = await world.open()
    first = await signed_up(tours, "knockout", 2)
    await play_out(world, (await tours.start(first)).matches[0].table_id)
    tour = await tours.get(first)
    assert tour.matches[0].result == "played" and tour.record.status == "finished"
    league = tours.league
    rated = {u: await league.rating(GUILD, "briscola", u) for u in (1, 2, 3, 4)}
    assert rated[1] is not None and rated[2] is not None  # a played match is rated
    # The next knockout seeds the rated first, best first; the unrated after them.
    second = await signed_up(tours, "knockout", 4, channel_id=11)
    tour = await tours.start(second)
    seeded = [e.user_ids[0] for e in tour.entrants]
    assert set(seeded[:2]) == {1, 2} and [e.rating for e in tour.entrants[2:]] == [None, None]
    assert rated[seeded[0]] >= rated[seeded[1]]  # type: ignore[operator]
    # A settle is the organiser's decision, not a played match: nobody is rated for it.
    tour = await settle_round(world, second)
    assert {u: await league.rating(GUILD, "briscola", u) for u in (1, 2, 3, 4)} == rated


async def test_duplicate_margins_come_from_the_played_matches(world: World) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "duplicate", 4, rounds=2)
    for match in (await tours.start(tour_id)).matches:
        await play_out(world, match.table_id)
    tour = await tours.get(tour_id)
    one, two = (m for m in tour.matches if m.round == 1)
    for m in (one, two):
        status, outcome = await tours.repo.table_ended(m.table_id or 0)
        assert status == "finished" and outcome is not None and m.margins is not None
        points = outcome["points"]  # the game's card points, seat s for side s
        assert m.margins == [points[0] - points[1], points[1] - points[0]]
    assert one.margins is not None and two.margins is not None
    totals = rounds.duplicate_totals(tour)  # round 2 is being played: round 1 counts
    assert totals[one.sides[0]] == one.margins[0] - two.margins[0]
    assert totals[two.sides[1]] == two.margins[1] - one.margins[1]


async def test_a_knockout_of_32_opens_its_16_threads_and_plays_to_a_champion(
    world: World,
) -> None:
    tours = await world.open()
    tour_id = await signed_up(tours, "knockout", 32)
    tour = await tours.start(tour_id)
    assert tour.record.rounds == 5 and len(world.host.threads) == 16
    assert all(m.status == "playing" for m in tour.matches)
    for _ in range(5):
        tour = await settle_round(world, tour_id)
    assert len(world.host.threads) == 31 and tour.record.status == "finished"
    assert tour.record.champion == 1  # the top seed, settled through every round


async def test_a_tournament_s_deals_are_proven_fixed_from_its_sign_up_once_it_is_over(
    world: World,
) -> None:
    tours = await world.open()
    tour = await tours.new(plan("knockout"))
    secret = tour.record.secret
    assert secret is not None and secret not in tournament_board.body(tour)
    shown = tournament_commitment(secret, GUILD, tour.record.id)[:16]
    assert f"Deals fixed in advance: `{shown}`" in tournament_board.body(tour)
    await tours.set_message(tour.record.id, 1_300_000_000_000_000_000)  # the sign-up's id
    for user in range(1, 5):
        await tours.join(tour.record.id, user, f"P{user}")
    tour = await tours.start(tour.record.id)
    seed = tournament_seed(secret, 1_300_000_000_000_000_000)
    assert tour.record.seed == seed
    first = tour.matches[0]
    assert first.seed == derived_seed(seed, "match", 1, first.n)
    assert world.db is not None
    history = History(DealRepo(world.db))
    await play_out(world, first.table_id)
    deal = await world.db.fetch_one(
        "SELECT short_id FROM deal_records WHERE table_id = ? ORDER BY id", (first.table_id,)
    )
    assert deal is not None
    early = (await history.find(GUILD, deal["short_id"])).record
    assert early.fair.tournament is not None and early.fair.tournament.secret is None
    assert [n.field for n in verify(early).notes] == ["fair.tournament.secret"]
    for match in (await tours.get(tour.record.id)).matches:
        if match.status == "playing":
            await play_out(world, match.table_id)
    final = [m for m in (await tours.get(tour.record.id)).matches if m.round == 2]
    await play_out(world, final[0].table_id)
    assert (await tours.get(tour.record.id)).record.status == "finished"
    proven = (await history.find(GUILD, deal["short_id"])).record
    assert proven.fair.tournament is not None and proven.fair.tournament.secret == secret
    verdict = verify(proven)
    assert verdict.ok and not verdict.notes
