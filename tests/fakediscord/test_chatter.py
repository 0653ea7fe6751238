"""Background chatter (people's messages, typing and reactions) and the intents that decide
which sessions are sent it."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from fakediscord import FakeDiscord
from fakediscord.chatter import Chatter

from .conftest import GatewayClient

GUILDS, GUILD_MESSAGES, REACTIONS, TYPING = 1 << 0, 1 << 9, 1 << 10, 1 << 11
CHATTER_EVENTS = ("TYPING_START", "MESSAGE_CREATE", "MESSAGE_REACTION_ADD")


@pytest.mark.parametrize(
    ("intents", "expected"),
    [
        (GUILDS | GUILD_MESSAGES | REACTIONS | TYPING, CHATTER_EVENTS),
        (GUILDS | GUILD_MESSAGES, ("MESSAGE_CREATE",)),
        (GUILDS | TYPING, ("TYPING_START",)),
        (GUILDS | REACTIONS, ("MESSAGE_REACTION_ADD",)),
        (GUILDS, ()),
    ],
    ids=["all three", "messages", "typing", "reactions", "guilds alone"],
)
async def test_a_session_is_sent_only_the_events_its_intents_ask_for(
    fake: FakeDiscord, session: aiohttp.ClientSession, intents: int, expected: tuple[str, ...]
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.identify(fake.token, intents=intents)
    alice, bob = (fake.guild.members[fake.user(name).id] for name in ("alice", "bob"))
    Chatter(fake.world, rate=1).say(fake.channel, alice, bob)
    # Something every session gets, sent after the chatter: all of it has arrived by then.
    fake.gateway.invalidate_session(resumable=True)
    await client.next(op=9)
    got = tuple(p["t"] for p in client.received if p["t"] in CHATTER_EVENTS)
    assert got == expected
    await client.close()


async def test_people_are_heard_without_content_and_react_to_one_another(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    gateway = GatewayClient(session, fake.gateway_url, zlib_stream=True)
    await gateway.connect()
    await gateway.identify(fake.token, intents=GUILDS | GUILD_MESSAGES | REACTIONS | TYPING)
    assert fake.chatter(50) == 0
    message = await gateway.next(t="MESSAGE_CREATE")
    reaction = await gateway.next(t="MESSAGE_REACTION_ADD")
    await gateway.next(t="MESSAGE_CREATE", after=gateway.received.index(message) + 1)
    sent = fake.chatter(0)
    assert sent >= 2
    data = message["d"]
    assert data["content"] == ""
    assert data["channel_id"] == str(fake.channel.id)
    people = {str(m.user.id) for m in fake.guild.members.values() if not m.user.bot}
    assert data["author"]["id"] in people
    assert reaction["d"]["message_id"] == data["id"]
    assert reaction["d"]["user_id"] != data["author"]["id"]
    # Stopped: nothing more comes.
    before = len(gateway.events("MESSAGE_CREATE"))
    await asyncio.sleep(0.1)
    assert len(gateway.events("MESSAGE_CREATE")) == before
    await gateway.close()
