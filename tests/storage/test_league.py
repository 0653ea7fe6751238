"""The league on a real database (SQLite and PostgreSQL): seasons, recording matches, standings,
rebuilds, export, and two bot processes recording at once."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.config import LeagueSettings
from bot.league import League, LeagueError, service
from bot.storage import Database, DatabaseBusy, LeagueRepo, TableRepo
from bot.storage.league import Rebuilt, open_season_id
from bot.storage.records import MatchResult, Rating
from tests.databases import Backend, PostgresBackend
from tests.league.helpers import Player, finished


class World:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = TableRepo(db)
        self.repo = LeagueRepo(db)
        self.league = League(self.repo, LeagueSettings())

    async def play(
        self, game: str, players: list[int | str], ranking: list[list[int]], **kw: Any
    ) -> int:
        match_id = await finished(self.tables, game, players, ranking, **kw)
        await self.league.record(match_id)
        return match_id


@pytest.fixture
async def world(backend: Backend) -> AsyncIterator[World]:
    db = await backend.open()
    yield World(db)
    await db.close()


async def _ratings(world: World) -> list[tuple[object, ...]]:
    rows = await world.db.fetch_all("SELECT * FROM ratings ORDER BY game, player")
    return [tuple(r) for r in rows]


async def _standings(world: World) -> list[tuple[object, ...]]:
    rows = await world.db.fetch_all("SELECT * FROM standings ORDER BY 1, 2, 3")
    return [tuple(r) for r in rows]


async def test_standings_count_people_in_league_matches_and_leave_ai_seats_out(
    world: World,
) -> None:
    await world.play("cento", [1, 2, "easy"], [[1], [0], [2]])  # 2: 2 pts, 1: 1 pt
    await world.play("cento", [1, 2, 3], [[0], [1], [2]])  # 1: 2 pts, 2: 1 pt
    await world.play("cento", [1, "easy", "hard"], [[0], [1], [2]])  # one person: no points
    await world.play("cento", [2, 3, 4], [[0], [1], [2]], abandoned=True)
    page = await world.league.standings(1, "cento", None, 0)
    assert [(r.user_id, r.played, r.won, r.points) for r in page.rows] == [
        (1, 2, 1, 3),
        (2, 2, 1, 3),
        (3, 1, 0, 0),
    ]
    assert page.players == 3 and page.pages == 1
    assert all(r.rating is not None for r in page.rows)
    # Ratings cover every finished match, the one-person match and the AI levels too.
    rated = {row[2]: row[5] for row in await _ratings(world)}
    assert rated == {"u:1": 3, "u:2": 2, "u:3": 1, "ai:easy": 2, "ai:hard": 1}
    stats = await world.league.stats(1, 1, None)
    assert [(s.game, s.played, s.won) for s in stats] == [("cento", 3, 2)]


async def test_all_games_add_up_and_a_page_past_the_end_shows_the_last(world: World) -> None:
    for i in range(12):
        await world.play("centocinque", [100 + i, 200 + i], [[0], [1]])
    await world.play("minchiate", [100, 101, 102, 103], [[0, 2], [1, 3]])
    everything = await world.league.standings(1, None, None, 0)
    assert everything.players == 24 and everything.pages == 3
    assert (everything.rows[0].user_id, everything.rows[0].points) == (100, 3)
    assert everything.rows[0].rating is None  # ratings are per game
    last = await world.league.standings(1, None, None, 99)
    assert last.page == 2 and len(last.rows) == 4 and last.rows[0].rank == 21


async def test_a_new_season_closes_the_old_one_and_starts_from_zero(world: World) -> None:
    await world.play("cento", [1, 2, 3], [[0], [1], [2]])
    first = await world.league.season(1)
    assert (first.number, first.name, first.ended_at) == (1, "Season 1", None)
    closed, opened = await world.league.new_season(1, "  Spring   2027 ")
    assert closed.ended_at is not None and (opened.number, opened.name) == (2, "Spring 2027")
    assert (await world.league.standings(1, "cento", None, 0)).rows == []
    await world.play("cento", [3, 2, 1], [[0], [1], [2]])
    now = await world.league.standings(1, "cento", None, 0)
    before = await world.league.standings(1, "cento", 1, 0)
    assert [r.user_id for r in now.rows] == [3, 2, 1]
    assert [r.user_id for r in before.rows] == [1, 2, 3]
    assert [(s.number, s.matches) for s in await world.league.seasons(1)] == [(2, 1), (1, 1)]
    with pytest.raises(LeagueError, match="no season 7"):
        await world.league.standings(1, None, 7, 0)
    with pytest.raises(LeagueError, match="1 to 40 characters"):
        await world.league.new_season(1, "   ")
    # Another server has its own seasons.
    assert (await world.league.season(2)).number == 1


async def test_a_rebuild_gives_exactly_the_same_standings_and_ratings(world: World) -> None:
    await world.play("cento", [1, 2, 3, "easy"], [[3], [0], [1, 2]])
    await world.play("minchiate", [1, "hard", 2, "easy"], [[1, 3], [0, 2]])
    await world.play("minchiate", [1, 2, 3, 4], [[0, 1, 2, 3]])
    await world.league.new_season(1, "Two")
    await world.play("centocinque", [2, 1], [[1], [0]])
    standings, ratings = await _standings(world), await _ratings(world)
    assert await world.league.rebuild(1) == 4
    assert await _standings(world) == standings
    assert await _ratings(world) == ratings


async def test_a_match_is_recorded_once_and_pending_ones_are_caught_up(world: World) -> None:
    match_id = await world.play("cento", [1, 2, 3], [[0], [1], [2]])
    await world.league.record(match_id)  # again: nothing changes
    assert [r[3] for r in await _standings(world) if r[1] == "cento"] == [1, 1, 1]  # played
    await finished(world.tables, "cento", [1, 2, 3], [[0], [1], [2]])  # stored, not recorded
    assert await world.league.catch_up() == 1
    assert await world.league.catch_up() == 0
    assert [r[3:5] for r in await _standings(world) if r[1] == "cento"] == [
        (2, 2),
        (2, 0),
        (2, 0),
    ]


async def test_the_export_holds_every_seat_of_every_match_abandoned_ones_too(
    world: World,
) -> None:
    await world.play(
        "cento", [1, 2, "easy"], [[1], [0], [2]], stats=[{"busts": 3}, {"busts": 1}, {"busts": 2}]
    )
    await world.play("cento", [2, 3, 4], [], abandoned=True)
    season, text = await world.league.export(1, None)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert season.number == 1 and len(rows) == 6
    first = rows[:3]
    assert [(r["player"], r["place"], r["league_points"], r["busts"]) for r in first] == [
        ("P1", "2", "1", "3"),
        ("P2", "1", "2", "1"),
        ("AI (easy)", "3", "", "2"),
    ]
    assert {r["status"] for r in rows[3:]} == {"abandoned"}
    assert "seed" not in text.splitlines()[0]


@pytest.mark.parametrize(
    ("name", "exported"),
    [
        ('=HYPERLINK("http://x","click")', '\'=HYPERLINK("http://x","click")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("Ann = Bob", "Ann = Bob"),
    ],
)
async def test_the_export_neutralises_names_a_spreadsheet_would_run(
    world: World, name: str, exported: str
) -> None:
    match_id = await world.play("cento", [1, 2, 3], [[0], [1], [2]])
    async with world.db.transaction() as tx:
        await tx.execute(
            "UPDATE match_players SET name = ? WHERE match_id = ? AND seat = 0", (name, match_id)
        )
    _, text = await world.league.export(1, None)
    (first, *_) = csv.DictReader(io.StringIO(text))
    assert first["player"] == exported


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", "7", "", '{"busts": 1'])
async def test_a_damaged_stats_row_reads_as_empty_and_is_logged_instead_of_failing(
    world: World, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    match_id = await world.play("cento", [1, 2, 3], [[0], [1], [2]], stats=[{"busts": 1}] * 3)
    async with world.db.transaction() as tx:
        await tx.execute(
            "UPDATE match_players SET stats = ? WHERE match_id = ? AND seat = 0",
            (damage, match_id),
        )
    (match,) = await world.repo.player_matches(1, 1, 10)  # the match as read (the export)
    assert [s.stats for s in match.seats] == [{}, {"busts": 1}, {"busts": 1}]
    (summed,) = await world.league.stats(1, 1, "cento")  # added up by the database
    assert summed.played == 1 and summed.totals["busts"] == 0
    (other,) = await world.league.stats(1, 2)
    assert other.totals["busts"] == 1
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 2 and all(f"match {match_id}" in w for w in warnings), warnings


async def test_damaged_stats_are_left_out_by_postgresql_s_parallel_plans_too(
    postgres: PostgresBackend,
) -> None:
    """figures_object (migration 0011) catches what it cannot read in a subtransaction,
    which PostgreSQL's parallel workers may not start: it must keep the sums in the leader.
    (A large server's sums get a parallel plan; a test's few rows only when forced to.)"""
    ((version,),) = await postgres.rows("SHOW server_version_num")
    forced = "debug_parallel_query" if int(version) >= 160000 else "force_parallel_mode"
    db = await Database.open(f"{postgres.url}&{forced}=on")
    try:
        world = World(db)
        match_id = await world.play("cento", [1, 2], [[0], [1]], stats=[{"busts": 1}] * 2)
        await postgres.run(
            "UPDATE match_players SET stats = '{not json' WHERE match_id = ? AND seat = 0",
            (match_id,),
        )
        (summed,) = await world.league.stats(1, 1)
        assert summed.played == 1 and summed.totals["busts"] == 0
    finally:
        await db.close()


async def test_matches_stored_before_the_league_join_it_on_upgrade(backend: Backend) -> None:
    await backend.at_version(1)
    await backend.run(
        "INSERT INTO game_tables (id, guild_id, channel_id, game, status, host_id, options,"
        " seats, seed) VALUES (1, 5, 9, 'minchiate', 'finished', 1, '{}', '[]', 0)"
    )
    await backend.run(
        "INSERT INTO matches (id, table_id, guild_id, game) VALUES (1, 1, 5, 'minchiate')"
    )
    for seat in [(0, 11, None, 1), (1, None, "easy", 2), (2, 12, None, 1), (3, None, "hard", 2)]:
        await backend.run(
            "INSERT INTO match_players (match_id, seat, user_id, ai_level, place)"
            " VALUES (1, ?, ?, ?, ?)",
            seat,
        )

    db = await backend.open()
    league = League(LeagueRepo(db), LeagueSettings())
    assert await league.catch_up() == 1
    page = await league.standings(5, "minchiate", None, 0)
    assert [(r.user_id, r.points) for r in page.rows] == [(11, 2), (12, 2)]
    match = await league.repo.match(1)
    assert [s.team for s in match.seats] == [0, 1, 0, 1] and match.humans == 2
    await db.close()


async def test_a_match_finishing_during_a_rebuild_is_recorded_after_it(world: World) -> None:
    await world.play("cento", [1, 2, 3], [[0], [1], [2]])
    real_replay = service.replay

    async def finish_late() -> None:
        await world.play("cento", [3, 2, 1], [[0], [1], [2]])

    def slow_replay(matches: list[MatchResult], settings: LeagueSettings) -> Rebuilt:
        # A match finishes while the replay runs: its table must not wait, nor the match be lost.
        asyncio.run_coroutine_threadsafe(finish_late(), loop).result(timeout=5)
        return real_replay(matches, settings)

    loop = asyncio.get_running_loop()
    service.replay = slow_replay
    try:
        assert await world.league.rebuild(1) == 1
    finally:
        service.replay = real_replay
    page = await world.league.standings(1, "cento", None, 0)
    assert [(r.user_id, r.played, r.points) for r in page.rows] == [(1, 2, 2), (3, 2, 2), (2, 2, 2)]


# -- two bot processes sharing the database ------------------------------------------------------


class Scoring(League):
    """One bot process's league, noting the order in which matches are scored (shared with
    the other process's, so the order is the one the database saw)."""

    def __init__(self, db: Database, order: list[int]) -> None:
        super().__init__(LeagueRepo(db), LeagueSettings())
        self.order = order

    def _score(self, match: MatchResult, before: dict[str, Rating]) -> Any:
        self.order.append(match.id)
        return super()._score(match, before)


