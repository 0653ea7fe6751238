"""The time the tables and their publisher live by.

The table manager (turn timers, the AI's pause, retries) and the publisher (edit intervals,
send budgets, pings) read and wait on a ``Clock`` instead of the event loop's, so their tests
can drive time themselves: a timer fires when the test lets its time pass, not after a real
wait. The bot runs on ``REAL``.
"""

from __future__ import annotations

import asyncio
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean something)."""
        ...

    async def sleep(self, seconds: float) -> None: ...

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        """Wait until ``event`` is set (True) or ``seconds`` have passed (False)."""
        ...


class RealClock:
    """The event loop's time."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    async def wait(self, event: asyncio.Event, seconds: float) -> bool:
        try:
            async with asyncio.timeout(seconds):
                await event.wait()
        except TimeoutError:
            return False
        return True


REAL: Clock = RealClock()
