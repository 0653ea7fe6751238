"""Deleting a channel: by an admin (the world) or by the bot with Manage Channels (checked
against Discord's description like every request); gone with its threads, and the bot is told
CHANNEL_DELETE."""

from __future__ import annotations

from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_CHANNELS

from .conftest import Api, GatewayClient


async def test_an_admin_deletes_a_channel_and_the_bot_is_told(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    guild = fake.world.guilds[fake.channel.guild_id]
    room = fake.world.create_channel(guild, "cards")
    made = await api.call("POST", f"/channels/{room.id}/threads", json={"name": "R1", "type": 11})
    thread_id = int(made.body["id"])
    fake.world.delete_channel(room)
    deleted = await gateway.next(t="CHANNEL_DELETE")
    assert deleted["d"]["id"] == str(room.id) and deleted["d"]["guild_id"] == str(guild.id)
    assert room.id not in guild.channels and thread_id not in fake.world.channels
    for gone in (room.id, thread_id):
        assert (await api.send(gone, content="late")).body["code"] == 10003
    assert fake.spec_violations == []


async def test_the_bot_deletes_a_channel_only_with_manage_channels(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    guild = fake.world.guilds[fake.channel.guild_id]
    room = fake.world.create_channel(guild, "cards")
    refused = await api.call("DELETE", f"/channels/{room.id}")
    assert (refused.status, refused.body["code"]) == (403, 50013)
    fake.world.set_permissions(room, fake.world.bot, allow=MANAGE_CHANNELS)
    answer = await api.call("DELETE", f"/channels/{room.id}")
    assert answer.status == 200 and answer.body["id"] == str(room.id)
    assert (await gateway.next(t="CHANNEL_DELETE"))["d"]["id"] == str(room.id)
    again = await api.call("DELETE", f"/channels/{room.id}")
    assert (again.status, again.body["code"]) == (404, 10003)
    assert fake.spec_violations == []
