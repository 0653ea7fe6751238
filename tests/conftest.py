"""Fixtures for every test folder: the databases the storage, table manager and league tests
run on (``backend``: each such test runs on SQLite and on PostgreSQL); what the processes the
tests start find in their environment; how many workers ``-n auto`` starts and the order the
tests are handed to them in; and Hypothesis's settings."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.databases import BACKENDS, Backend, PostgresBackend, PostgresServer, SQLiteBackend

# The property tests check what the code does, never how fast: Hypothesis's own deadline
# (200 ms an example, on the real clock) would fail a test whose example a busy machine slowed,
# as "unreliable timings". Speed is the benchmarks' (BENCHMARKS.md).
settings.register_profile("tavolo", deadline=None)
settings.load_profile("tavolo")

SLOW = ("tests/e2e/", "tests/bench/", "tests/web/")
"""The folders whose tests run the real bot, a benchmark or a browser: seconds each."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers for every two cores the run may use. A test that runs the
    real bot waits on real time for about a third of it (the AI's delay, the boards' interval,
    the fake's rate limits), so with a worker a core the cores stood a third idle. What the
    bot must do in time holds on a busier machine by design: it defers an answer it cannot
    give within Discord's three seconds, and counts each send from its answer."""
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None  # Linux
    cores = len(usable) if usable is not None else os.cpu_count() or 1
    return max(1, cores * 3 // 2)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow folders' tests first. xdist's worksteal hands each worker a run of the list
    and lets an idle one take the end of another's: with the slow tests last, the run ended
    on one of them while the other core idled; with the short ones last, they fill the gaps."""
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW))


@pytest.fixture(scope="session", autouse=True)
def started_processes(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[Path]:
    """What the processes the tests start (the bot, its AI workers, the commands) find in
    their environment, as on a machine where the bot is installed; yields the cache folder.

    - The user's cache folder (``XDG_CACHE_HOME``) is one for the whole run, shared by its
      workers, and nothing of the user's own: the shared palette (``bot.gallery.kept_palette``)
      is learnt there by the first start and read back by the others, as by a bot started
      again on one machine.
    - Python keeps the bytecode it compiles (``PYTHONDONTWRITEBYTECODE`` unset, as by
      default): an installed bot has its modules compiled at install; without it each start
      compiled every module of the bot again, a third of a second.
    """
    root = tmp_path_factory.getbasetemp()
    folder = (root if worker_id == "master" else root.parent) / "cache"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        patch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
        yield folder


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server per test process (per xdist worker), started when a test first
    needs it and stopped at the end of the session, whatever the tests did."""
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh, empty database for the test: a SQLite file, or a schema of its own on the
    session's PostgreSQL server (dropped afterwards)."""
    if request.param == "sqlite":
        yield SQLiteBackend(tmp_path / "tavolo.sqlite3")
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    async with server.fresh() as made:
        yield made


@pytest.fixture
async def postgres(postgres_server: PostgresServer) -> AsyncIterator[PostgresBackend]:
    """A fresh, empty database for a test about PostgreSQL only."""
    async with postgres_server.fresh() as made:
        yield made
