"""A trick-taking game restarted mid-deal, end to end: every registered game whose replay
step is a trick and that two may play (a person against the AI)."""

from __future__ import annotations

import pytest

from bot.games import SPECS
from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import add_ai, board_of, new_table, restart_mid_deal, start
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}
TRICK_GAMES = [
    name
    for name, spec in SPECS.items()
    if spec.step.name == "trick" and 2 in spec.seats.seat_range(spec.rules.options_model())
]


@pytest.mark.parametrize("game", TRICK_GAMES)
async def test_a_restart_mid_deal_keeps_the_hands_and_an_old_button_answers(
    discord: FakeDiscord, bot_process: BotProcess, game: str
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, game)
        board = board_of(discord, table_id)
        await add_ai(alice, board, "hard")
        await start(discord, store, alice, table_id)
        await restart_mid_deal(discord, bot_process, table_id, alice)
    assert discord.rejections == [] and discord.rate_limited == []
