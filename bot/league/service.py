"""The league's operations: record a finished match, rebuild, and read standings, statistics,
history and exports for a server."""

from __future__ import annotations

import asyncio
import csv
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.config import LeagueSettings
from bot.i18n import t
from bot.league.points import league_points
from bot.league.ratings import rate, shown
from bot.league.stats import GameStats, summed
from bot.league.web import WebChoices
from bot.storage.league import ALL_GAMES, LeagueRepo, Rebuilt, Scored
from bot.storage.records import MatchResult, Rating, Season
from bot.storage.web import WebRepo

log = logging.getLogger(__name__)

PAGE_SIZE = 10
SEASON_NAME_MAX = 40
MOVEMENT = timedelta(days=7)
"""A standings row shows how far the rating moved over this long."""
CHART_MATCHES = 200
"""A rating chart shows at most this many of the latest matches."""


class LeagueError(Exception):
    """A user-facing refusal (an unknown season, a bad name...)."""


@dataclass
class StandingsRow:
    rank: int
    user_id: int
    played: int
    won: int
    points: int
    rating: float | None  # None when the page adds up every game (ratings are per game)
    moved: float | None = None  # the rating's change over the last week (``MOVEMENT``)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass
class StandingsPage:
    season: Season
    game: str | None
    page: int  # from 0, within range
    pages: int
    players: int
    rows: list[StandingsRow]


