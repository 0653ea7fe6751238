"""AI decisions in a worker process, so the event loop keeps answering while an AI thinks
(what runs in the worker is ``bot.ai_process``)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.ai_process import decide, exit_with_parent

log = logging.getLogger(__name__)


class AIWorkers:
    """A pool of worker processes. If a worker dies (killed, out of memory), the pool is
    replaced and the decision asked again (a decision is repeatable); after ``TRIES`` deaths
    in a row for one decision, BrokenProcessPool is raised to the caller."""

    TRIES = 3

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._context = multiprocessing.get_context("spawn")
        self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self._workers, mp_context=self._context, initializer=exit_with_parent
        )

    async def decide(
        self, game: str, level: str, view: dict[str, Any], legal: list[str], seed: str
    ) -> str | None:
        loop = asyncio.get_running_loop()
        for tried in range(1, self.TRIES + 1):
            pool = self._pool
            try:
                return await loop.run_in_executor(pool, decide, game, level, view, legal, seed)
            except BrokenProcessPool:
                if tried == self.TRIES:
                    raise
                if pool is self._pool:  # the first decision to find it broken replaces it
                    log.warning("an AI worker process died; starting new ones")
                    self._pool = self._new_pool()
                    pool.shutdown(wait=False, cancel_futures=True)
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
