"""The league's storage: seasons, match results, standings and ratings.

``standings`` and ``ratings`` are derived from ``matches`` and ``match_players``: each finished
match is applied once (``league_applied``), and ``replace`` swaps in a league recomputed from
every match in order, which gives exactly the same numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from bot.storage.db import Database
from bot.storage.records import MatchResult, MatchSeat, Rating, Season, Standing

FIRST_SEASON = "Season 1"
ALL_GAMES = "*"  # the standings row adding up a person's every game in a season


async def open_season_id(conn: aiosqlite.Connection, guild_id: int) -> int:
    """The server's open season, opening the first one if the server has none yet."""
    async with conn.execute(
        "SELECT id FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,)
    ) as cur:
        row = await cur.fetchone()
    if row is not None:
        return int(row[0])
    cur = await conn.execute(
        "INSERT INTO seasons (guild_id, number, name) VALUES (?, 1, ?)", (guild_id, FIRST_SEASON)
    )
    assert cur.lastrowid is not None
    return cur.lastrowid


def _season(row: aiosqlite.Row) -> Season:
    return Season(**dict(zip(row.keys(), row, strict=True)))


def _stats(text: str | None) -> dict[str, Any]:
    """A seat's stored statistics; a damaged row reads as none rather than failing a page."""
    try:
        found = json.loads(text) if text else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


@dataclass
class Rebuilt:
    """A server's league computed afresh from its matches."""

    # (season id, game or ALL_GAMES, user id) -> [played, won, points]
    standings: dict[tuple[int, str, int], list[int]] = field(default_factory=dict)
    ratings: dict[str, dict[str, Rating]] = field(default_factory=dict)  # game -> player ->
    points: dict[tuple[int, int], int | None] = field(default_factory=dict)  # (match, seat)


class LeagueRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- seasons ----------------------------------------------------------------------------

    async def current_season(self, guild_id: int) -> Season:
        async with self.db.transaction() as conn:
            season_id = await open_season_id(conn, guild_id)
        found = await self.season(guild_id, season_id=season_id)
        assert found is not None
        return found

    async def season(
        self, guild_id: int, *, season_id: int | None = None, number: int | None = None
    ) -> Season | None:
        column, value = ("id", season_id) if season_id is not None else ("number", number)
        async with self.db.conn.execute(
            f"SELECT * FROM seasons WHERE guild_id = ? AND {column} = ?", (guild_id, value)
        ) as cur:
            row = await cur.fetchone()
        return _season(row) if row is not None else None

    async def seasons(self, guild_id: int) -> list[Season]:
        """Every season of the server, newest first, with its count of league matches."""
        async with self.db.conn.execute(
            "SELECT s.*, (SELECT count(*) FROM matches m WHERE m.season_id = s.id"
            " AND m.abandoned = 0) AS matches"
            " FROM seasons s WHERE s.guild_id = ? ORDER BY s.number DESC",
            (guild_id,),
        ) as cur:
            return [_season(r) for r in await cur.fetchall()]

    async def new_season(self, guild_id: int, name: str) -> tuple[Season, Season]:
        """Close the open season and open the next; both, the closed one first."""
        async with self.db.transaction() as conn:
            closing = await open_season_id(conn, guild_id)
            await conn.execute(
                "UPDATE seasons SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
                (closing,),
            )
            cur = await conn.execute(
                "INSERT INTO seasons (guild_id, number, name) SELECT ?, max(number) + 1, ?"
                " FROM seasons WHERE guild_id = ?",
                (guild_id, name, guild_id),
            )
            opened = cur.lastrowid
        old = await self.season(guild_id, season_id=closing)
        new = await self.season(guild_id, season_id=opened)
        assert old is not None and new is not None
        return old, new

    # -- matches ----------------------------------------------------------------------------

    async def pending(self) -> list[int]:
        """Finished matches not yet in the standings and ratings, oldest first."""
        async with self.db.conn.execute(
            "SELECT id FROM matches WHERE league_applied = 0 AND abandoned = 0 ORDER BY id"
        ) as cur:
            return [int(r[0]) for r in await cur.fetchall()]

    async def match(self, match_id: int) -> MatchResult:
        async with self.db.conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise KeyError(match_id)
        return (await self._with_seats([row]))[0]

    async def _with_seats(self, rows: Iterable[aiosqlite.Row]) -> list[MatchResult]:
        rows = list(rows)
        ids = [r["id"] for r in rows]
        seats: dict[int, list[MatchSeat]] = {i: [] for i in ids}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk : chunk + 500]
            async with self.db.conn.execute(
                "SELECT * FROM match_players WHERE match_id IN"
                f" ({','.join('?' * len(part))}) ORDER BY match_id, seat",
                part,
            ) as cur:
                for p in await cur.fetchall():
                    seats[p["match_id"]].append(
                        MatchSeat(
                            seat=p["seat"],
                            user_id=p["user_id"],
                            ai_level=p["ai_level"],
                            name=p["name"] or "",
                            place=p["place"],
                            team=p["team"] if p["team"] is not None else p["seat"],
                            stats=_stats(p["stats"]),
                            points=p["points"],
                        )
                    )
        return [
            MatchResult(
                id=r["id"],
                guild_id=r["guild_id"],
                season_id=r["season_id"],
                game=r["game"],
                abandoned=bool(r["abandoned"]),
                humans=r["humans"],
                finished_at=r["finished_at"],
                seats=seats[r["id"]],
            )
            for r in rows
        ]

    async def apply(
        self,
        match: MatchResult,
        points: dict[int, int] | None,
        ratings: dict[str, Rating],
    ) -> None:
        """Add a finished match to the standings (``points`` per seat when it counts) and store
        the ratings it produced, in one transaction; a match already applied is left alone."""
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE matches SET league_applied = 1,"
                " season_id = coalesce(season_id, ?) WHERE id = ? AND league_applied = 0",
                (await open_season_id(conn, match.guild_id), match.id),
            )
            if cur.rowcount == 0:
                return
            async with conn.execute(
                "SELECT season_id FROM matches WHERE id = ?", (match.id,)
            ) as found:
                row = await found.fetchone()
            assert row is not None
            season_id = row[0]
            for seat in match.seats:
                earned = points.get(seat.seat) if points is not None else None
                await conn.execute(
                    "UPDATE match_players SET points = ? WHERE match_id = ? AND seat = ?",
                    (earned, match.id, seat.seat),
                )
                if earned is None or seat.user_id is None:
                    continue
                await conn.executemany(
                    "INSERT INTO standings (season_id, game, user_id, played, won, points)"
                    " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT DO UPDATE SET"
                    " played = played + 1, won = won + excluded.won,"
                    " points = points + excluded.points",
                    [
                        (season_id, game, seat.user_id, int(seat.place == 1), earned)
                        for game in (match.game, ALL_GAMES)
                    ],
                )
            await conn.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, matches)"
                " VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1",
                [(match.guild_id, match.game, p, r.mu, r.sigma) for p, r in ratings.items()],
            )

    async def finished_matches(self, guild_id: int) -> list[MatchResult]:
        """Every finished match of the server, oldest first, each in a season (a match stored
        before seasons existed joins the open one)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "UPDATE matches SET season_id = ? WHERE guild_id = ? AND season_id IS NULL",
                (await open_season_id(conn, guild_id), guild_id),
            )
        async with self.db.conn.execute(
            "SELECT * FROM matches WHERE guild_id = ? AND abandoned = 0 ORDER BY id", (guild_id,)
        ) as cur:
            rows = await cur.fetchall()
        return await self._with_seats(rows)

    async def replace(self, guild_id: int, league: Rebuilt, last_match: int) -> None:
        """Put a league rebuilt from the server's matches up to ``last_match`` in place of its
        standings, ratings and points, in one transaction."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "DELETE FROM standings WHERE season_id IN"
                " (SELECT id FROM seasons WHERE guild_id = ?)",
                (guild_id,),
            )
            await conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
            await conn.executemany(
                "INSERT INTO standings (season_id, game, user_id, played, won, points)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*key, *row) for key, row in league.standings.items()],
            )
            await conn.executemany(
                "INSERT INTO ratings (guild_id, game, player, mu, sigma, matches)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (guild_id, game, player, r.mu, r.sigma, r.matches)
                    for game, rated in league.ratings.items()
                    for player, r in rated.items()
                ],
            )
            await conn.executemany(
                "UPDATE match_players SET points = ? WHERE match_id = ? AND seat = ?",
                [(points, match_id, seat) for (match_id, seat), points in league.points.items()],
            )
            await conn.execute(
                "UPDATE matches SET league_applied = 1"
                " WHERE guild_id = ? AND abandoned = 0 AND id <= ?",
                (guild_id, last_match),
            )

    # -- ratings ----------------------------------------------------------------------------

    async def ratings(self, guild_id: int, game: str, players: Iterable[str]) -> dict[str, Rating]:
        """The stored ratings of ``players`` (those never rated are left out)."""
        wanted = sorted(set(players))
        if not wanted:
            return {}
        async with self.db.conn.execute(
            "SELECT player, mu, sigma, matches FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND player IN ({','.join('?' * len(wanted))})",
            (guild_id, game, *wanted),
        ) as cur:
            rows = await cur.fetchall()
        return {
            r["player"]: Rating(mu=r["mu"], sigma=r["sigma"], matches=r["matches"]) for r in rows
        }

    # -- reading ----------------------------------------------------------------------------

    async def players(self, season_id: int, game: str | None) -> int:
        """How many people a season's standings (one game, or every game) list."""
        async with self.db.conn.execute(
            "SELECT count(*) FROM standings WHERE season_id = ? AND game = ?",
            (season_id, game or ALL_GAMES),
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def standings(
        self, season_id: int, game: str | None, offset: int, limit: int
    ) -> list[Standing]:
        """One page of a season's standings: one game, or every game added up."""
        async with self.db.conn.execute(
            "SELECT user_id, played, won, points FROM standings WHERE season_id = ? AND game = ?"
            " ORDER BY points DESC, won DESC, user_id LIMIT ? OFFSET ?",
            (season_id, game or ALL_GAMES, limit, offset),
        ) as cur:
            return [Standing(**dict(zip(r.keys(), r, strict=True))) for r in await cur.fetchall()]

    async def player_matches(
        self, guild_id: int, user_id: int, game: str | None, limit: int | None = None
    ) -> list[MatchResult]:
        """The person's finished matches on the server (abandoned ones too), newest first."""
        query = (
            "SELECT m.* FROM match_players p JOIN matches m ON m.id = p.match_id"
            " WHERE p.user_id = ? AND m.guild_id = ?"
        )
        params: list[Any] = [user_id, guild_id]
        if game is not None:
            query += " AND m.game = ?"
            params.append(game)
        query += " ORDER BY m.id DESC"
        if limit is not None:
            query += " LIMIT ?"
            params.append(limit)
        async with self.db.conn.execute(query, params) as cur:
            rows = await cur.fetchall()
        return await self._with_seats(rows)

    async def season_matches(self, season_id: int) -> list[MatchResult]:
        """Every match of a season, abandoned ones too, oldest first (for the export)."""
        async with self.db.conn.execute(
            "SELECT * FROM matches WHERE season_id = ? ORDER BY id", (season_id,)
        ) as cur:
            rows = await cur.fetchall()
        return await self._with_seats(rows)
