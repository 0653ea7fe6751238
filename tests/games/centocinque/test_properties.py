"""Hypothesis properties of Centocinque's own rules: a missed penúltima, and a hand that
always ends (the properties of every game are in tests/games/test_properties.py)."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.games import GAMES
from bot.games.centocinque.engine import PACK as CINQUE_PACK
from bot.games.centocinque.engine import CentocinqueState
from tests.games.test_properties import house_rules

CINQUE = GAMES["centocinque"]
MOST_MOVES_IN_A_HAND = 5_000


@settings(max_examples=100)
@given(
    options=house_rules("centocinque"),
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**31),
    choices=st.integers(0, 2**32),
)
def test_only_a_seat_down_to_one_card_can_be_called_out(
    options: dict[str, Any], seats: int, seed: int, choices: int
) -> None:
    """RULES.md §1.6: the seat whose missed penúltima is open still holds one card."""
    state: CentocinqueState = CINQUE.new_game(seats=seats, seed=seed, options=options)
    rng = random.Random(choices)
    for _ in range(300):
        if state.current is None:
            return
        seat = rng.choice(CINQUE.to_act(state))
        state, _ = CINQUE.apply(state, seat, rng.choice(CINQUE.legal_actions(state, seat)))
        if state.missed is not None:
            assert len(state.hands[state.missed]) == 1


# The forced loop of RULES.md §1.4: the pile Rc under Rs, seat 0 with no spade and no Re, seat 2
# with no coppe and no Re, seat 1 with everything else; the two Re go back and forth for ever.
LOOP_HANDS = [["Ac", "2c", "3d", "4d", "5b"], ["As", "2s", "3b", "6d", "7b"]]
LOOP_REST = [c for c in CINQUE_PACK if c not in {"Rc", "Rs", *LOOP_HANDS[0], *LOOP_HANDS[1]}]
LOOP_DECK = ["Rc", "Rs", *LOOP_HANDS[0], *LOOP_REST, *LOOP_HANDS[1]]


@example(deck=LOOP_DECK, pile=2, cuts=[5, 33], first=0, backwards=False, options={}, moves_seed=0)
@settings(max_examples=150)
@given(
    deck=st.permutations(CINQUE_PACK),
    pile=st.integers(1, 4),
    cuts=st.lists(st.integers(1, 35), min_size=1, max_size=5, unique=True),
    first=st.integers(0, 5),
    backwards=st.booleans(),
    options=st.fixed_dictionaries(
        {},
        optional={
            "ace_on_ace": st.booleans(),
            "voluntary_draw": st.booleans(),
            "cavallo_declares_suit": st.booleans(),
            "last_two_draws": st.booleans(),
        },
    ),
    moves_seed=st.integers(0, 2**32),
)
def test_every_centocinque_hand_ends_even_from_an_exhausted_stock(
    deck: list[str],
    pile: int,
    cuts: list[int],
    first: int,
    backwards: bool,
    options: dict[str, bool],
    moves_seed: int,
) -> None:
    """RULES.md §1.4: whatever the cards and the moves, a hand ends. Start from the hardest
    kind of position (no stock, a pile of a few cards under the top card, every other card in
    the hands, ``len(cuts) + 1`` players) and make random legal moves: the hand must end, by
    someone going out or by being blocked."""
    seats = len(cuts) + 1
    held = deck[pile:]
    bounds = [0, *sorted(cuts), len(held)]
    state = CINQUE.load(
        {
            **CINQUE.dump(CINQUE.new_game(seats=seats, seed=1, options=options)),
            "hands": [held[a:b] for a, b in pairwise(bounds)],
            "stock": [],
            "discard": deck[:pile],
            "current": first % seats,
            "direction": -1 if backwards else 1,
        }
    )
    choices = random.Random(moves_seed)
    for _ in range(MOST_MOVES_IN_A_HAND):
        seat = state.current
        if seat is None or state.hand_no != 1:
            return  # the hand is over (and perhaps the match)
        legal = CINQUE.legal_actions(state, seat)
        state, _ = CINQUE.apply(state, seat, choices.choice(legal))
    raise AssertionError(f"the hand did not end in {MOST_MOVES_IN_A_HAND} moves")
