"""A hand's moves and components: what is offered, and Discord's limits for any hand size."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.views.hand import MoveButton, _hand, hand_view
from bot.views.inputs import Choice
from bot.views.render import (
    LABEL_MAX,
    hand_choices,
    hand_embed,
    move_page,
    resolve_choice,
    suggest,
)
from bot.views.services import Services
from bot.views.takes import takes
from tests.games.support import seat_on_turn

from .tables import make_table, with_big_hand


def test_penultima_variants_call_outs_and_late_penultima_are_never_offered() -> None:
    legal = ["play:7d", "play:7d:penultima", "callout:2", "penultima", "draw"]
    choices = hand_choices("centocinque", legal)
    assert [c.token for c in choices] == ["play:7d", "draw"]
    assert [c.label for c in choices] == ["7 di Denari", "Draw"]


def test_a_chooser_ace_is_one_choice_that_asks_for_the_total() -> None:
    legal = [f"play:AS:{n}" for n in range(101)] + ["play:7D", "play:7D"]
    choices = hand_choices("cento", legal)
    assert [(c.token, c.needs) for c in choices] == [("play:AS", "number"), ("play:7D", None)]
    assert choices[0].label == "A♠: choose the total"


def test_moves_are_buttons_while_they_fit_and_paged_selects_beyond() -> None:
    many = [Choice(f"play:c{i}", f"card {i}") for i in range(230)]
    assert move_page(many[:10], 0).buttons == many[:10]
    page = move_page(many[:11], 0)
    assert (page.buttons, [len(s) for s in page.selects], page.pages) == ([], [11], 1)
    first, last = move_page(many, 0), move_page(many, 9)
    assert [len(s) for s in first.selects] == [25, 25, 25, 25] and first.pages == 3
    assert last.number == 2 and [len(s) for s in last.selects] == [25, 5]
    assert last.selects[-1][-1] == many[-1]


def _rows(view: discord.ui.View) -> list[list[dict[str, Any]]]:
    return [row["components"] for row in view.to_components()]


@pytest.mark.parametrize("cards", [5, 21, 25, 34])
def test_a_hand_of_any_size_fits_discords_limits(cards: int) -> None:
    table = with_big_hand(make_table("centocinque", 2, cavallo_declares_suit=True), cards)
    seat = seat_on_turn(table.rules, table.state)
    choices = hand_choices("centocinque", table.rules.legal_actions(table.state, seat))
    seen: list[str] = []
    page, pages = 0, 1
    while page < pages:
        rows = _rows(hand_view(table, seat, choices, page))
        assert len(rows) <= 5 and all(len(r) <= 5 for r in rows)
        ids_here = [str(c["custom_id"]) for r in rows for c in r]
        assert len(set(ids_here)) == len(ids_here) and max(map(len, ids_here)) <= 100
        for component in (c for r in rows for c in r):
            assert len(str(component.get("label", ""))) <= 80
            options = component.get("options", [])
            assert len(options) <= 25
            seen += [o["value"] for o in options]
            if MoveButton.pattern.fullmatch(str(component["custom_id"])):
                seen.append(str(component["custom_id"]).split(":", 5)[5])
        assert "Penúltima!" in [c.get("label") for r in rows for c in r]
        pages = move_page(choices, page).pages
        page += 1
    assert sorted(seen) == sorted(c.token for c in choices)
    assert len(choices) >= cards  # every card may be played (four ways for a Cavallo)


def test_a_hand_carries_the_table_the_seat_and_its_move_counter() -> None:
    table = make_table("cento", 3)
    seat = seat_on_turn(table.rules, table.state)
    table.seats[seat].acted = 7
    choices = hand_choices("cento", table.rules.legal_actions(table.state, seat))
    rows = _rows(hand_view(table, seat, choices, 0))
    moves = [str(c["custom_id"]) for r in rows for c in r if str(c["custom_id"]).startswith("tv:m")]
    assert moves and all(m.startswith(f"tv:m:42:{seat}:7:play:") for m in moves)
    assert [c["label"] for r in rows for c in r][-1] == "Refresh"  # no Penúltima! here
    embed = hand_embed(table, seat, choices).to_dict()
    assert "Your turn" in embed["description"]


def test_the_longest_move_id_fits() -> None:
    longest = MoveButton.make_id(table=10**12, seat=11, acted=10**6, action="play:Cs:b:penultima")
    assert MoveButton.pattern.fullmatch(longest) and len(longest) < 100


def test_play_accepts_a_token_a_card_code_or_a_label() -> None:
    choices = hand_choices("centocinque", ["play:7d", "play:Rc", "draw"])
    assert resolve_choice(choices, "play:Rc") == choices[1]
    assert resolve_choice(choices, "7D") == choices[0]
    assert resolve_choice(choices, "re di coppe") == choices[1]
    assert resolve_choice(choices, "Asso di Spade") is None
    # Blank typing names no move, not the one move that has no card (here: Draw).
    assert [c.token for c in choices if c.card is None] == ["draw"]
    assert resolve_choice(choices, "") is None and resolve_choice(choices, "   ") is None
    assert suggest(choices, "di") == choices[:2]
    assert len(suggest([Choice(f"play:{i}", f"c{i}") for i in range(40)], "")) == 25


def test_a_card_s_takes_are_named_in_full_and_stay_readable_when_too_long_for_a_button() -> None:
    short = ["play:7b:3c+4s", "play:7b:7d", "play:2c"]
    choices, lines = takes("scopa", short, "play:7b")
    assert [c.label for c in choices] == [
        "The 7 di Bastoni takes the 3 di Coppe + the 4 di Spade",
        "The 7 di Bastoni takes the 7 di Denari",
    ]
    assert lines == []

    seven = "play:Rb:Ac+Ad+As+Ab+2c+2d+2s"
    choices, lines = takes("scopa", [seven, "play:Rb:4c+6d"], "play:Rb")
    assert [c.token for c in choices] == [seven, "play:Rb:4c+6d"]
    assert all(len(c.label) <= LABEL_MAX for c in choices)
    assert choices[1].label == "2. 4 di Coppe + 6 di Denari"
    assert choices[0].label.startswith("1. Asso di Coppe + Asso di Denari")
    assert lines[0] == (
        "**1. Asso di Coppe + Asso di Denari + Asso di Spade + Asso di Bastoni"
        " + 2 di Coppe + 2 di Denari + 2 di Spade**"
    )
    assert lines[1] == "**2. 4 di Coppe + 6 di Denari**"


class _NoPictures:
    """The server's choice of pictures: off, so that a hand is its text and moves alone."""

    def pictures(self, guild_id: int) -> bool:
        return False


