"""Rate limits as Discord applies them: per-route buckets, a global limit, 429 answers.

A bucket is a fixed window that opens with its first request: ``limit`` requests, then
429 until ``per`` seconds have passed. Every answer on a limited route carries Discord's
headers, so discord.py's own limiter learns the buckets and paces itself as it would
against Discord; a 429 therefore means the bot really went over.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Bucket:
    limit: int
    per: float


@dataclass
class Limits:
    """The fake's limits and deadlines; tests may loosen or tighten any of them."""

    global_per_second: int = 50
    """Requests per second across the bot, interaction endpoints excepted."""
    channel_messages: Bucket = Bucket(5, 5.0)
    """Messages sent or edited through the channel API, per channel."""
    webhook: Bucket = Bucket(5, 2.0)
    """Follow-ups and edits through an interaction token, per token."""
    other: Bucket = Bucket(5, 1.0)
    """Every other limited route, per route and major parameter."""
    threads: Bucket = Bucket(5, 5.0)
    """Threads started, per channel."""
    active_threads: int = 1000
    """Active threads a server may hold (Discord's limit); one more is refused, 160006."""
    ack_deadline: float = 3.0
    """Seconds the bot has to answer an interaction."""
    token_lifetime: float = 900.0
    """Seconds an interaction token works for follow-ups and edits."""
    max_file_size: int = 10 * 1024 * 1024
    max_files: int = 10
    guilds_per_shard: int = 2500
    """Most guilds one gateway session may hold: an IDENTIFY that would get more is closed
    with 4011 (Sharding required)."""
    session_starts: int = 1000
    """IDENTIFYs allowed per ``session_start_period`` (Get Gateway Bot's ``total``); the one
    after the last gets every session ended and the bot token reset, as on Discord."""
    session_start_period: float = 86_400.0
    max_concurrency: int = 1
    """IDENTIFYs that may start together: one per bucket ``shard_id % max_concurrency``
    every ``identify_interval`` seconds; another gets op 9 INVALID_SESSION."""
    identify_interval: float = 5.0


@dataclass
class _Window:
    resets_at: float = 0.0
    count: int = 0


class RateLimited(Exception):
    def __init__(
        self, retry_after: float, *, is_global: bool, bucket: dict[str, str] | None = None
    ) -> None:
        super().__init__(f"rate limited for {retry_after:.3f}s")
        self.retry_after = retry_after
        self.is_global = is_global
        self.bucket = bucket or {}

    def body(self) -> dict[str, Any]:
        return {
            "message": "You are being rate limited.",
            "retry_after": round(self.retry_after, 3),
            "global": self.is_global,
        }

    def headers(self) -> dict[str, str]:
        headers = {
            **self.bucket,
            "Retry-After": str(math.ceil(self.retry_after)),
            "X-RateLimit-Scope": "global" if self.is_global else "user",
            "Via": "1.1 google",
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        return headers


@dataclass
class RateLimiter:
    limits: Limits
    clock: Callable[[], float] = time.monotonic
    """The seconds the windows are counted in: a test of the limits themselves may stop it
    (``stop_the_clock`` in the fake's tests), so that no pause of a busy machine closes one."""
    _global: _Window = field(default_factory=_Window)
    _windows: dict[str, _Window] = field(default_factory=dict)

    def check_global(self) -> None:
        """Count one request against the global limit; RateLimited when over it."""
        now = self.clock()
        window = self._global
        if now >= window.resets_at:
            window.resets_at, window.count = now + 1.0, 0
        if window.count >= self.limits.global_per_second:
            raise RateLimited(window.resets_at - now, is_global=True)
        window.count += 1

    def take(self, name: str, scope: str, major: str) -> dict[str, str]:
        """Count one request against the ``name`` limits (see ``Limits``) in bucket ``scope``
        for the major parameters ``major``; return the headers to send.

        Raises RateLimited when the bucket is empty.
        """
        bucket: Bucket = getattr(self.limits, name)
        now = self.clock()
        window = self._windows.setdefault(f"{scope}:{major}", _Window())
        if now >= window.resets_at:
            window.resets_at, window.count = now + bucket.per, 0
        reset_after = window.resets_at - now
        if window.count >= bucket.limit:
            headers = bucket_headers(scope, bucket, 0, reset_after)
            raise RateLimited(reset_after, is_global=False, bucket=headers)
        window.count += 1
        return bucket_headers(scope, bucket, bucket.limit - window.count, reset_after)


def bucket_headers(
    scope: str, bucket: Bucket, remaining: int, reset_after: float
) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(bucket.limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": hashlib.sha1(scope.encode(), usedforsecurity=False).hexdigest()[:32],
    }
