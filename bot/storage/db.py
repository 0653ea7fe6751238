"""The database behind the repositories: one protocol, two backends.

``Database.open(where)`` opens SQLite (a file: a ``Path`` or ``sqlite:///path``; the embedded
default) or PostgreSQL (``postgresql://user@host:port/db``, through asyncpg), and brings it up
to date with the numbered migrations of its dialect (``migrations/NNNN_*.sql`` for SQLite,
``migrations/postgresql/NNNN_*.sql`` for PostgreSQL: the same numbers, the same tables).

The repositories write their SQL once, for both, and talk to either through a few calls:

- ``await db.fetch_one(sql, params)`` / ``db.fetch_all(...)``: a read, outside any write;
- ``async with db.transaction() as tx``: one atomic write, committed when the block ends and
  rolled back if it raises; ``tx.execute`` (the number of rows changed), ``tx.executemany``,
  ``tx.fetch_one`` and ``tx.fetch_all`` run inside it.

Their SQL keeps to what both dialects read alike: ``?`` parameters (PostgreSQL's backend
numbers them ``$1, $2...``; a ``?`` inside quotes is left alone), ``INSERT ... RETURNING id``
for a new row's id, ``ON CONFLICT (columns) DO UPDATE SET x = table.x + ...`` with the table
named, timestamps made by ``now()`` below, and ``SELECT ... FOR [NO KEY] UPDATE`` to hold rows that
another bot process may change meanwhile (SQLite's single writer already holds the whole
database, so its backend drops the clause).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar, Protocol, overload

_MIGRATION = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
DIALECTS = ("sqlite", "postgresql")


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """The numbered migrations shipped with the bot for ``dialect``, in order."""
    folder = resources.files("bot.storage.migrations")
    if dialect != "sqlite":
        folder = folder.joinpath(dialect)
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


def now() -> str:
    """The time as the database stores it (UTC, milliseconds): ``2026-11-30T18:04:05.123Z``."""
    moment = datetime.now(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class DatabaseBusy(Exception):
    """Another writer held what this write needed for longer than the busy timeout (SQLite:
    the database's write lock; PostgreSQL: a row or table lock, or every pooled connection);
    nothing was written."""


class DatabaseUnusable(Exception):
    """The bot cannot use the database (damaged, from a newer version, not writable, no
    server to connect to); the message names it, the reason and what to do, on one line."""


class ShardTaken(Exception):
    """Another bot process on this database already runs one of the shards asked for."""


class IntegrityError(Exception):
    """A write broke a constraint (a unique key, a check, a foreign key, a refusing trigger);
    the transaction it was part of is rolled back."""


class Constraints:
    """A ``with`` block in which the driver's broken-constraint error (``driver``) is raised
    as an ``IntegrityError``, with the same message."""

    def __init__(self, driver: type[Exception]) -> None:
        self.driver = driver

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if isinstance(exc, self.driver):
            raise IntegrityError(str(exc)) from exc


class Row(Protocol):
    """One result row, by position or by column name (``sqlite3.Row``, ``asyncpg.Record``)."""

    @overload
    def __getitem__(self, key: str, /) -> Any: ...
    @overload
    def __getitem__(self, key: int, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __len__(self) -> int: ...
    def keys(self) -> Iterable[str]: ...


class Reader(Protocol):
    """What can run a read: a database, or a connection inside a transaction."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class Connection(Reader, Protocol):
    """The statements of one transaction (``Database.transaction``), or of one consistent read
    (``Database.reading``)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    def stream(self, sql: str, params: Sequence[Any] = ()) -> AsyncIterator[Row]:
        """The rows of a large read, a batch at a time."""
        ...


class Database(ABC):
    """An open database: SQLite (``SQLiteDatabase``) or PostgreSQL (``PostgresDatabase``)."""

    dialect: ClassVar[str]
    schemes: ClassVar[tuple[str, ...]]  # the URL prefixes it opens
    _backends: ClassVar[dict[str, type[Database]]] = {}
    name: str  # what messages call it (never a password)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for scheme in cls.schemes:
            Database._backends[scheme] = cls

    @staticmethod
    async def open(
        where: Path | str, *, busy_timeout: float = 5.0, connections: int = 10
    ) -> Database:
        """Open the database (a SQLite file's ``Path``, or a URL: ``sqlite:///path``,
        ``postgresql://...``) and bring it up to date. ``busy_timeout`` is how many seconds a
        write waits for another writer's lock before it fails with DatabaseBusy;
        ``connections`` is the most PostgreSQL connections kept open.

        Raises DatabaseUnusable, with nothing changed, for a database the bot must not use."""
        if isinstance(where, Path):
            where = f"sqlite:///{where}"
        backend = next(
            (cls for scheme, cls in Database._backends.items() if where.startswith(scheme)), None
        )
        if backend is None:
            raise ValueError(f"not a database URL: {describe(where)!r}")
        return await backend.connect(where, busy_timeout=busy_timeout, connections=connections)

    @classmethod
    @abstractmethod
    async def connect(cls, url: str, *, busy_timeout: float, connections: int) -> Database:
        """Open the database at ``url`` (one of ``schemes``) and migrate it."""

    @abstractmethod
    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One atomic write. Raises DatabaseBusy (and writes nothing) if another writer holds
        what it needs for longer than the busy timeout."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """A long read that sees the whole database as it was at one moment (the copy)."""

    @abstractmethod
    async def version(self) -> int:
        """The number of the last migration applied."""

    @abstractmethod
    async def tables(self) -> dict[str, list[str]]:
        """Every table the migrations made, with its columns in order (the version's own
        bookkeeping left out)."""

    @abstractmethod
    async def ids_follow_rows(self, tx: Connection) -> None:
        """After rows were written with their ids (the copy): new rows get ids past them."""

    @abstractmethod
    async def claim_shards(self, count: int | None, shards: Sequence[int] = ()) -> None:
        """Hold ``shards`` of ``count`` (``count`` None: every shard, however many there are)
        for this process until it closes the database, so that no second process runs them
        (two would answer the same clicks), nor one that counts the shards differently.
        Raises ShardTaken.

        Only a shared database (PostgreSQL) needs it: the settings let a SQLite bot run all
        the shards or none, in one process."""

    @abstractmethod
    async def close(self) -> None: ...


def describe(url: str) -> str:
    """A database URL as messages may show it: any password replaced by ``***``."""
    url = re.sub(r"^([a-z]+://[^:/@]*:)[^@/]*@", r"\1***@", url)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url)
