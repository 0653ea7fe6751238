"""The fake Discord as its own process (for load tests), driven over its control API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import ActionError, RemoteFakeDiscord

from .botprocess import BotProcess

pytestmark = pytest.mark.e2e


@pytest.fixture
async def remote() -> AsyncIterator[RemoteFakeDiscord]:
    fake = await RemoteFakeDiscord.launch("--users", "alice,bob", "--global-limit", "500")
    yield fake
    await fake.close()


async def test_the_bot_serves_users_of_a_fake_in_another_process(
    remote: RemoteFakeDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(remote, tmp_path)
    await bot.start()
    try:
        alice, bob = remote.user("alice"), remote.user("bob")
        reply = await alice.slash("help")
        assert reply["error"] is None and reply["type"] == 4
        assert reply["message"]["flags"] == 64
        visible = await alice.visible_messages()  # the answer, and /help's follow-ups
        assert visible[0]["id"] == reply["message"]["id"]
        assert all(m["flags"] == 64 for m in visible)
        assert await bob.visible_messages() == []
        with pytest.raises(ActionError, match="no command /poker"):
            await bob.slash("poker")
        await remote.gateway("drop")
        assert (await bob.slash("help"))["error"] is None
        assert (await remote.status())["resumes"] == 1
    finally:
        assert await bot.stop() == 0
