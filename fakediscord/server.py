"""FakeDiscord: the world, its REST API and gateway on 127.0.0.1, and the test handles.

The HTTP layer applies what every Discord route shares: the bot token, injected faults,
the global and per-route rate limits (with Discord's headers) and Discord's JSON errors.
Every API request is kept in ``requests`` for tests to inspect.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, TypeVar

from aiohttp import web

from .chatter import Chatter
from .control import add_control_routes
from .errors import (
    INVALID_FORM_BODY,
    METHOD_NOT_ALLOWED,
    NOT_FOUND,
    SPEC_ERRORS,
    UNAUTHORIZED,
    DiscordError,
    FormErrors,
)
from .faults import Fault, Faults
from .gateway import HELLO_PATH, RESUME_PATH, Gateway, SessionInfo
from .interactions import Interactions
from .models import Channel, Command, Guild, Message
from .ratelimits import Limits, RateLimited, RateLimiter
from .rest import API_PREFIX, PAYLOAD, RestApi, Route, json_response, read_payload
from .spec import SpecViolation, discord_api
from .users import SimUser
from .world import World

T = TypeVar("T")

_MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "webhook_token")


@dataclass
class RequestRecord:
    """One API request the bot made, and how the fake answered it."""

    method: str
    route: str
    path: str
    status: int = 0
    payload: Any = None
    error: dict[str, Any] | None = None
    injected: bool = False
    """The answer came from an injected fault."""
    violations: list[SpecViolation] = field(default_factory=list)
    """How the request broke Discord's OpenAPI description (it was refused for it)."""
    at: float = field(default_factory=lambda: asyncio.get_running_loop().time())


