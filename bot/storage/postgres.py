"""PostgreSQL through asyncpg: a pool of connections, numbered migrations applied at start.

Several bot processes may share one database. Each table belongs to one server and so to one
process, but the league (seasons, standings, ratings) is shared, so its writers lock the rows
they read and then change (``SELECT ... FOR NO KEY UPDATE``) at PostgreSQL's default isolation, READ
COMMITTED: a second writer waits for the first and then sees what it wrote. A write that waits
longer than the busy timeout for a lock (``lock_timeout``), or for a free connection, fails
with DatabaseBusy and writes nothing, as on SQLite; so does a deadlock or a serialization
failure (the whole transaction was rolled back), or the server going away (a restart, a
failover, the network), and the caller tries again as it does for a locked SQLite file; the
pool reconnects when the server is back. The schema's version is the highest number in
``schema_version``; migrations run in one transaction under an advisory lock, so processes
starting together apply each one once.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import asyncpg

from bot.storage.db import (
    Connection,
    Constraints,
    Database,
    DatabaseBusy,
    DatabaseUnusable,
    Row,
    ShardTaken,
    describe,
    migrations,
)

log = logging.getLogger(__name__)

if TYPE_CHECKING:  # generic in asyncpg-stubs only
    from asyncpg.pool import PoolConnectionProxy

    Pooled = PoolConnectionProxy[asyncpg.Record]

CONNECT_TIMEOUT = 10.0  # seconds to reach the server and log in
MIGRATION_LOCK = 0x7461766F6C6F  # pg_advisory_xact_lock key while migrating ("tavolo")
SHARD_LOCKS = 0x74766C6F  # pg_advisory_lock(SHARD_LOCKS, shard): a shard's process ("tvlo")
EVERY_SHARD = -1  # (SHARD_LOCKS, -1): exclusive for a process running all, else shared
SHARD_COUNTS = 0x74766C63  # pg_advisory_lock_shared(SHARD_COUNTS, shard_count) ("tvlc")
SCHEMA_VERSION = """
CREATE TABLE schema_version (
    version INTEGER PRIMARY KEY,      -- a migration applied; the highest is the schema's
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
)
"""
# Waited too long for a lock, or rolled back by the server to resolve a conflict: nothing
# was written, and the same write may succeed when tried again.
_BUSY = (
    asyncpg.LockNotAvailableError,
    asyncpg.DeadlockDetectedError,
    asyncpg.SerializationError,
)
# The server is gone or not taking connections yet (shutting down, restarting, unreachable):
# a transaction under way is rolled back by the server, and the pool reconnects when it can.
# Only a connection lost while its COMMIT is on the way leaves the write in doubt; if it was
# made after all, the table's next write finds it (StaleMove), and the table manager takes
# the stored table in.
_GONE = (
    OSError,  # refused, reset, no route; TimeoutError too
    asyncpg.PostgresConnectionError,  # including a connection closed in mid-operation
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.CannotConnectNowError,
)

# What may hold a '?' that is no parameter: quoted text, quoted names, comments.
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|--[^\n]*|/\*.*?\*/|\?|\$", re.DOTALL)


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """A statement written with ``?`` parameters as PostgreSQL takes it, ``$1, $2...`` in
    order; a ``?`` inside quotes or a comment is left as it is. (So the jsonb operators
    ``?``, ``?|`` and ``?&`` cannot be written: the columns are TEXT.)"""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group()
        if token == "$":  # noqa: S105 (a token of SQL, not a secret)
            raise ValueError(f"write ? parameters, not $n or $$ quotes: {sql!r}")
        if token != "?":  # noqa: S105 (a token of SQL, not a secret)
            return token
        count += 1
        return f"${count}"

    return _TOKEN.sub(number, sql)


def _changed(status: str) -> int:
    """The rows a statement changed, from its status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


_CONSTRAINTS = Constraints(asyncpg.IntegrityConstraintViolationError)


class PostgresConnection(Connection):
    """Statements on one pooled connection, inside a transaction."""

    def __init__(self, conn: Pooled) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _CONSTRAINTS:
            return _changed(await self.conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if not rows:
            return
        with _CONSTRAINTS:
            await self.conn.executemany(numbered(sql), rows)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with _CONSTRAINTS:  # INSERT ... RETURNING
            row: Row | None = await self.conn.fetchrow(numbered(sql), *params)
            return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *params))

    async def stream(self, sql: str, params: Sequence[Any] = ()) -> AsyncIterator[Row]:
        async for record in self.conn.cursor(numbered(sql), *params, prefetch=1000):
            yield record


