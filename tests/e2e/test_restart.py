"""A bot killed mid-game comes back on the same database exactly where it was: the same hands,
and the buttons and forms it sent before still work."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord

from .botprocess import BotProcess
from .driver import (
    add_ai,
    answered,
    board_of,
    make_move,
    moved,
    new_table,
    open_hand,
    start,
    wait_turn,
)

pytestmark = pytest.mark.e2e


async def test_a_killed_bot_carries_on_and_its_old_buttons_still_work(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"ai_delay": 0.02, "turn_timeout": 60}}
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    board = board_of(discord, table_id)
    await add_ai(alice, board)
    await add_ai(alice, board)
    row = await start(discord, store, alice, table_id)
    seat = row.seat_of(alice)
    row = await wait_turn(discord, store, table_id, seat)
    hand = await open_hand(alice, board)
    cards = [line for line in hand.text.splitlines() if line.startswith("Your hand")]
    # Opening her hand shows Alice up at her seat, stored just after the hand is answered:
    # the table as it stands once that is stored is what the restart must bring back.
    row = await discord.wait_for(
        lambda: (r := store.table(table_id)).seats[seat]["here"] and r, what="Alice shown up"
    )

    await bot_process.kill()
    await bot_process.start()

    after = store.table(table_id)
    assert (after.state, after.moves, after.seats) == (row.state, row.moves, row.seats)
    again = await open_hand(alice, board)  # the board from before the restart
    assert [line for line in again.text.splitlines() if line.startswith("Your hand")] == cards
    token = after.choices(seat)[0]
    reply = await make_move(alice, hand, token, total=50)  # a hand from before the restart
    assert reply.error is None
    row = await moved(discord, store, table_id, after.moves)
    made = token + (":50" if token in ("play:AS", "play:AC") else "")
    assert store.moves(table_id)[-1][1:] == (seat, made, "person")

    # The AI seats play on, and the board is kept up to date.
    row = await wait_turn(discord, store, table_id, seat)
    later = store.moves(table_id)[after.moves + 1 :]
    assert later and {by for _, s, _, by in later if s != seat} == {"ai"}
    assert row.state is not None
    shown = f"Total: **{row.state['total']}**"
    # A restored channel waits out a full send window first (the old process's sends count).
    await discord.wait_for(
        lambda: shown in board.text, timeout=20, what="the board after the restart"
    )
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_form_opened_before_a_restart_is_answered_after_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "cento")
    panel = (await alice.slash("table rules")).message
    assert panel is not None
    assert (await alice.click(panel, label="Numbers…")).modal is not None

    await bot_process.kill()
    await bot_process.start()

    reply = await alice.submit_modal({"min_players": "2"})
    assert reply.error is None, reply.error
    await discord.wait_for(
        lambda: store.table(table_id).options.get("min_players") == 2, what="the new option"
    )
    await discord.wait_for(lambda: "Fewest players: 2" in panel.text, what="the panel updated")
    # A value the rules refuse leaves the options as they were, and says why.
    assert (await alice.click(panel, label="Numbers…")).modal is not None
    refused = await alice.submit_modal({"min_players": "9"})
    assert await answered(refused) == "Fewest players: 9 is out of range (2–3)."
    assert store.table(table_id).options["min_players"] == 2
    assert discord.rejections == []


async def test_a_restart_redraws_only_boards_that_are_behind(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = {"tables": {"turn_timeout": 600}}
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol = (discord.user(n) for n in ("alice", "bob", "carol"))
    quiet = await new_table(discord, store, alice, "cento", join=(bob, carol))
    await start(discord, store, alice, quiet)
    await discord.wait_for(
        lambda: store.table(quiet).board_moves == 0, timeout=20, what="the drawn board stored"
    )
    assert await bot_process.stop() == 0
    # While the bot is away its board falls behind (as if its last edit had been lost).
    store.execute("UPDATE game_tables SET board_moves = NULL WHERE id = ?", quiet)
    await bot_process.start()
    board = board_of(discord, quiet)
    edits = board.edits
    await discord.wait_for(lambda: board.edits > edits, timeout=20, what="a redraw")

    # Once it is known to be up to date, the next restart leaves it alone.
    await discord.wait_for(
        lambda: store.table(quiet).board_moves == 0, timeout=20, what="the redraw stored"
    )
    # A lobby in another channel is redrawn at every restart, once the send window a
    # restored channel waits out has passed: when it is, the quiet board would have been too.
    witness = discord.create_channel("witness")
    opened = await alice.slash("table new", channel=witness, game="cento")
    assert "table is open" in await answered(opened)
    lobby = next(m for m in discord.messages(witness) if m.embeds)
    assert await bot_process.stop() == 0
    await bot_process.start()
    edits, lobby_edits = board.edits, lobby.edits
    await discord.wait_for(lambda: lobby.edits > lobby_edits, timeout=20, what="the lobby redrawn")
    assert board.edits == edits
    assert discord.rejections == [] and discord.rate_limited == []