def replay(matches: list[MatchResult], settings: LeagueSettings) -> Rebuilt:
    """The league that ``matches`` (oldest first) produce, one ``record`` after another."""
    league = Rebuilt()
    for match in matches:
        assert match.season_id is not None
        points = league_points(match, settings)
        rated = league.ratings.setdefault(match.game, {})
        for player, rating in rate(match, rated).items():
            old = rated.get(player)
            rating.matches = (old.matches if old else 0) + 1
            rated[player] = rating
        for seat in match.seats:
            earned = points.get(seat.seat) if points is not None else None
            league.points[(match.id, seat.seat)] = earned
            league.shown[(match.id, seat.seat)] = shown(rated[seat.player])
            if earned is None or seat.user_id is None:
                continue
            for game in (match.game, ALL_GAMES):
                row = league.standings.setdefault((match.season_id, game, seat.user_id), [0, 0, 0])
                row[0] += 1
                row[1] += int(seat.place == 1)
                row[2] += earned
    return league


Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class League:
    def __init__(self, repo: LeagueRepo, settings: LeagueSettings, now: Clock = utc_now) -> None:
        self.repo = repo
        self.settings = settings
        self.now = now  # when "the last week" began, for the standings' movement
        self.web = WebChoices(WebRepo(repo.db))
        self._lock = asyncio.Lock()  # one change to the league at a time
        self._rebuilding = False

    # -- recording --------------------------------------------------------------------------

    async def record(self, match_id: int) -> None:
        """Add a finished match to its season's standings and its players' ratings."""
        if self._rebuilding:  # left pending: the rebuild records it once it is done
            return
        async with self._lock:
            await self.repo.record(match_id, self._score)

    def _score(self, match: MatchResult, before: dict[str, Rating]) -> Scored:
        """A match's league points and its players' new ratings (from those ``before`` it)."""
        after = rate(match, before)
        return Scored(
            league_points(match, self.settings), after, {p: shown(r) for p, r in after.items()}
        )

    async def catch_up(self) -> int:
        """Record the matches finished but not yet recorded (after a crash, an upgrade or a
        rebuild)."""
        pending = await self.repo.pending()
        for match_id in pending:
            await self.record(match_id)
        if pending:
            log.info("league: recorded %d pending matches", len(pending))
        return len(pending)

    async def rebuild(self, guild_id: int) -> int:
        """Recompute the server's standings and ratings from its stored results, in order.

        The replay runs in a thread, so the bot keeps answering while a large server's
        history is replayed; a match finishing meanwhile is recorded after it, and its table
        does not wait."""
        async with self._lock:
            self._rebuilding = True
            try:
                matches = await self.repo.finished_matches(guild_id)
                rebuilt = await asyncio.to_thread(replay, matches, self.settings)
                await self.repo.replace(guild_id, rebuilt, [m.id for m in matches])
            finally:
                self._rebuilding = False
        log.info("league: guild %s rebuilt from %d matches", guild_id, len(matches))
        await self.catch_up()
        return len(matches)

    # -- seasons ----------------------------------------------------------------------------

    async def season(self, guild_id: int, number: int | None = None) -> Season:
        """Season ``number`` of the server, or the open one."""
        if number is None:
            return await self.repo.current_season(guild_id)
        found = await self.repo.season(guild_id, number=number)
        if found is None:
            raise LeagueError(t("This server has no season {number}.", number=number))
        return found

    async def seasons(self, guild_id: int) -> list[Season]:
        await self.repo.current_season(guild_id)  # a server's first look opens season 1
        return await self.repo.seasons(guild_id)

    async def new_season(self, guild_id: int, name: str) -> tuple[Season, Season]:
        name = " ".join(name.split())
        if not 1 <= len(name) <= SEASON_NAME_MAX:
            raise LeagueError(
                t("A season's name has 1 to {most} characters.", most=SEASON_NAME_MAX)
            )
        return await self.repo.new_season(guild_id, name)

    # -- reading ----------------------------------------------------------------------------

    async def standings(
        self, guild_id: int, game: str | None, season_number: int | None, page: int
    ) -> StandingsPage:
        season = await self.season(guild_id, season_number)
        players = await self.repo.players(season.id, game)
        pages = max(1, -(-players // PAGE_SIZE))
        page = min(max(page, 0), pages - 1)
        found = await self.repo.standings(season.id, game, page * PAGE_SIZE, PAGE_SIZE)
        ratings, before = {}, {}
        if game is not None:
            ratings = await self.repo.ratings(guild_id, game, [f"u:{s.user_id}" for s in found])
            week_ago = (self.now() - MOVEMENT).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            before = await self.repo.ratings_before(
                guild_id, game, [s.user_id for s in found], week_ago
            )
        rows = []
        for rank, standing in enumerate(found, page * PAGE_SIZE + 1):
            rating = ratings.get(f"u:{standing.user_id}")
            now = shown(rating) if rating is not None else None
            rows.append(
                StandingsRow(
                    rank=rank,
                    user_id=standing.user_id,
                    played=standing.played,
                    won=standing.won,
                    points=standing.points,
                    rating=now,
                    # A newcomer of the week moved from a newcomer's 0.
                    moved=now - before.get(standing.user_id, 0.0) if now is not None else None,
                )
            )
        return StandingsPage(season, game, page, pages, players, rows)

    async def stats(self, guild_id: int, user_id: int, game: str | None = None) -> list[GameStats]:
        """The person's record per game (of ``game``, if given), streaks and the game's
        figures included, added up by the database: a few rows per game, however many
        matches."""
        found = await self.repo.player_figures(guild_id, user_id, game)
        return [summed(f) for f in found]

    async def rating(self, guild_id: int, game: str, user_id: int) -> float | None:
        found = await self.repo.ratings(guild_id, game, [f"u:{user_id}"])
        return shown(found[f"u:{user_id}"]) if found else None

    async def names(self, guild_id: int, user_ids: list[int]) -> dict[int, str]:
        """The names people played under last on the server."""
        return await self.repo.names(guild_id, user_ids)

    async def rating_history(
        self, guild_id: int, user_id: int, game: str
    ) -> list[tuple[str, float]]:
        """The person's rating after each of their latest matches of ``game`` (at most
        ``CHART_MATCHES``), oldest first, as (finished at, rating)."""
        return await self.repo.rating_history(guild_id, user_id, game, CHART_MATCHES)

    async def history(self, guild_id: int, user_id: int, limit: int) -> list[MatchResult]:
        return await self.repo.player_matches(guild_id, user_id, limit)

    async def export(self, guild_id: int, season_number: int | None) -> tuple[Season, str]:
        """The season's results as CSV: one row per seat of every match, abandoned ones too."""
        season = await self.season(guild_id, season_number)
        matches = await self.repo.season_matches(season.id)
        figures = sorted({k for m in matches for s in m.seats for k in s.stats})
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "match",
                "finished_at",
                "season",
                "game",
                "status",
                "seat",
                "player",
                "user_id",
                "ai_level",
                "team",
                "place",
                "league_points",
                *figures,
            ]
        )
        for match in matches:
            for seat in match.seats:
                writer.writerow(
                    [
                        match.id,
                        match.finished_at,
                        season.number,
                        match.game,
                        "abandoned" if match.abandoned else "finished",
                        seat.seat + 1,
                        _inert(seat.name),
                        seat.user_id if seat.user_id is not None else "",
                        seat.ai_level or "",
                        seat.team + 1,
                        seat.place if seat.place is not None else "",
                        seat.points if seat.points is not None else "",
                        *(seat.stats.get(k, "") for k in figures),
                    ]
                )
        return season, out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(text: str) -> str:
    """A name as a spreadsheet shows it, never runs it: a cell starting like a formula is
    prefixed with an apostrophe (the usual defence against CSV injection)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