async def test_two_processes_recording_at_once_lose_no_update(backend: Backend) -> None:
    """Both processes record matches of the same people at the same time: each match is scored
    once, from the ratings the match before it (in the order the database saw) left, so the
    stored league is exactly the one those matches give one after another."""
    first, second = await backend.open(), await backend.open()
    try:
        tables = TableRepo(first)
        rankings = [[[0], [1], [2]], [[2], [0], [1]], [[1], [2], [0]], [[0, 1], [2]]]
        players: list[Player] = [1, 2, 3, "easy"]
        ids = [
            await finished(tables, "cento", players[i % 2 :], rankings[i % 4]) for i in range(16)
        ]
        order: list[int] = []
        leagues = [Scoring(first, order), Scoring(second, order)]

        async def record(league: League, matches: list[int]) -> None:
            for match_id in matches:
                await league.record(match_id)

        await asyncio.gather(record(leagues[0], ids[0::2]), record(leagues[1], ids[1::2]))
        assert sorted(order) == ids
        stored = {m.id: m for m in await leagues[0].repo.finished_matches(1)}
        expected = service.replay([stored[i] for i in order], LeagueSettings())
        ratings = {
            (r["game"], r["player"]): (r["mu"], r["sigma"], r["matches"])
            for r in await first.fetch_all("SELECT * FROM ratings")
        }
        assert ratings == {
            (game, player): (r.mu, r.sigma, r.matches)
            for game, rated in expected.ratings.items()
            for player, r in rated.items()
        }
        standings = {
            (r["season_id"], r["game"], r["user_id"]): [r["played"], r["won"], r["points"]]
            for r in await first.fetch_all("SELECT * FROM standings")
        }
        assert standings == expected.standings
    finally:
        await first.close()
        await second.close()


