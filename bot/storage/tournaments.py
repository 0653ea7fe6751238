"""Tournaments, their entrants and their matches (migration 0007).

A tournament's whole state is here: the rounds are rebuilt from its matches, so a restart,
or its server's shard moving to another process, carries on where it was.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.storage.db import Database, Row, now
from bot.storage.inserts import insert_id

Format = Literal["knockout", "swiss", "duplicate"]
TournamentStatus = Literal["signup", "running", "paused", "finished", "cancelled"]
MatchStatus = Literal["pending", "playing", "done", "void"]
MatchResultKind = Literal["played", "bye", "walkover", "settled", "void"]
OPEN = ("signup", "running", "paused")


class DuplicateTournament(Exception):
    """The channel already has an open tournament."""


class TournamentTerms(BaseModel):
    """What a tournament is opened with, and keeps: where, by whom, and how it is played."""

    guild_id: int
    channel_id: int
    organiser_id: int
    game: str
    format: Format
    seats: int
    options: dict[str, Any]
    rounds: int | None
    ai_fill: bool
    league: bool
    grace: int


class TournamentRecord(TournamentTerms):
    id: int
    starts_at: str | None
    status: TournamentStatus
    round: int
    seed: int  # secret until the tournament is over: derived from ``secret`` at the start
    message_id: int | None
    secret: str | None = None
    """Committed to on the sign-up message; revealed in its tables' records once it is over.
    None: a tournament opened before commitments."""
    champion: int | None
    created_at: str = ""

    @property
    def open(self) -> bool:
        return self.status in OPEN


class Member(BaseModel):
    user_id: int | None  # None: an AI filling a seat
    name: str


class EntrantRecord(BaseModel):
    n: int
    name: str
    members: list[Member]
    rating: float | None = None
    dropped: bool = False

    @property
    def user_ids(self) -> list[int]:
        return [m.user_id for m in self.members if m.user_id is not None]


class MatchRecord(BaseModel):
    round: int
    n: int
    sides: list[int]  # the entrants, side by side; one alone: a bye
    seed: int | None = None  # secret
    thread_id: int | None = None
    table_id: int | None = None
    status: MatchStatus = "pending"
    result: MatchResultKind | None = None
    points: list[int] | None = None  # each side's, in halves
    margins: list[float] | None = None
    started_at: str | None = None

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1


class Tournament(BaseModel):
    """A tournament with its entrants and matches, as stored."""

    record: TournamentRecord
    entrants: list[EntrantRecord] = Field(default_factory=list)
    matches: list[MatchRecord] = Field(default_factory=list)


def _tournament(row: Row) -> TournamentRecord:
    found = dict(zip(row.keys(), row, strict=True))
    found["options"] = json.loads(found["options"])
    found["ai_fill"], found["league"] = bool(found["ai_fill"]), bool(found["league"])
    found.pop("updated_at", None)
    return TournamentRecord(**found)


def _entrant(row: Row) -> EntrantRecord:
    return EntrantRecord(
        n=row["n"],
        name=row["name"],
        members=[Member(user_id=u, name=name) for u, name in json.loads(row["members"])],
        rating=row["rating"],
        dropped=bool(row["dropped"]),
    )


def _match(row: Row) -> MatchRecord:
    found = dict(zip(row.keys(), row, strict=True))
    found.pop("tournament_id")
    for column in ("sides", "points", "margins"):
        found[column] = json.loads(found[column]) if found[column] is not None else None
    return MatchRecord(**found)


def _members(entrant: EntrantRecord) -> str:
    return json.dumps([[m.user_id, m.name] for m in entrant.members])


_TOURNAMENT_COLUMNS = (
    "status",
    "round",
    "rounds",
    "message_id",
    "seed",
    "champion",
    "organiser_id",
)
_MATCH_COLUMNS = ("seed", "thread_id", "table_id", "status", "result", "started_at")
_MATCH_JSON = ("points", "margins")


class TournamentRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, record: TournamentRecord) -> TournamentRecord:
        """Store a new tournament (``record.id`` is ignored). Raises DuplicateTournament."""
        r = record
        tournament_id = await insert_id(
            self.db,
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, format, seats,"
            " options, rounds, ai_fill, league, grace, starts_at, status, seed, secret)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?) RETURNING id",
            (
                r.guild_id,
                r.channel_id,
                r.organiser_id,
                r.game,
                r.format,
                r.seats,
                json.dumps(r.options),
                r.rounds,
                int(r.ai_fill),
                int(r.league),
                r.grace,
                r.starts_at,
                r.seed,
                r.secret,
            ),
            DuplicateTournament,
        )
        found = await self.get(tournament_id)
        assert found is not None
        return found.record

    async def get(self, tournament_id: int) -> Tournament | None:
        row = await self.db.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        if row is None:
            return None
        entrants = await self.db.fetch_all(
            "SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY n",
            (tournament_id,),
        )
        matches = await self.db.fetch_all(
            "SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY round, n",
            (tournament_id,),
        )
        return Tournament(
            record=_tournament(row),
            entrants=[_entrant(e) for e in entrants],
            matches=[_match(m) for m in matches],
        )

    async def open_ids(self) -> list[tuple[int, int]]:
        """Every open tournament, as (id, guild id)."""
        rows = await self.db.fetch_all(
            "SELECT id, guild_id FROM tournaments"
            " WHERE status IN ('signup', 'running', 'paused') ORDER BY id"
        )
        return [(int(r[0]), int(r[1])) for r in rows]

    async def open_in(self, guild_id: int, limit: int) -> list[Tournament]:
        """The server's latest open tournaments, at most ``limit``."""
        return await self._latest(guild_id, ("signup", "running", "paused"), limit)

    async def history(self, guild_id: int, limit: int = 10) -> list[Tournament]:
        """The server's latest tournaments that have ended (finished or cancelled)."""
        return await self._latest(guild_id, ("finished", "cancelled"), limit)

    async def _latest(
        self, guild_id: int, statuses: tuple[str, ...], limit: int
    ) -> list[Tournament]:
        rows = await self.db.fetch_all(
            "SELECT id FROM tournaments WHERE guild_id = ?"  # noqa: S608 (only ? are added)
            f" AND status IN ({','.join('?' * len(statuses))}) ORDER BY id DESC LIMIT ?",
            (guild_id, *statuses, limit),
        )
        found = [await self.get(int(r[0])) for r in rows]
        return [t for t in found if t is not None]

    async def save(self, record: TournamentRecord) -> None:
        """Store the tournament's changing columns."""
        sets = ", ".join(f"{c} = ?" for c in _TOURNAMENT_COLUMNS)
        values = [getattr(record, c) for c in _TOURNAMENT_COLUMNS]
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE tournaments SET {sets}, updated_at = ? WHERE id = ?",  # noqa: S608  # column names are ours
                (*values, now(), record.id),
            )

    async def set_entrants(self, tournament_id: int, entrants: list[EntrantRecord]) -> None:
        """Replace the tournament's entrants (a sign-up, a leave, teams drawn at the start)."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ?", (tournament_id,)
            )
            await tx.executemany(
                "INSERT INTO tournament_entrants (tournament_id, n, name, members, rating,"
                " dropped) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (tournament_id, e.n, e.name, _members(e), e.rating, int(e.dropped))
                    for e in entrants
                ],
            )

    async def add_round(self, record: TournamentRecord, matches: list[MatchRecord]) -> None:
        """A new round's matches, and the tournament on that round, in one transaction."""
        async with self.db.transaction() as tx:
            await tx.executemany(
                "INSERT INTO tournament_matches (tournament_id, round, n, sides, seed, status,"
                " result, points) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        record.id,
                        m.round,
                        m.n,
                        json.dumps(m.sides),
                        m.seed,
                        m.status,
                        m.result,
                        json.dumps(m.points) if m.points is not None else None,
                    )
                    for m in matches
                ],
            )
            await tx.execute(
                "UPDATE tournaments SET round = ?, rounds = ?, status = ?, updated_at = ?"
                " WHERE id = ?",
                (record.round, record.rounds, record.status, now(), record.id),
            )

    async def save_match(self, tournament_id: int, match: MatchRecord) -> None:
        sets = ", ".join(f"{c} = ?" for c in (*_MATCH_COLUMNS, *_MATCH_JSON))
        values: list[Any] = [getattr(match, c) for c in _MATCH_COLUMNS]
        values += [
            json.dumps(getattr(match, c)) if getattr(match, c) is not None else None
            for c in _MATCH_JSON
        ]
        async with self.db.transaction() as tx:
            await tx.execute(
                f"UPDATE tournament_matches SET {sets}"  # noqa: S608  # column names are ours
                " WHERE tournament_id = ? AND round = ? AND n = ?",
                (*values, tournament_id, match.round, match.n),
            )

    async def match_of_table(self, table_id: int) -> tuple[int, int, int] | None:
        """The tournament match played at a table: (tournament id, round, n)."""
        row = await self.db.fetch_one(
            "SELECT tournament_id, round, n FROM tournament_matches WHERE table_id = ?",
            (table_id,),
        )
        return (int(row[0]), int(row[1]), int(row[2])) if row else None

    async def open_in_channel(self, channel_id: int) -> int | None:
        """The channel's open tournament's id, if it has one."""
        row = await self.db.fetch_one(
            "SELECT id FROM tournaments WHERE channel_id = ?"
            " AND status IN ('signup', 'running', 'paused')",
            (channel_id,),
        )
        return int(row[0]) if row else None

    async def table_ended(self, table_id: int) -> tuple[str, dict[str, Any] | None]:
        """How a table ended: its status ('playing' while it is not over) and its outcome."""
        row = await self.db.fetch_one(
            "SELECT t.status, m.outcome FROM game_tables t LEFT JOIN matches m"
            " ON m.table_id = t.id WHERE t.id = ?",
            (table_id,),
        )
        if row is None:
            return "abandoned", None
        return str(row[0]), json.loads(row[1]) if row[1] else None

    async def table_of_match(self, match_id: int) -> int | None:
        """The table a stored match result (the league's ``matches``) was played at."""
        row = await self.db.fetch_one("SELECT table_id FROM matches WHERE id = ?", (match_id,))
        return int(row[0]) if row else None

    async def keep_out_of_league(self, match_id: int) -> None:
        """A stored match result that a tournament keeps out of the league: marked so, for
        the league's catch-up at a start and its rebuild too."""
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE matches SET kept_out = 1 WHERE id = ?", (match_id,))

    async def seats_moved(self, table_id: int) -> set[int]:
        """The seats whose person made a move of their own at the table (who showed up)."""
        rows = await self.db.fetch_all(
            "SELECT DISTINCT seat FROM moves WHERE table_id = ? AND by = 'person'", (table_id,)
        )
        return {int(r[0]) for r in rows}
