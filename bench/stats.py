"""Small measuring tools shared by the benchmarks: percentiles, a latency summary, a pacer
that spaces actions at a fixed rate, and the slope of memory against a count."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

ACK_DEADLINE = 3.0
"""Seconds Discord gives a bot to answer an interaction."""


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0 to 100) of ``values``, by linear interpolation between the
    closest ranks (numpy's default); NaN for no values."""
    if not 0 <= q <= 100:
        raise ValueError(f"a percentile is from 0 to 100, not {q}")
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


@dataclass(frozen=True)
class LatencySummary:
    """How a bot answered a batch of interactions, from the fake Discord's timings.

    Latency runs from when the fake sent INTERACTION_CREATE to when the bot's first callback
    for it arrived. A failure is an interaction answered late (after ``ACK_DEADLINE``, or not
    at all) or refused (a callback the fake rejected, or one that was never accepted).
    """

    count: int
    p50: float
    p95: float
    p99: float
    max: float
    late: int
    refused: int

    @property
    def failures(self) -> int:
        return self.late + self.refused

    @classmethod
    def of(
        cls, timings: Iterable[dict[str, Any]], deadline: float = ACK_DEADLINE
    ) -> LatencySummary:
        """Summarise ``/_fake/timings`` records (``latency``, ``response_type``,
        ``rejections``). Latencies are those of answered interactions, late ones included."""
        records = list(timings)
        latencies = [r["latency"] for r in records if r["latency"] is not None]
        late = sum(1 for r in records if r["latency"] is None or r["latency"] > deadline)
        refused = sum(
            1
            for r in records
            if r["latency"] is not None
            and r["latency"] <= deadline
            and (r["rejections"] or r["response_type"] is None)
        )
        return cls(
            count=len(records),
            p50=percentile(latencies, 50),
            p95=percentile(latencies, 95),
            p99=percentile(latencies, 99),
            max=max(latencies, default=math.nan),
            late=late,
            refused=refused,
        )

    def line(self) -> str:
        """One line for a report, latencies in milliseconds."""
        ms = [f"{x * 1000:.1f}" for x in (self.p50, self.p95, self.p99, self.max)]
        return (
            f"{self.count} interactions: p50 {ms[0]} ms, p95 {ms[1]} ms, p99 {ms[2]} ms, "
            f"max {ms[3]} ms; failures {self.failures} ({self.late} late, {self.refused} refused)"
        )


class Pacer:
    """Hands out start times ``1 / rate`` seconds apart to whoever asks, in order.

    The schedule does not catch up: after an idle spell the next slot is now, not a burst of
    the slots missed, so the rate achieved is at most ``rate`` and drops only when nobody is
    ready to act.
    """

    def __init__(
        self,
        rate: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise ValueError("the rate must be positive")
        self.interval = 1.0 / rate
        self._clock = clock
        self._sleep = sleep
        self._next = -math.inf
        self.granted = 0

    def reserve(self) -> float:
        """Take the next slot; returns its time on the pacer's clock."""
        slot = max(self._next, self._clock())
        self._next = slot + self.interval
        self.granted += 1
        return slot

    async def wait(self) -> None:
        """Wait for the next slot."""
        delay = self.reserve() - self._clock()
        if delay > 0:
            await self._sleep(delay)


def slope(points: Sequence[tuple[float, float]]) -> float:
    """The least-squares slope of ``y`` against ``x``; NaN with fewer than two distinct ``x``."""
    if len({x for x, _ in points}) < 2:
        return math.nan
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    cov = sum((x - mean_x) * (y - mean_y) for x, y in points)
    var = sum((x - mean_x) ** 2 for x, _ in points)
    return cov / var
