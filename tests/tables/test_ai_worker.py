"""The AI worker processes: decisions made off the event loop, and a worker that dies is
replaced (real processes, killed with SIGKILL)."""

from __future__ import annotations

import asyncio
import os
import signal

import psutil

from bot.games import GAMES
from bot.tables.ai_worker import AIWorkers, decide


def spawned_workers(known: set[int]) -> list[psutil.Process]:
    """This process's AI worker processes not in ``known``."""
    return [
        p
        for p in psutil.Process().children()
        if p.pid not in known and "spawn_main" in " ".join(p.cmdline())
    ]


async def test_a_decision_cut_short_by_a_killed_worker_is_made_again_by_a_new_one() -> None:
    known = {p.pid for p in psutil.Process().children()}
    workers = AIWorkers(1)
    try:
        rules = GAMES["centocinque"]
        state = rules.new_game(seats=4, seed=3, options=None)
        seat = rules.turn(state)
        assert seat is not None
        asked = ("centocinque", "hard", rules.view(state, seat), rules.legal_actions(state, seat))
        expected = decide(*asked, "moment")  # the same decision, made in this process
        assert await workers.decide(*asked, "moment") == expected
        (worker,) = spawned_workers(known)

        pending = asyncio.ensure_future(workers.decide(*asked, "moment"))
        await asyncio.sleep(0)  # let it hand the work to the worker process
        os.kill(worker.pid, signal.SIGKILL)
        assert await pending == expected
        (new,) = spawned_workers(known | {worker.pid})
        assert await workers.decide(*asked, "moment") == expected
        assert spawned_workers(known | {worker.pid}) == [new]  # one new worker, kept
    finally:
        workers.close()
