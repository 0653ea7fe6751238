"""The real bot, started as people start it, against the fake Discord."""

from __future__ import annotations

import signal

import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess

pytestmark = pytest.mark.e2e


async def test_the_bot_registers_its_commands_and_answers_help_privately(
    discord: FakeDiscord, bot: BotProcess
) -> None:
    assert [c.name for c in discord.commands()] == [
        "help",
        "table",
        "hand",
        "play",
        "draw",
        "pass",
        "penultima",
        "league",
        "replay",
        "tournament",
    ]
    assert discord.commands()[0].data["description"] == "How to play with Tavolo"
    alice, bob = discord.user("alice"), discord.user("bob")
    reply = await alice.slash("help")
    assert reply.error is None
    assert (reply.type, reply.ephemeral) == (4, True)
    assert "/table new" in reply.content
    # Every game adds a paragraph: the rest follows in messages of its own, each inside
    # Discord's 2,000 characters (the fake refuses a longer one), all private.
    await discord.wait_for(
        lambda: any("/league standings" in m.content for m in reply.followups),
        what="the rest of /help",
    )
    assert all(m.ephemeral for m in reply.followups)
    assert alice.visible_messages() == [reply.message, *reply.followups]
    assert bob.visible_messages() == []
    assert discord.rejections == [] and discord.rate_limited == []
    startup = [r.route for r in discord.requests[:3]]
    assert startup == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        "PUT /applications/{application_id}/guilds/{guild_id}/commands",
    ]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_the_bot_stops_cleanly_on_a_signal(
    discord: FakeDiscord, bot: BotProcess, sig: signal.Signals
) -> None:
    assert await bot.stop(sig) == 0
    assert "stopping on signal" in bot.log() and "Traceback" not in bot.log()
    await discord.wait_for(lambda: not discord.gateway.connections, what="the bot to hang up")


async def test_the_bot_resumes_after_the_gateway_drops(
    discord: FakeDiscord, bot: BotProcess
) -> None:
    await discord.gateway.drop()
    await discord.wait_for(lambda: discord.gateway.resumes, what="a RESUME")
    assert discord.gateway.resumes[0].via_resume_url
    assert (await discord.user("carol").slash("help")).ephemeral
    discord.gateway.request_reconnect()
    await discord.wait_for(lambda: len(discord.gateway.resumes) == 2, what="a second RESUME")
    assert (await discord.user("dave").slash("help")).ephemeral
    assert discord.gateway.identifies == 1


async def test_the_bot_comes_back_after_a_kill_on_the_same_database(
    discord: FakeDiscord, bot: BotProcess
) -> None:
    assert await bot.kill() == -signal.SIGKILL
    bot.settings = {"log_level": "DEBUG"}
    await bot.start()
    assert bot.starts == 2 and discord.gateway.identifies == 2
    assert bot.config()["database"] in ({"path": bot.db_path}, {"url": bot.database_url})
    assert (await discord.user("alice").slash("help")).error is None
    second_run = bot.log().split("--- start 2 ---")[1]
    assert " DEBUG " in second_run, "the new settings were written to the config"
