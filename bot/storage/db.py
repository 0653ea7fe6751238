"""The SQLite connection: WAL mode, foreign keys, numbered migrations applied at start.

One connection serves the whole bot; ``transaction()`` serialises writers so each
accepted move is one atomic commit.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str]]:
    """The numbered migrations shipped with the bot, in order."""
    found = []
    for entry in resources.files("bot.storage.migrations").iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


class DatabaseBusy(Exception):
    """Another program held the database's write lock for longer than the busy timeout;
    nothing was written."""


def _busy(exc: BaseException) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return (
        isinstance(exc, sqlite3.OperationalError)
        and code is not None
        and code & 0xFF
        in (
            sqlite3.SQLITE_BUSY,
            sqlite3.SQLITE_LOCKED,
        )
    )


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout: float = 5.0) -> Database:
        """Open (or create) the database; ``busy_timeout`` is how many seconds a statement
        waits for another program's write lock before it fails."""
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA synchronous = NORMAL")
        db = cls(conn)
        await db.migrate()
        return db

    async def migrate(self) -> None:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = int(row[0]) if row else 0
        for number, sql in migrations():
            if number > current:
                log.info("applying migration %04d", number)
                await self.conn.executescript(
                    f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One atomic write: committed when the block ends, rolled back if it raises.

        Raises DatabaseBusy (and writes nothing) if another program holds the write lock
        for longer than the busy timeout."""
        async with self._write:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if _busy(exc):
                    raise DatabaseBusy(str(exc)) from exc
                raise
            try:
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                if _busy(exc):
                    raise DatabaseBusy(str(exc)) from exc
                raise

    async def close(self) -> None:
        await self.conn.close()
