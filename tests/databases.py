"""The databases the storage, table manager and league tests run on: a SQLite file in the
test's temporary folder, and a fresh database on a real PostgreSQL server.

``PostgresServer`` is a throwaway server made from the machine's binaries (``initdb`` and
``postgres``, on PATH or in Debian's /usr/lib/postgresql/*/bin): its data folder is a temporary
one, it listens only on a unix socket there, with fsync off. PostgreSQL refuses to run as
root, so when the tests do, it runs as an unprivileged user (``nobody``) through ``setpriv``,
which also makes it stop if the test process dies. Missing binaries fail the tests that need
them, with a message saying what to install: they are never skipped.

Each test gets a schema of its own in the server's ``postgres`` database (``CREATE SCHEMA`` takes
milliseconds where ``CREATE DATABASE`` takes a quarter of a second or more on a busy machine,
whether from template1 or from a migrated template); the URL names it as the connection's
``search_path``, so the bot's code sees an empty database of its own and migrates it.

``Backend`` is one test's database with what the tests do to it "from outside", as another
program would: hold its write lock, make every new row of a table fail, read and write rows.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import Database
from bot.storage.db import migrations
from bot.storage.postgres import SCHEMA_VERSION, numbered

BACKENDS = ("sqlite", "postgresql")
MISSING = (
    "PostgreSQL's server programs (initdb, postgres) were not found on PATH or in"
    " /usr/lib/postgresql/*/bin: the storage tests run on PostgreSQL too. Install them"
    " (Debian: apt-get install postgresql; .ci/run does it) or put their folder on PATH."
)
USER = "tavolo"  # the server's superuser; the socket lets it in without a password
DATABASE = "postgres"  # the one every server has: the tests' schemas are made in it


def server_programs() -> Path | None:
    """The folder holding initdb and postgres, or None."""
    found = shutil.which("initdb")
    folders = [Path(found).parent] if found else []
    folders += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in folders:
        if (folder / "initdb").exists() and (folder / "postgres").exists():
            return folder
    return None


class PostgresServer:
    """A PostgreSQL server of its own in a temporary folder (see the module's docstring)."""

    def __init__(self) -> None:
        programs = server_programs()
        if programs is None:
            pytest.fail(MISSING, pytrace=False)
        self.programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="tavolo-pg-"))
        self.process: subprocess.Popen[bytes] | None = None
        self.schemas = itertools.count(1)
        self.as_user: list[str] = []
        self.runs = 0  # times the server was started and became ready
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            nobody = pwd.getpwnam("nobody")
            os.chown(self.folder, nobody.pw_uid, nobody.pw_gid)
            self.as_user = [
                "setpriv",
                f"--reuid={nobody.pw_uid}",
                f"--regid={nobody.pw_gid}",
                "--clear-groups",
            ]
        self.folder.chmod(0o700)

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def start(self) -> None:
        """Make a new data folder (initdb) and run the server on it."""
        data = self.folder / "data"
        subprocess.run(
            [
                *self.as_user,
                str(self.programs / "initdb"),
                "--pgdata",
                str(data),
                "--username",
                USER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
        )
        self.run()

    def run(self) -> None:
        """Start the server on its data folder (made by ``start``)."""
        data = self.folder / "data"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    *self.as_user,
                    *(["--pdeathsig", "TERM"] if self.as_user else []),
                    str(self.programs / "postgres"),
                    "-D",
                    str(data),
                    "-c",
                    "listen_addresses=",
                    "-c",
                    f"unix_socket_directories={self.folder}",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        ready = b"ready to accept connections"
        while self.log.read_bytes().count(ready) <= self.runs:
            assert self.process is not None
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start:\n{self.log.read_text()}")
            time.sleep(0.02)
        self.runs += 1

    def halt(self) -> None:
        """Fast shutdown (then a kill), keeping the data: ``run`` starts it again."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def stop(self) -> None:
        """Halt, and the folder removed; safe to call twice."""
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)

    def connect_args(self, schema: str | None = None) -> dict[str, Any]:
        settings = {"search_path": schema} if schema else {}
        return {
            "host": str(self.folder),
            "user": USER,
            "database": DATABASE,
            "server_settings": settings,
        }

    def url(self, schema: str) -> str:
        return f"postgresql://{USER}@/{DATABASE}?host={self.folder}&search_path={schema}"

    @asynccontextmanager
    async def fresh(self) -> AsyncIterator[PostgresBackend]:
        """A new, empty schema as a test's database; dropped on leaving."""
        name = f"test_{os.getpid()}_{next(self.schemas)}"
        await self._execute(f"CREATE SCHEMA {name}")
        try:
            yield PostgresBackend(self, name)
        finally:
            await self._execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")

    async def _execute(self, sql: str) -> None:
        conn = await asyncpg.connect(**self.connect_args())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()


class Backend(ABC):
    """One test's database, empty until a test opens it (``open`` migrates it)."""

    name: str
    url: str

    async def open(self, **options: Any) -> Database:
        return await Database.open(self.url, **options)

    @abstractmethod
    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        """One statement (``?`` parameters), committed at once, by another program."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """A read by another program."""

    @abstractmethod
    async def refuse(self, table: str, refuse: bool = True) -> None:
        """Make every new row of ``table`` fail (``moves``: a move's commit; ``matches``: the
        result's part of a game's last commit), as a full disk would; or stop it. The error
        says "<table> refused"."""

    @abstractmethod
    def locked(self) -> Any:
        """``async with backend.locked():`` another program holds the database's write lock
        (SQLite) or every table's (PostgreSQL: EXCLUSIVE, which lets reads through)."""

    @abstractmethod
    async def at_version(self, version: int) -> None:
        """Make the (not yet opened) database as an older Tavolo left it: the migrations up
        to ``version`` applied."""

    @abstractmethod
    async def set_version(self, version: int) -> None:
        """Claim the schema is ``version`` (a newer Tavolo's, say)."""

    @abstractmethod
    async def version(self) -> int: ...


class SQLiteBackend(Backend):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.url = f"sqlite:///{path}"

    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        conn = sqlite3.connect(self.path)
        try:
            conn.execute(sql, params)
            conn.commit()
        finally:
            conn.close()

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        conn = sqlite3.connect(self.path)
        try:
            return [tuple(r) for r in conn.execute(sql, params).fetchall()]
        finally:
            conn.close()

    async def refuse(self, table: str, refuse: bool = True) -> None:
        if refuse:
            await self.run(
                f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
                f" BEGIN SELECT RAISE(ABORT, '{table} refused'); END"
            )
        else:
            await self.run(f"DROP TRIGGER refuse_{table}")

    @asynccontextmanager
    async def locked(self) -> AsyncIterator[None]:
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield
            conn.execute("ROLLBACK")
        finally:
            conn.close()

    async def at_version(self, version: int) -> None:
        conn = sqlite3.connect(self.path)
        try:
            for number, sql in migrations("sqlite"):
                if number <= version:
                    conn.executescript(f"BEGIN;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
        finally:
            conn.close()

    async def set_version(self, version: int) -> None:
        await self.run(f"PRAGMA user_version = {version}")

    async def version(self) -> int:
        ((found,),) = await self.rows("PRAGMA user_version")
        return int(found)


class PostgresBackend(Backend):
    name = "postgresql"

    def __init__(self, server: PostgresServer, schema: str) -> None:
        self.server = server
        self.schema = schema
        self.url = server.url(schema)

    async def _connect(self) -> asyncpg.Connection:
        return await asyncpg.connect(**self.server.connect_args(self.schema))

    async def run(self, sql: str, params: Sequence[Any] = ()) -> None:
        conn = await self._connect()
        try:
            await conn.execute(numbered(sql), *params)
        finally:
            await conn.close()

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        conn = await self._connect()
        try:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *params)]
        finally:
            await conn.close()

    async def refuse(self, table: str, refuse: bool = True) -> None:
        conn = await self._connect()
        try:
            if refuse:
                await conn.execute(
                    "CREATE OR REPLACE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql"
                    " AS $$ BEGIN RAISE EXCEPTION '% refused', TG_TABLE_NAME"
                    " USING ERRCODE = 'integrity_constraint_violation'; END $$"
                )
                await conn.execute(
                    f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
                    " FOR EACH ROW EXECUTE FUNCTION refuse_row()"
                )
            else:
                await conn.execute(f"DROP TRIGGER refuse_{table} ON {table}")
        finally:
            await conn.close()

    @asynccontextmanager
    async def locked(self) -> AsyncIterator[None]:
        conn = await self._connect()
        try:
            tables = [
                r[0]
                for r in await conn.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                )
            ]
            async with conn.transaction():
                await conn.execute(f"LOCK TABLE {', '.join(tables)} IN EXCLUSIVE MODE")
                yield
        finally:
            await conn.close()

    async def at_version(self, version: int) -> None:
        conn = await self._connect()
        try:
            async with conn.transaction():
                await conn.execute(SCHEMA_VERSION)
                for number, sql in migrations("postgresql"):
                    if number <= version:
                        await conn.execute(sql)
                        await conn.execute(
                            "INSERT INTO schema_version (version) VALUES ($1)", number
                        )
        finally:
            await conn.close()

    async def set_version(self, version: int) -> None:
        await self.run("INSERT INTO schema_version (version) VALUES (?)", (version,))

    async def version(self) -> int:
        ((found,),) = await self.rows("SELECT max(version) FROM schema_version")
        return int(found)
