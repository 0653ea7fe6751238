"""Opening the database: a file the bot must not use is refused with a clear reason, nothing
written, and no connection thread left behind to keep the process alive."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from bot.storage import Database, DatabaseUnusable
from bot.storage.db import migrations


def connection_threads() -> list[threading.Thread]:
    """aiosqlite's connection threads still running once they had a second to stop: one left
    running keeps the process alive."""
    threads = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
    for thread in threads:
        thread.join(1)
    return [t for t in threads if t.is_alive()]


async def test_a_file_that_is_not_a_database_is_refused_and_nothing_is_left_running(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    path.write_bytes(b"these are not the tables you are looking for" * 100)
    with pytest.raises(DatabaseUnusable, match="is damaged or is not a SQLite database"):
        await Database.open(path)
    assert connection_threads() == []
    assert path.read_bytes().startswith(b"these are not")


async def test_a_database_from_a_newer_version_is_refused_and_left_unchanged(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    await (await Database.open(path)).close()
    newest = migrations()[-1][0]
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {newest + 5}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseUnusable, match=f"newer version.*schema {newest + 5}"):
        await Database.open(path)
    assert path.read_bytes() == before


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