class FakeDiscord:
    """A Discord for tests: one guild with a text channel, the bot, and simulated users.

    Use as ``async with FakeDiscord(users=["alice", "bob"]) as discord: ...``; point the
    bot at ``discord.api_base`` and ``discord.gateway_url`` with ``discord.token``.
    """

    def __init__(
        self,
        *,
        users: Iterable[str] = (),
        guild_name: str = "Tavolo Test",
        channel_name: str = "tavolo",
        token: str = "fake-bot-token",  # noqa: S107 (the fake's own, not a secret)
        bot_name: str = "Tavolo",
        limits: Limits | None = None,
        heartbeat_interval: float = 41.25,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.limits = limits or Limits()
        self.world = World(token=token, bot_name=bot_name, limits=self.limits)
        self.gateway = Gateway(self.world, heartbeat_interval=heartbeat_interval)
        self.interactions = Interactions(self.world)
        self.faults = Faults()
        self.ratelimiter = RateLimiter(self.limits)
        self.requests: list[RequestRecord] = []
        self.guild: Guild = self.world.create_guild(guild_name)
        self.channel: Channel = self.world.create_channel(self.guild, channel_name)
        self._users: dict[str, SimUser] = {}
        for name in users:
            self.user(name)
        self._chatter: Chatter | None = None
        self._host = host
        self._port = port
        self._routes: dict[tuple[str, str], Route] = {}
        self._runner: web.AppRunner | None = None
        self.url = ""

    # --- running -----------------------------------------------------------------------

    async def start(self) -> None:
        runner = web.AppRunner(self._app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self._host, self._port)
        await site.start()
        self._runner = runner
        port = runner.addresses[0][1]
        self.url = f"http://{self._host}:{port}"
        self.world.cdn_base = self.url
        self.gateway.base_url = f"ws://{self._host}:{port}"

    async def stop(self) -> None:
        self.chatter(0)
        for conn in list(self.gateway.connections):
            conn.close(1001, "Server shutting down.")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def api_base(self) -> str:
        return self.url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def guild_id(self) -> int:
        return self.guild.id

    def describe(self) -> dict[str, Any]:
        """Where to find everything, as JSON (what ``python -m fakediscord`` prints)."""
        return {
            "url": self.url,
            "api_base": self.api_base,
            "gateway_url": self.gateway_url,
            "control_url": f"{self.url}/_fake",
            "token": self.token,
            "application_id": str(self.world.application_id),
            "guild_id": str(self.guild.id),
            "channel_id": str(self.channel.id),
            "users": {name: str(u.id) for name, u in self._users.items()},
        }

    async def status(self) -> dict[str, Any]:
        """Counters a launcher polls to know the bot is up (identified, commands synced)."""
        return {
            "connected": self.gateway.connected,
            "identifies": self.gateway.identifies,
            "resumes": len(self.gateway.resumes),
            "command_syncs": self.world.command_syncs,
            "interactions": len(self.interactions.by_id),
            "requests": len(self.requests),
            "sessions": [
                {
                    "shard": s.shard and list(s.shard),
                    "guilds": len(s.guild_ids),
                    "intents": s.intents,
                }
                for s in self.sessions()
            ],
        }

    def chatter(self, rate: float) -> int:
        """Background chatter (``chatter.py``) at ``rate`` messages a second from now on,
        0 to stop it; returns how many messages the chatter it replaces had sent."""
        sent = 0
        if self._chatter is not None:
            self._chatter.stop()
            sent = self._chatter.messages
        self._chatter = Chatter(self.world, rate) if rate > 0 else None
        if self._chatter is not None:
            self._chatter.start()
        return sent

    def sessions(self) -> list[SessionInfo]:
        """The bot's gateway sessions on a connection now, oldest first: which shard each
        identified as (None: unsharded), and the guilds it got GUILD_CREATE for."""
        return self.gateway.infos()

    # --- the world, for tests ----------------------------------------------------------

    def user(self, name: str, *, guild: Guild | None = None, locale: str | None = None) -> SimUser:
        """The simulated user ``name``, created (and made a member of the guild) on first use;
        ``locale`` sets the language of their Discord client (else it stays as it was, en-US
        at first)."""
        guild = guild or self.guild
        sim = self._users.get(name)
        if sim is None:
            sim = self._users[name] = SimUser(self, self.world.add_user(name))
        if sim.id not in guild.members:
            self.world.add_member(guild, sim.user)
        if locale is not None:
            sim.locale = locale
        return sim

    def create_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        return self.world.create_channel(guild or self.guild, name)

    def messages(self, channel: Channel | None = None) -> list[Message]:
        """The public messages of a channel (the default one), oldest first."""
        return self.world.visible_messages(channel or self.channel, None)

    def commands(self, guild: Guild | None = None) -> list[Command]:
        """The commands people in ``guild`` (the default one) can use: guild and global ones."""
        world = self.world
        return world.commands.get((guild or self.guild).id, []) + world.commands.get(None, [])

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str | None = None
    ) -> T:
        """Wait until ``predicate()`` is truthy and return it; TimeoutError after ``timeout``."""
        return await self.world.wait_for(predicate, timeout, what)

    @property
    def rejections(self) -> list[RequestRecord]:
        """Requests the fake refused with a 4xx (rate limits and injected faults aside)."""
        return [r for r in self.requests if 400 <= r.status < 500 and r.status != 429]

    @property
    def spec_violations(self) -> list[SpecViolation]:
        """Every way the requests so far broke Discord's OpenAPI description (``spec.py``)."""
        return [v for r in self.requests for v in r.violations]

    @property
    def rate_limited(self) -> list[RequestRecord]:
        """Requests that went over a real (not injected) rate limit."""
        return [r for r in self.requests if r.status == 429 and not r.injected]

    # --- HTTP --------------------------------------------------------------------------

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        for route in RestApi(self.world, self.interactions, self.gateway).routes():
            app.router.add_route(route.method, API_PREFIX + route.path, route.handler)
            self._routes[(route.method, API_PREFIX + route.path)] = route
        app.router.add_get(HELLO_PATH, self.gateway.handle)
        app.router.add_get(RESUME_PATH, self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        add_control_routes(app, self)
        return app

    async def _attachment(self, request: web.Request) -> web.Response:
        attachment = self.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX + "/"):
            response: web.StreamResponse = await handler(request)
            return response
        resource = request.match_info.route.resource
        route = self._routes.get((request.method, resource.canonical if resource else ""))
        record = RequestRecord(
            request.method, route.key if route else f"{request.method} {request.path}", request.path
        )
        self.requests.append(record)
        try:
            response = await self._handle(request, handler, route, record)
        except DiscordError as error:
            record.error = error.body()
            response = json_response(error.body(), status=error.status)
        except RateLimited as limited:
            response = json_response(limited.body(), status=429, headers=limited.headers())
        record.status = response.status
        record.payload = request.get(PAYLOAD)
        self.world.touch()
        return response

    async def _handle(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Any],
        route: Route | None,
        record: RequestRecord,
    ) -> web.StreamResponse:
        if route is None:
            self._check_spec(request, record)  # records a route Discord does not have either
            exception = request.match_info.http_exception
            raise (METHOD_NOT_ALLOWED if exception and exception.status == 405 else NOT_FOUND)()
        fault = self.faults.take(route.key)
        if fault is not None and fault.delay:
            await asyncio.sleep(fault.delay)
        if route.auth and request.headers.get("Authorization") != f"Bot {self.world.token}":
            raise UNAUTHORIZED()
        if route.global_limit:
            self.ratelimiter.check_global()
        headers: dict[str, str] = {}
        if route.bucket is not None:
            scope = route.key if route.bucket == "other" else route.bucket
            major = "+".join(request.match_info.get(k, "") for k in _MAJOR_PARAMETERS)
            headers = self.ratelimiter.take(route.bucket, scope, major)
        if fault is not None and fault.status and not fault.after_processing:
            return self._fault_response(fault, record)
        if request.body_exists:
            await read_payload(request)
        spec_errors = self._check_spec(request, record)
        if record.violations and spec_errors is None:  # a route the fake has, Discord not
            raise NOT_FOUND()
        if spec_errors is not None and PAYLOAD not in request:
            raise DiscordError(*INVALID_FORM_BODY, spec_errors)
        # A body is refused by the handler's checks: Discord's documented rules first.
        token = SPEC_ERRORS.set(spec_errors)
        try:
            response: web.StreamResponse = await handler(request)
        finally:
            SPEC_ERRORS.reset(token)
        if fault is not None and fault.status:
            return self._fault_response(fault, record)
        response.headers.update(headers)
        return response

    @staticmethod
    def _check_spec(request: web.Request, record: RequestRecord) -> dict[str, Any] | None:
        """How the request breaks Discord's description, kept on its record, as the form-error
        tree Discord answers a bad form with (400, 50035); None when it fits, or when only
        its route is unknown (then it is answered 404)."""
        body = request.get(PAYLOAD)
        kind = "multipart/form-data" if request.content_type.startswith("multipart/") else None
        content = () if PAYLOAD not in request else ((kind or request.content_type, body),)
        path = request.path.removeprefix(API_PREFIX)
        record.violations = discord_api().check(request.method, path, request.query, *content)
        if not record.violations or record.violations[0].location == "route":
            return None
        errors = FormErrors()
        for violation in record.violations:
            errors.add(violation.keys, f"OPENAPI_{violation.keyword.upper()}", str(violation))
        return errors.tree

    @staticmethod
    def _fault_response(fault: Fault, record: RequestRecord) -> web.Response:
        record.injected = True
        assert fault.status is not None
        if fault.status == 429:
            limited = RateLimited(fault.retry_after, is_global=False)
            return json_response(limited.body(), status=429, headers=limited.headers())
        reason = web.Response(status=fault.status).reason
        body = {"message": f"{fault.status}: {reason}", "code": 0}
        return json_response(body, status=fault.status)
