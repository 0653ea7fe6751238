"""The control API a separate-process fake is driven with, exercised in-process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import pytest

from fakediscord import ActionError, FakeDiscord, RemoteFakeDiscord

from .conftest import HELP_COMMAND, Api, GatewayClient, stop_the_clock

LOBBY = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Bid", "custom_id": "bid"}]}]
SEATS = [
    {
        "type": 1,
        "components": [
            {"type": 3, "custom_id": "seat", "options": [{"label": "One", "value": "1"}]}
        ],
    }
]
MODAL = {
    "custom_id": "bid",
    "title": "Bid",
    "components": [
        {
            "type": 1,
            "components": [{"type": 4, "custom_id": "amount", "label": "Amount", "style": 1}],
        }
    ],
}


@pytest.fixture
async def remote(fake: FakeDiscord) -> AsyncIterator[RemoteFakeDiscord]:
    client = RemoteFakeDiscord(fake.describe())
    yield client
    await client.close()


async def test_users_act_through_the_control_api(
    api: Api, fake: FakeDiscord, gateway: GatewayClient, remote: RemoteFakeDiscord
) -> None:
    option = {"type": 3, "name": "card", "description": "d", "autocomplete": True}
    await api.register(HELP_COMMAND, {"name": "play", "description": "d", "options": [option]})
    alice = remote.user("alice")
    assert remote.guild_id == fake.guild_id and (await remote.status())["command_syncs"] == 1

    pending, interaction = await gateway.interaction(alice.slash("help"))
    await api.answer(interaction, {"type": 4, "data": {"content": "Lobby", "components": LOBBY}})
    lobby = (await pending)["message"]
    assert lobby["content"] == "Lobby" and lobby["visible_to"] is None

    pending, interaction = await gateway.interaction(alice.click(lobby["id"], label="Bid"))
    await api.answer(interaction, {"type": 9, "data": MODAL})
    shown = await pending
    assert shown["modal"] == MODAL

    pending, interaction = await gateway.interaction(
        alice.submit_modal({"Amount": "40"}, interaction_id=shown["interaction_id"])
    )
    assert interaction["data"]["components"][0]["components"][0]["value"] == "40"
    await api.answer(
        interaction, {"type": 4, "data": {"content": "Pick", "components": SEATS, "flags": 64}}
    )
    picker = (await pending)["message"]
    assert picker["visible_to"] == str(fake.user("alice").id)

    pending, interaction = await gateway.interaction(alice.select(picker["id"], "seat", ["1"]))
    await api.answer(interaction, {"type": 7, "data": {"content": "Seat 1"}})
    assert (await pending)["message"]["content"] == "Seat 1"

    pending, interaction = await gateway.interaction(alice.autocomplete("play", "card", "A"))
    await api.answer(interaction, {"type": 8, "data": {"choices": [{"name": "Ace", "value": "A"}]}})
    assert (await pending)["choices"] == [{"name": "Ace", "value": "A"}]

    assert [m["content"] for m in await alice.visible_messages()] == ["Lobby", "Seat 1"]
    assert [m["content"] for m in await remote.user("bob").visible_messages()] == ["Lobby"]
    with pytest.raises(ActionError, match="no command /poker"):
        await alice.slash("poker")


async def test_gateway_controls(
    fake: FakeDiscord, gateway: GatewayClient, remote: RemoteFakeDiscord
) -> None:
    await remote.gateway("reconnect")
    await gateway.next(op=7)
    status = await remote.gateway("invalidate")
    assert (await gateway.next(op=9))["d"] is False
    assert not status["connected"], "the session is gone; the bot must identify again"
    await remote.gateway("drop", code=4000)
    assert await gateway.closed() == 4000


async def test_load_tests_add_channels_and_members_and_read_answer_timings(
    api: Api, fake: FakeDiscord, gateway: GatewayClient, remote: RemoteFakeDiscord
) -> None:
    await api.register(HELP_COMMAND)
    made = await remote.create(channels=["table-1"], users=["zoe"])
    channel_id, zoe_id = made["channels"]["table-1"], made["users"]["zoe"]
    assert fake.world.channels[channel_id].name == "table-1"
    assert zoe_id in fake.guild.members

    zoe = remote.user("zoe")
    pending, interaction = await gateway.interaction(zoe.slash("help", channel_id=channel_id))
    assert interaction["channel_id"] == str(channel_id)
    (waiting,) = (await remote.timings())["interactions"]
    assert waiting["id"] == interaction["id"] and waiting["latency"] is None
    await asyncio.sleep(0.05)
    await api.answer(interaction, {"type": 4, "data": {"content": "Hi", "flags": 64}})
    await pending
    rejected = await api.answer(interaction, {"type": 4, "data": {"content": "Again"}})
    assert rejected.status == 400

    (answered,) = (await remote.timings())["interactions"]
    assert 0.05 <= answered["latency"] < answered["age"] < 3
    assert answered["response_type"] == 4 and answered["rejections"] == 1
    assert (await remote.timings(after=int(interaction["id"])))["interactions"] == []
    assert [m["content"] for m in await zoe.visible_messages(channel_id)] == ["Hi"]
    assert await zoe.visible_messages() == []


async def test_timings_count_real_rate_limits(
    api: Api, fake: FakeDiscord, remote: RemoteFakeDiscord
) -> None:
    fake.limits.global_per_second = 2
    stop_the_clock(fake)
    statuses = [(await api.send(fake.channel.id, content=str(i))).status for i in range(3)]
    assert statuses == [200, 200, 429]
    assert (await remote.timings())["rate_limited"] == 1


@pytest.mark.usefixtures("gateway")
async def test_status_lists_the_gateway_sessions(remote: RemoteFakeDiscord) -> None:
    assert (await remote.status())["sessions"] == [{"shard": None, "guilds": 1, "intents": 513}]


async def test_load_tests_add_guilds_on_a_shard_with_their_channels_and_members(
    fake: FakeDiscord, remote: RemoteFakeDiscord
) -> None:
    made = {
        shard: await remote.create(
            channels=[f"table-{shard}"], users=[f"p{shard}"], guild=f"g{shard}", shard=(shard, 2)
        )
        for shard in (0, 1)
    }
    for shard, ids in made.items():
        guild = fake.world.guilds[ids["guilds"][f"g{shard}"]]
        assert (guild.id >> 22) % 2 == shard and guild.name == f"g{shard}"
        assert fake.world.channels[ids["channels"][f"table-{shard}"]].guild_id == guild.id
        assert ids["users"][f"p{shard}"] in guild.members
        assert ids["users"][f"p{shard}"] not in fake.guild.members
    assert "guilds" not in await remote.create(channels=["lobby"])
    with pytest.raises(aiohttp.ClientResponseError) as refused:
        await remote.create(channels=["nowhere"], shard=(2, 2))
    assert refused.value.status == 400
    assert "nowhere" not in {c.name for c in fake.world.channels.values()}
