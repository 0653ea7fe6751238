"""A clock whose time passes only when a test lets it (``bot.tables.clock.Clock``).

``advance(seconds)`` wakes the timers due, earliest first (in the order they were set when
due together), one at a time; after each it lets the woken work run until everything is quiet
again: every task either done or waiting on this clock. Work that really takes time (a
database, an AI worker process) is waited for as it happens, so a test sees the same steps
in the same order on every run, without sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from typing import Any

PRIMITIVES = {asyncio.Lock.acquire.__code__, asyncio.Event.wait.__code__, asyncio.sleep.__code__}
"""Waiting in one of these, a task waits for another task (a lock, an event) or for real time
(a library's own retries, such as a database pool reconnecting): if all tasks wait, nothing
happens until time passes."""

QUIET_WITHIN = 20.0
"""Real seconds to wait for the work woken by one timer: only a hung test waits that long."""


class VirtualClock:
    def __init__(self) -> None:
        self._now = 0.0
        self._timers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        # The tasks waiting on this clock, each with what tells it is still waiting.
        self._waiting: dict[asyncio.Task[Any], Callable[[], bool]] = {}
        self._changed = asyncio.Event()

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)  # as the event loop does: let others run, then go on
            return
        timer = self._timer(seconds)
        with self._waits(lambda: not timer.done()):
            await timer

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        if event.is_set():
            return True
        timer = self._timer(seconds)
        setting = asyncio.ensure_future(event.wait())
        await asyncio.sleep(0)  # it starts waiting on the event: so it counts as waiting
        try:
            with self._waits(lambda: not timer.done() and not event.is_set()):
                await asyncio.wait((timer, setting), return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
            setting.cancel()
        return event.is_set()

    async def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        until = self._now + seconds
        await self.settle()
        while (due := self._next_due()) is not None and due <= until:
            await self._fire()
        self._now = until

    async def run_until(self, condition: Callable[[], bool], most: float = 3600.0) -> float:
        """Let time pass, timer by timer, until ``condition`` holds; return the seconds it
        took. Fails if it would take more than ``most`` seconds, or if nothing is left to
        happen."""
        start = self._now
        await self.settle()
        while not condition():
            due = self._next_due()
            if due is None:
                raise AssertionError("nothing is left to happen, and the condition is false")
            if due - start > most:
                raise AssertionError(f"the condition is still false after {most} s")
            await self._fire()
        return self._now - start

    async def settle(self) -> None:
        """Wait until every other task is done or waiting: on this clock, or on a lock or an
        event of another task's (so nothing happens until time passes)."""
        await asyncio.sleep(0)  # whatever is ready to run goes first
        try:
            async with asyncio.timeout(QUIET_WITHIN):
                while busy := self._busy():
                    self._changed.clear()
                    for task in busy:
                        task.add_done_callback(lambda _: self._changed.set())
                    await self._changed.wait()
        except TimeoutError:
            raise AssertionError(f"still busy after {QUIET_WITHIN} s: {self._busy()}") from None

    # -- inside ---------------------------------------------------------------------------

    def _timer(self, seconds: float) -> asyncio.Future[None]:
        timer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._timers, (self._now + seconds, next(self._order), timer))
        return timer

    def _waits(self, still: Callable[[], bool]) -> _Waiting:
        task = asyncio.current_task()
        assert task is not None
        return _Waiting(self, task, still)

    def _busy(self) -> list[asyncio.Task[Any]]:
        me = asyncio.current_task()
        return [
            t for t in asyncio.all_tasks() if t is not me and not t.done() and not self._idle(t)
        ]

    def _idle(self, task: asyncio.Task[Any]) -> bool:
        still = self._waiting.get(task)
        if still is not None:
            return still()
        inner = getattr(task, "_fut_waiter", None)  # the future it waits on, if any
        if isinstance(inner, asyncio.Task):  # another task: it waits as long as that one does
            return not inner.done() and self._idle(inner)
        # What the task awaits, outermost first: coroutines, down to the future it waits on.
        awaited: Any = task.get_coro()
        while awaited is not None:
            if getattr(awaited, "cr_code", None) in PRIMITIVES:
                # Still waiting unless its future is done (released or set, not yet resumed).
                found = awaited.cr_frame.f_locals
                waiting_on = found.get("fut", found.get("future"))
                return isinstance(waiting_on, asyncio.Future) and not waiting_on.done()
            awaited = getattr(awaited, "cr_await", None)
        return False

    def _next_due(self) -> float | None:
        while self._timers and self._timers[0][2].done():  # cancelled: its task went away
            heapq.heappop(self._timers)
        return self._timers[0][0] if self._timers else None

    async def _fire(self) -> None:
        due, _, timer = heapq.heappop(self._timers)
        self._now = max(self._now, due)
        timer.set_result(None)
        await self.settle()


class _Waiting:
    """While inside, ``task`` counts as waiting on the clock (as long as ``still()``)."""

    def __init__(
        self, clock: VirtualClock, task: asyncio.Task[Any], still: Callable[[], bool]
    ) -> None:
        self.clock, self.task, self.still = clock, task, still

    def __enter__(self) -> None:
        self.clock._waiting[self.task] = self.still
        self.clock._changed.set()

    def __exit__(self, *exc: object) -> None:
        self.clock._waiting.pop(self.task, None)
