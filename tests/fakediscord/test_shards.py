"""Sharding on the bare protocol: IDENTIFY with ``shard``, which session gets which guild
and which events, the close codes for shards, Get Gateway Bot's numbers, and the session
start limits (how many IDENTIFYs, how many at once)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import aiohttp
import pytest

from fakediscord import FakeDiscord, Guild, Limits

from .conftest import Api, GatewayClient, identify_data

Connect = Callable[..., Awaitable[GatewayClient]]

TWO_AT_ONCE = Limits(max_concurrency=2)
"""Shards 0 and 1 are in different buckets, so they may identify together."""


DM_TOO = (1 << 0) | (1 << 9) | (1 << 12)
"""The intents the connections identify with: guilds, their messages, and direct messages."""


@pytest.fixture
async def connect(fake: FakeDiscord, session: aiohttp.ClientSession) -> AsyncIterator[Connect]:
    """Open gateway connections and identify them, with ``shard`` if given."""
    clients: list[GatewayClient] = []

    async def connect(shard: list[int] | None = None) -> GatewayClient:
        client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
        clients.append(client)
        await client.connect()
        await client.identify(fake.token, DM_TOO, shard=shard)
        return client

    yield connect
    for client in clients:
        await client.close()


def ids(guilds: list[Guild]) -> list[str]:
    return [str(g.id) for g in guilds]


def guild_creates(client: GatewayClient) -> list[str]:
    return [d["id"] for d in client.events("GUILD_CREATE")]


async def flush(client: GatewayClient) -> None:
    """Wait until everything the fake had queued for ``client`` has arrived: a heartbeat's
    ACK goes out behind it."""
    before = len(client.received)
    await client.send(1, None)
    await client.next(op=11, after=before)


def session_id(fake: FakeDiscord, shard: tuple[int, int]) -> str:
    (found,) = [s.id for s in fake.sessions() if s.shard == shard]
    return found


# --- which session gets which guild ----------------------------------------------------


async def test_guild_on_shard_picks_an_id_that_discords_formula_puts_there(
    fake: FakeDiscord,
) -> None:
    for shard_id in (3, 0, 3, 1):
        guild = fake.world.guild_on_shard(shard_id, 4, "Somewhere")
        assert (guild.id >> 22) % 4 == shard_id
    assert len(fake.world.guilds_on_shard(3, 4)) >= 2
    with pytest.raises(ValueError, match="no shard 2 of 2"):
        fake.world.guild_on_shard(2, 2, "Nowhere")


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
async def test_each_shard_gets_ready_and_guild_create_for_its_own_guilds_only(
    fake: FakeDiscord, connect: Connect
) -> None:
    world = fake.world
    zero, one = world.guild_on_shard(0, 2, "Zero"), world.guild_on_shard(1, 2, "One")
    first, second = await connect([0, 2]), await connect([1, 2])
    for client, shard_id in ((first, 0), (second, 1)):
        ready = (await client.next(t="READY"))["d"]
        mine = ids(world.guilds_on_shard(shard_id, 2))
        assert ready["shard"] == [shard_id, 2]
        assert [g["id"] for g in ready["guilds"]] == mine
        await flush(client)
        assert guild_creates(client) == mine
    held = {s.shard: s.guild_ids for s in fake.sessions()}
    assert zero.id in held[(0, 2)] and one.id in held[(1, 2)]
    assert sorted(held[(0, 2)] + held[(1, 2)]) == sorted(world.guilds)


async def test_guilds_made_one_after_another_spread_evenly_over_shards(fake: FakeDiscord) -> None:
    made = []
    for i in range(12):
        made.append(fake.world.create_guild(f"Guild {i}").id)
        if i % 3 == 0:
            await asyncio.sleep(0.003)  # slow or fast, a guild takes the next shard
    counts = [len([g for g in made if (g >> 22) % 4 == shard_id]) for shard_id in range(4)]
    assert counts == [3, 3, 3, 3]


@pytest.mark.parametrize("shard", [None, [0, 1]], ids=["no shard", "shard 0 of 1"])
async def test_an_unsharded_session_gets_every_guild(
    fake: FakeDiscord, connect: Connect, shard: list[int] | None
) -> None:
    fake.world.guild_on_shard(1, 2, "One")
    client = await connect(shard)
    await flush(client)
    assert guild_creates(client) == ids(list(fake.world.guilds.values()))
    assert ("shard" in (await client.next(t="READY"))["d"]) == (shard is not None)
    (info,) = fake.sessions()
    assert (info.shard, info.user_id) == (None if shard is None else (0, 1), fake.world.bot.id)


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
async def test_events_go_only_to_the_shard_of_their_guild(
    fake: FakeDiscord, api: Api, connect: Connect
) -> None:
    world = fake.world
    away = world.guild_on_shard(1, 2, "One")
    channel = world.create_channel(away, "far")  # before anyone listens: in GUILD_CREATE
    first, second = await connect([0, 2]), await connect([1, 2])
    await api.send(channel.id, content="hello")
    world.set_guild_locale(away, "it")
    new = world.guild_on_shard(0, 2, "Later")
    await flush(first)
    await flush(second)
    assert [m["content"] for m in second.events("MESSAGE_CREATE")] == ["hello"]
    assert [g["preferred_locale"] for g in second.events("GUILD_UPDATE")] == ["it"]
    assert first.events("MESSAGE_CREATE") == [] and first.events("GUILD_UPDATE") == []
    assert guild_creates(first)[-1] == str(new.id) and str(new.id) not in guild_creates(second)
    holders = {s.shard: s.guild_ids for s in fake.sessions()}
    assert new.id in holders[(0, 2)] and away.id in holders[(1, 2)]


@pytest.mark.parametrize("limits", [Limits(identify_interval=0.0)])
async def test_two_sessions_on_one_shard_both_get_its_events(
    fake: FakeDiscord, api: Api, connect: Connect
) -> None:
    guild = fake.world.guild_on_shard(1, 2, "One")
    channel = fake.world.create_channel(guild, "both")
    twins = [await connect([1, 2]), await connect([1, 2])]
    await api.send(channel.id, content="twice")
    for client in twins:
        assert (await client.next(t="MESSAGE_CREATE"))["d"]["content"] == "twice"
    assert [s.shard for s in fake.sessions()] == [(1, 2), (1, 2)]


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
async def test_events_about_no_guild_go_to_shard_zero_only(
    fake: FakeDiscord, connect: Connect
) -> None:
    await connect([0, 2])
    await connect([1, 2])
    direct = {"id": "1", "channel_id": "2", "content": "a DM", "author": {"id": "3"}}
    assert fake.gateway.dispatch("MESSAGE_CREATE", direct) == [session_id(fake, (0, 2))]


# --- interactions --------------------------------------------------------------------


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
@pytest.mark.usefixtures("help_everywhere")
async def test_an_interaction_goes_to_the_session_holding_its_guild(
    fake: FakeDiscord, api: Api, connect: Connect
) -> None:
    guild = fake.world.guild_on_shard(1, 2, "One")
    channel = fake.world.create_channel(guild, "play")
    alice = fake.user("alice", guild=guild)
    first, second = await connect([0, 2]), await connect([1, 2])
    pending, interaction = await second.interaction(alice.slash("help", channel=channel))
    await api.answer(interaction, {"type": 4, "data": {"content": "from shard 1"}})
    reply = await pending
    assert reply.content == "from shard 1"
    assert reply.interaction.sessions == [session_id(fake, (1, 2))]
    await flush(first)
    assert first.events("INTERACTION_CREATE") == []


@pytest.mark.parametrize("limits", [Limits(ack_deadline=0.3)])
@pytest.mark.usefixtures("help_everywhere")
async def test_an_interaction_no_session_holds_goes_unanswered(
    fake: FakeDiscord, connect: Connect
) -> None:
    guild = fake.world.guild_on_shard(1, 2, "One")
    channel = fake.world.create_channel(guild, "play")
    client = await connect([0, 2])
    reply = await fake.user("alice", guild=guild).slash("help", channel=channel)
    assert reply.error == "The application did not respond"
    await flush(client)
    assert reply.interaction.sessions == [] and client.events("INTERACTION_CREATE") == []


# --- refused IDENTIFYs ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("shard", "code"),
    [([2, 2], 4010), ([0, 0], 4010), ([-1, 2], 4010), ([0], 4002), (["0", "2"], 4002)],
    ids=["shard id = count", "no shards", "negative id", "one number", "strings"],
)
async def test_a_shard_that_does_not_exist_is_refused(
    fake: FakeDiscord, session: aiohttp.ClientSession, shard: list[object], code: int
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.send(2, {**identify_data(fake.token), "shard": shard})
    assert await client.closed() == code
    assert fake.gateway.identifies == 0


@pytest.mark.parametrize("limits", [Limits(guilds_per_shard=2)])
async def test_a_session_that_would_hold_too_many_guilds_is_4011(
    fake: FakeDiscord, session: aiohttp.ClientSession, connect: Connect
) -> None:
    for i in range(3):
        fake.world.guild_on_shard(0, 2, f"Crowd {i}")
    for shard in (None, [0, 2]):
        client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
        await client.connect()
        await client.send(2, identify_data(fake.token, shard=shard))
        assert await client.closed() == 4011
    assert fake.gateway.identifies == 0
    await connect([1, 2])  # the other shard, empty, is fine


# --- Get Gateway Bot -----------------------------------------------------------------


async def test_gateway_bot_before_any_session(fake: FakeDiscord, api: Api) -> None:
    status, body, _ = await api.call("GET", "/gateway/bot")
    assert status == 200
    assert body == {
        "url": fake.gateway_url,
        "shards": 1,
        "session_start_limit": {
            "total": 1000,
            "remaining": 1000,
            "reset_after": 86_400_000,
            "max_concurrency": 1,
        },
    }


@pytest.mark.parametrize("limits", [Limits(guilds_per_shard=2, max_concurrency=16)])
async def test_the_recommended_shard_count_lets_every_shard_identify(
    fake: FakeDiscord, api: Api, connect: Connect
) -> None:
    for i in range(3):
        fake.world.create_guild(f"Guild {i}")
    for i in range(3):  # 7 guilds, 2 a shard: 4 shards, but shard 0 of 4 would hold 3
        fake.world.guild_on_shard(0, 4, f"Crowd {i}")
    shards = (await api.call("GET", "/gateway/bot")).body["shards"]
    assert shards > 4
    for shard_id in range(shards):
        await connect([shard_id, shards])
    held = [g for s in fake.sessions() for g in s.guild_ids]
    assert sorted(held) == sorted(fake.world.guilds)


# --- session start limits ------------------------------------------------------------


async def test_each_identify_uses_a_session_start_and_a_resume_does_not(
    fake: FakeDiscord, api: Api, gateway: GatewayClient, session: aiohttp.ClientSession
) -> None:
    limit = (await api.call("GET", "/gateway/bot")).body["session_start_limit"]
    assert limit["remaining"] == 999 and 0 < limit["reset_after"] <= 86_400_000
    ready = (await gateway.next(t="READY"))["d"]
    await fake.gateway.drop()
    client = GatewayClient(session, ready["resume_gateway_url"], zlib_stream=False)
    await client.connect()
    await client.send(6, {"token": fake.token, "session_id": ready["session_id"], "seq": 1})
    await client.next(t="RESUMED")
    limit = (await api.call("GET", "/gateway/bot")).body["session_start_limit"]
    assert limit["remaining"] == 999
    await client.close()


@pytest.mark.parametrize("limits", [Limits(session_starts=2, identify_interval=0.0)])
async def test_session_starts_come_back_after_the_period(
    fake: FakeDiscord, api: Api, connect: Connect
) -> None:
    await connect()
    await connect()
    limit = (await api.call("GET", "/gateway/bot")).body["session_start_limit"]
    assert (limit["total"], limit["remaining"]) == (2, 0)
    fake.limits.session_start_period = 0.25  # the period (from the first IDENTIFY) is over
    await asyncio.sleep(0.25)
    limit = (await api.call("GET", "/gateway/bot")).body["session_start_limit"]
    assert (limit["remaining"], limit["reset_after"]) == (2, 250)
    await connect()


@pytest.mark.parametrize("limits", [Limits(session_starts=2, identify_interval=0.0)])
async def test_identifying_with_no_session_starts_left_ends_every_session_and_resets_the_token(
    fake: FakeDiscord, api: Api, connect: Connect, session: aiohttp.ClientSession
) -> None:
    old_token = fake.token
    sessions = [await connect(), await connect()]
    late = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await late.connect()
    await late.send(2, identify_data(old_token))
    assert [await c.closed() for c in [*sessions, late]] == [4004, 4004, 4004]
    assert fake.token != old_token and fake.world.token_resets == 1
    assert fake.gateway.identifies == 2 and fake.sessions() == []
    old = {"Authorization": f"Bot {old_token}"}
    assert (await api.call("GET", "/users/@me", headers=old)).status == 401
    assert (await api.call("GET", "/users/@me")).status == 200  # the new token


async def test_a_second_identify_within_the_interval_gets_invalid_session(
    fake: FakeDiscord, gateway: GatewayClient, session: aiohttp.ClientSession
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.send(2, identify_data(fake.token))
    assert (await client.next(op=9))["d"] is False
    assert fake.gateway.identifies_rate_limited == 1 and fake.gateway.identifies == 1
    fake.limits.identify_interval = 0.0  # as if 5 s had passed
    await client.send(2, identify_data(fake.token))  # on the same connection: it stayed open
    await client.next(t="READY")
    assert len(fake.sessions()) == 2
    await client.close()


@pytest.mark.parametrize("limits", [TWO_AT_ONCE])
async def test_shards_in_different_buckets_start_together_and_in_the_same_bucket_do_not(
    fake: FakeDiscord, connect: Connect, session: aiohttp.ClientSession
) -> None:
    await connect([0, 4])
    await connect([1, 4])  # bucket 1 % 2
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.send(2, identify_data(fake.token, shard=[2, 4]))  # bucket 0 again
    assert (await client.next(op=9))["d"] is False
    assert [s.shard for s in fake.sessions()] == [(0, 4), (1, 4)]
    await client.close()
