"""Sharding as Discord routes it: which shard a guild is on, which guild an event is about,
and the session start limits (a daily budget of IDENTIFYs, and how many may start at once).

A session that identified with ``shard: [shard_id, num_shards]`` gets the events of the
guilds with ``(guild_id >> 22) % num_shards == shard_id``; events about no guild (DMs) go to
shard 0. A session without ``shard`` is shard 0 of 1: it gets everything.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from typing import Any

from .ratelimits import Limits

Shard = tuple[int, int]
"""``(shard_id, num_shards)`` as sent in IDENTIFY."""
UNSHARDED: Shard = (0, 1)

_GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
"""Events whose ``id`` is the guild's own; every other guild event names it in ``guild_id``."""


def shard_for(guild_id: int, num_shards: int) -> int:
    """The shard that gets ``guild_id``'s events when the bot runs ``num_shards`` shards."""
    return (guild_id >> 22) % num_shards


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about, or None (a DM): what Discord routes it by."""
    raw = data.get("id") if event in _GUILD_EVENTS else data.get("guild_id")
    return None if raw is None else int(raw)


def holds(shard: Shard, guild_id: int | None) -> bool:
    """Whether a session on ``shard`` gets the events of ``guild_id`` (None: a DM)."""
    shard_id, num_shards = shard
    if guild_id is None:
        return shard_id == 0
    return shard_for(guild_id, num_shards) == shard_id


class InvalidShard(Exception):
    """IDENTIFY's ``shard`` is refused: the connection closes with ``code``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"{code} {reason}")
        self.code = code
        self.reason = reason


def parse_shard(raw: object) -> Shard | None:
    """IDENTIFY's ``shard`` as a pair, None when absent. A value that is not two integers
    is a payload error (4002); ``shard_id`` outside ``0 .. num_shards - 1`` is 4010."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 2:
        raise InvalidShard(4002, "Error while decoding payload.")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in raw):
        raise InvalidShard(4002, "Error while decoding payload.")
    shard_id, num_shards = raw
    if num_shards < 1 or not 0 <= shard_id < num_shards:
        raise InvalidShard(4010, "Invalid shard.")
    return shard_id, num_shards


def recommended_shards(guild_ids: Iterable[int], guilds_per_shard: int) -> int:
    """Get Gateway Bot's ``shards``: ceil(guilds / guilds_per_shard), at least 1, raised
    until no shard would hold more than ``guilds_per_shard`` guilds, so identifying with
    the recommended count is never 4011 (Discord: "will always return the correct amount
    of shards")."""
    ids = list(guild_ids)
    count = max(1, math.ceil(len(ids) / guilds_per_shard))
    while count < len(ids) and busiest_shard(ids, count) > guilds_per_shard:
        count += 1
    return count


def busiest_shard(guild_ids: Iterable[int], num_shards: int) -> int:
    """How many guilds the fullest of ``num_shards`` shards would hold."""
    counts = [0] * num_shards
    for guild_id in guild_ids:
        counts[shard_for(guild_id, num_shards)] += 1
    return max(counts)


class SessionStarts:
    """Discord's session start limit: ``session_starts`` IDENTIFYs per
    ``session_start_period`` (the period opens with the first one), and at most
    ``max_concurrency`` per ``identify_interval`` seconds, one in each bucket
    ``shard_id % max_concurrency``. RESUMEs count against neither. The limits are read
    at each IDENTIFY, so a test may change them while the fake runs."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.used = 0
        self._period_start: float | None = None
        self._last_start: dict[int, float] = {}
        """When each bucket last started a session."""

    def _now(self) -> float:
        """Time for the limits; the period is renewed once it is over."""
        now = time.monotonic()
        started = self._period_start
        if started is not None and now >= started + self.limits.session_start_period:
            self._period_start, self.used = None, 0
        return now

    @property
    def remaining(self) -> int:
        self._now()
        return max(0, self.limits.session_starts - self.used)

    def reset_after(self) -> float:
        """Seconds until ``remaining`` is back to the total (the whole period before any)."""
        now = self._now()
        period = self.limits.session_start_period
        return period if self._period_start is None else self._period_start + period - now

    def to_json(self) -> dict[str, int]:
        """The ``session_start_limit`` object of Get Gateway Bot."""
        return {
            "total": self.limits.session_starts,
            "remaining": self.remaining,
            "reset_after": round(self.reset_after() * 1000),
            "max_concurrency": self.limits.max_concurrency,
        }

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.limits.max_concurrency

    def may_start(self, shard_id: int) -> bool:
        """Whether the bucket of ``shard_id`` admits an IDENTIFY now."""
        last = self._last_start.get(self.bucket(shard_id))
        return last is None or self._now() >= last + self.limits.identify_interval

    def start(self, shard_id: int) -> None:
        """Count a session start: one of the period's, and its bucket's for the interval."""
        now = self._now()
        if self._period_start is None:
            self._period_start = now
        self.used += 1
        self._last_start[self.bucket(shard_id)] = now