async def test_two_processes_opening_a_servers_first_season_at_once_share_it(
    backend: Backend,
) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        one, other = await asyncio.gather(
            LeagueRepo(first).current_season(7), LeagueRepo(second).current_season(7)
        )
        assert one == other and one.number == 1
    finally:
        await first.close()
        await second.close()


async def test_a_match_another_process_records_during_a_rebuild_is_counted_once(
    backend: Backend,
) -> None:
    first, second = await backend.open(), await backend.open()
    try:
        rebuilding, other = (
            League(LeagueRepo(first), LeagueSettings()),
            League(LeagueRepo(second), LeagueSettings()),
        )
        await other.record(await finished(TableRepo(second), "cento", [1, 2, 3], [[0], [1], [2]]))
        real_replay = service.replay

        async def finish_elsewhere() -> None:
            match_id = await finished(TableRepo(second), "cento", [3, 2, 1], [[0], [1], [2]])
            await other.record(match_id)  # recorded at once: that process is not rebuilding

        def slow_replay(matches: list[MatchResult], settings: LeagueSettings) -> Rebuilt:
            asyncio.run_coroutine_threadsafe(finish_elsewhere(), loop).result(timeout=5)
            return real_replay(matches, settings)

        loop = asyncio.get_running_loop()
        service.replay = slow_replay
        try:
            assert await rebuilding.rebuild(1) == 1
        finally:
            service.replay = real_replay
        page = await rebuilding.standings(1, "cento", None, 0)
        assert [(r.user_id, r.played, r.points) for r in page.rows] == [
            (1, 2, 2),
            (3, 2, 2),
            (2, 2, 2),
        ]
        assert (await rebuilding.rating(1, "cento", 1)) == (await other.rating(1, "cento", 1))
    finally:
        await first.close()
        await second.close()


async def test_a_match_stored_while_another_process_holds_the_league_does_not_wait(
    postgres: PostgresBackend,
) -> None:
    """PostgreSQL only (SQLite has one writer at a time): the league's lock on the server's
    open season (NO KEY) lets a finishing table store its match, which refers to that row."""
    first, second = await postgres.open(), await postgres.open(busy_timeout=0.2)
    try:
        await LeagueRepo(first).current_season(1)
        async with first.transaction() as tx:
            await open_season_id(tx, 1, hold=True)
            await finished(TableRepo(second), "cento", [1, 2, 3], [[0], [1], [2]])  # no wait
            with pytest.raises(DatabaseBusy):  # while another league writer waits its turn
                await LeagueRepo(second).new_season(1, "Too soon")
    finally:
        await first.close()
        await second.close()
