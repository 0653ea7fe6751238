"""The gateway: HELLO and heartbeats, IDENTIFY and READY, intents, RESUME after a drop,
op 7 and op 9, close codes; plain text frames and zlib-stream binary frames."""

from __future__ import annotations

import json

import aiohttp
import pytest
import zstandard

from fakediscord import FakeDiscord

from .conftest import Api, GatewayClient

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES = 1 << 0, 1 << 1, 1 << 9


async def test_hello_then_heartbeats_are_acknowledged_in_plain_frames(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    hello = await client.connect()
    assert hello["d"] == {"heartbeat_interval": 41250}
    await client.send(1, None)
    await client.next(op=11)
    assert set(client.frames) == {aiohttp.WSMsgType.TEXT}
    await client.close()


async def test_identify_gets_ready_and_the_guild_in_zlib_stream_frames(
    fake: FakeDiscord, gateway: GatewayClient
) -> None:
    ready = (await gateway.next(t="READY"))["d"]
    assert ready["user"]["id"] == str(fake.world.bot.id)
    assert ready["resume_gateway_url"] == fake.gateway.base_url + "/resume-gateway"
    assert ready["guilds"] == [{"id": str(fake.guild_id), "unavailable": True}]
    guild = (await gateway.next(t="GUILD_CREATE"))["d"]
    assert [c["name"] for c in guild["channels"]] == ["tavolo"]
    assert [m["user"]["id"] for m in guild["members"]] == [str(fake.world.bot.id)]
    assert [p["s"] for p in gateway.received if p["op"] == 0] == [1, 2]
    assert set(gateway.frames) == {aiohttp.WSMsgType.BINARY}
    assert fake.gateway.connected


@pytest.mark.parametrize(
    ("identify", "code"),
    [
        ({"token": "wrong", "intents": GUILDS}, 4004),
        ({"token": "fake-bot-token", "intents": GUILDS | GUILD_MEMBERS}, 4014),
        ({"token": "fake-bot-token"}, 4013),
    ],
    ids=["bad token", "privileged intent not enabled", "no intents"],
)
async def test_bad_identify_is_closed_with_the_code(
    fake: FakeDiscord, session: aiohttp.ClientSession, identify: dict[str, object], code: int
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.send(2, {**identify, "properties": {}})
    assert await client.closed() == code


async def test_other_ops_before_identify_are_4003(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.send(3, {"status": "online", "activities": [], "since": 0, "afk": False})
    assert await client.closed() == 4003


async def test_message_events_need_the_guild_messages_intent(
    fake: FakeDiscord, api: Api, session: aiohttp.ClientSession
) -> None:
    client = GatewayClient(session, fake.gateway_url, zlib_stream=False)
    await client.connect()
    await client.identify(fake.token, intents=GUILDS)
    await api.send(fake.channel.id, content="unseen")
    await api.register({"name": "help", "description": "d"})
    pending, _ = await client.interaction(fake.user("alice").slash("help"))
    pending.cancel()
    assert client.events("MESSAGE_CREATE") == []
    await client.close()


async def test_resume_after_a_drop_replays_what_was_missed(
    fake: FakeDiscord, api: Api, session: aiohttp.ClientSession, gateway: GatewayClient
) -> None:
    ready = (await gateway.next(t="READY"))["d"]
    last_seq = gateway.received[-1]["s"]
    await fake.gateway.drop()
    assert not fake.gateway.connected
    await api.send(fake.channel.id, content="while you were away")
    client = GatewayClient(session, ready["resume_gateway_url"], zlib_stream=True)
    await client.connect()
    await client.send(6, {"token": fake.token, "session_id": ready["session_id"], "seq": last_seq})
    missed = await client.next(t="MESSAGE_CREATE")
    resumed = await client.next(t="RESUMED")
    assert missed["d"]["content"] == "while you were away"
    assert (missed["s"], resumed["s"]) == (last_seq + 1, last_seq + 2)
    (record,) = fake.gateway.resumes
    assert (record.replayed, record.via_resume_url) == (1, True)
    await client.close()


async def test_resuming_a_lost_session_gets_invalid_session(
    fake: FakeDiscord, session: aiohttp.ClientSession, gateway: GatewayClient
) -> None:
    ready = (await gateway.next(t="READY"))["d"]
    await fake.gateway.drop(4000, resumable=False)
    assert gateway.close_code == 4000
    client = GatewayClient(session, ready["resume_gateway_url"], zlib_stream=False)
    await client.connect()
    await client.send(6, {"token": fake.token, "session_id": ready["session_id"], "seq": 2})
    assert (await client.next(op=9))["d"] is False
    await client.close()


async def test_presence_updates_are_kept(fake: FakeDiscord, gateway: GatewayClient) -> None:
    presence = {
        "status": "online",
        "activities": [{"name": "cards", "type": 0}],
        "since": 0,
        "afk": False,
    }
    await gateway.send(3, presence)
    await gateway.send(1, None)
    await gateway.next(op=11)
    (session,) = fake.gateway.sessions.values()
    assert session.presence == presence


async def test_reconnect_and_invalid_session_requests(
    fake: FakeDiscord, gateway: GatewayClient
) -> None:
    fake.gateway.request_reconnect()
    await gateway.next(op=7)
    fake.gateway.invalidate_session()
    assert (await gateway.next(op=9))["d"] is False
    assert fake.gateway.sessions == {}


async def test_a_client_closing_with_1000_ends_its_session(
    fake: FakeDiscord, gateway: GatewayClient
) -> None:
    assert len(fake.gateway.sessions) == 1
    await gateway.close()
    await fake.wait_for(lambda: not fake.gateway.connections)
    assert fake.gateway.sessions == {}


@pytest.mark.parametrize(
    ("sends", "code"),
    [
        (["identify"], 4005),
        (["not json"], 4002),
        ([{"op": 8, "d": {"guild_id": "1", "query": "", "limit": 0}}], 4001),
        ([{"op": 1, "d": None}] * 121, 4008),
    ],
    ids=["second identify", "not json", "unmodelled op", "too many payloads"],
)
async def test_protocol_errors_close_with_discords_codes(
    fake: FakeDiscord, gateway: GatewayClient, sends: list[object], code: int
) -> None:
    assert gateway.ws is not None
    for payload in sends:
        if payload == "identify":
            await gateway.identify(fake.token)
        elif isinstance(payload, str):
            await gateway.ws.send_str(payload)
        else:
            await gateway.ws.send_json(payload)
    assert await gateway.closed() == code


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("?v=9&encoding=json", 4012),
        ("?v=10&encoding=etf", 4002),
        ("?v=10&compress=gzip", 4002),
    ],
    ids=["api v9", "etf", "gzip"],
)
async def test_unsupported_connection_parameters(
    fake: FakeDiscord, session: aiohttp.ClientSession, query: str, code: int
) -> None:
    async with session.ws_connect(fake.gateway_url + query) as ws:
        message = await ws.receive()
        assert message.type is aiohttp.WSMsgType.CLOSE and message.data == code


async def test_a_zstd_stream_connection_gets_each_payload_as_a_flushed_block(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    stream = zstandard.ZstdDecompressor().decompressobj()
    async with session.ws_connect(fake.gateway_url + "?v=10&compress=zstd-stream") as ws:
        hello = await ws.receive()
        assert hello.type is aiohttp.WSMsgType.BINARY
        assert json.loads(stream.decompress(hello.data))["op"] == 10
        await ws.send_json({"op": 1, "d": None})
        ack = await ws.receive()
        assert json.loads(stream.decompress(ack.data))["op"] == 11