def _unusable(name: str, exc: BaseException) -> DatabaseUnusable:
    reason = str(exc) or type(exc).__name__
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        text = (
            f"refused the login ({reason}). Check the user and password in database.url and"
            " the server's pg_hba.conf."
        )
    elif isinstance(exc, asyncpg.InvalidCatalogNameError):
        text = f"does not exist ({reason}). Create it first (createdb -O USER NAME)."
    elif isinstance(exc, asyncpg.InsufficientPrivilegeError):
        text = (
            f"cannot be written by the bot's user ({reason}). Make the user the database's"
            " owner, or grant it what it lacks."
        )
    elif isinstance(exc, OSError | TimeoutError | asyncpg.CannotConnectNowError):
        text = (
            f"cannot be reached ({reason}). Is the PostgreSQL server running, and are the"
            " host and port in database.url right?"
        )
    else:
        text = f"cannot be used ({reason})."
    return DatabaseUnusable(f"the database {name} {text}")


async def _nothing_to_reset(conn: object) -> None:
    """What a connection back in the pool needs beyond what asyncpg always does (roll back an
    open transaction): nothing. The bot never changes a session's settings (lock_timeout
    comes with the connection), takes advisory locks only for a transaction, and closes its
    cursors with their transactions; so the default RESET ALL, UNLISTEN, CLOSE ALL round trip
    after every transaction is spared."""


