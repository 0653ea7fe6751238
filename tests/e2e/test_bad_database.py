"""A database the bot cannot use stops it at once, before it goes online, with one clear line
on stderr and exit code 2 (as a broken configuration does): a damaged file, one written by a
newer version, one it cannot write. The real ``python -m bot --config PATH`` process."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.storage import Database, TableRepo
from bot.storage.db import migrations
from bot.storage.records import Seat
from fakediscord import FakeDiscord

from .botprocess import PROJECT_ROOT, BotProcess, to_toml

pytestmark = pytest.mark.e2e


@pytest.fixture
async def bot_process(discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    """On a SQLite file only: these tests damage the file itself (PostgreSQL's own faults
    are in tests/storage)."""
    process = BotProcess(discord, tmp_path)
    yield process
    await process.close()


async def good_database(path: Path) -> None:
    """A database as the bot leaves it: every migration, a few tables."""
    db = await Database.open(path)
    repo = TableRepo(db)
    for channel in range(20):
        seats = [Seat(name="Ann", user_id=1), Seat(name="AI", ai="easy")]
        await repo.create(1, channel, "cento", 1, {"allow_negative": True}, seats, seed=channel)
    await db.close()


def write_config(bot: BotProcess) -> None:
    bot.config_path.write_text(to_toml(bot.config()) + "\n", encoding="utf-8")


async def run_to_exit(bot: BotProcess) -> tuple[int, str]:
    """Run the bot until it exits by itself (it must, within seconds): its code and stderr."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAVOLO_", "DISCORD_"))}
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--config",
        str(bot.config_path),
        cwd=PROJECT_ROOT,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), 20)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError("the bot did not exit within 20 s") from None
    assert process.returncode is not None
    return process.returncode, stderr.decode()


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tavolo: "), stderr
    return lines[0]


@pytest.mark.parametrize("damage", ["truncated", "garbage"])
async def test_a_damaged_database_stops_the_bot_with_a_message(
    discord: FakeDiscord, bot_process: BotProcess, damage: str
) -> None:
    path = bot_process.db_path
    if damage == "truncated":
        await good_database(path)
        with path.open("r+b") as file:
            file.truncate(path.stat().st_size // 2)
    else:
        path.write_bytes(random.Random(7).randbytes(64 * 1024))
    write_config(bot_process)
    code, stderr = await run_to_exit(bot_process)
    line = one_line(stderr)
    assert code == 2 and str(path) in line and "damaged" in line and "backup" in line
    assert "Traceback" not in stderr
    assert (await discord.status())["identifies"] == 0  # it stopped before going online


async def test_a_database_from_a_newer_version_is_refused(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    path = bot_process.db_path
    await good_database(path)
    newest = migrations()[-1][0]
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {newest + 1}")
    conn.commit()
    conn.close()
    write_config(bot_process)
    code, stderr = await run_to_exit(bot_process)
    line = one_line(stderr)
    assert code == 2 and str(path) in line and "newer version" in line
    assert f"{newest + 1}" in line and f"{newest}" in line
    conn = sqlite3.connect(path)  # left as it was
    assert conn.execute("PRAGMA user_version").fetchone()[0] == newest + 1
    conn.close()


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make ``path`` (the database file, or its folder) truly read-only for the bot.

    Permissions do not bind root, so a root test run sets the immutable attribute instead
    (chattr +i), which the kernel enforces for root too; otherwise the mode is enough."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("running as root without chattr: cannot make a file read-only for root")
    made = subprocess.run([chattr, "+i", str(path)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"running as root, and chattr +i failed: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


@pytest.mark.parametrize("what", ["file", "folder", "missing folder"])
async def test_a_database_the_bot_cannot_write_stops_it_with_a_message(
    discord: FakeDiscord, tmp_path: Path, what: str
) -> None:
    folder = tmp_path / "data"
    bot = BotProcess(discord, tmp_path)
    bot.db_path = folder / "tavolo.sqlite3"
    write_config(bot)
    if what == "missing folder":
        code, stderr = await run_to_exit(bot)
    else:
        folder.mkdir()
        await good_database(bot.db_path)
        with read_only(bot.db_path if what == "file" else folder):
            code, stderr = await run_to_exit(bot)
    line = one_line(stderr)
    assert code == 2 and str(bot.db_path) in line and "write" in line
    assert (await discord.status())["identifies"] == 0
