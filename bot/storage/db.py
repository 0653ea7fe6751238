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


class DatabaseUnusable(Exception):
    """The bot cannot use the database (damaged, from a newer version, not writable); the
    message names the file, the reason and what to do, on one line."""


def _code(exc: BaseException) -> int | None:
    """SQLite's primary result code of an error (SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _busy(exc: BaseException) -> bool:
    return _code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _damaged(path: str, reason: str) -> DatabaseUnusable:
    return DatabaseUnusable(
        f"the database {path} is damaged or is not a SQLite database ({reason}). Restore it"
        " from a backup, or move it aside to start with an empty one."
    )


def _unusable(path: str, exc: sqlite3.Error) -> DatabaseUnusable:
    code, reason = _code(exc), str(exc)
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return _damaged(path, reason)
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM):
        text = (
            f"is read-only ({reason}): the bot cannot write it. Let the bot's user write the"
            " file and its folder (SQLite keeps -wal and -shm files beside it)."
        )
    elif code == sqlite3.SQLITE_CANTOPEN:
        text = (
            f"cannot be opened ({reason}): the bot cannot write it or create files beside it."
            " Check that its folder exists and that the bot's user may write there."
        )
    elif _busy(exc):
        text = (
            f"is locked by another program ({reason}). Stop it (is another Tavolo running on"
            " this file?) and start again."
        )
    else:
        text = f"cannot be used ({reason})."
    return DatabaseUnusable(f"the database {path} {text}")


def _open_and_close(name: str) -> None:
    sqlite3.connect(name).close()


class Database:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, busy_timeout: float = 5.0) -> Database:
        """Open (or create) the database and bring it up to date; ``busy_timeout`` is how
        many seconds a statement waits for another program's write lock before it fails.

        Raises DatabaseUnusable, with nothing changed, for a damaged file, one written by a
        newer version, or one the bot cannot write."""
        name = str(path)
        try:
            # Tried first on its own: a connection that fails to open leaves aiosqlite's
            # thread to report to an event loop that may be gone.
            await asyncio.to_thread(_open_and_close, name)
            conn = await aiosqlite.connect(name, isolation_level=None)
        except sqlite3.Error as exc:
            raise _unusable(name, exc) from exc
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute(f"PRAGMA busy_timeout = {round(busy_timeout * 1000)}")
            db = cls(conn)
            await db._check(name)
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await db.migrate()
        except BaseException as exc:
            await conn.close()  # else its thread keeps the process alive
            if isinstance(exc, sqlite3.Error):
                raise _unusable(name, exc) from exc
            raise
        return db

    async def _check(self, name: str) -> None:
        """Refuse a database the bot must not use, before anything is written to it."""
        async with self.conn.execute("PRAGMA quick_check") as cur:
            problem = str((await cur.fetchone() or ["no answer"])[0])
        if problem != "ok":
            raise _damaged(name, problem)
        version = await self._version()
        newest = migrations()[-1][0]
        if version > newest:
            raise DatabaseUnusable(
                f"the database {name} was written by a newer version of Tavolo (schema"
                f" {version}; this version knows schemas up to {newest}). Run the newer"
                " version, or restore a backup taken before the upgrade."
            )
        # A write that changes nothing, rolled back: SQLite opens a file it may not write
        # read-only without a word, and would fail only at the first move.
        await self.conn.execute("BEGIN IMMEDIATE")
        try:
            await self.conn.execute(f"PRAGMA user_version = {version}")
        finally:
            await self.conn.execute("ROLLBACK")

    async def _version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self._version()
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
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException as exc:
                await self._rollback()
                if _busy(exc):
                    raise DatabaseBusy(str(exc)) from exc
                raise

    async def _rollback(self) -> None:
        """Undo the open transaction, if any. The connection's thread runs statements in the
        order they were queued, so this also undoes a BEGIN still waiting for the lock when
        its caller was cancelled (which would otherwise leave the connection inside a
        transaction nobody ends)."""
        try:
            await self.conn.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            if "no transaction is active" not in str(exc):  # it never began, or committed
                raise

    async def close(self) -> None:
        await self.conn.close()