class PostgresDatabase(Database):
    dialect = "postgresql"
    schemes = ("postgresql://", "postgres://")

    def __init__(self, pool: asyncpg.Pool, url: str, busy_timeout: float) -> None:
        self.pool = pool
        self._url = url
        self.name = describe(url)
        self.busy_timeout = busy_timeout
        self._shards: asyncpg.Connection | None = None  # holds the shards' locks

    @classmethod
    async def connect(
        cls, url: str, *, busy_timeout: float = 5.0, connections: int = 10
    ) -> PostgresDatabase:
        """Connect a pool of up to ``connections`` to ``url`` and bring the schema up to date.

        Raises DatabaseUnusable, with nothing changed, if the server cannot be reached or
        refuses the login, the database is missing or read-only, or its schema is newer."""
        name = describe(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=connections,
                timeout=CONNECT_TIMEOUT,
                # 0 would mean "wait for ever" to PostgreSQL, and "not at all" to SQLite.
                server_settings={
                    "lock_timeout": f"{max(1, round(busy_timeout * 1000))}ms",
                    "application_name": "tavolo",
                },
                reset=_nothing_to_reset,
            )
        except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
            raise _unusable(name, exc) from exc
        db = cls(pool, url, busy_timeout)
        try:
            await db._check()
            await db.migrate()
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, OSError | TimeoutError | asyncpg.PostgresError):
                raise _unusable(name, exc) from exc
            raise
        return db

    async def _check(self) -> None:
        if await self.pool.fetchval("SELECT current_setting('transaction_read_only')") == "on":
            raise DatabaseUnusable(
                f"the database {self.name} is read-only (a standby server, or"
                " default_transaction_read_only is on): the bot cannot write it."
            )

    async def migrate(self) -> None:
        """Apply the migrations this database lacks, all in one transaction."""
        newest = migrations(self.dialect)[-1][0]
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            version = await self._version(conn)
            if version > newest:
                raise DatabaseUnusable(
                    f"the database {self.name} was written by a newer version of Tavolo"
                    f" (schema {version}; this version knows schemas up to {newest}). Run the"
                    " newer version, or restore a backup taken before the upgrade."
                )
            if version == 0 and not await conn.fetchval("SELECT to_regclass('schema_version')"):
                await conn.execute(SCHEMA_VERSION)
            for number, sql in migrations(self.dialect):
                if number > version:
                    log.info("applying migration %04d", number)
                    await conn.execute(sql)
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    @staticmethod
    async def _version(conn: Pooled) -> int:
        if not await conn.fetchval("SELECT to_regclass('schema_version')"):
            return 0
        return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))

    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await self._version(conn)

    async def tables(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for row in await self.fetch_all(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name <> 'schema_version'"
            " ORDER BY table_name, ordinal_position"
        ):
            found.setdefault(str(row[0]), []).append(str(row[1]))
        return found

    async def ids_follow_rows(self, tx: Connection) -> None:
        """Set each identity column's sequence past the highest id stored."""
        for table, column in await tx.fetch_all(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"
        ):
            await tx.execute(
                # Names read from the schema itself, never from input (S608).
                f"SELECT setval(pg_get_serial_sequence(?, ?), coalesce(max({column}), 0) + 1,"  # noqa: S608
                f" false) FROM {table}",
                (table, column),
            )

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = await self.pool.fetchrow(numbered(sql), *params)
        except _GONE as exc:
            raise self._gone(exc) from exc
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self.pool.fetch(numbered(sql), *params))
        except _GONE as exc:
            raise self._gone(exc) from exc

    async def _acquire(self) -> Pooled:
        try:
            return await self.pool.acquire(timeout=max(self.busy_timeout, 0.05))
        except TimeoutError as exc:
            raise DatabaseBusy(
                f"every one of the database's {self.pool.get_max_size()} connections stayed"
                f" busy for {self.busy_timeout:g} s"
            ) from exc
        except _GONE as exc:
            raise self._gone(exc) from exc

    def _gone(self, exc: BaseException) -> DatabaseBusy:
        return DatabaseBusy(
            f"the database server {self.name} cannot be reached just now"
            f" ({str(exc) or type(exc).__name__})"
        )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One atomic write on a pooled connection: committed when the block ends, rolled
        back if it raises (or is cancelled).

        Raises DatabaseBusy (and writes nothing) if a lock it needs stays held by another
        writer for longer than the busy timeout, or the server rolled it back to end a
        deadlock or a serialization conflict."""
        conn = await self._acquire()
        with _CONSTRAINTS:  # a deferred check, at COMMIT
            try:
                async with conn.transaction():
                    yield PostgresConnection(conn)
            except _BUSY as exc:
                raise DatabaseBusy(f"the database is locked by another writer ({exc})") from exc
            except _GONE as exc:
                raise self._gone(exc) from exc
            finally:
                await self.pool.release(conn)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        """A read-only REPEATABLE READ transaction: one snapshot for every statement."""
        conn = await self._acquire()
        try:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield PostgresConnection(conn)
        except _GONE as exc:
            raise self._gone(exc) from exc
        finally:
            await self.pool.release(conn)

    async def claim_shards(self, count: int | None, shards: Sequence[int] = ()) -> None:
        """Session-level advisory locks on a connection of their own, held until the database
        is closed: a process that dies lets its shards go with its connection. A process
        running every shard (``count`` None) holds ``EVERY_SHARD`` alone; one running some
        of ``count`` shards shares it with the others, shares a lock naming ``count`` (so a
        process started with another count is seen), and holds a lock per shard."""
        conn = self._shards or await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT)
        held: list[tuple[str, int, int]] = []  # taken by this call: let go if it fails

        async def take(kind: str, key: int, value: int) -> bool:
            taken = await conn.fetchval(f"SELECT pg_try_advisory_lock{kind}($1, $2)", key, value)
            if taken:
                held.append((kind, key, value))
            return bool(taken)

        try:
            if not await take("" if count is None else "_shared", SHARD_LOCKS, EVERY_SHARD):
                raise ShardTaken(
                    f"another Tavolo process already runs shards on the database {self.name}:"
                    " to run several, give each [discord] shard_count and shard_ids of its own"
                    if count is None
                    else f"another Tavolo process on the database {self.name} runs every"
                    " shard (it has no [discord] shard_count): stop it, or give it shard_ids"
                )
            if count is not None:
                await take("_shared", SHARD_COUNTS, count)
                other = await conn.fetchval(
                    "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1"
                    " AND objsubid = 2 AND objid <> $2 AND database ="
                    " (SELECT oid FROM pg_database WHERE datname = current_database()) LIMIT 1",
                    SHARD_COUNTS,
                    count,
                )
                if other is not None:
                    raise ShardTaken(
                        f"another Tavolo process on the database {self.name} runs with"
                        f" shard_count = {other}, this one with {count}: give every process"
                        " the same shard_count"
                    )
            for shard in shards:
                if not await take("", SHARD_LOCKS, shard):
                    raise ShardTaken(
                        f"shard {shard} is already run by another Tavolo process on the"
                        f" database {self.name}: give each process shards of its own"
                        " ([discord] shard_ids)"
                    )
        except BaseException:
            if conn is not self._shards:
                await conn.close()
            else:
                for kind, key, value in reversed(held):
                    await conn.execute(f"SELECT pg_advisory_unlock{kind}($1, $2)", key, value)
            raise
        self._shards = conn

    async def close(self) -> None:
        if self._shards is not None:
            await self._shards.close()
            self._shards = None
        await self.pool.close()
