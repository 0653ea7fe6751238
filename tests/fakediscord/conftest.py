"""Fixtures for the fake's own tests: the fake, and a bare-protocol bot client for it."""

from __future__ import annotations

import asyncio
import json
import struct
import time
import zlib
from collections.abc import AsyncIterator, Coroutine
from typing import Any, NamedTuple, TypeVar

import aiohttp
import pytest

from fakediscord import FakeDiscord, Limits

T = TypeVar("T")  # what the user's action returns: a Reply, or JSON from the control API

HELP_COMMAND = {"name": "help", "description": "How to play", "type": 1}


class ApiResponse(NamedTuple):
    status: int
    body: Any
    headers: Any


class Api:
    """REST calls as the bot makes them: ``Authorization: Bot <token>``, JSON bodies."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session

    async def call(
        self,
        method: str,
        path: str,
        *,
        auth: bool = True,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> ApiResponse:
        sent = {"Authorization": f"Bot {self.fake.token}"} if auth else {}
        sent |= headers or {}
        url = self.fake.api_base + path
        async with self.session.request(method, url, headers=sent, **kwargs) as response:
            text = await response.text()
            body = json.loads(text) if text else None
            return ApiResponse(response.status, body, response.headers)

    async def send(self, channel_id: int, **payload: Any) -> ApiResponse:
        return await self.call("POST", f"/channels/{channel_id}/messages", json=payload)

    async def with_files(
        self,
        method: str,
        path: str,
        payload: dict[str, Any],
        *files: tuple[str, bytes],
        auth: bool = True,
    ) -> ApiResponse:
        """A request with files, as discord.py sends one: ``payload_json`` and ``files[n]``."""
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", json.dumps(payload), content_type="application/json")
        for i, (filename, data) in enumerate(files):
            form.add_field(
                f"files[{i}]", data, filename=filename, content_type="application/octet-stream"
            )
        return await self.call(method, path, auth=auth, data=form)

    async def register(self, *commands: dict[str, Any]) -> ApiResponse:
        fake = self.fake
        path = f"/applications/{fake.world.application_id}/guilds/{fake.guild_id}/commands"
        return await self.call("PUT", path, json=list(commands))

    async def register_global(self, *commands: dict[str, Any]) -> ApiResponse:
        """Global commands: people in every guild of the bot can use them."""
        path = f"/applications/{self.fake.world.application_id}/commands"
        return await self.call("PUT", path, json=list(commands))

    async def answer(self, interaction: dict[str, Any], body: dict[str, Any]) -> ApiResponse:
        path = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
        return await self.call("POST", path, auth=False, json=body, params={"with_response": "1"})

    async def followup(self, interaction: dict[str, Any], **payload: Any) -> ApiResponse:
        path = f"/webhooks/{self.fake.world.application_id}/{interaction['token']}"
        return await self.call("POST", path, auth=False, json=payload, params={"wait": "1"})


def png(width: int, height: int) -> bytes:
    """A real PNG of ``width`` by ``height`` grey pixels (sizes tell pictures apart)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        checksum = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + checksum

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    pixels = zlib.compress((b"\x00" + b"\x80" * width) * height)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def identify_data(
    token: str, intents: int = (1 << 0) | (1 << 9), *, shard: list[int] | None = None
) -> dict[str, Any]:
    """IDENTIFY's ``d`` as a bot sends it; ``shard`` is ``[shard_id, num_shards]``."""
    data: dict[str, Any] = {"token": token, "intents": intents, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    return data


class GatewayClient:
    """A bare gateway client: reads every payload into ``received`` and answers heartbeats."""

    def __init__(self, session: aiohttp.ClientSession, url: str, *, zlib_stream: bool) -> None:
        self.session = session
        query = "?v=10&encoding=json" + ("&compress=zlib-stream" if zlib_stream else "")
        self.url = url + query
        self.zlib_stream = zlib_stream
        self.received: list[dict[str, Any]] = []
        self.frames: list[aiohttp.WSMsgType] = []
        self.close_code: int | None = None
        self._new = asyncio.Event()
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> dict[str, Any]:
        """Open the socket; returns HELLO."""
        self.ws = await self.session.ws_connect(self.url, autoclose=False)
        self._reader = asyncio.create_task(self._read())
        return await self.next(op=10)

    async def _read(self) -> None:
        assert self.ws is not None
        inflator = zlib.decompressobj()
        async for msg in self.ws:
            self.frames.append(msg.type)
            if msg.type is aiohttp.WSMsgType.BINARY:
                text = inflator.decompress(msg.data).decode()
            elif msg.type is aiohttp.WSMsgType.TEXT:
                text = msg.data
            else:
                break
            self.received.append(json.loads(text))
            self._new.set()
        self.close_code = self.ws.close_code
        self._new.set()

    async def send(self, op: int, d: Any) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def identify(
        self, token: str, intents: int = (1 << 0) | (1 << 9), *, shard: list[int] | None = None
    ) -> dict[str, Any]:
        await self.send(2, identify_data(token, intents, shard=shard))
        return await self.next(t="READY")

    async def next(
        self, *, op: int | None = None, t: str | None = None, after: int = 0, timeout: float = 3.0
    ) -> dict[str, Any]:
        """The first payload (from index ``after``) with this op and/or event name."""

        async def find() -> dict[str, Any]:
            while True:
                for payload in self.received[after:]:
                    if (op is None or payload["op"] == op) and (t is None or payload["t"] == t):
                        return payload
                if self.close_code is not None:
                    raise ConnectionError(f"gateway closed with {self.close_code}")
                self._new.clear()
                await self._new.wait()

        return await asyncio.wait_for(find(), timeout)

    async def closed(self, timeout: float = 3.0) -> int | None:
        assert self._reader is not None
        await asyncio.wait_for(asyncio.shield(self._reader), timeout)
        return self.close_code

    async def interaction(
        self, action: Coroutine[Any, Any, T]
    ) -> tuple[asyncio.Task[T], dict[str, Any]]:
        """Start a user's action; returns it (waiting for the answer) and the interaction."""
        before = len(self.received)
        pending = asyncio.create_task(action)
        payload = await self.next(t="INTERACTION_CREATE", after=before)
        return pending, payload["d"]

    def events(self, name: str) -> list[dict[str, Any]]:
        return [p["d"] for p in self.received if p.get("t") == name]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader


def stop_the_clock(fake: FakeDiscord) -> None:
    """Stop the clock the fake's rate limits count by, now: a window open then or opened
    later stays open, and says exactly how long it has left. A test of the limits then
    passes or fails by what it sends, not by how fast the machine sends it."""
    now = time.monotonic()
    fake.ratelimiter.clock = lambda: now


@pytest.fixture
def limits() -> Limits:
    """Discord's limits; a test may override this fixture to change them."""
    return Limits()


@pytest.fixture
async def fake(limits: Limits) -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(users=["alice", "bob"], limits=limits) as fake:
        yield fake


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


@pytest.fixture
def api(fake: FakeDiscord, session: aiohttp.ClientSession) -> Api:
    return Api(fake, session)


@pytest.fixture
async def gateway(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> AsyncIterator[GatewayClient]:
    """A bot connected and identified over a zlib-stream gateway connection."""
    client = GatewayClient(session, fake.gateway_url, zlib_stream=True)
    await client.connect()
    await client.identify(fake.token)
    yield client
    await client.close()


@pytest.fixture
async def help_registered(api: Api) -> None:
    status, body, _ = await api.register(HELP_COMMAND)
    assert status == 200, body


@pytest.fixture
async def help_everywhere(api: Api) -> None:
    """``/help`` as a global command, for tests with more than one guild."""
    status, body, _ = await api.register_global(HELP_COMMAND)
    assert status == 200, body
