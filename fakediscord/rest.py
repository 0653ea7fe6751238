"""REST API v10: the routes discord.py uses, with Discord's checks and answers.

Each route is declared with its rate-limit bucket (see ``ratelimits.Limits``), whether it
needs the bot token, and whether it counts against the global limit (interaction
endpoints do not). ``server.py`` applies those; the handlers here apply Discord's rules.
"""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

from .errors import (
    CANNOT_EDIT_OTHERS,
    INVALID_JSON,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    NOT_FOUND,
    UNKNOWN_CHANNEL,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    FormErrors,
)
from .gateway import GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT, Gateway
from .interactions import Interactions
from .models import (
    DEFAULT_LOCALE,
    IS_COMPONENTS_V2,
    LOCALES,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Channel,
    Command,
    Message,
    Upload,
)
from .permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from .shards import recommended_shards
from .validation import check_commands, check_message
from .world import World

API_PREFIX = "/api/v10"
CHANNEL_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2

# Application flags Discord sets for a bot whose privileged intents are switched on.
_INTENT_APP_FLAGS = {GUILD_PRESENCES: 1 << 13, GUILD_MEMBERS: 1 << 15, MESSAGE_CONTENT: 1 << 19}

PAYLOAD = web.RequestKey("payload", object)
"""The parsed request body, kept on the request for the request log."""
UPLOADS = web.RequestKey("uploads", list)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    handler: Handler
    bucket: str | None = "other"
    """Which ``Limits`` bucket applies; None for routes Discord does not limit this way."""
    auth: bool = True
    global_limit: bool = True

    @property
    def key(self) -> str:
        return f"{self.method} {self.path}"


