"""Tables, their moves, scores and results."""

from __future__ import annotations

import json
import logging
from typing import Any

from pydantic import ValidationError

from bot.storage.db import Connection, Database, IntegrityError, Row, from_row, now
from bot.storage.deals import NewDeal, add_deal
from bot.storage.league import open_season_id
from bot.storage.records import (
    DamagedTable,
    GameResult,
    Move,
    MoveBy,
    Score,
    Seat,
    Status,
    TableRecord,
)

log = logging.getLogger(__name__)


class DuplicateTable(Exception):
    """The channel already has an open table."""


class StaleMove(Exception):
    """Another move was committed first: the table's move counter moved on."""


def _seats_json(seats: list[Seat]) -> str:
    return json.dumps([s.model_dump() for s in seats])


def _json(row: Row, column: str) -> Any:
    try:
        return json.loads(row[column])
    except ValueError as exc:  # a JSONDecodeError, or bytes that are no text
        raise ValueError(f"{column}: not JSON ({exc})") from None


def _readable(row: Row) -> TableRecord | str:
    """The row as a record, or what makes it unreadable."""
    try:
        return _record(row)
    except ValidationError as exc:  # where and what, without the values (a state holds a seed)
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
            for e in exc.errors(include_input=False, include_url=False)
        )
    except (ValueError, TypeError) as exc:  # a column not JSON (_json)
        return str(exc)


def _record(row: Row) -> TableRecord:
    return from_row(
        TableRecord,
        row,
        options=_json(row, "options"),
        seats=_json(row, "seats"),
        state=_json(row, "state") if row["state"] else None,
    )


class TableRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        host_id: int,
        options: dict[str, Any],
        seats: list[Seat],
        seed: int,
        secret: str | None = None,
    ) -> TableRecord:
        try:
            async with self.db.transaction() as tx:
                row = await tx.fetch_one(
                    "INSERT INTO game_tables (guild_id, channel_id, game, status, host_id,"
                    " options, seats, seed, secret) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)"
                    " RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        host_id,
                        json.dumps(options),
                        _seats_json(seats),
                        seed,
                        secret,
                    ),
                )
        except IntegrityError:
            raise DuplicateTable from None
        assert row is not None
        record = await self.get(row[0])
        assert record is not None
        return record

    async def get(self, table_id: int) -> TableRecord | None:
        row = await self.db.fetch_one("SELECT * FROM game_tables WHERE id = ?", (table_id,))
        return _record(row) if row else None

    async def open_tables(self) -> list[TableRecord]:
        """Every table in a lobby or playing whose row can be read (``damaged_tables``: the
        others)."""
        return [
            record
            for row in await self._open_rows()
            if isinstance(record := _readable(row), TableRecord)
        ]

    async def damaged_tables(self) -> list[DamagedTable]:
        """Every table in a lobby or playing whose row cannot be read: its channel stays taken
        until it is ended (``end_damaged``)."""
        damaged = []
        for row in await self._open_rows():
            reason = _readable(row)
            if isinstance(reason, TableRecord):
                continue
            try:
                damaged.append(from_row(DamagedTable, row, reason=reason))
            except ValidationError:  # not even its channel: nobody to tell, nothing to end
                log.error("table %s: damaged beyond its channel: %s", row["id"], reason)
        return damaged

    async def end_damaged(self, table_id: int) -> bool:
        """End a damaged open table as abandoned, its moves kept and no match stored (the
        league counts nothing nobody finished); False if it was no longer open."""
        async with self.db.transaction() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET status = 'abandoned', updated_at = ?"
                " WHERE id = ? AND status IN ('lobby', 'playing')",
                (now(), table_id),
            )
        return changed == 1

    async def _open_rows(self) -> list[Row]:
        return await self.db.fetch_all(
            "SELECT * FROM game_tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        )

    async def save_lobby(self, table_id: int, options: dict[str, Any], seats: list[Seat]) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET options = ?, seats = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (json.dumps(options), _seats_json(seats), now(), table_id),
            )

    async def start(
        self,
        table_id: int,
        seats: list[Seat],
        state: dict[str, Any],
        start_nonce: int | None = None,
        shown_in: int | None = None,
    ) -> None:
        """The game started: its seats, first state, the Start interaction's id mixed into its
        shuffle and the board message that showed its commitment."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET status = 'playing', seats = ?, state = ?, moves = 0,"
                " start_nonce = ?, shown_in = ?, updated_at = ? WHERE id = ?",
                (_seats_json(seats), json.dumps(state), start_nonce, shown_in, now(), table_id),
            )

    async def save_seats(self, table_id: int, seats: list[Seat]) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET seats = ?, updated_at = ? WHERE id = ?",
                (_seats_json(seats), now(), table_id),
            )

    async def commit_move(
        self,
        table_id: int,
        move: Move,
        state: dict[str, Any],
        seats: list[Seat],
        scores: list[Score],
        result: GameResult | None = None,
        deal: NewDeal | None = None,
    ) -> int | None:
        """Store one accepted move, the state after it and its scores, atomically; with the
        record of the ``deal`` it ends, and the ``result`` of the game when the move ends it:
        then the table is finished and its match stored in the same transaction, and the
        match's id is returned.

        Raises StaleMove if move ``move.n - 1`` is not the last one stored.
        """
        async with self.db.transaction() as tx:
            changed = await tx.execute(
                "UPDATE game_tables SET state = ?, seats = ?, moves = ?,"
                " updated_at = ? WHERE id = ? AND moves = ?",
                (json.dumps(state), _seats_json(seats), move.n, now(), table_id, move.n - 1),
            )
            if changed != 1:
                raise StaleMove
            await tx.execute(
                "INSERT INTO moves (table_id, n, seat, action, by) VALUES (?, ?, ?, ?, ?)",
                (table_id, move.n, move.seat, move.action, move.by),
            )
            await tx.executemany(
                "INSERT INTO hand_scores (table_id, move_n, seat, kind, points, total)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, move.n, s.seat, s.kind, s.points, s.total) for s in scores],
            )
            if deal is not None:
                await add_deal(tx, table_id, deal)
            if result is None:
                return None
            return await _close_table(
                tx,
                table_id,
                seats,
                "finished",
                result.outcome,
                result.places,
                result.teams,
                result.stats,
            )

    async def match_of(self, table_id: int) -> int | None:
        """The id of the match a finished table's result is stored as, if any."""
        row = await self.db.fetch_one("SELECT id FROM matches WHERE table_id = ?", (table_id,))
        return int(row[0]) if row else None

    async def moves(self, table_id: int) -> list[Move]:
        rows = await self.db.fetch_all(
            "SELECT n, seat, action, by FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        )
        return [Move(n=r["n"], seat=r["seat"], action=r["action"], by=r["by"]) for r in rows]

    async def scores(self, table_id: int) -> list[tuple[int, Score]]:
        rows = await self.db.fetch_all(
            "SELECT move_n, seat, kind, points, total FROM hand_scores WHERE table_id = ?"
            " ORDER BY move_n, seat",
            (table_id,),
        )
        return [
            (
                r["move_n"],
                Score(seat=r["seat"], kind=r["kind"], points=r["points"], total=r["total"]),
            )
            for r in rows
        ]

    async def set_board(self, table_id: int, message_id: int | None) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET board_message_id = ? WHERE id = ?", (message_id, table_id)
            )

    async def boards_drawn(self, drawn: dict[int, int]) -> None:
        """Remember the move each table's board message now shows."""
        async with self.db.transaction() as tx:
            await tx.executemany(
                "UPDATE game_tables SET board_moves = ? WHERE id = ?",
                [(moves, table_id) for table_id, moves in drawn.items()],
            )

    async def finish(
        self,
        record: TableRecord,
        status: Status,
        outcome: dict[str, Any] | None,
        places: dict[int, int] | None,
        teams: list[int] | None = None,
        stats: list[dict[str, Any]] | None = None,
    ) -> int:
        """Close a table (``finished`` with its outcome, or ``abandoned``) and store the match
        in the server's open season: each seat's place, partnership (``teams``, default: each
        seat its own) and scores (``stats``)."""
        async with self.db.transaction() as tx:
            return await _close_table(
                tx, record.id, record.seats, status, outcome, places, teams, stats
            )

    async def cancel_lobby(self, table_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE game_tables SET status = 'abandoned', updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (now(), table_id),
            )


