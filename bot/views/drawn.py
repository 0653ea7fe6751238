"""Which move each table's board shows, stored a few seconds after it is drawn, many boards
in one write: a restart redraws only the boards that are behind (a board drawn but not yet
stored is just redrawn)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.tables import Table
from bot.tables.clock import Clock

log = logging.getLogger(__name__)


class DrawnBoards:
    def __init__(
        self, store: Callable[[dict[int, int]], Awaitable[None]], delay: float, clock: Clock
    ) -> None:
        self.store = store  # the table manager's ``boards_drawn``
        self.delay = delay
        self.clock = clock
        self._drawn: dict[int, int] = {}  # boards drawn at a move, not yet stored
        self._storing: asyncio.Task[None] | None = None

    def note(self, table: Table, moves: int) -> None:
        """The table's board shows move ``moves`` (of a game running)."""
        if table.record.status != "playing":
            return
        self._drawn[table.id] = moves
        if self._storing is None or self._storing.done():
            self._storing = asyncio.create_task(self._store(self.delay))

    async def close(self) -> None:
        """Store at once what is still waiting."""
        if self._storing is not None:
            self._storing.cancel()
            await asyncio.gather(self._storing, return_exceptions=True)
        await self._store(0)

    async def _store(self, delay: float) -> None:
        await self.clock.sleep(delay)
        drawn, self._drawn = self._drawn, {}
        if drawn:
            try:
                await self.store(drawn)
            except Exception:
                log.exception("could not store which moves %d boards show", len(drawn))