async def read_payload(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body, or a multipart body's ``payload_json`` and its ``files[n]``; read once
    (the server reads it first, to check it against Discord's description)."""
    if PAYLOAD in request:
        return request[PAYLOAD], request[UPLOADS]
    payload: Any = {}
    uploads = []
    if request.content_type.startswith("multipart/"):
        async for part in await request.multipart():
            if not isinstance(part, aiohttp.BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = _loads(await part.text())
            elif part.name and part.name.startswith("files["):
                filename = part.filename or "file"
                uploads.append(
                    Upload(
                        index=int(part.name[6:-1]),
                        filename=filename,
                        content_type=mimetypes.guess_type(filename)[0],
                        data=bytes(await part.read()),
                    )
                )
    elif raw := await request.read():
        payload = _loads(raw.decode())
    request[PAYLOAD] = payload
    request[UPLOADS] = uploads
    return payload, uploads


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise INVALID_JSON() from None


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with Discord's exact ``Content-Type`` (discord.py compares it verbatim)."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers=headers, content_type="application/json")


def _requester_locale(request: web.Request) -> str:
    """Discord's order: ``X-Discord-Locale``, then ``Accept-Language``, then the account's
    own setting (the bot's is en-US)."""
    wanted = request.headers.get("X-Discord-Locale") or request.headers.get("Accept-Language")
    first = (wanted or "").split(",")[0].split(";")[0].strip()
    return first if first in LOCALES else DEFAULT_LOCALE


def _id(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except ValueError:
        raise NOT_FOUND() from None


class RestApi:
    def __init__(self, world: World, interactions: Interactions, gateway: Gateway) -> None:
        self.world = world
        self.interactions = interactions
        self.gateway = gateway

    def routes(self) -> list[Route]:
        return [
            Route("GET", "/gateway", self.get_gateway, auth=False),
            Route("GET", "/gateway/bot", self.get_gateway_bot),
            Route("GET", "/users/@me", self.get_me),
            Route("GET", "/users/{user_id}", self.get_user),
            Route("GET", "/oauth2/applications/@me", self.get_application),
            Route("GET", "/applications/@me", self.get_application),
            Route("GET", "/applications/{application_id}/commands", self.get_commands),
            Route("PUT", "/applications/{application_id}/commands", self.put_commands),
            Route(
                "GET",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.get_commands,
            ),
            Route(
                "PUT",
                "/applications/{application_id}/guilds/{guild_id}/commands",
                self.put_commands,
            ),
            Route(
                "POST",
                "/interactions/{interaction_id}/{interaction_token}/callback",
                self.post_callback,
                bucket=None,
                auth=False,
                global_limit=False,
            ),
            Route(
                "POST",
                "/webhooks/{webhook_id}/{webhook_token}",
                self.post_followup,
                bucket="webhook",
                auth=False,
                global_limit=False,
            ),
            *(
                Route(
                    method,
                    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                    handler,
                    bucket="webhook",
                    auth=False,
                    global_limit=False,
                )
                for method, handler in (
                    ("GET", self.get_webhook_message),
                    ("PATCH", self.patch_webhook_message),
                    ("DELETE", self.delete_webhook_message),
                )
            ),
            Route("GET", "/channels/{channel_id}", self.get_channel),
            Route("DELETE", "/channels/{channel_id}", self.delete_channel),
            Route("GET", "/channels/{channel_id}/messages", self.get_messages),
            Route(
                "POST",
                "/channels/{channel_id}/messages",
                self.post_message,
                bucket="channel_messages",
            ),
            Route("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            Route(
                "PATCH",
                "/channels/{channel_id}/messages/{message_id}",
                self.patch_message,
                bucket="channel_messages",
            ),
            Route("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            Route("POST", "/channels/{channel_id}/threads", self.post_thread, bucket="threads"),
        ]

    # --- identity ----------------------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        world = self.world
        shards = recommended_shards(world.guilds, world.limits.guilds_per_shard)
        limit = self.gateway.session_starts.to_json()
        return json_response(
            {"url": self.gateway.url, "shards": shards, "session_start_limit": limit}
        )

    async def get_me(self, request: web.Request) -> web.Response:
        extra = {"verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"}
        return json_response({**self.world.bot.to_json(), **extra})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_id(request, "user_id"))
        if user is None:
            raise UNKNOWN_USER()
        return json_response(user.to_json())

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        flags = 0
        for intent, flag in _INTENT_APP_FLAGS.items():
            if world.privileged_intents & intent:
                flags |= flag
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot.global_name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": world.bot.to_json(),
                "team": None,
                "flags": flags,
                "bot": world.bot.to_json(),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
                "approximate_guild_count": len(world.guilds),
            }
        )

    # --- commands ----------------------------------------------------------------------

    def _command_scope(self, request: web.Request) -> int | None:
        world = self.world
        if _id(request, "application_id") != world.application_id:
            raise MISSING_ACCESS()
        if "guild_id" not in request.match_info:
            return None
        guild = world.guilds.get(_id(request, "guild_id"))
        if guild is None or world.bot.id not in guild.members:
            raise MISSING_ACCESS()
        return guild.id

    async def get_commands(self, request: web.Request) -> web.Response:
        """Without ``with_localizations`` Discord lists each name and description in the
        requester's language only (``name_localized``), not the dictionaries."""
        commands = self.world.commands.get(self._command_scope(request), [])
        full = request.query.get("with_localizations") in ("1", "true", "True")
        locale = _requester_locale(request)
        return json_response([c.to_json(with_localizations=full, locale=locale) for c in commands])

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await read_payload(request)
        errors = FormErrors()
        if not isinstance(body, list):
            errors.add((), "BASE_TYPE_ARRAY", "Must be an array.")
        else:
            check_commands(errors, body, is_global=scope is None)
        errors.raise_if_any()
        world = self.world
        before = {(c.type, c.name): c for c in world.commands.get(scope, [])}
        commands = []
        for definition in body:
            old = before.get((int(definition.get("type", 1)), definition["name"]))
            command_id = old.id if old is not None else world.ids.next()
            commands.append(
                Command(command_id, world.application_id, scope, definition, world.ids.next())
            )
        world.commands[scope] = commands
        world.command_syncs += 1
        return json_response([c.to_json() for c in commands])

    # --- interactions ------------------------------------------------------------------

    async def post_callback(self, request: web.Request) -> web.Response:
        body, uploads = await read_payload(request)
        result = self.interactions.callback(
            _id(request, "interaction_id"), request.match_info["interaction_token"], body, uploads
        )
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(result)
        return web.Response(status=204)

    async def post_followup(self, request: web.Request) -> web.Response:
        body, uploads = await read_payload(request)
        message = self.interactions.followup(
            _id(request, "webhook_id"), request.match_info["webhook_token"], body, uploads
        )
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.to_json())
        return web.Response(status=204)

    def _webhook_message(self, request: web.Request) -> Message:
        return self.interactions.find_message(
            _id(request, "webhook_id"),
            request.match_info["webhook_token"],
            request.match_info["message_id"],
        )

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        return json_response(self._webhook_message(request).to_json())

    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        body, uploads = await read_payload(request)
        message = self.interactions.edit_message(
            _id(request, "webhook_id"),
            request.match_info["webhook_token"],
            request.match_info["message_id"],
            body,
            uploads,
        )
        return json_response(message.to_json())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        self.world.delete(self._webhook_message(request))
        return web.Response(status=204)

    # --- channels and messages ---------------------------------------------------------

    def _channel(self, request: web.Request, *needed: int) -> Channel:
        """The channel, if the bot may see it (50001) and has ``needed`` (50013)."""
        world = self.world
        channel = world.channels.get(_id(request, "channel_id"))
        if channel is None:
            raise UNKNOWN_CHANNEL()
        perms = world.permissions(channel, world.bot)
        if not perms & VIEW_CHANNEL:
            raise MISSING_ACCESS()
        for permission in needed:
            if not perms & permission:
                raise MISSING_PERMISSIONS()
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.messages.get(_id(request, "message_id"))
        if message is None or message.channel_id != channel.id or message.deleted:
            raise UNKNOWN_MESSAGE()
        if message.ephemeral:
            raise UNKNOWN_MESSAGE()
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).to_json())

    async def delete_channel(self, request: web.Request) -> web.Response:
        """Discord answers with the channel as it was; a thread needs Manage Threads, any
        other channel Manage Channels."""
        channel = self._channel(request)
        needed = MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS
        if not self.world.permissions(channel, self.world.bot) & needed:
            raise MISSING_PERMISSIONS()
        gone = channel.to_json()
        self.world.delete_channel(channel)
        return json_response(gone)

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request, READ_MESSAGE_HISTORY)
        query = request.query
        errors = FormErrors()
        limit = int(query.get("limit", "50"))
        if not 1 <= limit <= 100:
            errors.add(("limit",), "NUMBER_TYPE_MAX", "int value should be between 1 and 100.")
        errors.raise_if_any()
        messages = self.world.visible_messages(channel, None)
        if "after" in query:
            selected = [m for m in messages if m.id > int(query["after"])][:limit]
        else:
            if "before" in query:
                messages = [m for m in messages if m.id < int(query["before"])]
            selected = messages[-limit:]
        return json_response([m.to_json() for m in reversed(selected)])

    async def post_message(self, request: web.Request) -> web.Response:
        body, uploads = await read_payload(request)
        needed = (SEND_MESSAGES, ATTACH_FILES) if uploads else (SEND_MESSAGES,)
        channel = self._channel(request, *needed)
        errors = FormErrors()
        check_message(errors, body, allowed_flags=CHANNEL_FLAGS, uploads=uploads)
        errors.raise_if_any()
        world = self.world
        return json_response(world.post(channel, world.bot, body, uploads).to_json())

    async def post_thread(self, request: web.Request) -> web.Response:
        """Start a thread without a message: a public one (type 11), the only kind the fake
        opens; Create Public Threads needed in the channel."""
        body, _ = await read_payload(request)
        channel = self._channel(request, CREATE_PUBLIC_THREADS)
        errors = FormErrors()
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            errors.add(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        kind = body.get("type", 12) if isinstance(body, dict) else 12
        if kind != 11:
            errors.add(("type",), "BASE_TYPE_CHOICES", "Only public threads (11) are opened here.")
        archive = body.get("auto_archive_duration", 4320) if isinstance(body, dict) else 4320
        if archive not in (60, 1440, 4320, 10080):
            errors.add(
                ("auto_archive_duration",),
                "BASE_TYPE_CHOICES",
                "Value must be one of (60, 1440, 4320, 10080).",
            )
        errors.raise_if_any()
        world = self.world
        thread = world.create_thread(channel, world.bot, str(name), int(archive))
        return json_response(thread.to_json(), status=201)

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request, READ_MESSAGE_HISTORY)
        return json_response(self._message(request, channel).to_json())

    async def patch_message(self, request: web.Request) -> web.Response:
        body, uploads = await read_payload(request)
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.world.bot:
            raise CANNOT_EDIT_OTHERS()
        errors = FormErrors()
        check_message(
            errors,
            body,
            allowed_flags=CHANNEL_FLAGS,
            uploads=uploads,
            existing=message.attachments,
        )
        errors.raise_if_any()
        return json_response(self.world.edit(message, body, uploads).to_json())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        if message.author is not self.world.bot and not (
            self.world.permissions(channel, self.world.bot) & MANAGE_MESSAGES
        ):
            raise MISSING_PERMISSIONS()
        self.world.delete(message)
        return web.Response(status=204)
