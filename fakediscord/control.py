"""Driving a fake that runs as its own process: a small HTTP control API and its client.

Routes (JSON in and out, under ``/_fake``; no token, no rate limits):

- ``GET /_fake/status``: counters (connected, identifies, command_syncs, ...) and
  ``sessions``, the bot's gateway sessions (``shard``, number of ``guilds``)
- ``POST /_fake/act`` with ``{"user": "alice", "action": ..., ...}`` runs ``slash``
  (command, options), ``autocomplete`` (command, option, value, options), ``click``
  (message_id, custom_id or label), ``select`` (message_id, custom_id, values) or
  ``submit_modal`` (values, interaction_id of the reply that showed the modal), and
  answers with the reply; 409 with ``{"error": ...}`` for what a user could not do
- ``GET /_fake/messages?user=alice``: what that user sees in the channel
- ``POST /_fake/gateway`` with ``{"action": "drop" | "reconnect" | "invalidate"}``
- ``POST /_fake/world`` with ``{"channels": [names], "users": [names]}``: more text channels
  and members of the guild (for load tests); answers their ids by name. With
  ``"guild": name, "shard": [shard_id, num_shards]`` they are made in a new guild whose events
  go to that shard (``world.guild_on_shard``), answered as ``"guilds": {name: id}``; 400 for a
  shard that does not exist
- ``POST /_fake/chatter`` with ``{"rate": R}``: background chatter (``chatter.py``) at R
  messages a second across the guilds' channels, 0 to stop; answers ``{"messages": N}``, what
  the chatter it replaced had sent
- ``GET /_fake/timings?after=ID``: for every interaction with a larger id, the seconds from
  INTERACTION_CREATE to the bot's first callback (``latency``, null if none came), the
  callback type accepted and how many callbacks were rejected; and ``rate_limited``, the
  real 429 answers so far

Users act in the fake's first channel, or in ``channel_id`` (``slash``, ``autocomplete``,
``messages``). Limits are set on the command line
(``--global-limit``); faults and the rest of the world are in-process only (``FakeDiscord``).

``RemoteFakeDiscord.launch()`` starts ``python -m fakediscord`` and wraps these.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from .users import ActionError, Reply, message_json

if TYPE_CHECKING:
    from .models import Channel
    from .server import FakeDiscord

# The folder that holds this package: the child process imports it from there.
SOURCE_ROOT = Path(__file__).resolve().parents[1]


def add_control_routes(app: web.Application, fake: FakeDiscord) -> None:
    control = _Control(fake)
    app.router.add_get("/_fake/status", control.status)
    app.router.add_post("/_fake/act", control.act)
    app.router.add_get("/_fake/messages", control.messages)
    app.router.add_post("/_fake/gateway", control.gateway)
    app.router.add_post("/_fake/world", control.world)
    app.router.add_get("/_fake/timings", control.timings)
    app.router.add_post("/_fake/chatter", control.chatter)


class _Control:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    async def status(self, request: web.Request) -> web.Response:
        return web.json_response(await self.fake.status())

    async def act(self, request: web.Request) -> web.Response:
        body = await request.json()
        fake = self.fake
        user = fake.user(body["user"])
        action = body["action"]
        channel = self._channel(body.get("channel_id"))
        try:
            if action == "slash":
                reply = await user.slash(
                    body["command"], channel=channel, **body.get("options", {})
                )
            elif action == "autocomplete":
                reply = await user.autocomplete(
                    body["command"],
                    body["option"],
                    body["value"],
                    channel=channel,
                    **body.get("options", {}),
                )
            elif action == "click":
                reply = await user.click(
                    int(body["message_id"]),
                    custom_id=body.get("custom_id"),
                    label=body.get("label"),
                )
            elif action == "select":
                reply = await user.select(
                    int(body["message_id"]), body["custom_id"], body["values"]
                )
            elif action == "submit_modal":
                shown = fake.interactions.by_id[int(body["interaction_id"])]
                reply = await user.submit_modal(body["values"], reply=Reply(shown, fake.world))
            else:
                return web.json_response({"error": f"unknown action {action!r}"}, status=400)
        except ActionError as error:
            return web.json_response({"error": str(error)}, status=409)
        return web.json_response(reply.to_json())

    def _channel(self, channel_id: str | int | None) -> Channel | None:
        return None if channel_id is None else self.fake.world.channels[int(channel_id)]

    async def messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request.query.get("channel_id"))
        seen = self.fake.user(request.query["user"]).visible_messages(channel)
        return web.json_response([message_json(m) for m in seen])

    async def world(self, request: web.Request) -> web.Response:
        body = await request.json()
        fake = self.fake
        guild, made = None, {}
        if "shard" in body:
            shard_id, num_shards = body["shard"]
            name = body.get("guild") or f"shard {shard_id}"
            try:
                guild = fake.world.guild_on_shard(int(shard_id), int(num_shards), name)
            except ValueError as error:
                return web.json_response({"error": str(error)}, status=400)
            made["guilds"] = {name: str(guild.id)}
        channels = {n: fake.create_channel(n, guild=guild).id for n in body.get("channels", [])}
        users = {n: fake.user(n, guild=guild).id for n in body.get("users", [])}
        made["channels"] = {n: str(i) for n, i in channels.items()}
        made["users"] = {n: str(i) for n, i in users.items()}
        return web.json_response(made)

    async def timings(self, request: web.Request) -> web.Response:
        after = int(request.query.get("after", 0))
        fake = self.fake
        return web.json_response(
            {
                "interactions": fake.interactions.timings(after),
                "rate_limited": len(fake.rate_limited),
            }
        )

    async def chatter(self, request: web.Request) -> web.Response:
        body = await request.json()
        return web.json_response({"messages": self.fake.chatter(float(body["rate"]))})

    async def gateway(self, request: web.Request) -> web.Response:
        body = await request.json()
        gateway = self.fake.gateway
        if body["action"] == "drop":
            await gateway.drop(body.get("code"), resumable=body.get("resumable", True))
        elif body["action"] == "reconnect":
            gateway.request_reconnect()
        else:
            gateway.invalidate_session(resumable=body.get("resumable", False))
        return web.json_response(await self.fake.status())


class RemoteFakeDiscord:
    """A fake Discord in its own process, driven over the control API."""

    def __init__(self, info: dict[str, Any], process: asyncio.subprocess.Process | None = None):
        self.info = info
        self.api_base: str = info["api_base"]
        self.gateway_url: str = info["gateway_url"]
        self.token: str = info["token"]
        self.guild_id = int(info["guild_id"])
        self.channel_id = int(info["channel_id"])
        self._control = info["control_url"]
        self._process = process
        self._session = aiohttp.ClientSession()

    @classmethod
    async def launch(cls, *args: str) -> RemoteFakeDiscord:
        """Start ``python -m fakediscord *args`` and connect to it."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "fakediscord",
            *args,
            cwd=SOURCE_ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), timeout=20)
        if not line:
            raise RuntimeError(f"the fake Discord exited with {await process.wait()}")
        return cls(json.loads(line), process)

    async def close(self) -> None:
        await self._session.close()
        if self._process is not None and self._process.returncode is None:
            self._process.terminate()
            await self._process.wait()

    async def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        async with self._session.request(method, self._control + path, **kwargs) as response:
            data = await response.json()
            if response.status == 409:
                raise ActionError(data["error"])
            response.raise_for_status()
            return data

    async def status(self) -> dict[str, Any]:
        result: dict[str, Any] = await self._call("GET", "/status")
        return result

    def user(self, name: str) -> RemoteUser:
        return RemoteUser(self, name)

    async def create(
        self,
        *,
        channels: Sequence[str] = (),
        users: Sequence[str] = (),
        guild: str | None = None,
        shard: tuple[int, int] | None = None,
    ) -> dict[str, dict[str, int]]:
        """Add text channels and guild members; their ids by name (``{"channels": ...}``).
        With ``shard=(shard_id, num_shards)`` they are made in a new guild (named ``guild``)
        on that shard, whose id is under ``"guilds"``."""
        body: dict[str, Any] = {"channels": list(channels), "users": list(users)}
        if shard is not None:
            body |= {"guild": guild, "shard": list(shard)}
        made = await self._call("POST", "/world", json=body)
        return {kind: {k: int(v) for k, v in ids.items()} for kind, ids in made.items()}

    async def timings(self, after: int = 0) -> dict[str, Any]:
        """Each interaction after id ``after``: its latency and answer; and the 429 count."""
        result: dict[str, Any] = await self._call("GET", "/timings", params={"after": after})
        return result

    async def chatter(self, rate: float) -> int:
        """Background chatter at ``rate`` messages a second (0: stop); what the last one sent."""
        answer: dict[str, int] = await self._call("POST", "/chatter", json={"rate": rate})
        return answer["messages"]

    async def gateway(self, action: str, **fields: Any) -> dict[str, Any]:
        """``drop`` (code, resumable), ``reconnect`` or ``invalidate`` (resumable)."""
        status: dict[str, Any] = await self._call(
            "POST", "/gateway", json={"action": action, **fields}
        )
        return status


