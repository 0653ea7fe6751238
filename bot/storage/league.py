"""The league's storage: seasons, match results, standings and ratings.

``standings`` and ``ratings`` are derived from ``matches`` and ``match_players``: each finished
match is applied once (``league_applied``), and ``replace`` swaps in a league recomputed from
every match in order, which gives exactly the same numbers.

Several bot processes may share a PostgreSQL database, and a server's league with it, so
every change to a server's league first holds that server's open season row (``hold``:
``SELECT ... FOR NO KEY UPDATE``): a second writer waits for the first, then reads what it
wrote, and no rating or standing is computed from numbers that another process is changing.
(NO KEY: a match being stored meanwhile, whose row only refers to the season, need not wait.)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.storage.db import Connection, Database, Reader, Row, from_row, now
from bot.storage.records import MatchResult, MatchSeat, Rating, Season, Standing

log = logging.getLogger(__name__)

FIRST_SEASON = "Season 1"
ALL_GAMES = "*"  # the standings row adding up a person's every game in a season


@dataclass
class Scored:
    """What the league makes of a match: its league points per seat (None: it earns none),
    the new ratings of its players (from the ratings they had before it), and the rating
    each player is shown after it (kept with the seat, for the charts)."""

    points: dict[int, int] | None
    ratings: dict[str, Rating]
    shown: dict[str, float]


Scorer = Callable[[MatchResult, dict[str, Rating]], Scored]


async def open_season_id(tx: Connection, guild_id: int, *, hold: bool = False) -> int:
    """Inside a transaction: the server's open season, opening the first one if the server has
    none yet; with ``hold``, its row stays locked until the transaction ends (see above)."""
    find = "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
    if hold:
        find += " FOR NO KEY UPDATE"
    row = await tx.fetch_one(find, (guild_id,))
    if row is None:
        # Another process may open it at the same moment: then this insert does nothing.
        await tx.execute(
            "INSERT INTO seasons (guild_id, number, name) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
            (guild_id, FIRST_SEASON),
        )
        row = await tx.fetch_one(find, (guild_id,))
    assert row is not None, f"guild {guild_id} has seasons but none open"
    return int(row[0])


def _season(row: Row) -> Season:
    return Season(**dict(zip(row.keys(), row, strict=True)))


def _stats(seat: Row) -> dict[str, Any]:
    """A seat's stored statistics (NULL: it has none). A damaged row (not JSON, or not a
    JSON object) reads as none, and is logged, rather than failing a page: as the database's
    sums leave it out (``LeagueRepo.player_figures``)."""
    if seat["stats"] is None:
        return {}
    try:
        found = json.loads(seat["stats"])
    except ValueError:
        found = None
    if isinstance(found, dict):
        return found
    log.warning(
        "match %s, seat %s: its statistics are damaged (not a JSON object), read as none",
        seat["match_id"],
        seat["seat"],
    )
    return {}


@dataclass(frozen=True)
class PlayerFigures:
    """A person's finished matches of one game added up by the database: how many, how many
    won, their current and best winning streaks, and each stored figure summed apart where
    it was positive (``gains``) and where it was negative (``losses``)."""

    game: str
    played: int
    won: int
    streak: int  # wins in a row up to the latest match
    best_streak: int
    gains: dict[str, int]
    losses: dict[str, int]


@dataclass(frozen=True)
class _Figures:
    """A dialect's words for a seat's stored figures (``p.stats``): ``stored``, them as a
    JSON object, NULL where they are damaged (not JSON, or not an object) so that the sums
    leave them out instead of failing; ``each``, the function giving an object's members as
    rows (key, value); ``integer``, a member ``f`` that holds an integer, and ``value``, it."""

    stored: str
    each: str
    integer: str
    value: str


_FIGURES = {
    "sqlite": _Figures(
        # Nested: json_type raises on what is not JSON, and an AND may be tested either way.
        "CASE WHEN json_valid(p.stats) THEN"
        " CASE WHEN json_type(p.stats) = 'object' THEN p.stats END END",
        "json_each",
        "f.type = 'integer'",
        "f.value",
    ),
    "postgresql": _Figures(
        "figures_object(p.stats)",  # migration 0011
        "jsonb_each",
        "jsonb_typeof(f.value) = 'number' AND CAST(f.value AS text) ~ '^-?[0-9]+$'",
        "CAST(CAST(f.value AS text) AS numeric)",
    ),
}
DAMAGED_LOGGED = 10
"""The damaged seats a log line names (by match and seat) at most."""


@dataclass
class Rebuilt:
    """A server's league computed afresh from its matches."""

    # (season id, game or ALL_GAMES, user id) -> [played, won, points]
    standings: dict[tuple[int, str, int], list[int]] = field(default_factory=dict)
    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)  # game -> player ->
    points: dict[tuple[int, int], int | None] = field(default_factory=dict)  # (match, seat)
    shown: dict[tuple[int, int], float] = field(default_factory=dict)  # (match, seat) -> after


class LeagueRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- seasons ----------------------------------------------------------------------------

    async def current_season(self, guild_id: int) -> Season:
        async with self.db.transaction() as tx:
            season_id = await open_season_id(tx, guild_id)
        found = await self.season(guild_id, season_id=season_id)
        assert found is not None
        return found

    async def season(
        self, guild_id: int, *, season_id: int | None = None, number: int | None = None
    ) -> Season | None:
        column, value = ("id", season_id) if season_id is not None else ("number", number)
        row = await self.db.fetch_one(
            f"SELECT * FROM seasons WHERE guild_id = ? AND {column} = ?",  # noqa: S608 (a constant column)
            (guild_id, value),
        )
        return _season(row) if row is not None else None

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, newest first, with its count of league matches."""
        rows = await self.db.fetch_all(
            "SELECT s.*, (SELECT count(*) FROM matches m WHERE m.season_id = s.id"
            " AND m.abandoned = 0) AS matches"
            " FROM seasons s WHERE s.guild_id = ? ORDER BY s.number DESC",
            (guild_id,),
        )
        return [_season(r) for r in rows]

    async def season_list(self, guild_id: int) -> list[Season]:
        """Every season of the server, newest first, without their counts (a page's menu:
        counting a large server's matches would cost more than the rest of the page)."""
        rows = await self.db.fetch_all(
            "SELECT * FROM seasons WHERE guild_id = ? ORDER BY number DESC", (guild_id,)
        )
        return [_season(r) for r in rows]

    async def new_season(self, guild_id: int, name: str) -> tuple[Season, Season]:
        """Close the open season and open the next; both, the closed one first."""
        async with self.db.transaction() as tx:
            closing = await open_season_id(tx, guild_id, hold=True)
            await tx.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (now(), closing))
            opened = await tx.fetch_one(
                "INSERT INTO seasons (guild_id, number, name) VALUES"
                " (?, (SELECT max(number) + 1 FROM seasons WHERE guild_id = ?), ?) RETURNING id",
                (guild_id, guild_id, name),
            )
        assert opened is not None
        old = await self.season(guild_id, season_id=closing)
        new = await self.season(guild_id, season_id=opened[0])
        assert old is not None
        assert new is not None
        return old, new

    # -- matches ----------------------------------------------------------------------------

    async def pending(self) -> list[int]:
        """Finished matches not yet in the standings and ratings, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT id FROM matches WHERE league_applied = 0 AND abandoned = 0 AND kept_out = 0"
            " ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    async def match(self, match_id: int) -> MatchResult:
        row = await self.db.fetch_one("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise KeyError(match_id)
        return (await _with_seats(self.db, [row]))[0]

    async def record(self, match_id: int, score: Scorer) -> bool:
        """Add a finished match to the standings and its players' ratings, once, in one
        transaction that holds the server's league: the ratings the match starts from are
        read inside it, ``score`` makes the match's league points and new ratings of them,
        and both are stored. False if there was nothing to do (abandoned, or applied)."""
        async with self.db.transaction() as tx:
            found = await tx.fetch_one("SELECT guild_id FROM matches WHERE id = ?", (match_id,))
            if found is None:
                raise KeyError(match_id)
            season_id = await open_season_id(tx, found[0], hold=True)
            row = await tx.fetch_one(
                "SELECT * FROM matches WHERE id = ? AND league_applied = 0 AND abandoned = 0"
                " AND kept_out = 0",
                (match_id,),
            )
            if row is None:
                return False
            (match,) = await _with_seats(tx, [row])
            before = await _ratings(tx, match.guild_id, match.game, [s.player for s in match.seats])
            scored = score(match, before)
            points = scored.points
            season_id = match.season_id if match.season_id is not None else season_id
            await tx.execute(
                "UPDATE matches SET league_applied = 1, season_id = ? WHERE id = ?",
                (season_id, match.id),
            )
            for seat in match.seats:
                earned = points.get(seat.seat) if points is not None else None
                await tx.execute(
                    "UPDATE match_players SET points = ?, rating = ?"
                    " WHERE match_id = ? AND seat = ?",
                    (earned, scored.shown.get(seat.player), match.id, seat.seat),
                )
                if earned is None or seat.user_id is None:
                    continue
                await tx.executemany(
                    "INSERT INTO standings (season_id, game, user_id, played, won, points)"
                    " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (season_id, game, user_id) DO UPDATE"
                    " SET played = standings.played + 1, won = standings.won + excluded.won,"
                    " points = standings.points + excluded.points",
                    [
                        (season_id, game, seat.user_id, int(seat.place == 1), earned)
                        for game in (match.game, ALL_GAMES)
                    ],
                )
            await tx.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, matches)"
                " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, game, player) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, matches = ratings.matches + 1",
                [(match.guild_id, match.game, p, r.mu, r.sigma) for p, r in scored.ratings.items()],
            )
        return True

    async def finished_matches(self, guild_id: int) -> list[MatchResult]:
        """Every finished match of the server, oldest first, each in a season (a match stored
        before seasons existed joins the open one)."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE matches SET season_id = ? WHERE guild_id = ? AND season_id IS NULL",
                (await open_season_id(tx, guild_id), guild_id),
            )
        rows = await self.db.fetch_all(
            "SELECT * FROM matches WHERE guild_id = ? AND abandoned = 0 AND kept_out = 0"
            " ORDER BY id",
            (guild_id,),
        )
        return await _with_seats(self.db, rows)

    async def replace(self, guild_id: int, league: Rebuilt, matches: Iterable[int]) -> None:
        """Put a league rebuilt from the server's ``matches`` (their ids) in place of its
        standings, ratings and points, in one transaction that holds the server's league.
        Any other finished match of the server (one that finished, or that another process
        recorded, after the rebuild read them) is left to be recorded again on top of it."""
        rebuilt = set(matches)
        async with self.db.transaction() as tx:
            await open_season_id(tx, guild_id, hold=True)
            await tx.execute(
                "DELETE FROM standings WHERE season_id IN"
                " (SELECT id FROM seasons WHERE guild_id = ?)",
                (guild_id,),
            )
            await tx.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await tx.executemany(
                "INSERT INTO standings (season_id, game, user_id, played, won, points)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*key, *row) for key, row in league.standings.items()],
            )
            await tx.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, matches)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (guild_id, game, player, r.mu, r.sigma, r.matches)
                    for game, rated in league.ratings.items()
                    for player, r in rated.items()
                ],
            )
            await tx.executemany(
                "UPDATE match_players SET points = ?, rating = ? WHERE match_id = ? AND seat = ?",
                [
                    (points, league.shown.get((match_id, seat)), match_id, seat)
                    for (match_id, seat), points in league.points.items()
                ],
            )
            stored = await tx.fetch_all(
                "SELECT id, league_applied FROM matches WHERE guild_id = ? AND abandoned = 0"
                " AND kept_out = 0",
                (guild_id,),
            )
            await tx.executemany(
                "UPDATE matches SET league_applied = ? WHERE id = ?",
                [
                    (int(match_id in rebuilt), match_id)
                    for match_id, applied in stored
                    if applied != int(match_id in rebuilt)
                ],
            )

    # -- ratings ----------------------------------------------------------------------------

    async def ratings(self, guild_id: int, game: str, players: Iterable[str]) -> dict[str, Rating]:
        """The stored ratings of ``players`` (those never rated are left out)."""
        return await _ratings(self.db, guild_id, game, players)

    # -- reading ----------------------------------------------------------------------------

    async def players(self, season_id: int, game: str | None) -> int:
        """How many people a season's standings (one game, or every game) list."""
        row = await self.db.fetch_one(
            "SELECT count(*) FROM standings WHERE season_id = ? AND game = ?",
            (season_id, game or ALL_GAMES),
        )
        return int(row[0]) if row else 0

    async def standings(
        self, season_id: int, game: str | None, offset: int, limit: int
    ) -> list[Standing]:
        """One page of a season's standings: one game, or every game added up."""
        rows = await self.db.fetch_all(
            "SELECT user_id, played, won, points FROM standings WHERE season_id = ? AND game = ?"
            " ORDER BY points DESC, won DESC, user_id LIMIT ? OFFSET ?",
            (season_id, game or ALL_GAMES, limit, offset),
        )
        return [Standing(**dict(zip(r.keys(), r, strict=True))) for r in rows]

    async def player_matches(self, guild_id: int, user_id: int, limit: int) -> list[MatchResult]:
        """The person's latest ``limit`` finished matches on the server (abandoned ones
        too), newest first."""
        rows = await self.db.fetch_all(
            "SELECT m.* FROM match_players p JOIN matches m ON m.id = p.match_id"
            " WHERE p.user_id = ? AND m.guild_id = ? ORDER BY m.id DESC LIMIT ?",
            (user_id, guild_id, limit),
        )
        return await _with_seats(self.db, rows)

    async def player_figures(
        self, guild_id: int, user_id: int, game: str | None = None
    ) -> list[PlayerFigures]:
        """The person's finished matches on the server (of ``game``, if given) added up per
        game, abandoned ones left out: two aggregate reads, a few rows per game whatever the
        number of matches. A seat whose stored figures are damaged counts as played, its
        figures left out (and logged)."""
        seats = "FROM match_players p JOIN matches m ON m.id = p.match_id"
        mine = "p.user_id = ? AND m.guild_id = ? AND m.abandoned = 0"
        params: tuple[object, ...] = (user_id, guild_id)
        if game is not None:
            mine += " AND m.game = ?"
            params += (game,)
        figures = _FIGURES[self.db.dialect]
        damaged = f"p.stats IS NOT NULL AND {figures.stored} IS NULL"
        # A run is the matches from one loss to the next, numbered by the losses before it:
        # its wins are a streak, the last run's the current one.
        counted = await self.db.fetch_all(
            "WITH mine AS (SELECT m.game, p.match_id, CASE WHEN p.place = 1 AND EXISTS"  # noqa: S608 (our words only)
            " (SELECT 1 FROM match_players o WHERE o.match_id = p.match_id AND o.place <> 1)"
            f" THEN 1 ELSE 0 END AS won, CASE WHEN {damaged} THEN 1 ELSE 0 END AS damaged"
            f" {seats} WHERE {mine}),"
            " runs AS (SELECT game, won, damaged,"
            " sum(1 - won) OVER (PARTITION BY game ORDER BY match_id) AS run FROM mine),"
            " streaks AS (SELECT game, run, count(*) AS played, sum(won) AS won,"
            " sum(damaged) AS damaged, max(run) OVER (PARTITION BY game) AS last"
            " FROM runs GROUP BY game, run)"
            " SELECT game, sum(played), sum(won), sum(CASE WHEN run = last THEN won ELSE 0 END),"
            " max(won), sum(damaged) FROM streaks GROUP BY game ORDER BY game",
            params,
        )
        value = figures.value
        summed = await self.db.fetch_all(
            f"SELECT m.game, f.key, sum(CASE WHEN {value} > 0 THEN {value} ELSE 0 END),"
            f" sum(CASE WHEN {value} < 0 THEN {value} ELSE 0 END) {seats}"
            f" CROSS JOIN {figures.each}({figures.stored}) AS f"
            f" WHERE {mine} AND {figures.integer} GROUP BY m.game, f.key",
            params,
        )
        if found := sum(int(row[5]) for row in counted):
            await self._log_damaged(found, seats, f"{mine} AND {damaged}", params)
        gains: dict[str, dict[str, int]] = {}
        losses: dict[str, dict[str, int]] = {}
        for g, key, gained, lost in summed:
            gains.setdefault(g, {})[key] = int(gained)
            losses.setdefault(g, {})[key] = int(lost)
        return [
            PlayerFigures(
                str(g), int(n), int(w), int(now), int(best), gains.get(g, {}), losses.get(g, {})
            )
            for g, n, w, now, best, _ in counted
        ]

    async def _log_damaged(
        self, count: int, seats: str, where: str, params: tuple[object, ...]
    ) -> None:
        """Say which of a person's seats (``where``: ``count`` of them) have damaged figures,
        the first ``DAMAGED_LOGGED`` by match and seat."""
        rows = await self.db.fetch_all(
            f"SELECT p.match_id, p.seat {seats} WHERE {where} ORDER BY p.match_id LIMIT ?",
            (*params, DAMAGED_LOGGED),
        )
        log.warning(
            "person %s on server %s: %d damaged statistics (not a JSON object) left out of"
            " their sums: %s%s",
            params[0],
            params[1],
            count,
            ", ".join(f"match {m} seat {s}" for m, s in rows),
            ", …" if count > len(rows) else "",
        )

    async def season_matches(self, season_id: int) -> list[MatchResult]:
        """Every match of a season, abandoned ones too, oldest first (for the export)."""
        rows = await self.db.fetch_all(
            "SELECT * FROM matches WHERE season_id = ? ORDER BY id", (season_id,)
        )
        return await _with_seats(self.db, rows)

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each person's name at their latest match on the server (one look per person)."""
        found = await self._latest("name", "m.guild_id = ?", (guild_id,), user_ids)
        return {user_id: str(name) for user_id, name in found.items()}

    # -- ratings over time (kept with each seat: ``rating``) -----------------------------------

    async def rating_history(
        self, guild_id: int, user_id: int, game: str, limit: int
    ) -> list[tuple[str, float]]:
        """The person's rating after each of their latest ``limit`` matches of ``game`` on
        the server, oldest first, as (finished at, rating)."""
        rows = await self.db.fetch_all(
            "SELECT m.finished_at, p.rating FROM match_players p JOIN matches m"
            " ON m.id = p.match_id WHERE p.user_id = ? AND m.guild_id = ? AND m.game = ?"
            " AND p.rating IS NOT NULL ORDER BY p.match_id DESC LIMIT ?",
            (user_id, guild_id, game, limit),
        )
        return [(str(r[0]), float(r[1])) for r in reversed(rows)]

    async def ratings_before(
        self, guild_id: int, game: str, user_ids: Iterable[int], moment: str
    ) -> dict[int, float]:
        """Each person's rating after their last match of ``game`` finished before
        ``moment`` (those with none before it are left out): one indexed look per person,
        from their newest match backwards."""
        found = await self._latest(
            "rating",
            "m.guild_id = ? AND m.game = ? AND m.finished_at < ?",
            (guild_id, game, moment),
            user_ids,
        )
        return {user_id: float(rating) for user_id, rating in found.items()}

    async def _latest(
        self,
        column: Literal["name", "rating"],
        where: str,
        params: tuple[object, ...],
        user_ids: Iterable[int],
    ) -> dict[int, Any]:
        """Each person's ``column`` of ``match_players`` at their newest match that satisfies
        ``where`` (on ``m``, the match, with ``params``) and holds one: one indexed look per
        person, from their newest match backwards. ``column`` and ``where`` are this module's
        own words, never a person's."""
        found = {}
        for user_id in sorted(set(user_ids)):
            row = await self.db.fetch_one(
                f"SELECT p.{column} FROM match_players p JOIN matches m ON m.id = p.match_id"  # noqa: S608
                f" WHERE p.user_id = ? AND {where} AND p.{column} IS NOT NULL"
                " ORDER BY p.match_id DESC LIMIT 1",
                (user_id, *params),
            )
            if row is not None:
                found[user_id] = row[0]
        return found


