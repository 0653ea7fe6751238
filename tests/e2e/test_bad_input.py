"""Bad input and bad timing, as people produce them: blank or huge /play input, a forged
click naming another channel's table, Leave pressed as the host presses Start, and a hand
that cannot be redrawn after a move. Each gets a clear answer and the game stays right."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from fakediscord import FakeDiscord, Reply, SimUser
from fakediscord.interactions import MODAL_SUBMIT
from fakediscord.users import _modal_field

from .botprocess import BotProcess
from .driver import (
    Store,
    TableRow,
    answered,
    board_of,
    make_move,
    new_table,
    open_hand,
    start,
)

pytestmark = pytest.mark.e2e

PENALTY_FIELD = "Cards for a missed penúltima (0–10)"
SETTINGS = {"tables": {"ai_delay": 0.01, "turn_timeout": 60, "board_edit_interval": 0.3}}


async def _two_players(
    discord: FakeDiscord, bot_process: BotProcess
) -> tuple[Store, int, dict[int, SimUser]]:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    table_id = await new_table(discord, store, alice, "centocinque", join=(bob,))
    row = await start(discord, store, alice, table_id)
    return store, table_id, {row.seat_of(u): u for u in (alice, bob)}


def _on_turn(row: TableRow, people: dict[int, SimUser]) -> tuple[int, SimUser]:
    seat = row.turn()
    assert seat is not None
    return seat, people[seat]


async def test_blank_and_huge_play_input_is_refused_and_changes_nothing(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, table_id, people = await _two_players(discord, bot_process)
    row = store.table(table_id)
    _, user = _on_turn(row, people)
    for blank in ("", "   "):
        refused = await answered(await user.slash("play", card=blank))
        assert "Name your move" in refused
    huge = "7" * 3000
    refused = await answered(await user.slash("play", card=huge))
    assert refused.startswith("“777") and len(refused) < 200, refused
    # Each was answered, so each was handled: a move is stored before its answer.
    assert store.table(table_id).moves == row.moves == 0
    assert not discord.rejections, discord.rejections


async def test_a_click_naming_another_channels_table_is_refused(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, carol = discord.user("alice"), discord.user("carol")
    here = await new_table(discord, store, alice, "cento")
    other = discord.create_channel("elsewhere")
    # A message in another channel carrying this table's Join button, posted with the
    # bot's own token (as any copy of a board would be).
    join = {"type": 2, "style": 3, "label": "Join", "custom_id": f"tv:t:{here}:join"}
    async with aiohttp.ClientSession() as session:
        posted = await session.post(
            f"{discord.api_base}/channels/{other.id}/messages",
            headers={"Authorization": f"Bot {discord.token}"},
            json={"content": "a copy", "components": [{"type": 1, "components": [join]}]},
        )
        assert posted.status == 200, await posted.text()
    (copy,) = [m for m in discord.messages(other) if m.content == "a copy"]
    refused = await answered(await carol.click(copy, label="Join"))
    assert "another channel" in refused
    assert [s["name"] for s in store.table(here).seats] == ["Alice"]


async def test_leave_pressed_as_the_game_starts_is_answered_truthfully(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob, carol = (discord.user(n) for n in ("alice", "bob", "carol"))
    table_id = await new_table(discord, store, alice, "centocinque", join=(bob, carol))
    board = board_of(discord, table_id)
    # Bob's Leave reaches Discord first, but its answer is held up: Start goes through
    # meanwhile, so the seat Bob leaves is already in a game.
    held = discord.faults.delay("POST /interactions/*", 1.0)
    leaving = asyncio.create_task(bob.click(board, label="Leave"))
    await discord.wait_for(lambda: held.hits, what="the answer to Bob's Leave, held up")
    assert "The game is on" in await answered(await alice.click(board, label="Start"))
    told = await answered(await leaving)
    row = store.table(table_id)
    assert row.status == "playing"
    bob_seat = row.seats[row.seat_of(bob)]
    assert bob_seat["away"] is True
    assert "the AI plays your seat" in told, told


async def test_a_move_whose_hand_cannot_be_redrawn_says_it_was_made(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, table_id, people = await _two_players(discord, bot_process)
    row = store.table(table_id)
    seat, user = _on_turn(row, people)
    hand = await open_hand(user, board_of(discord, table_id))
    token = row.choices(seat)[0]
    # Redrawing the hand in place, the click's answer, is refused by Discord.
    discord.faults.fail("POST /interactions/{interaction_id}/{interaction_token}/callback", 400)
    told = await answered(await make_move(user, hand, token))
    assert "Your move was made" in told and "unchanged" not in told
    assert store.moves(table_id)[0][1:3] == (seat, token)


async def test_a_huge_house_rules_number_is_refused_with_its_whole_reason(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """A forged modal field of 4,000 characters (a message holds 2,000): the typing is
    quoted briefly and the reason is said whole."""
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "centocinque")
    panel = (await alice.click(board_of(discord, table_id), label="House rules")).message
    assert panel is not None
    before = store.table(table_id).options
    shown = await alice.click(panel, label="Numbers…")
    modal = shown.modal
    assert modal is not None
    # What the client would never send: the field's 4,000 characters, past its max_length.
    components = []
    for component in modal["components"]:
        label, field = _modal_field(component) or (None, {})
        value = "x" * 4000 if label == PENALTY_FIELD else field.get("value", "")
        submitted = {"type": field["type"], "custom_id": field["custom_id"], "value": value}
        components.append(
            {"type": component["type"], "component": submitted}
            if "component" in component
            else {"type": component["type"], "components": [submitted]}
        )
    forged = discord.interactions.open(
        alice.user,
        discord.channel,
        MODAL_SUBMIT,
        {"custom_id": modal["custom_id"], "components": components},
        panel,
    )
    await asyncio.wait_for(forged.answered.wait(), 5)
    refused = await answered(Reply(forged, discord.world))
    assert refused.startswith("Cards for a missed penúltima: “xxx"), refused
    assert refused.endswith("…” is not a whole number."), refused
    assert len(refused) < 200
    assert store.table(table_id).options == before
