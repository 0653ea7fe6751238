"""AI decisions in a worker process, so the event loop keeps answering while an AI thinks."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import random
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.games import make_player

log = logging.getLogger(__name__)


def decide(game: str, level: str, view: dict[str, Any], legal: list[str], seed: str) -> str | None:
    """One AI decision; runs in the worker. ``seed`` names the moment, so it is repeatable."""
    return make_player(game, level).choose(view, legal, random.Random(seed))


def _exit_with_parent() -> None:
    """Runs first in each worker: end the worker as soon as the bot's process is gone, even
    when it had no chance to stop its pool (SIGKILL, out of memory). Then multiprocessing's
    resource tracker, which waits for every process that shares it, exits too.

    The parent's sentinel is what multiprocessing itself gives a child to watch its parent
    (the end of a pipe the parent holds on POSIX, a process handle on Windows), so this works
    on every platform, unlike Linux's PR_SET_PDEATHSIG (which also fires when the parent's
    *thread* that started the worker ends)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


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
            max_workers=self._workers, mp_context=self._context, initializer=_exit_with_parent
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
