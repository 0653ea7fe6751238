"""The gateway websocket: HELLO, heartbeats, IDENTIFY/READY, RESUME, dispatches.

JSON encoding, plain text frames or a ``zlib-stream`` (one zlib context per connection,
each payload ending in a Z_SYNC_FLUSH) or a ``zstd-stream`` (one zstd stream per connection,
each payload a flushed block; what discord.py asks for when ``zstandard`` is installed).
Each session numbers its dispatches and keeps them, so a RESUME replays what the bot
missed and ends with RESUMED. Test controls: ``drop`` (cut the connection, optionally losing
the session), ``request_reconnect`` (op 7) and ``invalidate_session`` (op 9).

Sharding (``shards.py``): a session identified with ``shard: [shard_id, num_shards]`` gets
READY and GUILD_CREATE for its shard's guilds only, and then only their events; several
sessions may hold one shard, and each gets its events, as Discord allows. IDENTIFY is
limited as on Discord: 4010 for a shard that does not exist, 4011 for a session that would
hold more than ``limits.guilds_per_shard`` guilds, op 9 for more than ``max_concurrency``
starts in ``identify_interval`` seconds, and the end of every session with a new bot token
once ``session_starts`` are used up.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .models import Guild
from .shards import UNSHARDED, InvalidShard, SessionStarts, Shard, event_guild, holds, parse_shard
from .world import World

HELLO_PATH = "/gateway"
RESUME_PATH = "/resume-gateway"

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
RESUME = 6
RECONNECT = 7
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
GUILD_MESSAGE_TYPING = 1 << 11
DIRECT_MESSAGES = 1 << 12
DIRECT_MESSAGE_REACTIONS = 1 << 13
DIRECT_MESSAGE_TYPING = 1 << 14
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT

EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS,
    "GUILD_UPDATE": GUILDS,
    "GUILD_ROLE_CREATE": GUILDS,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_DELETE": GUILDS,
}
"""The intent an event needs (absent: none, e.g. READY, INTERACTION_CREATE)."""
MESSAGE_EVENT_INTENTS = {
    "MESSAGE_CREATE": (GUILD_MESSAGES, DIRECT_MESSAGES),
    "MESSAGE_UPDATE": (GUILD_MESSAGES, DIRECT_MESSAGES),
    "MESSAGE_DELETE": (GUILD_MESSAGES, DIRECT_MESSAGES),
    "MESSAGE_REACTION_ADD": (GUILD_MESSAGE_REACTIONS, DIRECT_MESSAGE_REACTIONS),
    "MESSAGE_REACTION_REMOVE": (GUILD_MESSAGE_REACTIONS, DIRECT_MESSAGE_REACTIONS),
    "TYPING_START": (GUILD_MESSAGE_TYPING, DIRECT_MESSAGE_TYPING),
}
"""Message events: the intent they need in a guild, and in a DM."""


def needed_intent(event: str, guild_id: int | None) -> int:
    """The intent a session must have asked for to be sent ``event`` (0: none needed)."""
    if event in MESSAGE_EVENT_INTENTS:
        in_guild, in_dm = MESSAGE_EVENT_INTENTS[event]
        return in_dm if guild_id is None else in_guild
    return EVENT_INTENTS.get(event, 0)


COMPRESSIONS = (None, "zlib-stream", "zstd-stream")
BACKLOG = 1000
SEND_LIMIT = 120  # payloads a client may send per minute


class Connection:
    """One websocket; payloads go out in order through a single writer task."""

    def __init__(
        self, ws: web.WebSocketResponse, request: web.Request, *, compress: str | None = None
    ):
        self.ws = ws
        self.transport = request.transport
        self.via_resume_url = request.path == RESUME_PATH
        self.session: Session | None = None
        self.heartbeats = 0
        self.closed_by_server = False
        self._compress = _compressor(compress)
        self._outbox: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self._received: deque[float] = deque()
        self._writer = asyncio.create_task(self._write())

    def send(self, op: int, d: Any = None, *, t: str | None = None, s: int | None = None) -> None:
        self._outbox.put_nowait(json.dumps({"op": op, "d": d, "s": s, "t": t}))

    def close(self, code: int, reason: str = "") -> None:
        """Close after everything queued so far has gone out."""
        self.closed_by_server = True
        self._outbox.put_nowait((code, reason))

    def abort(self) -> None:
        """Cut the TCP connection without a close frame."""
        self.closed_by_server = True
        if self.transport is not None:
            self.transport.abort()

    def over_send_limit(self) -> bool:
        now = time.monotonic()
        self._received.append(now)
        while self._received[0] < now - 60:
            self._received.popleft()
        return len(self._received) > SEND_LIMIT

    async def _write(self) -> None:
        while True:
            item = await self._outbox.get()
            try:
                if isinstance(item, tuple):
                    await self.ws.close(code=item[0], message=item[1].encode())
                    return
                if self._compress is None:
                    await self.ws.send_str(item)
                else:
                    await self.ws.send_bytes(self._compress(item.encode()))
            except (ConnectionError, RuntimeError):
                return

    def stop(self) -> None:
        self._writer.cancel()


def _compressor(kind: str | None) -> Callable[[bytes], bytes] | None:
    """Each payload's frame for a connection's ``compress`` (None: plain text frames)."""
    if kind == "zlib-stream":
        deflate = zlib.compressobj()
        return lambda data: deflate.compress(data) + deflate.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        import zstandard  # only for a client that asks for it

        stream = zstandard.ZstdCompressor().compressobj()
        return lambda data: stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
    return None


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: Shard | None = None
    """As identified; None without ``shard`` (then it gets every guild's events)."""
    seq: int = 0
    backlog: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=BACKLOG))
    connection: Connection | None = None
    presence: dict[str, Any] | None = None
    guilds: list[int] = field(default_factory=list)
    """The guilds it was sent GUILD_CREATE for, in order: what its bot has in its cache."""

    @property
    def routing(self) -> Shard:
        """The shard it gets events for: without ``shard``, shard 0 of 1 (everything)."""
        return self.shard or UNSHARDED

    def holds(self, guild_id: int | None) -> bool:
        """Whether the events of ``guild_id`` (None: a DM) come to this session."""
        return holds(self.routing, guild_id)


