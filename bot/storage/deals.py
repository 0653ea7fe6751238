"""Finished deals' records: stored with the move that ends each deal, listed newest first (a
channel's, a person's, a season's), read back by their public id, pruned by date."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from bot.storage.db import Connection, Database, Row, from_row
from bot.storage.league import open_season_id
from bot.storage.records import Status


class NewDeal(BaseModel):
    """A deal's record to store: its public id, number in the match, the people at it, and its
    record's document (``bot.records.schema.DealRecord``, its secret left out)."""

    short_id: str
    deal: int
    game: str
    user_ids: list[int]
    record: dict[str, Any]


class TournamentDeal(BaseModel):
    """The tournament match a deal's table played: what its deal was derived from."""

    id: int
    secret: str | None
    """Committed to on the sign-up message; None for a tournament from before commitments."""
    shown: int | None
    """The sign-up message's id, mixed into the tournament's seed."""
    over: bool
    """Whether the tournament is over (then its secret may be shown)."""
    duplicate: bool
    round: int
    n: int


class StoredDeal(BaseModel):
    """A stored deal's record, with what its table says of it now."""

    short_id: str
    table_id: int
    deal: int
    guild_id: int
    channel_id: int
    season_id: int | None
    game: str
    finished_at: str
    record: dict[str, Any]
    table_status: Status
    """``playing`` while its match goes on (then its secret stays hidden)."""
    secret: str | None
    """The table's secret, or for a table from before commitments its seed in decimal: only
    to be revealed once the match is over, and used meanwhile to replay on the server."""
    seed: int
    shared: bool = False
    """Its deal is also dealt at a tournament's tables that are not over, or may be in a
    round still to come (a duplicate's): its cards are shown when those are."""
    tournament: TournamentDeal | None = None
    """The tournament match its table played, if any."""


async def add_deal(tx: Connection, table_id: int, deal: NewDeal) -> None:
    """Inside the transaction of the move that ends the deal: store its record."""
    row = await tx.fetch_one(
        "SELECT guild_id, channel_id FROM game_tables WHERE id = ?", (table_id,)
    )
    assert row is not None, f"no table {table_id}"
    guild_id = row["guild_id"]
    inserted = await tx.fetch_one(
        "INSERT INTO deal_records (short_id, table_id, deal, guild_id, channel_id, season_id,"
        " game, record, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            deal.short_id,
            table_id,
            deal.deal,
            guild_id,
            row["channel_id"],
            await open_season_id(tx, guild_id),
            deal.game,
            json.dumps(deal.record, ensure_ascii=False),
            deal.record["finished_at"],
        ),
    )
    assert inserted is not None
    await tx.executemany(
        "INSERT INTO deal_players (deal_id, user_id, guild_id) VALUES (?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        [(inserted[0], user_id, guild_id) for user_id in sorted(set(deal.user_ids))],
    )


# A table without a secret is dealt from its seed alone, and a tournament deals several
# tables from one seed: every table of a duplicate round, the same deals again in the
# duplicate's next round. Such a deal stays hidden while any match dealt from that seed is
# still to be played or being played in an open tournament, and in an open duplicate at all
# (its seeds come back in rounds not drawn yet).
_SELECT = (
    "SELECT d.short_id, d.table_id, d.deal, d.guild_id, d.channel_id, d.season_id, d.game,"
    " d.finished_at, d.record, t.status, t.secret, t.seed,"
    " (t.secret IS NULL AND EXISTS (SELECT 1 FROM tournament_matches m"
    " JOIN tournaments r ON r.id = m.tournament_id WHERE m.seed = t.seed"
    " AND r.status IN ('signup', 'running', 'paused')"
    " AND (m.status IN ('pending', 'playing') OR r.format = 'duplicate'))) AS shared,"
    " tr.id AS tournament_id, tr.secret AS tournament_secret, tr.message_id AS shown,"
    " tr.status AS tournament_status, tr.format, tm.round, tm.n"
    " FROM deal_records d JOIN game_tables t ON t.id = d.table_id"
    " LEFT JOIN tournament_matches tm ON tm.table_id = d.table_id"
    " LEFT JOIN tournaments tr ON tr.id = tm.tournament_id"
)


