"""The bot's heartbeat record, and the check that reads it (``python -m bot health``).

While the bot runs, ``record_heartbeats`` writes the time of its last gateway heartbeat
acknowledgement to a small file (``Settings.heartbeat_file``); a container's health check, a
process of its own, reads that file with ``check``. A bot that is stuck, or whose gateway
connection is gone, stops writing it, and the record grows old.

Where the acknowledgement comes from: discord.py sets a shard's ``latency`` when, and only
when, a HEARTBEAT_ACK arrives (a new connection starts at infinity), so a change of a shard's
latency is a new acknowledgement. Looking at ``AutoShardedClient.latencies`` every
``record_interval`` seconds costs nothing per gateway event; the alternative, a listener
on raw socket events (``enable_debug_events``), would run for every event the bot receives
and sends, to catch one heartbeat every 41 seconds.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)


def write_record(path: Path, acknowledged: float) -> None:
    """Record ``acknowledged`` (a Unix time) in ``path``, atomically: a reader sees the
    previous record or this one, never half of one."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(f"{acknowledged:.3f}\n")
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


@dataclass(frozen=True)
class Verdict:
    healthy: bool
    reason: str  # one line, for the health check's output


def check(path: Path, max_age: float, now: float) -> Verdict:
    """Whether the acknowledgement recorded in ``path`` is at most ``max_age`` seconds old
    at ``now`` (a Unix time), and why."""
    try:
        acknowledged = float(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Verdict(False, f"no heartbeat recorded yet ({path} does not exist)")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return Verdict(False, f"{path}: unreadable heartbeat record ({exc})")
    if not math.isfinite(acknowledged):
        return Verdict(False, f"{path}: unreadable heartbeat record ({acknowledged})")
    age = now - acknowledged
    if age > max_age:
        return Verdict(
            False, f"the last heartbeat was acknowledged {age:.0f} s ago (over {max_age:g} s)"
        )
    return Verdict(True, f"the last heartbeat was acknowledged {max(age, 0):.0f} s ago")


class HeartbeatWatch:
    """The time of the last acknowledgement every shard has had: the oldest shard's newest
    one (the process is healthy only if all its shards are)."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[float, float]] = {}  # shard -> (latency, when it changed)

    def look(self, latencies: Iterable[tuple[int, float]], now: float) -> float | None:
        """Note the shards' latencies at ``now``; None while a shard has had no acknowledgement
        on its connection yet."""
        seen: dict[int, tuple[float, float]] = {}
        for shard, latency in latencies:
            previous = self._seen.get(shard)
            seen[shard] = previous if previous and previous[0] == latency else (latency, now)
        self._seen = seen
        if not seen or not all(math.isfinite(latency) for latency, _ in seen.values()):
            return None
        return min(when for _, when in seen.values())


async def record_heartbeats(
    latencies: Callable[[], Iterable[tuple[int, float]]], path: Path, interval: float
) -> None:
    """Every ``interval`` seconds, record a new acknowledgement in ``path`` (until cancelled)."""
    watch = HeartbeatWatch()
    recorded: float | None = None
    failing = False
    while True:
        await asyncio.sleep(interval)
        acknowledged = watch.look(latencies(), time.time())
        if acknowledged is None or acknowledged == recorded:
            continue
        try:
            await asyncio.to_thread(write_record, path, acknowledged)
        except OSError as exc:
            if not failing:  # once, not at every try: the health check says it too
                log.warning("cannot record the heartbeat in %s: %s", path, exc)
            failing = True
        else:
            recorded, failing = acknowledged, False
