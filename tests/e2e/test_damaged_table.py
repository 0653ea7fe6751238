"""A table whose stored row the bot cannot read after a restart does not keep its channel: it
is ended as damaged, the channel is told so and what was kept, the league counts nothing of
it, the operator's log says how to look at the row, and a new table opens there."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import add_ai, answered, board_of, new_table, start

pytestmark = pytest.mark.e2e

DAMAGE = {
    # What an administrator, a bug or an older version may have left in the row: one the
    # table's model refuses (tests/storage has every way it can), and one the games refuse.
    "a seat with a field this version forbids": (
        "seats",
        '[{"name": "Alice", "user_id": 1, "colour": "red"}, {"name": "AI (easy) 2", "ai": "easy"}]',
    ),
    "a game this version does not have": ("game", "tressette-antica"),
}


@pytest.mark.parametrize("damage", DAMAGE)
async def test_a_damaged_table_is_ended_and_its_channel_is_free_again(
    discord: FakeDiscord, bot_process: BotProcess, damage: str
) -> None:
    column, value = DAMAGE[damage]
    bot_process.settings = {"tables": {"ai_delay": 0.05}}
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    await add_ai(alice, board_of(discord, table_id))
    await add_ai(alice, board_of(discord, table_id))
    await start(discord, store, alice, table_id)
    await bot_process.stop()
    moves = store.table(table_id).moves
    store.execute(f"UPDATE game_tables SET {column} = ? WHERE id = ?", value, table_id)  # noqa: S608

    await bot_process.start()
    told = await discord.wait_for(
        lambda: [m for m in discord.messages() if "could not be brought back" in m.content],
        timeout=15,  # after the send window a restored channel waits out
        what="the channel told its table ended",
    )
    assert len(told) == 1 and "It has ended and counts for nothing in the league" in told[0].content
    assert f"its {moves} stored move" in told[0].content
    assert told[0].pinged == [] and not told[0].embeds
    log = bot_process.log()
    assert f"table {table_id} (channel {discord.channel.id}): its stored row is damaged" in log
    assert f"To look at it: SELECT * FROM game_tables WHERE id = {table_id};" in log  # noqa: S608
    assert store.statuses() == ["abandoned"]
    assert store.count("matches") == 0  # the league counts nothing

    # The channel is free: a new table opens, and a restart says nothing more.
    assert "table is open" in await answered(await alice.slash("table new", game="briscola"))
    await bot_process.restart()
    assert len([m for m in discord.messages() if "could not be brought back" in m.content]) == 1
    assert discord.rejections == [] and discord.rate_limited == []
