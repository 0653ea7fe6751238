"""The real bot process when something around it dies: its AI worker process is killed, or it
is killed itself (its helper processes must not outlive it)."""

from __future__ import annotations

import signal

import psutil
import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import Store, add_ai, answered, board_of, new_table, start

pytestmark = pytest.mark.e2e


def alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def children(bot: BotProcess) -> list[psutil.Process]:
    """Every live process the bot started, and theirs."""
    assert bot.process is not None
    return [p for p in psutil.Process(bot.process.pid).children(recursive=True) if alive(p)]


def ai_workers(bot: BotProcess) -> list[psutil.Process]:
    return [p for p in children(bot) if "spawn_main" in " ".join(p.cmdline())]


async def ai_only_game(discord: FakeDiscord, store: Store) -> int:
    """A game of One Hundred whose only person has left it to the AI: AI seats only."""
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    board = board_of(discord, table_id)
    await add_ai(alice, board)
    await add_ai(alice, board)
    await start(discord, store, alice, table_id)
    await answered(await alice.slash("table leave"))
    return table_id


async def test_the_ai_plays_on_after_its_worker_process_is_killed(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"ai_delay": 0.2}}
    await bot_process.start()
    store = bot_process.store()
    table_id = await ai_only_game(discord, store)
    await discord.wait_for(lambda: store.table(table_id).moves >= 1, 10, "a first AI move")
    (worker,) = ai_workers(bot_process)
    worker.send_signal(signal.SIGKILL)
    moves = store.table(table_id).moves
    await discord.wait_for(
        lambda: store.table(table_id).moves >= moves + 3, 15, "the AI to play on"
    )
    assert [p.pid for p in ai_workers(bot_process)] != [worker.pid]
    assert "an AI worker process died" in bot_process.log()


async def test_the_bots_helper_processes_exit_when_it_is_killed(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"ai_delay": 0.2}}
    await bot_process.start()
    store = bot_process.store()
    table_id = await ai_only_game(discord, store)
    await discord.wait_for(lambda: store.table(table_id).moves >= 1, 10, "a first AI move")
    helpers = children(bot_process)
    assert ai_workers(bot_process) and len(helpers) >= 2  # the worker and the resource tracker
    await bot_process.kill()
    try:
        await discord.wait_for(
            lambda: not any(alive(p) for p in helpers), 5, "the helpers to exit with the bot"
        )
    finally:
        for process in helpers:  # never leave them running, whatever the outcome
            if alive(process):
                process.kill()
