"""The AI worker processes: decisions made off the event loop, and a worker that dies is
replaced (real processes, killed with SIGKILL)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from typing import Any

import psutil
import pytest

from bot.ai_process import decide
from bot.games import GAMES
from bot.tables.ai_worker import AIWorkers


def spawned_workers(known: set[int]) -> list[psutil.Process]:
    """This process's AI worker processes not in ``known``."""
    return [
        p
        for p in psutil.Process().children()
        if p.pid not in known and "spawn_main" in " ".join(p.cmdline())
    ]


def slow_question() -> tuple[Any, ...]:
    """A One Hundred position where the hard AI thinks for a while (about 0.2 s)."""
    rules = GAMES["cento"]
    state = rules.new_game(seats=4, seed=3, options=None)
    for _ in range(5):
        seat = rules.turn(state)
        assert seat is not None
        state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[-1])
    seat = rules.turn(state)
    assert seat is not None
    return ("cento", "hard", rules.view(state, seat), rules.legal_actions(state, seat), "m")


async def test_a_decision_cut_short_by_a_killed_worker_is_made_again_by_a_new_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    known = {p.pid for p in psutil.Process().children()}
    workers = AIWorkers(1)
    try:
        asked = slow_question()
        expected = decide(*asked)  # the same decision, made in this process
        assert await workers.decide(*asked) == expected
        (worker,) = spawned_workers(known)

        pending = asyncio.ensure_future(workers.decide(*asked))
        await asyncio.sleep(0)  # let it hand the work to the worker process
        os.kill(worker.pid, signal.SIGKILL)  # long before it can have decided
        assert await pending == expected
        assert any("AI worker process died" in r.getMessage() for r in caplog.records)
        (new,) = spawned_workers(known | {worker.pid})
        assert await workers.decide(*asked) == expected
        assert spawned_workers(known | {worker.pid}) == [new]  # one new worker, kept
    finally:
        workers.close()


def test_a_worker_imports_the_games_and_not_the_table_layer() -> None:
    """A spawned worker imports the module its function comes from, with that module's
    packages: the games, and never the storage or the table layer, which were a third of
    each worker's start."""
    code = (
        "import sys, bot.ai_process;"
        " print(*sorted({m.split('.')[1] for m in sys.modules if m.startswith('bot.')}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert decide.__module__ == "bot.ai_process"
    assert result.stdout.split() == ["ai_process", "games", "i18n"], result.stderr
