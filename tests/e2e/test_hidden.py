"""The hidden-card watch itself, on the fake Discord without a bot: a stored Tressette deal at
two seats, and messages posted as the bot would post them. The watch catches a card shown for
a moment and edited away, cards named grouped by suit, and a picture that shows what its
readers may not see."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.gallery import board_image, hand_image, replay_image
from bot.games import GAMES
from bot.games.text import by_suit, card_name
from bot.storage.records import Seat
from bot.views.attach import BOARD_FILE, HAND_FILE
from fakediscord import FakeDiscord, Message
from fakediscord.models import Upload

from .driver import Store, TableRow
from .hidden import HiddenCardWatch

pytestmark = pytest.mark.e2e

RULES = GAMES["tressette"]
SEED = 48_611_533_907


class _Stored(Store):
    """One table in play, as the bot would have stored it: no move made yet."""

    def __init__(self, row: TableRow) -> None:
        self.row = row

    def tables(self) -> list[TableRow]:
        return [self.row]

    def moves(self, table_id: int) -> list[tuple[int, int, str, str]]:
        return []

    def channel_language(self, channel_id: int) -> str | None:
        return None


def _table(discord: FakeDiscord, seed: int = SEED) -> tuple[TableRow, Any]:
    seats = [
        Seat(name="alice", user_id=discord.user("alice").id),
        Seat(name="bob", user_id=discord.user("bob").id),
    ]
    state = RULES.new_game(seats=2, seed=seed)
    row = TableRow(
        id=1,
        game="tressette",
        status="playing",
        host_id=seats[0].user_id or 0,
        options={},
        seats=[s.model_dump() for s in seats],
        seed=seed,
        state=RULES.dump(state),
        moves=0,
        board_message_id=None,
    )
    return row, state


def _post(discord: FakeDiscord, data: dict[str, Any], *files: tuple[str, bytes]) -> Message:
    uploads = [Upload(i, name, "image/png", picture) for i, (name, picture) in enumerate(files)]
    return discord.world.post(discord.channel, discord.world.bot, data, uploads)


async def _watch(discord: FakeDiscord, row: TableRow, state: Any, show: Callable[[], Any]) -> None:
    """Alice's hand shown to her alone (the watch wants to see one), then what ``show`` posts
    (at once: the watch looks only when the test lets the fake's loop run), under the watch."""
    hand = ", ".join(card_name(c) for c in RULES.view(state, 0)["hand"])
    alice = discord.user("alice").id
    async with HiddenCardWatch(discord, _Stored(row)):
        data = {"content": hand, "flags": 64}
        discord.world.post(discord.channel, discord.world.bot, data, visible_to=alice)
        show()


async def test_a_card_shown_for_a_moment_and_edited_away_is_caught(discord: FakeDiscord) -> None:
    row, state = _table(discord)
    hidden = RULES.view(state, 1)["hand"][0]  # bob's

    def show() -> None:
        message = _post(discord, {"content": f"bob holds {card_name(hidden)}"})
        discord.world.edit(message, {"content": "bob thinks"})  # before anyone looked

    with pytest.raises(AssertionError, match=rf"shows \['{hidden}'\] to everyone"):
        await _watch(discord, row, state, show)


async def test_cards_named_grouped_by_suit_are_caught(discord: FakeDiscord) -> None:
    row, state = _table(discord)
    hidden = sorted(RULES.view(state, 1)["hand"][:3])  # bob's
    assert not any(card_name(c) in by_suit(hidden) for c in hidden)  # not one named alone

    def show() -> None:
        _post(discord, {"content": f"bob is known to hold {by_suit(hidden)}."})

    with pytest.raises(AssertionError, match=re.escape(f"shows {hidden} to everyone")):
        await _watch(discord, row, state, show)


def _pictures(state: Any) -> dict[str, tuple[str, bytes]]:
    names = ["alice", "bob"]
    ahead, _ = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    hands = [RULES.view(state, s)["hand"] for s in (0, 1)]
    return {
        "the board now": (BOARD_FILE, board_image("tressette", RULES.view(state, None), names)),
        "every hand face up": (
            BOARD_FILE,
            replay_image("tressette", RULES.view(state, None), names, hands),
        ),
        "a move not yet made": (
            BOARD_FILE,
            board_image("tressette", RULES.view(ahead, None), names),
        ),
        "a hand": (HAND_FILE, hand_image("tressette", hands[0])),
    }


@pytest.mark.parametrize(
    ("picture", "leak"),
    [
        ("the board now", None),
        ("every hand face up", "is no public board of a move stored"),
        ("a move not yet made", "is no public board of a move stored"),
        ("a hand", "shows hand.png"),
    ],
)
async def test_a_public_picture_is_a_board_drawn_from_the_public_view(
    discord: FakeDiscord, picture: str, leak: str | None
) -> None:
    row, state = _table(discord)
    file = _pictures(state)[picture]
    embed = {"description": "Table 1", "image": {"url": f"attachment://{file[0]}"}}

    def show() -> None:
        message = _post(discord, {"embeds": [embed]}, file)
        discord.world.edit(message, {"content": "-", "embeds": [], "attachments": []})  # gone

    if leak is None:
        await _watch(discord, row, state, show)
    else:
        with pytest.raises(AssertionError, match=leak):
            await _watch(discord, row, state, show)


@pytest.mark.parametrize(
    ("content", "leak"),
    [
        ("<@1171763171717170000>, it is your turn · deal `A17BCD9X` · `f17e0a9c`", False),
        ("Dealt from seed 17.", True),
        ("seed:17", True),
    ],
    ids=["digits-inside", "in-words", "after-a-colon"],
)
async def test_a_seed_is_a_number_of_its_own_not_digits_inside_another(
    discord: FakeDiscord, content: str, leak: bool
) -> None:
    """A deal pinned by a test has a small seed (17 here): the digits of a mention, a deal's id
    or a hash may hold it by chance, and show nothing."""
    row, state = _table(discord, seed=17)
    file = _pictures(state)["the board now"]
    embed = {"description": "Table 1", "image": {"url": f"attachment://{file[0]}"}}

    def show() -> None:
        _post(discord, {"content": content, "embeds": [embed]}, file)

    if leak:
        with pytest.raises(AssertionError, match="shows a seed"):
            await _watch(discord, row, state, show)
    else:
        await _watch(discord, row, state, show)
