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
from tests.databases import Backend
from tests.web.support import GUILD, PRIVATE, a_league, a_live_table, move, next_event


def test_a_configuration_that_cannot_be_used_is_refused(tmp_path: Path) -> None:
    assert main(["web", "--config", str(tmp_path / "missing.toml")]) == EXIT_CONFIG
    bad = tmp_path / "bad.toml"
    bad.write_text('[web]\npublic_address = "tavolo.example.org"\n', encoding="utf-8")
    assert main(["web", "--config", str(bad)]) == EXIT_CONFIG


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def pages_process(url: str, port: int, cwd: Path) -> asyncio.subprocess.Process:
    """``python -m bot web`` over the database at ``url``, listening on ``port``."""
    env = {**os.environ, "TAVOLO_DATABASE__URL": url, "TAVOLO_WEB__PORT": str(port)}
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", cwd=cwd, env=env
    )


async def served(session: ClientSession, port: int, path: str) -> str:
    """The page at ``path`` once the process listens (a deadline against a hang only)."""
    for _ in range(200):
        try:
            async with session.get(f"http://127.0.0.1:{port}{path}") as shown:
                assert shown.status == 200
                return await shown.text()
        except ClientConnectorError:
            await asyncio.sleep(0.1)
    raise AssertionError("python -m bot web never listened")


async def stopped(process: asyncio.subprocess.Process) -> int:
    """The process's exit code after SIGTERM (killed if it does not end)."""
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(process.wait(), 20)
        except TimeoutError:
            process.kill()
    return await process.wait()


async def test_the_command_serves_the_pages_until_sigterm(tmp_path: Path) -> None:
    database = tmp_path / "tavolo.sqlite3"
    db = await Database.open(database)
    await a_league(db)
    await db.close()
    port = free_port()
    process = await pages_process(f"sqlite:///{database}", port, tmp_path)
    try:
        async with ClientSession() as session:
            assert "P1" in await served(session, port, f"/s/{GUILD}/")
            async with session.get(f"http://127.0.0.1:{port}/s/{PRIVATE}/") as refused:
                assert refused.status == 404
    finally:
        assert await stopped(process) == 0


async def test_two_pages_processes_serve_one_database_alike(
    backend: Backend, tmp_path: Path
) -> None:
    """Several web processes may serve one bot: each reads the database alone, so a move
    stored by the bot reaches the live board of both."""
    db = await backend.open()
    await a_league(db)
    table_id, state = await a_live_table(db)
    ports = [free_port(), free_port()]
    processes = [await pages_process(backend.url, port, tmp_path) for port in ports]
    try:
        async with ClientSession() as session:
            pages = [await served(session, port, f"/s/{GUILD}/?lang=en") for port in ports]
            assert pages[0] == pages[1] and "P1" in pages[0]
            streams = [
                await session.get(f"http://127.0.0.1:{port}/s/{GUILD}/t/{table_id}/events")
                for port in ports
            ]
            assert [await next_event(s) for s in streams] == [{"status": "playing", "moves": 0}] * 2
            await move(db, table_id, state, 1)  # as the bot stores it
            assert [await next_event(s) for s in streams] == [{"status": "playing", "moves": 1}] * 2
            for stream in streams:
                stream.close()
    finally:
        codes = [await stopped(process) for process in processes]
        await db.close()
    assert codes == [0, 0]