def _offered(hand_view_: discord.ui.View | None) -> list[str]:
    """The moves a hand's buttons make."""
    return [
        item.custom_id.split(":", 5)[5]
        for item in (hand_view_.children if hand_view_ else [])
        if isinstance(item, discord.ui.Button)
        and item.custom_id is not None
        and item.custom_id.startswith("tv:m:")
    ]


async def test_a_hand_opened_while_a_move_is_being_stored_shows_that_move() -> None:
    """A move is stored under the table's lock, and other readers of the database see it
    before the table in memory takes it: a hand opened meanwhile waits for it, and offers the
    next seat its moves (it showed the table before the move, with nothing to play)."""
    table = make_table("briscola", 2)
    rules = table.rules
    mover = seat_on_turn(rules, table.state)
    nxt = 1 - mover
    services = Services(
        manager=cast(Any, None),
        publisher=cast(Any, None),
        league=cast(Any, None),
        choices=cast(Any, _NoPictures()),
    )
    interaction = cast(Any, SimpleNamespace(client=SimpleNamespace(services=services)))
    async with table.lock:  # the move's commit made, this copy not moved on yet
        opened = asyncio.create_task(_hand(interaction, table, nxt, 0))
        await asyncio.sleep(0)  # the hand is asked for, and waits
        assert not opened.done()
        play = rules.legal_actions(table.state, mover)[0]
        table.state, _ = rules.apply(table.state, mover, play)
    hand = await opened
    assert _offered(hand.view) == rules.legal_actions(table.state, nxt) != []