def _stored(row: Row) -> StoredDeal:
    return from_row(
        StoredDeal,
        row,
        record=json.loads(row["record"]),
        table_status=row["status"],
        secret=row["secret"] if row["secret"] is not None else str(row["seed"]),
        shared=bool(row["shared"]),
        tournament=None
        if row["tournament_id"] is None
        else TournamentDeal(
            id=row["tournament_id"],
            secret=row["tournament_secret"],
            shown=row["shown"],
            over=row["tournament_status"] in ("finished", "cancelled"),
            duplicate=row["format"] == "duplicate",
            round=row["round"],
            n=row["n"],
        ),
    )


class DealRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, guild_id: int, short_id: str) -> StoredDeal | None:
        """The deal of that id on that server (another server's is None, as an unknown id)."""
        row = await self.db.fetch_one(
            _SELECT + " WHERE d.short_id = ? AND d.guild_id = ?", (short_id, guild_id)
        )
        return _stored(row) if row else None

    async def in_channel(
        self, channel_id: int, offset: int = 0, limit: int = 5
    ) -> list[StoredDeal]:
        """A channel's finished deals, newest first."""
        rows = await self.db.fetch_all(
            _SELECT + " WHERE d.channel_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?",
            (channel_id, limit, offset),
        )
        return [_stored(r) for r in rows]

    async def count_in_channel(self, channel_id: int) -> int:
        row = await self.db.fetch_one(
            "SELECT count(*) FROM deal_records WHERE channel_id = ?", (channel_id,)
        )
        return int(row[0]) if row else 0

    async def of_player(
        self,
        guild_id: int,
        user_id: int,
        season_id: int | None = None,
        offset: int = 0,
        limit: int = 5,
    ) -> list[StoredDeal]:
        """A person's deals on a server (in one season, if given), newest first."""
        where = " AND d.season_id = ?" if season_id is not None else ""
        season = (season_id,) if season_id is not None else ()
        rows = await self.db.fetch_all(
            _SELECT + " JOIN deal_players p ON p.deal_id = d.id"
            " WHERE p.guild_id = ? AND p.user_id = ?" + where + " ORDER BY d.id DESC"
            " LIMIT ? OFFSET ?",
            (guild_id, user_id, *season, limit, offset),
        )
        return [_stored(r) for r in rows]

    async def of_matches(self, guild_id: int, match_ids: Sequence[int]) -> dict[int, list[str]]:
        """The public ids of each league match's deals on a server, in the order played (a
        match whose deals were pruned, or played before records, has none)."""
        wanted = sorted(set(match_ids))
        if not wanted:
            return {}
        rows = await self.db.fetch_all(
            "SELECT m.id, d.short_id FROM matches m"  # noqa: S608 (only ? are added)
            " JOIN deal_records d ON d.table_id = m.table_id"
            f" WHERE d.guild_id = ? AND m.id IN ({','.join('?' * len(wanted))})"
            " ORDER BY m.id, d.deal",
            (guild_id, *wanted),
        )
        out: dict[int, list[str]] = {}
        for row in rows:
            out.setdefault(int(row[0]), []).append(row[1])
        return out

    async def in_season(self, season_id: int, offset: int = 0, limit: int = 5) -> list[StoredDeal]:
        """A season's deals, newest first."""
        rows = await self.db.fetch_all(
            _SELECT + " WHERE d.season_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?",
            (season_id, limit, offset),
        )
        return [_stored(r) for r in rows]

    async def prune(self, before: str) -> int:
        """Delete the records of deals finished before ``before`` (an ISO date or time, UTC):
        the number deleted. Tables, their moves and the league's results are kept."""
        async with self.db.transaction() as tx:
            return await tx.execute("DELETE FROM deal_records WHERE finished_at < ?", (before,))
