"""AI decisions in a worker process, so the event loop keeps answering while an AI thinks."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.games.ai import make_player


def decide(game: str, level: str, view: dict[str, Any], legal: list[str], seed: str) -> str | None:
    """One AI decision; runs in the worker. ``seed`` names the moment, so it is repeatable."""
    return make_player(game, level).choose(view, legal, random.Random(seed))


class AIWorkers:
    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    async def decide(
        self, game: str, level: str, view: dict[str, Any], legal: list[str], seed: str
    ) -> str | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game, level, view, legal, seed)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