async def _close_table(
    tx: Connection,
    table_id: int,
    seats: list[Seat],
    status: Status,
    outcome: dict[str, Any] | None,
    places: dict[int, int] | None,
    teams: list[int] | None,
    stats: list[dict[str, Any]] | None,
) -> int:
    """Inside a transaction: set the table's final status and seats, and store its match."""
    row = await tx.fetch_one("SELECT guild_id, game FROM game_tables WHERE id = ?", (table_id,))
    assert row is not None, f"no table {table_id}"
    guild_id, game = row["guild_id"], row["game"]
    await tx.execute(
        "UPDATE game_tables SET status = ?, seats = ?, updated_at = ? WHERE id = ?",
        (status, _seats_json(seats), now(), table_id),
    )
    inserted = await tx.fetch_one(
        "INSERT INTO matches (table_id, guild_id, game, abandoned, outcome, season_id,"
        " humans) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            table_id,
            guild_id,
            game,
            int(status == "abandoned"),
            json.dumps(outcome) if outcome is not None else None,
            await open_season_id(tx, guild_id),
            sum(not s.is_ai for s in seats),
        ),
    )
    assert inserted is not None
    match_id = int(inserted[0])
    await tx.executemany(
        "INSERT INTO match_players (match_id, seat, user_id, ai_level, place, name, team,"
        " stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                match_id,
                i,
                s.user_id,
                s.ai,
                places.get(i) if places else None,
                s.name,
                teams[i] if teams else i,
                json.dumps(stats[i]) if stats else None,
            )
            for i, s in enumerate(seats)
        ],
    )
    return match_id


__all__ = ["DuplicateTable", "MoveBy", "StaleMove", "TableRepo"]