class RemoteUser:
    """A simulated user of a remote fake; the same actions as ``SimUser``, answers as JSON."""

    def __init__(self, fake: RemoteFakeDiscord, name: str) -> None:
        self.fake = fake
        self.name = name

    async def _act(self, action: str, **fields: Any) -> dict[str, Any]:
        result: dict[str, Any] = await self.fake._call(
            "POST", "/act", json={"user": self.name, "action": action, **fields}
        )
        return result

    async def slash(
        self, command: str, *, channel_id: int | None = None, **options: Any
    ) -> dict[str, Any]:
        return await self._act("slash", command=command, options=options, channel_id=channel_id)

    async def autocomplete(
        self,
        command: str,
        option: str,
        value: str,
        *,
        channel_id: int | None = None,
        **options: Any,
    ) -> dict[str, Any]:
        return await self._act(
            "autocomplete",
            command=command,
            option=option,
            value=value,
            options=options,
            channel_id=channel_id,
        )

    async def click(
        self, message_id: str, *, custom_id: str | None = None, label: str | None = None
    ) -> dict[str, Any]:
        return await self._act("click", message_id=message_id, custom_id=custom_id, label=label)

    async def select(self, message_id: str, custom_id: str, values: list[str]) -> dict[str, Any]:
        return await self._act("select", message_id=message_id, custom_id=custom_id, values=values)

    async def submit_modal(self, values: dict[str, Any], *, interaction_id: str) -> dict[str, Any]:
        return await self._act("submit_modal", values=values, interaction_id=interaction_id)

    async def visible_messages(self, channel_id: int | None = None) -> list[dict[str, Any]]:
        params: dict[str, str | int] = {"user": self.name}
        if channel_id is not None:
            params["channel_id"] = channel_id
        result: list[dict[str, Any]] = await self.fake._call("GET", "/messages", params=params)
        return result