@dataclass(frozen=True)
class SessionInfo:
    """A gateway session as a test sees it (``FakeDiscord.sessions()``)."""

    id: str
    shard: Shard | None
    """``(shard_id, num_shards)`` as identified, None if IDENTIFY had no ``shard``."""
    user_id: int
    """The bot user the session is for."""
    guild_ids: tuple[int, ...]
    """The guilds it got GUILD_CREATE for."""
    connected: bool
    intents: int = 0
    """The intents it identified with."""


@dataclass(frozen=True)
class ResumeRecord:
    session_id: str
    replayed: int
    via_resume_url: bool


class Gateway:
    def __init__(self, world: World, *, heartbeat_interval: float) -> None:
        self.world = world
        self.heartbeat_interval = heartbeat_interval
        self.base_url = ""
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identifies = 0
        """IDENTIFYs that started a session (READY)."""
        self.identifies_rate_limited = 0
        """IDENTIFYs answered with op 9 for going over ``max_concurrency``."""
        self.session_starts = SessionStarts(world.limits)
        self.resumes: list[ResumeRecord] = []
        world.dispatch = self.dispatch

    @property
    def url(self) -> str:
        return f"{self.base_url}{HELLO_PATH}"

    @property
    def connected(self) -> bool:
        """A bot session is live: it has had READY and its GUILD_CREATEs."""
        return any(s.connection is not None for s in self.sessions.values())

    def infos(self, *, connected_only: bool = True) -> list[SessionInfo]:
        """The sessions (by default those on a connection now), oldest first."""
        bot_id = self.world.bot.id
        return [
            SessionInfo(s.id, s.shard, bot_id, tuple(s.guilds), s.connection is not None, s.intents)
            for s in self.sessions.values()
            if s.connection is not None or not connected_only
        ]

    # --- events out --------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any]) -> list[str]:
        """Send an event to every session that holds its guild's shard and whose intents ask
        for it (kept for RESUME); returns the ids of the sessions it went to."""
        guild_id = event_guild(event, data)
        needed = needed_intent(event, guild_id)
        return [
            session.id
            for session in list(self.sessions.values())
            if session.holds(guild_id) and self._send_event(session, event, data, needed)
        ]

    def _send_event(
        self, session: Session, event: str, data: dict[str, Any], needed: int = 0
    ) -> bool:
        """Queue the event for the session; False if its intents lack ``needed``."""
        if needed and not session.intents & needed:
            return False
        session.seq += 1
        payload = {"op": DISPATCH, "d": data, "s": session.seq, "t": event}
        session.backlog.append(payload)
        if event == "GUILD_CREATE":
            session.guilds.append(int(data["id"]))
        if session.connection is not None:
            session.connection.send(DISPATCH, data, t=event, s=session.seq)
        return True

    # --- the websocket -----------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        query = request.query
        compress = query.get("compress")
        conn = Connection(ws, request, compress=compress if compress in COMPRESSIONS else None)
        self.connections.add(conn)
        if query.get("v") != "10":
            conn.close(4012, "Invalid API version.")
        elif query.get("encoding", "json") != "json" or compress not in COMPRESSIONS:
            conn.close(4002, "Error while decoding payload.")
        else:
            conn.send(HELLO, {"heartbeat_interval": int(self.heartbeat_interval * 1000)})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    self._receive(conn, msg.data)
                else:
                    conn.close(4002, "Error while decoding payload.")
        finally:
            self._detach(conn, ws.close_code)
        return ws

    def _detach(self, conn: Connection, close_code: int | None) -> None:
        self.connections.discard(conn)
        session = conn.session
        if session is not None and session.connection is conn:
            session.connection = None
            # A client that closes with 1000 or 1001 ends its session.
            if not conn.closed_by_server and close_code in (1000, 1001):
                self.sessions.pop(session.id, None)
        conn.stop()
        self.world.touch()

    def _receive(self, conn: Connection, text: str) -> None:
        try:
            payload = json.loads(text)
            op, d = payload["op"], payload.get("d")
        except (ValueError, KeyError, TypeError):
            conn.close(4002, "Error while decoding payload.")
            return
        if conn.over_send_limit():
            conn.close(4008, "Rate limited.")
        elif op == HEARTBEAT:
            conn.heartbeats += 1
            conn.send(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            self._identify(conn, d or {})
        elif op == RESUME:
            self._resume(conn, d or {})
        elif conn.session is None:
            conn.close(4003, "Not authenticated.")
        elif op == PRESENCE_UPDATE:
            conn.session.presence = d
        else:
            conn.close(4001, "Unknown opcode.")
        self.world.touch()

    def _authenticate(self, conn: Connection, token: object) -> bool:
        if conn.session is not None:
            conn.close(4005, "Already authenticated.")
        elif token != self.world.token:
            conn.close(4004, "Authentication failed.")
        else:
            return True
        return False

    def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        if not self._authenticate(conn, d.get("token")):
            return
        intents = d.get("intents")
        if not isinstance(intents, int) or intents < 0:
            conn.close(4013, "Invalid intent(s).")
            return
        if intents & PRIVILEGED & ~self.world.privileged_intents:
            conn.close(4014, "Disallowed intent(s).")
            return
        try:
            shard = parse_shard(d.get("shard"))
        except InvalidShard as refused:
            conn.close(refused.code, refused.reason)
            return
        routing = shard or UNSHARDED
        guilds = [g for g in self.world.guilds.values() if holds(routing, g.id)]
        if len(guilds) > self.world.limits.guilds_per_shard:
            conn.close(4011, "Sharding required.")
            return
        if not self.session_starts.may_start(routing[0]):
            # Discord: over max_concurrency, "the Gateway will respond with an Invalid
            # Session"; the connection stays open and the bot identifies again later.
            self.identifies_rate_limited += 1
            conn.send(INVALID_SESSION, False)
            return
        if self.session_starts.remaining == 0:
            self._end_everything(conn)
            return
        self.session_starts.start(routing[0])
        self._start_session(conn, d, intents, shard, guilds)

    def _start_session(
        self,
        conn: Connection,
        d: dict[str, Any],
        intents: int,
        shard: Shard | None,
        guilds: list[Guild],
    ) -> None:
        """READY, then GUILD_CREATE for each of the shard's guilds."""
        # Sessions of this shard that nobody holds any more will not be resumed: their bot
        # has identified anew. Other shards' may still come back (another process's).
        routing = shard or UNSHARDED
        for stale in [
            s for s in self.sessions.values() if s.connection is None and s.routing == routing
        ]:
            del self.sessions[stale.id]
        session = Session(
            uuid.uuid4().hex, intents, shard, connection=conn, presence=d.get("presence")
        )
        conn.session = session
        self.sessions[session.id] = session
        self.identifies += 1
        world = self.world
        ready = {
            "v": 10,
            "user": {**world.bot.to_json(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": f"{self.base_url}{RESUME_PATH}",
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["fake-discord"],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        self._send_event(session, "READY", ready)
        all_members = bool(intents & GUILD_MEMBERS)
        for guild in guilds:
            payload = world.guild_create_payload(guild, all_members=all_members)
            self._send_event(session, "GUILD_CREATE", payload, GUILDS)

    def _end_everything(self, conn: Connection) -> None:
        """An IDENTIFY with no session starts left. Discord: "all active sessions for the
        app will be terminated, the bot token will be reset"; the old token then fails
        (4004), so that is the close code here too."""
        self.world.reset_token()
        for other in list(self.connections):
            if other is conn or other.session is not None:
                other.close(4004, "Authentication failed.")
        self.sessions.clear()

    def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        if not self._authenticate(conn, d.get("token")):
            return
        session = self.sessions.get(str(d.get("session_id")))
        seq = d.get("seq") or 0
        if session is None or (session.backlog and seq < session.backlog[0]["s"] - 1):
            conn.send(INVALID_SESSION, False)
            return
        if session.connection is not None:
            session.connection.abort()
        session.connection = conn
        conn.session = session
        missed = [p for p in session.backlog if p["s"] > seq]
        for payload in missed:
            conn.send(DISPATCH, payload["d"], t=payload["t"], s=payload["s"])
        self.resumes.append(ResumeRecord(session.id, len(missed), conn.via_resume_url))
        self._send_event(session, "RESUMED", {"_trace": ["fake-discord"]})

    # --- test controls -----------------------------------------------------------------

    async def drop(self, code: int | None = None, *, resumable: bool = True) -> None:
        """Cut every connection: abruptly when ``code`` is None, else with that close code.

        With ``resumable=False`` the sessions are forgotten too, so a RESUME gets op 9.
        """
        dropped = list(self.connections)
        for conn in dropped:
            if not resumable and conn.session is not None:
                self.sessions.pop(conn.session.id, None)
            if code is None:
                conn.abort()
            else:
                conn.close(code, "Dropped by the test.")
        await self.world.wait_for(
            lambda: not self.connections.intersection(dropped), what="the gateway to drop"
        )

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: the bot should reconnect and resume."""
        for conn in self.connections:
            conn.send(RECONNECT)

    def invalidate_session(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION; unless resumable, the sessions are forgotten."""
        for conn in list(self.connections):
            if not resumable and conn.session is not None:
                self.sessions.pop(conn.session.id, None)
            conn.send(INVALID_SESSION, resumable)
