"""Driving a fake that runs as its own process: a small HTTP control API and its client.

Routes (JSON in and out, under ``/_fake``; no token, no rate limits):

- ``GET /_fake/status``: counters (connected, identifies, command_syncs, ...)
- ``POST /_fake/act`` with ``{"user": "alice", "action": ..., ...}`` runs ``slash``
  (command, options), ``autocomplete`` (command, option, value, options), ``click``
  (message_id, custom_id or label), ``select`` (message_id, custom_id, values) or
  ``submit_modal`` (values, interaction_id of the reply that showed the modal), and
  answers with the reply; 409 with ``{"error": ...}`` for what a user could not do
- ``GET /_fake/messages?user=alice``: what that user sees in the channel
- ``POST /_fake/gateway`` with ``{"action": "drop" | "reconnect" | "invalidate"}``

Users act in the fake's one channel. Limits are set on the command line
(``--global-limit``); faults and the rest of the world are in-process only (``FakeDiscord``).

``RemoteFakeDiscord.launch()`` starts ``python -m tests.fakediscord`` and wraps these.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from .users import ActionError, Reply, message_json

if TYPE_CHECKING:
    from .server import FakeDiscord

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def add_control_routes(app: web.Application, fake: FakeDiscord) -> None:
    control = _Control(fake)
    app.router.add_get("/_fake/status", control.status)
    app.router.add_post("/_fake/act", control.act)
    app.router.add_get("/_fake/messages", control.messages)
    app.router.add_post("/_fake/gateway", control.gateway)


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
        try:
            if action == "slash":
                reply = await user.slash(body["command"], **body.get("options", {}))
            elif action == "autocomplete":
                reply = await user.autocomplete(
                    body["command"],
                    body["option"],
                    body["value"],
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

    async def messages(self, request: web.Request) -> web.Response:
        seen = self.fake.user(request.query["user"]).visible_messages()
        return web.json_response([message_json(m) for m in seen])

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
        """Start ``python -m tests.fakediscord *args`` and connect to it."""
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord",
            *args,
            cwd=PROJECT_ROOT,
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

    async def slash(self, command: str, **options: Any) -> dict[str, Any]:
        return await self._act("slash", command=command, options=options)

    async def autocomplete(
        self, command: str, option: str, value: str, **options: Any
    ) -> dict[str, Any]:
        return await self._act(
            "autocomplete", command=command, option=option, value=value, options=options
        )

    async def click(
        self, message_id: str, *, custom_id: str | None = None, label: str | None = None
    ) -> dict[str, Any]:
        return await self._act("click", message_id=message_id, custom_id=custom_id, label=label)

    async def select(self, message_id: str, custom_id: str, values: list[str]) -> dict[str, Any]:
        return await self._act("select", message_id=message_id, custom_id=custom_id, values=values)

    async def submit_modal(self, values: dict[str, Any], *, interaction_id: str) -> dict[str, Any]:
        return await self._act("submit_modal", values=values, interaction_id=interaction_id)

    async def visible_messages(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = await self.fake._call(
            "GET", "/messages", params={"user": self.name}
        )
        return result
