"""What the league's web pages read besides the league: which servers turned them on, who hid
their name from them, and the live tables' boards.

A live table is read with its engine's state, which holds the deal's seed: the pages draw the
public view of it and nothing else leaves the web server (``bot.web.boards``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.storage.db import Database


@dataclass(frozen=True)
class WebServer:
    """A server whose admins turned its pages on."""

    guild_id: int
    name: str
    language: str


@dataclass(frozen=True)
class LiveTable:
    """A table in play, as its list shows it."""

    id: int
    game: str
    status: str
    moves: int
    names: list[str]
    user_ids: list[int | None]


@dataclass(frozen=True)
class LiveBoard(LiveTable):
    """A table with the engine's state after its last move (secret: the seed is in it)."""

    state: dict[str, Any] | None


SHOWN = ("playing", "finished")
"""The tables whose board a page may show: in play, or over (the last board stays up)."""


class WebRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- servers that turned the pages on ------------------------------------------------------

    async def server(self, guild_id: int) -> WebServer | None:
        row = await self.db.fetch_one(
            "SELECT guild_id, name, language FROM league_web WHERE guild_id = ?", (guild_id,)
        )
        return WebServer(int(row[0]), str(row[1]), str(row[2])) if row is not None else None

    async def turn_on(self, guild_id: int, name: str, language: str, chosen: bool = False) -> None:
        """The pages on, under the server's name, in ``language``: the admins' choice
        (``chosen``), else the server's own, which then follows the server's changes."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO league_web (guild_id, name, language, chosen) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name,"
                " language = excluded.language, chosen = excluded.chosen",
                (guild_id, name, language, int(chosen)),
            )

    async def server_changed(self, guild_id: int, name: str, language: str) -> None:
        """The server's new name and language (its own, where the admins chose none)."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE league_web SET name = ?,"
                " language = CASE WHEN chosen = 0 THEN ? ELSE language END WHERE guild_id = ?",
                (name, language, guild_id),
            )

    async def turn_off(self, guild_id: int) -> bool:
        """False if they were off already."""
        async with self.db.transaction() as tx:
            return await tx.execute("DELETE FROM league_web WHERE guild_id = ?", (guild_id,)) > 0

    # -- names hidden from the pages -----------------------------------------------------------

    async def hidden(self, guild_id: int, user_ids: Iterable[int]) -> set[int]:
        """Those of ``user_ids`` who hid their name from the server's pages."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return set()
        rows = await self.db.fetch_all(
            "SELECT user_id FROM league_hidden WHERE guild_id = ?"  # noqa: S608 (only ? are added)
            f" AND user_id IN ({','.join('?' * len(wanted))})",
            (guild_id, *wanted),
        )
        return {int(r[0]) for r in rows}

    async def set_hidden(self, guild_id: int, user_id: int, hidden: bool) -> None:
        async with self.db.transaction() as tx:
            if hidden:
                await tx.execute(
                    "INSERT INTO league_hidden (guild_id, user_id) VALUES (?, ?)"
                    " ON CONFLICT DO NOTHING",
                    (guild_id, user_id),
                )
            else:
                await tx.execute(
                    "DELETE FROM league_hidden WHERE guild_id = ? AND user_id = ?",
                    (guild_id, user_id),
                )

    # -- live tables ---------------------------------------------------------------------------

    async def live_tables(self, guild_id: int, limit: int, offset: int = 0) -> list[LiveTable]:
        """The server's tables in play, the latest started first: at most ``limit`` of them,
        after the first ``offset``."""
        rows = await self.db.fetch_all(
            "SELECT id, game, status, moves, seats FROM game_tables"
            " WHERE guild_id = ? AND status = 'playing' ORDER BY id DESC LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        return [LiveTable(*_table(r)) for r in rows]

    async def board(self, guild_id: int, table_id: int) -> LiveBoard | None:
        """The table's board, if it is the server's and in play or over."""
        row = await self.db.fetch_one(
            "SELECT id, game, status, moves, seats, state FROM game_tables"
            " WHERE id = ? AND guild_id = ? AND status IN (?, ?)",
            (table_id, guild_id, *SHOWN),
        )
        if row is None:
            return None
        state = json.loads(row["state"]) if row["state"] else None
        return LiveBoard(*_table(row), state=state if isinstance(state, dict) else None)

    async def moves(self, guild_id: int, table_id: int) -> tuple[str, int] | None:
        """The table's status and count of moves, while its server's pages are on: what a
        watcher asks again and again (None ends the watch)."""
        row = await self.db.fetch_one(
            "SELECT t.status, t.moves FROM game_tables t JOIN league_web w"
            " ON w.guild_id = t.guild_id WHERE t.id = ? AND t.guild_id = ? AND t.status IN (?, ?)",
            (table_id, guild_id, *SHOWN),
        )
        return (str(row[0]), int(row[1])) if row is not None else None

    async def deals(self, guild_id: int, table_id: int, limit: int) -> list[tuple[str, int]]:
        """The table's finished deals, as (public id, number), the first first, at most
        ``limit``."""
        rows = await self.db.fetch_all(
            "SELECT short_id, deal FROM deal_records WHERE guild_id = ? AND table_id = ?"
            " ORDER BY id LIMIT ?",
            (guild_id, table_id, limit),
        )
        return [(str(r[0]), int(r[1])) for r in rows]


def _table(row: Any) -> tuple[int, str, str, int, list[str], list[int | None]]:
    seats = json.loads(row["seats"])
    return (
        int(row["id"]),
        str(row["game"]),
        str(row["status"]),
        int(row["moves"]),
        [str(s.get("name", "")) for s in seats],
        [s.get("user_id") for s in seats],
    )
