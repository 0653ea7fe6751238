"""What runs in an AI worker process, which ``bot.tables.ai_worker`` starts: one decision, and
the watch that ends the worker with the bot.

A module of its own, outside ``bot.tables``: a spawned worker imports the module its function
comes from, with its package, and ``bot.tables`` would bring the storage and the whole table
layer, which a worker never uses (0.65 s of CPU at each worker's start, not 0.3 s; the first AI
move after the bot starts waits for it).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import threading
from typing import Any

from bot.games import make_player


def decide(game: str, level: str, view: dict[str, Any], legal: list[str], seed: str) -> str | None:
    """One AI decision; runs in the worker. ``seed`` names the moment, so it is repeatable."""
    return make_player(game, level).choose(view, legal, random.Random(seed))


def exit_with_parent() -> None:
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
