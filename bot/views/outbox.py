"""What waits to be sent to a channel, and the budgets it is sent within.

Everything sent to a channel shares one budget of ``channel_sends`` messages or edits per
``channel_window`` seconds, inside Discord's limit of five per five seconds. All channels
together share a second budget per ``global_window`` seconds, taken in turn, inside
Discord's global limit of 50 requests a second (interaction answers do not count). That
limit is the bot's, shared by all its shards, so a process running some of them keeps to
their share (``global_sends``). The windows are settings (``Windows``).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Protocol

from bot.tables import Table
from bot.tables.clock import Clock


class Windows(Protocol):
    """The budgets' settings (``bot.config.SendSettings``, which the bot passes in)."""

    channel_sends: int
    channel_window: float
    global_window: float
    drawn_store_delay: float


GLOBAL_PART = 0.8  # of Discord's global limit; the rest is left for the bot's other requests


def global_sends(rate_limit: int, share: float) -> int:
    """Sends per global window for a process running ``share`` of the bot's shards, when
    Discord allows the bot ``rate_limit`` requests a second."""
    return max(1, math.floor(rate_limit * GLOBAL_PART * share))


def expired(sent: deque[float], window: float, now: float) -> None:
    """Drop the sends that have left the window by ``now``. A send leaves it at the time
    waited for (``sent[0] + window``), computed the same way: a difference that rounds
    differently would have a budget wait ever tinier times on a clock that sums them."""
    while sent and now >= sent[0] + window:
        sent.popleft()


class Budget:
    """At most ``sends`` messages or edits in any ``window`` seconds, granted in turn."""

    def __init__(self, sends: int, window: float, clock: Clock) -> None:
        self.sends = sends
        self.window = window
        self.clock = clock
        self.sent: deque[float] = deque()
        self._turn = asyncio.Lock()  # first come, first served

    async def take(self) -> float:
        """Wait for a slot and take it; the time it is counted from until ``used``."""
        async with self._turn:
            while True:
                now = self.clock.now()
                expired(self.sent, self.window, now)
                if len(self.sent) < self.sends:
                    self.sent.append(now)
                    return now
                await self.clock.sleep(self.sent[0] + self.window - now)

    def used(self, taken: float) -> None:
        """Count the slot taken at ``taken`` from now, when its send's answer came back."""
        with contextlib.suppress(ValueError):  # unless it has already run out meanwhile
            self.sent.remove(taken)
        self.sent.append(self.clock.now())


@dataclass
class Call:
    """A message naming one person: a turn's ping or its timeout warning."""

    table: Table
    seat: int
    user_id: int
    moves: int
    text: str
    queued: float  # when it was asked for
    warning: bool = False


@dataclass
class News:
    """A public announcement, with the move it was made at and the deal it belongs to."""

    table: Table
    move: int
    deal: int | None  # None: not known (the game's deals are not numbered, or a restart)
    line: str
    queued: float


@dataclass
class Outbox:
    """What is due in one channel, and when it last sent."""

    channel_id: int
    sends: int  # the channel's budget: ``sends`` in any ``window`` seconds
    window: float
    shared: Budget  # the budget of all channels together
    clock: Clock
    boards: dict[int, Table] = field(default_factory=dict)  # tables whose board is out of date
    news: list[News] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    sent: deque[float] = field(default_factory=deque)
    last_board: float = -math.inf  # when the last board edit was drawn
    hurry: asyncio.Event = field(default_factory=asyncio.Event)  # a table started or ended
    task: asyncio.Task[None] | None = None

    def busy(self) -> bool:
        return bool(self.boards or self.news or self.calls)

    def drop(self) -> None:
        """Forget everything due (the channel is gone)."""
        self.boards.clear()
        self.news.clear()
        self.calls.clear()

    def next_call(self) -> Call | None:
        """The first call the last board edit already shows the state of (its turn), if any."""
        return next((c for c in self.calls if c.queued <= self.last_board), None)

    def board_ready_at(self, shown_status: dict[int, str], interval: float) -> float:
        """When the next board edit may go (``inf``: no board is due): ``interval`` after the
        last, or at once for a table whose status is not the one its board last showed (it
        has started or ended since)."""
        if not self.boards:
            return math.inf
        table_id, table = next(iter(self.boards.items()))
        if shown_status.get(table_id) != table.record.status:
            return -math.inf
        return self.last_board + interval

    def spent(self) -> None:
        """Count the channel's whole budget as just used (as a process before may have)."""
        self.sent = deque([self.clock.now()] * self.sends)

    async def room(self) -> None:
        """Wait until the channel's budget allows one more message or edit (without taking it)."""
        while True:
            now = self.clock.now()
            expired(self.sent, self.window, now)
            if len(self.sent) < self.sends:
                return
            await self.clock.sleep(self.sent[0] + self.window - now)

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """Wait until the channel's budget allows one more message or edit, and take it, then a
        slot of the budget all channels share; the send goes in the ``async with`` block.

        Both slots are counted from when the send is over: a request reaches Discord before its
        answer comes back, however long it took to draw its picture or to leave a busy
        machine, so the budget never counts a send earlier than Discord does (counted from
        when the slot was taken, six sends could reach Discord inside one window)."""
        await self.room()
        taken = self.clock.now()
        self.sent.append(taken)
        shared = await self.shared.take()
        try:
            yield
        finally:
            with contextlib.suppress(ValueError):  # unless it has already run out meanwhile
                self.sent.remove(taken)
            self.sent.append(self.clock.now())
            self.shared.used(shared)
