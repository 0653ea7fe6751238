"""``python -m bot web``: the pages in a process of their own, over the bot's database."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

from aiohttp import ClientConnectorError, ClientSession

from bot.__main__ import EXIT_CONFIG, main
from bot.storage import Database
from tests.web.support import GUILD, PRIVATE, a_league


def test_a_configuration_that_cannot_be_used_is_refused(tmp_path: Path) -> None:
    assert main(["web", "--config", str(tmp_path / "missing.toml")]) == EXIT_CONFIG
    bad = tmp_path / "bad.toml"
    bad.write_text('[web]\npublic_address = "tavolo.example.org"\n', encoding="utf-8")
    assert main(["web", "--config", str(bad)]) == EXIT_CONFIG


async def test_the_command_serves_the_pages_until_sigterm(tmp_path: Path) -> None:
    database = tmp_path / "tavolo.sqlite3"
    db = await Database.open(database)
    await a_league(db)
    await db.close()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "TAVOLO_DATABASE__PATH": str(database), "TAVOLO_WEB__PORT": str(port)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", cwd=tmp_path, env=env
    )
    try:
        async with ClientSession() as session:
            for _ in range(200):  # until it listens (a deadline against a hang only)
                try:
                    async with session.get(f"http://127.0.0.1:{port}/s/{GUILD}/") as shown:
                        assert shown.status == 200 and "P1" in await shown.text()
                    break
                except ClientConnectorError:
                    await asyncio.sleep(0.1)
            else:
                raise AssertionError("python -m bot web never listened")
            async with session.get(f"http://127.0.0.1:{port}/s/{PRIVATE}/") as refused:
                assert refused.status == 404
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 20) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
