"""Watching a table: every watcher of one table shares one look at its row a second, and
hears of each new move as a server-sent event. The bot does nothing for a watcher; the
database is asked once a second per watched table, however many watch it. A watch ends when
the game does, or when its server turns its pages off; so many are open at once, no more
(``Streams``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Iterator

from bot.storage.web import WebRepo

log = logging.getLogger(__name__)

Seen = tuple[str, int] | None
"""A table's status and moves; None once it is no longer shown (cancelled or gone)."""


class Full(Exception):
    """No room for another stream: ``per_address`` says whose cap it is."""

    def __init__(self, per_address: bool) -> None:
        super().__init__()
        self.per_address = per_address


class Streams:
    """The open event streams: at most ``most`` in the process and ``each`` from one client
    address (0: no cap per address)."""

    def __init__(self, most: int, each: int = 0) -> None:
        self.most, self.each = most, each
        self._open: Counter[str] = Counter()

    @property
    def open(self) -> int:
        return self._open.total()

    @contextlib.contextmanager
    def held(self, address: str | None) -> Iterator[None]:
        """A stream's place for as long as it is open; Full if there is none."""
        where = address or ""
        if self.open >= self.most:
            raise Full(per_address=False)
        if self.each and self._open[where] >= self.each:
            raise Full(per_address=True)
        self._open[where] += 1
        try:
            yield
        finally:
            self._open[where] -= 1
            if not self._open[where]:
                del self._open[where]


class _Watch:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[Seen]] = set()
        self.task: asyncio.Task[None] | None = None
        self.last: list[Seen] = []  # what the last look saw, once there was one


class Watchers:
    def __init__(self, repo: WebRepo, interval: float = 1.0) -> None:
        self.repo = repo
        self.interval = interval
        self._watches: dict[tuple[int, int], _Watch] = {}

    @property
    def watched(self) -> int:
        """How many tables are being watched."""
        return len(self._watches)

    async def follow(self, guild_id: int, table_id: int) -> AsyncIterator[Seen]:
        """The table's status and moves now and at each change, until it is over or gone."""
        key = (guild_id, table_id)
        watch = self._watches.setdefault(key, _Watch())
        queue: asyncio.Queue[Seen] = asyncio.Queue(maxsize=4)
        watch.queues.add(queue)
        if watch.last:  # a later watcher hears at once what the others heard last
            queue.put_nowait(watch.last[0])
        if watch.task is None:
            watch.task = asyncio.create_task(self._look(key, watch))
        try:
            while True:
                seen = await queue.get()
                yield seen
                if seen is None or seen[0] != "playing":
                    return
        finally:
            watch.queues.discard(queue)
            if not watch.queues and self._watches.get(key) is watch:
                del self._watches[key]
                if watch.task is not None:
                    watch.task.cancel()

    async def _look(self, key: tuple[int, int], watch: _Watch) -> None:
        while True:
            try:
                seen = await self.repo.moves(*key)
            except Exception:  # a busy or lost database: try again at the next look
                log.exception("web: looking at table %s failed", key[1])
                await asyncio.sleep(self.interval)
                continue
            if watch.last != [seen]:
                watch.last = [seen]
                _tell(watch, seen)
            await asyncio.sleep(self.interval)

    async def close(self) -> None:
        """Stop looking, and end every watcher's events (so the server need not wait for
        them to hang up)."""
        for watch in self._watches.values():
            if watch.task is not None:
                watch.task.cancel()
            _tell(watch, None)
        self._watches.clear()


def _tell(watch: _Watch, seen: Seen) -> None:
    for queue in watch.queues:
        if queue.full():  # a slow reader gets the latest news, not every one
            with contextlib.suppress(asyncio.QueueEmpty):
                queue.get_nowait()
        queue.put_nowait(seen)
