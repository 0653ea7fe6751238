"""Which database a benchmark's bot runs on: a new SQLite file (the default), the PostgreSQL
database a URL names (``--url postgresql://...``: an empty one the benchmark may fill), or a
throwaway PostgreSQL server started for the run and removed after it (``--postgres``).

The throwaway server is the tests' own (``tests.databases.PostgresServer``): made with the
machine's ``initdb`` and ``postgres``, in a temporary folder, listening only on a unix socket
there, run as ``nobody`` when the benchmark runs as root, and with ``fsync``,
``synchronous_commit`` and ``full_page_writes`` off (nothing waits for the disk: the closest
PostgreSQL comes to SQLite's ``synchronous = NORMAL`` is ``synchronous_commit = off``, and
with ``fsync`` off a commit is cheaper still). The benchmark gets a schema of its own in it,
as a test does. Its CPU time (the server and its backends) is known, so the load benchmark
reports it; a server named by ``--url`` is someone else's and is not measured.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import asyncpg
import psutil

from bot.storage.db import describe
from tests.databases import MISSING, PostgresServer, server_programs


@dataclass(frozen=True)
class BenchDatabase:
    """The database of one run."""

    url: str | None
    """None: a new SQLite file in the run's folder (the bot's default)."""
    kind: str
    """What the report calls it."""
    server_pid: int | None = None
    """The throwaway server's main process (``postgres``), whose CPU time is measured."""

    @property
    def postgresql(self) -> bool:
        return self.url is not None

    def cpu_seconds(self) -> float | None:
        """CPU time (user and system) of the throwaway server and all its processes so far;
        None when it is not ours to measure (SQLite, or a server named by URL)."""
        if self.server_pid is None:
            return None
        try:
            main = psutil.Process(self.server_pid)
            times = main.cpu_times()
            total = times.user + times.system + times.children_user + times.children_system
            for child in main.children(recursive=True):
                try:
                    child_times = child.cpu_times()
                except psutil.NoSuchProcess:
                    continue
                total += child_times.user + child_times.system
        except psutil.NoSuchProcess:
            return None
        return float(total)


SQLITE = BenchDatabase(None, "SQLite (WAL)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--url`` and ``--postgres``, for a benchmark that can run the bot on PostgreSQL."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--url", help="an empty PostgreSQL database to run on (postgresql://...); default SQLite"
    )
    where.add_argument(
        "--postgres",
        action="store_true",
        help="run on a throwaway PostgreSQL server started for the run (fsync off)",
    )


@asynccontextmanager
async def bench_database(
    url: str | None = None, postgres: bool = False
) -> AsyncIterator[BenchDatabase]:
    """The database for a run: ``url``'s, a throwaway server's (``postgres``), or SQLite."""
    if url is not None:
        yield BenchDatabase(url, f"PostgreSQL at {describe(url)}")
    elif postgres:
        async with throwaway_postgres() as database:
            yield database
    else:
        yield SQLITE


@asynccontextmanager
async def throwaway_postgres() -> AsyncIterator[BenchDatabase]:
    """A PostgreSQL server of its own for the run (see the module's docstring)."""
    if server_programs() is None:
        raise SystemExit(MISSING)
    server = PostgresServer()
    try:
        await asyncio.to_thread(server.start)
        assert server.process is not None
        async with server.fresh() as schema:
            conn = await asyncpg.connect(schema.url)
            try:
                version = await conn.fetchval("SHOW server_version")
            finally:
                await conn.close()
            kind = f"PostgreSQL {version.split()[0]} (throwaway server, unix socket, fsync off)"
            yield BenchDatabase(schema.url, kind, server.process.pid)
    finally:
        await asyncio.to_thread(server.stop)
