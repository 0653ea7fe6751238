"""A deleted channel: an admin deletes the channel where a Briscola match was played and a
second table is being played; that table ends as abandoned, its moves kept, and the finished
match's deals are still replayed from another channel of the server."""

from __future__ import annotations

import pytest

from fakediscord import Channel, FakeDiscord, SimUser

from .botprocess import BotProcess
from .driver import Store, add_ai, answered, board_of, wait_turn

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}


async def table_with_ai(discord: FakeDiscord, store: Store, alice: SimUser, room: Channel) -> int:
    """A Briscola table in ``room``, Alice and an AI at it, started."""
    assert "table is open" in await answered(
        await alice.slash("table new", channel=room, game="briscola")
    )
    table_id = store.table().id
    await add_ai(alice, board_of(discord, table_id, room))
    started = await alice.click(board_of(discord, table_id, room), label="Start")
    assert "The game is on" in await answered(started)
    await discord.wait_for(lambda: store.table(table_id).status == "playing", 10, "the start")
    return table_id


async def test_a_deleted_channel_s_table_ends_and_its_deals_are_still_replayed(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    room = discord.world.create_channel(discord.guild, "cards")

    played = await table_with_ai(discord, store, alice, room)
    assert "the AI plays your seat" in await answered(
        await alice.slash("table leave", channel=room)
    )
    await discord.wait_for(lambda: store.table(played).status == "finished", 60, "the end")
    first = store.deals(played)[0][0]

    open_one = await table_with_ai(discord, store, alice, room)
    before = await wait_turn(discord, store, open_one, store.table(open_one).seat_of(alice))
    discord.world.delete_channel(room)
    await discord.wait_for(
        lambda: store.table(open_one).status == "abandoned", 10, "the table ended"
    )
    after = store.table(open_one)
    assert after.moves == before.moves and after.secret == before.secret  # its state kept

    # Asked from another channel of the server, the deal played there is still shown.
    reply = await alice.slash("replay", deal=first)
    assert reply.error is None, reply.error
    shown = await reply.wait_message(timeout=10)
    assert shown.ephemeral and "step 0 of" in shown.text
    step = await alice.click(shown, label="Next ▶")
    assert step.message is not None and "step 1 of" in step.message.text
    assert "Traceback" not in bot_process.log()
