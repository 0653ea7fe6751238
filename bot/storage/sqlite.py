"""SQLite, the embedded default: WAL mode, foreign keys, numbered migrations applied at start.

One connection serves the whole bot; ``transaction()`` serialises writers (BEGIN IMMEDIATE
behind an asyncio lock) so each accepted move is one atomic commit. The schema's version is
``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.db import (
    Connection,
    Constraints,
    Database,
    DatabaseBusy,
    DatabaseUnusable,
    Row,
    migrations,
)

log = logging.getLogger(__name__)

SCHEME = "sqlite:///"
_FOR_UPDATE = re.compile(r"\s+FOR\s+(NO\s+KEY\s+)?UPDATE\s*$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _sql(sql: str) -> str:
    """A repository's statement as SQLite runs it: the writer holds the whole database, so
    the row locks a trailing FOR [NO KEY] UPDATE asks of PostgreSQL are already held."""
    return _FOR_UPDATE.sub("", sql)


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


_CONSTRAINTS = Constraints(sqlite3.IntegrityError)


class SQLiteConnection(Connection):
    """Statements on the one aiosqlite connection; a broken constraint is an ``IntegrityError``."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _CONSTRAINTS:
            async with self.conn.execute(_sql(sql), params) as cur:
                return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _CONSTRAINTS:
            await self.conn.executemany(_sql(sql), rows)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with _CONSTRAINTS:  # INSERT ... RETURNING
            async with self.conn.execute(_sql(sql), params) as cur:
                row: Row | None = await cur.fetchone()
                return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self.conn.execute(_sql(sql), params) as cur:
            return list(await cur.fetchall())

    async def stream(self, sql: str, params: Sequence[Any] = ()) -> AsyncIterator[Row]:
        async with self.conn.execute(_sql(sql), params) as cur:
            while batch := await cur.fetchmany(1000):
                for row in batch:
                    yield row


class SQLiteDatabase(Database):
    dialect = "sqlite"
    schemes = (SCHEME,)

    def __init__(self, conn: aiosqlite.Connection, name: str) -> None:
        self.conn = conn
        self.name = name
        self._statements = SQLiteConnection(conn)
        self._write = asyncio.Lock()

    @classmethod
    async def connect(
        cls, url: str, *, busy_timeout: float = 5.0, connections: int = 1
    ) -> SQLiteDatabase:
        """Open (or create) the file named by ``sqlite:///path`` (relative to the working
        folder; ``sqlite:////abs/path`` for an absolute one) and bring it up to date.

        Raises DatabaseUnusable, with nothing changed, for a damaged file, one written by a
        newer version, or one the bot cannot write."""
        name = url.removeprefix(SCHEME)
        if not name:
            raise ValueError("a SQLite URL names a file: sqlite:///path/to/tavolo.sqlite3")
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
            db = cls(conn, name)
            await db._check()
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

    async def _check(self) -> None:
        """Refuse a database the bot must not use, before anything is written to it."""
        async with self.conn.execute("PRAGMA quick_check") as cur:
            problem = str((await cur.fetchone() or ["no answer"])[0])
        if problem != "ok":
            raise _damaged(self.name, problem)
        version = await self.version()
        newest = migrations()[-1][0]
        if version > newest:
            raise DatabaseUnusable(
                f"the database {self.name} was written by a newer version of Tavolo (schema"
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

    async def version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        current = await self.version()
        for number, sql in migrations():
            if number > current:
                log.info("applying migration %04d", number)
                await self.conn.executescript(
                    f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                )

    async def tables(self) -> dict[str, list[str]]:
        found = {}
        for row in await self.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite%' ORDER BY name"
        ):
            columns = await self.fetch_all("SELECT name FROM pragma_table_info(?)", (row[0],))
            found[str(row[0])] = [str(c[0]) for c in columns]
        return found

    async def ids_follow_rows(self, tx: Connection) -> None:
        """Nothing to do: a new row's id is one past the highest stored."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._statements.fetch_one(sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._statements.fetch_all(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One atomic write: committed when the block ends, rolled back if it raises.

        Raises DatabaseBusy (and writes nothing) if another program holds the write lock
        for longer than the busy timeout."""
        async with self._write:
            with _CONSTRAINTS:  # at COMMIT
                try:
                    await self.conn.execute("BEGIN IMMEDIATE")
                    yield self._statements
                    await self.conn.execute("COMMIT")
                except BaseException as exc:
                    await self._rollback()
                    if _busy(exc):
                        raise DatabaseBusy(str(exc)) from exc
                    raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """A read transaction: WAL gives it the database as it was when it began."""
        async with self._write:
            await self.conn.execute("BEGIN")
            try:
                await self.conn.execute("SELECT count(*) FROM sqlite_master")  # the snapshot
                yield self._statements
            finally:
                await self._rollback()

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

    async def claim_shards(self, count: int | None, shards: Sequence[int] = ()) -> None:
        """Nothing to hold: a SQLite bot runs all its shards in one process (the settings
        refuse some shards only, which would need a database shared with other processes)."""

    async def close(self) -> None:
        await self.conn.close()


def sqlite_url(path: Path | str) -> str:
    """The URL of a SQLite file."""
    return f"{SCHEME}{path}"
