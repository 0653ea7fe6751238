"""``python -m bot health`` against the real bot: healthy while the fake Discord acknowledges
its heartbeats, unhealthy once it stopped and its record is old; and the token in none of
the bot's output, even in a crash's traceback or at DEBUG."""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import FakeDiscord, Limits

from .botprocess import PROJECT_ROOT, BotProcess

pytestmark = pytest.mark.e2e

TOKEN = f"MTA5.{secrets.token_urlsafe(24)}"  # shaped like a real token, found nowhere else


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    # Heartbeats every 0.2 s instead of Discord's 41 s, so the record moves on within a test.
    async with FakeDiscord(
        users=("alice",), token=TOKEN, heartbeat_interval=0.2, limits=Limits(identify_interval=0)
    ) as fake:
        yield fake


async def health(bot: BotProcess, **env: str) -> tuple[int, str]:
    """Run the health check as the container does (beside the bot, on its settings)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TAVOLO_", "DISCORD_"))}
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "bot", "health", "--config", str(bot.config_path)),
        cwd=PROJECT_ROOT,
        env={**clean, **env},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await process.communicate()
    return await process.wait(), output.decode()


async def recorded(bot: BotProcess, after: float, timeout: float = 10.0) -> float:
    """The acknowledgement the bot records first after ``after`` (a Unix time)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if bot.heartbeat_file.exists() and float(bot.heartbeat_file.read_text()) > after:
            return float(bot.heartbeat_file.read_text())
        await asyncio.sleep(0.05)
    raise AssertionError(f"no heartbeat recorded after {after}:\n{bot.log()[-3000:]}")


async def test_health_follows_the_heartbeat_and_the_token_is_never_shown(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(
        fake, tmp_path, settings={"log_level": "DEBUG", "health": {"record_interval": 0.1}}
    )
    try:
        bot.config_path.write_text(f'[health]\nheartbeat_file = "{bot.heartbeat_file}"\n')
        code, output = await health(bot)
        assert (code, output.split(" (")[0]) == (1, "tavolo: no heartbeat recorded yet")

        await bot.start()
        first = await recorded(bot, after=0)
        assert first > time.time() - 10
        code, output = await health(bot)
        assert code == 0, output
        assert output.startswith("tavolo: the last heartbeat was acknowledged")
        later = await recorded(bot, after=first)  # each new acknowledgement moves it on

        assert await bot.stop() == 0
        last = float(bot.heartbeat_file.read_text())
        assert last >= later and (await health(bot))[0] == 0  # stopped, but not long ago
        await asyncio.sleep(max(0.0, last + 0.5 - time.time()))  # older than a 0.5 s threshold
        code, output = await health(bot, TAVOLO_HEALTH__MAX_AGE="0.5")
        assert code == 1 and "(over 0.5 s)" in output and output.count("\n") == 1

        fake.world.reset_token()  # the token the bot has now fails: it stops with a traceback
        bot.settings["discord"] = {"token": TOKEN}
        with pytest.raises(RuntimeError, match="exited with 1"):
            await bot.start()
        assert "LoginFailure" in bot.log()
    finally:
        await bot.close()
    assert "DEBUG discord.gateway: Keeping shard ID 0 websocket alive" in bot.log()  # DEBUG on
    assert TOKEN not in bot.log()
