"""A person who does not move is warned, then the AI plays the turn for them; a deleted board
is posted again."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord, Message

from .botprocess import BotProcess
from .driver import add_ai, board_of, new_table, start, wait_turn

pytestmark = pytest.mark.e2e


async def test_the_turn_timeout_warns_then_hands_the_move_to_the_ai(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    # Long enough that the lobby's messages have left the channel's budget by the warning.
    bot_process.settings = {"tables": {"ai_delay": 0.02, "turn_timeout": 7.0}}
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    for _ in range(2):
        await add_ai(alice, board_of(discord, table_id))
    row = await start(discord, store, alice, table_id)
    seat = row.seat_of(alice)
    await wait_turn(discord, store, table_id, seat)

    def timed_out() -> bool:
        return any(s == seat and by == "timeout" for _, s, _, by in store.moves(table_id))

    def warnings() -> list[Message]:
        return [m for m in alice.pings() if "your turn ends in" in m.content]

    # The warning may still wait in the channel's budget when the AI moves: wait for both.
    # (The deadlines only guard against a hang: when each comes is the driver's, tested on a
    # virtual clock in tests/tables/test_manager.py.)
    await discord.wait_for(timed_out, 60, "the AI to play Alice's turn")
    assert store.table(table_id).seats[seat]["timeouts"] == 1  # not yet handed to the AI
    await discord.wait_for(warnings, 30, "the warning")
    assert len(warnings()) == 1 and warnings()[0].pinged == [alice.user]
    turns = [m for m in alice.pings() if "your turn" in m.content]
    assert turns and all(m.pinged == [alice.user] for m in turns)

    # She has missed a turn: the next one calls her, however soon it comes.
    def called() -> list[str]:
        return [m.content for m in alice.pings() if "it is your turn at" in m.content]

    assert called() == []  # she pressed Start: her first turn did not call her
    await wait_turn(discord, store, table_id, seat)
    await discord.wait_for(called, 30, "a ping for the turn after the one she missed")
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_deleted_board_is_posted_again(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"board_edit_interval": 0.2}}
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    table_id = await new_table(discord, store, alice, "centocinque")
    board = board_of(discord, table_id)
    discord.world.delete(board)
    await bob.slash("table join")
    await discord.wait_for(lambda: store.table(table_id).board_message_id != board.id)
    new = board_of(discord, table_id)
    assert new.id == store.table(table_id).board_message_id and "Bob" in new.text
    assert [r.status for r in discord.rejections] == [404]
    assert discord.rate_limited == []
