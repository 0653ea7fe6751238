"""Threads: started under a text channel (checked against Discord's description like every
request), posted in with Send Messages in Threads, announced on the gateway, limited per
channel in time and per server in number, deleted by a moderator."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord
from fakediscord.permissions import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS
from fakediscord.ratelimits import Bucket, Limits

from .conftest import Api, GatewayClient


async def test_a_thread_is_started_posted_in_and_deleted(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    answer = await api.call(
        "POST",
        f"/channels/{fake.channel.id}/threads",
        json={"name": "Round 1: Ann – Bob", "type": 11, "auto_archive_duration": 1440},
    )
    assert answer.status == 201 and answer.body["parent_id"] == str(fake.channel.id)
    assert answer.body["type"] == 11 and answer.body["thread_metadata"]["archived"] is False
    created = await gateway.next(t="THREAD_CREATE")
    assert created["d"]["id"] == answer.body["id"] and created["d"]["newly_created"] is True
    thread = fake.world.channels[int(answer.body["id"])]
    assert (await api.send(thread.id, content="the board")).status == 200
    assert [m.content for m in fake.messages(thread)] == ["the board"]
    assert fake.world.threads_of(fake.channel) == [thread]
    fake.world.delete_thread(thread)
    deleted = await gateway.next(t="THREAD_DELETE")
    assert deleted["d"]["id"] == str(thread.id)
    assert (await api.send(thread.id, content="late")).body["code"] == 10003
    assert fake.spec_violations == []


async def test_threads_need_their_permissions_and_a_text_channel(
    api: Api, fake: FakeDiscord
) -> None:
    everyone = fake.world.guilds[fake.channel.guild_id].everyone
    fake.world.set_permissions(fake.channel, everyone, deny=CREATE_PUBLIC_THREADS)
    refused = await api.call(
        "POST", f"/channels/{fake.channel.id}/threads", json={"name": "R1", "type": 11}
    )
    assert (refused.status, refused.body["code"]) == (403, 50013)
    fake.world.set_permissions(fake.channel, everyone, deny=SEND_MESSAGES_IN_THREADS)
    made = await api.call(
        "POST", f"/channels/{fake.channel.id}/threads", json={"name": "R1", "type": 11}
    )
    thread_id = int(made.body["id"])
    assert (await api.send(thread_id, content="x")).body["code"] == 50013
    nested = await api.call(
        "POST", f"/channels/{thread_id}/threads", json={"name": "R2", "type": 11}
    )
    assert nested.body["code"] == 50024
    bad = await api.call(
        "POST", f"/channels/{fake.channel.id}/threads", json={"name": "", "type": 11}
    )
    assert bad.body["code"] == 50035 and "name" in bad.body["errors"]


class TestLimits:
    @pytest.fixture
    def limits(self) -> Limits:
        return Limits(threads=Bucket(2, 60.0), active_threads=3)

    async def test_threads_are_rate_limited_per_channel_and_counted_per_server(
        self, api: Api, fake: FakeDiscord
    ) -> None:
        path = f"/channels/{fake.channel.id}/threads"
        first = await api.call("POST", path, json={"name": "a", "type": 11})
        assert first.headers["X-RateLimit-Remaining"] == "1"
        await api.call("POST", path, json={"name": "b", "type": 11})
        assert (await api.call("POST", path, json={"name": "c", "type": 11})).status == 429
        other = fake.world.create_channel(fake.world.guilds[fake.channel.guild_id], "other")
        await api.call("POST", f"/channels/{other.id}/threads", json={"name": "c", "type": 11})
        full = await api.call(
            "POST", f"/channels/{other.id}/threads", json={"name": "d", "type": 11}
        )
        assert (full.status, full.body["code"]) == (400, 160006)
