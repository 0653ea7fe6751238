"""Fixtures for end-to-end tests: a fake Discord, and the real bot process against it.

- ``discord``: a running ``FakeDiscord`` with one guild, the text channel
  ``discord.channel`` and the members alice, bob, carol and dave
  (``discord.user("alice")``; any other name creates a member).
- ``bot_process``: a ``BotProcess`` not started yet (to change ``settings`` first, or
  to test start-up itself); stopped at teardown. Each test using it runs twice: on a SQLite
  file, and on a PostgreSQL database of its own on the test process's server.
- ``bot``: the same, started and ready (on the gateway, commands registered).

See ``fakediscord/README.md`` for the simulated users' API. A request the bot sends that
breaks Discord's OpenAPI description fails the test that made it (at teardown).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import Bucket, FakeDiscord, Limits
from tests.databases import BACKENDS, PostgresServer

from .botprocess import BotProcess

USERS = ("alice", "bob", "carol", "dave")
CHANNEL_LIMIT = Bucket(5, 1.0)
"""Messages or edits per channel the fake allows, and the bot keeps to (``BotProcess``):
Discord's five, in one second instead of five, so that tests do not wait out its window."""
THREAD_LIMIT = Bucket(5, 1.0)
"""Threads started per channel: Discord's five, in one second too (a tournament's rounds
open a thread a match, and the bot keeps to the limit the answers' headers give)."""


@pytest.fixture
async def discord() -> AsyncIterator[FakeDiscord]:
    # A bot restarted within Discord's 5 s between identifies would wait that long again;
    # the fake's own tests hold it to the real limit, these tests are about the bot.
    limits = Limits(identify_interval=0, channel_messages=CHANNEL_LIMIT, threads=THREAD_LIMIT)
    async with FakeDiscord(users=USERS, limits=limits) as fake:
        yield fake
    # Whatever the test looked at, every request the bot sent fits Discord's OpenAPI
    # description of its API (fakediscord/spec.py).
    assert fake.spec_violations == [], "\n".join(map(str, fake.spec_violations))


@pytest.fixture(params=BACKENDS)
async def bot_process(
    request: pytest.FixtureRequest, discord: FakeDiscord, tmp_path: Path
) -> AsyncIterator[BotProcess]:
    process = BotProcess(discord, tmp_path)
    if request.param == "sqlite":
        yield process
        await process.close()
    else:
        server: PostgresServer = request.getfixturevalue("postgres_server")
        async with server.fresh() as database:  # a schema of its own, dropped afterwards
            process.database_url = database.url
            yield process
            await process.close()
    assert discord.token not in process.log(), "the bot's output shows its token"


@pytest.fixture
async def bot(bot_process: BotProcess) -> BotProcess:
    await bot_process.start()
    return bot_process
