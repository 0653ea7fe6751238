"""How the bot meets Discord: it asks for its servers alone (``bot.app.INTENTS``) and plays
with that, a busy server's messages, typing and reactions never sent to it; and it runs on
either event loop (``event_loop``), with the garbage collector set for serving (``bot.heap``)."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import answered, board_of, new_table, open_hand, start

pytestmark = pytest.mark.e2e

GUILDS = 1 << 0
CHATTER_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "TYPING_START", "MESSAGE_REACTION_ADD"}


async def test_the_bot_identifies_with_the_guilds_intent_alone_and_still_plays(
    discord: FakeDiscord, bot: BotProcess
) -> None:
    (session,) = discord.sessions()
    assert session.intents == GUILDS
    discord.chatter(50)  # people talk in the channel all along
    alice, bob, carol = (discord.user(name) for name in ("alice", "bob", "carol"))
    table_id = await new_table(discord, bot.store(), alice, "centocinque", join=(bob, carol))
    await start(discord, bot.store(), alice, table_id)
    hand = await open_hand(alice, board_of(discord, table_id))
    assert hand.buttons or hand.selects
    assert "/table new" in await answered(await alice.slash("help"))
    assert discord.chatter(0) > 0
    (live,) = discord.gateway.sessions.values()
    sent = {payload["t"] for payload in live.backlog}
    assert "INTERACTION_CREATE" in sent and not sent & CHATTER_EVENTS


@pytest.mark.parametrize("loop", ["uvloop", "asyncio"])
async def test_the_bot_runs_on_either_event_loop(
    discord: FakeDiscord, bot_process: BotProcess, loop: str
) -> None:
    bot_process.settings = {"event_loop": loop}
    await bot_process.start()
    log = bot_process.log()
    assert f"event loop: {loop}" in log
    # The collector is set once the cards are drawn and before any table is brought back.
    assert log.index("objects held from the start") < log.index("restored 0 tables")
    assert "/table new" in await answered(await discord.user("alice").slash("help"))
