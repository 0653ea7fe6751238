"""Opening the database: one the bot must not use is refused with a clear reason, nothing
written, and nothing left running (no aiosqlite thread, no PostgreSQL connection).

The first tests are about SQLite files (damaged pages, missing folders), so they run on SQLite
only; the PostgreSQL ones are about servers (not running, a missing database, a login
refused). A schema from a newer version is refused on both."""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.storage import Database, DatabaseUnusable
from bot.storage.db import migrations
from tests import databases
from tests.databases import USER, Backend, PostgresBackend, PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def connection_threads() -> list[threading.Thread]:
    """aiosqlite's connection threads still running once they had a second to stop: one left
    running keeps the process alive."""
    threads = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
    for thread in threads:
        thread.join(1)
    return [t for t in threads if t.is_alive()]


# -- SQLite files ---------------------------------------------------------------------------------


async def test_a_file_that_is_not_a_database_is_refused_and_nothing_is_left_running(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for" * 100)
    with pytest.raises(DatabaseUnusable, match="is damaged or is not a SQLite database"):
        await Database.open(path)
    assert connection_threads() == []
    assert path.read_bytes().startswith(b"these are not")


async def test_a_database_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnusable, match="cannot be opened"):
        await Database.open(tmp_path / "nowhere" / "t.sqlite3")
    assert connection_threads() == []


async def test_a_damaged_page_found_by_the_check_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,) for _ in range(200)])
    conn.commit()
    conn.close()
    with path.open("r+b") as file:  # scribble over a page in the middle, header intact
        file.seek(4096 * 10)
        file.write(b"\xff" * 4096)
    with pytest.raises(DatabaseUnusable, match="is damaged"):
        await Database.open(path)
    assert connection_threads() == []


async def test_a_sqlite_url_names_a_file_relative_or_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    db = await Database.open("sqlite:///here.sqlite3")
    await db.close()
    db = await Database.open(f"sqlite:///{tmp_path}/there.sqlite3")  # sqlite:////tmp/...
    await db.close()
    files = await asyncio.to_thread(lambda: sorted(p.name for p in tmp_path.glob("*.sqlite3")))
    assert files == ["here.sqlite3", "there.sqlite3"]
    with pytest.raises(ValueError, match="not a database URL: 'mysql://me:\\*\\*\\*@db/x'"):
        await Database.open("mysql://me:secret@db/x")


# -- both -------------------------------------------------------------------------------------


async def test_a_database_from_a_newer_version_is_refused_and_left_unchanged(
    backend: Backend,
) -> None:
    await (await backend.open()).close()
    newest = migrations(backend.name)[-1][0]
    await backend.set_version(newest + 5)
    tables = await backend.rows("SELECT count(*) FROM game_tables")
    with pytest.raises(DatabaseUnusable, match=f"newer version.*schema {newest + 5}"):
        await backend.open()
    assert await backend.version() == newest + 5
    assert await backend.rows("SELECT count(*) FROM game_tables") == tables
    assert connection_threads() == []


# -- PostgreSQL servers ---------------------------------------------------------------------------


async def test_processes_starting_together_migrate_an_empty_database_once(
    postgres: PostgresBackend,
) -> None:
    opened = await asyncio.gather(*(postgres.open() for _ in range(3)))
    for db in opened:
        assert await db.version() == migrations("postgresql")[-1][0]
        await db.close()
    assert await postgres.rows("SELECT version FROM schema_version ORDER BY 1") == [
        (n,) for n, _ in migrations("postgresql")
    ]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("where", ["socket", "tcp"])
async def test_a_postgresql_server_that_is_not_running_is_refused(
    tmp_path: Path, where: str
) -> None:
    url = (
        f"postgresql://{USER}@/tavolo?host={tmp_path}"
        if where == "socket"
        else f"postgresql://{USER}:secret@127.0.0.1:{free_port()}/tavolo"
    )
    with pytest.raises(DatabaseUnusable, match=r"cannot be reached.*Is the PostgreSQL server") as e:
        await Database.open(url)
    assert "secret" not in str(e.value)


async def test_a_missing_database_or_an_unknown_user_is_refused(
    postgres_server: PostgresServer,
) -> None:
    folder = postgres_server.folder
    with pytest.raises(DatabaseUnusable, match=r"does not exist.*createdb"):
        await Database.open(f"postgresql://{USER}@/no_such_db?host={folder}")
    with pytest.raises(DatabaseUnusable, match=r"refused the login.*pg_hba\.conf"):
        await Database.open(f"postgresql://nobody_here@/postgres?host={folder}")


async def test_a_read_only_postgresql_database_is_refused(postgres: PostgresBackend) -> None:
    with pytest.raises(DatabaseUnusable, match="is read-only"):
        await Database.open(f"{postgres.url}&default_transaction_read_only=on")


def run_bot(tmp_path: Path, url: str) -> tuple[int, str]:
    """``python -m bot`` on ``url`` (no Discord is reached: the database is opened first)."""
    config = tmp_path / "config.toml"
    config.write_text(
        f'[discord]\ntoken = "t"\napi_base = "http://127.0.0.1:9/api"\n[database]\nurl = "{url}"\n',
        encoding="utf-8",
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAVOLO_", "DISCORD_"))}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--config", str(config)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    return done.returncode, done.stderr


async def test_the_bot_stops_with_one_line_and_code_2_on_an_unusable_postgresql_database(
    tmp_path: Path, postgres: PostgresBackend
) -> None:
    """As e2e/test_bad_database does for SQLite files, without Discord."""
    code, stderr = run_bot(tmp_path, f"postgresql://{USER}@127.0.0.1:{free_port()}/tavolo")
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert stderr.startswith("tavolo: the database postgresql://") and "cannot be reached" in stderr

    await (await postgres.open()).close()
    await postgres.set_version(migrations("postgresql")[-1][0] + 1)
    code, stderr = run_bot(tmp_path, postgres.url)
    assert code == 2 and stderr.count("\n") == 1, stderr
    assert "newer version of Tavolo" in stderr


def test_without_postgresqls_programs_the_tests_fail_saying_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tests that need a server fail (never skip) on a machine without one."""
    monkeypatch.setattr(shutil, "which", lambda name: None)  # as tests.databases calls them
    monkeypatch.setattr(glob, "glob", lambda pattern: [])
    with pytest.raises(pytest.fail.Exception, match="apt-get install postgresql"):
        databases.PostgresServer()