async def _ratings(
    reader: Reader, guild_id: int, game: str, players: Iterable[str]
) -> dict[str, Rating]:
    wanted = sorted(set(players))
    if not wanted:
        return {}
    rows = await reader.fetch_all(
        "SELECT player, mu, sigma, matches FROM ratings WHERE guild_id = ? AND game = ?"  # noqa: S608 (only ? are added)
        f" AND player IN ({','.join('?' * len(wanted))})",
        (guild_id, game, *wanted),
    )
    return {r["player"]: from_row(Rating, r) for r in rows}


async def _with_seats(reader: Reader, rows: Iterable[Row]) -> list[MatchResult]:
    """Matches' rows with every seat of each."""
    rows = list(rows)
    ids = [r["id"] for r in rows]
    seats: dict[int, list[MatchSeat]] = {i: [] for i in ids}
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        for p in await reader.fetch_all(
            "SELECT * FROM match_players WHERE match_id IN"  # noqa: S608 (only ? are added)
            f" ({','.join('?' * len(part))}) ORDER BY match_id, seat",
            part,
        ):
            seats[p["match_id"]].append(
                from_row(
                    MatchSeat,
                    p,
                    name=p["name"] or "",
                    team=p["team"] if p["team"] is not None else p["seat"],
                    stats=_stats(p),
                )
            )
    return [
        from_row(MatchResult, r, abandoned=bool(r["abandoned"]), seats=seats[r["id"]]) for r in rows
    ]
