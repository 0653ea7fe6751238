"""Hypothesis properties: house-rule options, and arbitrary action sequences."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.games import GAMES, GameError
from bot.games.centocinque.engine import PACK as CINQUE_PACK

CINQUE = GAMES["centocinque"]
MOST_MOVES_IN_A_HAND = 5_000

OPTION_VALUES = st.one_of(st.booleans(), st.integers(-5, 20), st.text(max_size=5), st.none())
OPTION_NAMES = {name: list(GAMES[name].options_model.model_fields) for name in GAMES}


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from(list(GAMES)), data=st.data())
def test_options_are_accepted_exactly_when_valid_and_errors_name_the_option(
    game: str, data: st.DataObject
) -> None:
    names = OPTION_NAMES[game] + ["colour", "speed"]
    options = data.draw(st.dictionaries(st.sampled_from(names), OPTION_VALUES, max_size=4))
    rules = GAMES[game]
    model = rules.options_model
    try:
        expected: Any = model.model_validate(options)
    except ValueError:
        expected = None
    try:
        state = rules.new_game(seats=4, seed=1, options=options)
    except GameError as exc:
        assert expected is None or "players" in str(exc)  # noqa: PT017 (either outcome may be)
        if expected is None:
            assert any(f"“{k}”" in str(exc) for k in options), str(exc)  # noqa: PT017
        return
    assert expected is not None
    assert rules.view(state, 0)["options"] == expected.model_dump()


TOKENS = st.one_of(
    st.integers(0, 10_000),  # an index into the legal actions
    st.text(max_size=12),  # anything at all
    st.sampled_from(
        [
            "draw",
            "pass",
            "penultima",
            "callout:1",
            "play:AS:101",
            "play:7d",
            "play:Cs:b",
            "play:Cc:x",
            "swap",
        ]
    ),
)


HOUSE_RULES: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "centocinque": st.fixed_dictionaries(
        {},
        optional={
            "ace_on_ace": st.booleans(),
            "voluntary_draw": st.booleans(),
            "cavallo_declares_suit": st.booleans(),
            "late_penultima": st.booleans(),
            "false_callout_penalty": st.integers(0, 3),
            "redeal_ace_starter": st.booleans(),
            "last_two_draws": st.booleans(),
        },
    ),
    "cento": st.fixed_dictionaries(
        {},
        optional={
            "allow_negative": st.booleans(),
            "allow_voluntary_bust": st.booleans(),
            "reset_after_bust": st.booleans(),
        },
    ),
    "scopa": st.fixed_dictionaries(
        {},
        optional={
            "kings_redeal": st.booleans(),
            "last_card_scopa": st.booleans(),
            "napola": st.booleans(),
            "target": st.sampled_from([11, 16, 21, 31]),
        },
    ),
    "briscola": st.fixed_dictionaries(
        {},
        optional={"swap_seven": st.booleans(), "deals_to_win": st.integers(1, 5)},
    ),
}


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(list(HOUSE_RULES)),  # the games for two to four (Minchiate: four)
    data=st.data(),
    seats=st.integers(2, 4),
    seed=st.integers(0, 2**31),
    moves=st.lists(st.tuples(st.integers(0, 3), TOKENS), max_size=80),
)
def test_any_sequence_of_moves_is_applied_or_refused_without_change(
    game: str, data: st.DataObject, seats: int, seed: int, moves: list[tuple[int, int | str]]
) -> None:
    rules = GAMES[game]
    options = data.draw(HOUSE_RULES[game])
    if game == "cento" and seats == 2:
        options["min_players"] = 2
    state = rules.new_game(seats=seats, seed=seed, options=options)
    for seat, token in moves:
        if rules.outcome(state) is not None:
            break
        seat %= seats
        legal = rules.legal_actions(state, seat)
        action = legal[token % len(legal)] if isinstance(token, int) and legal else str(token)
        before = json.dumps(rules.dump(state), sort_keys=True)
        try:
            state, _ = rules.apply(state, seat, action)
        except GameError as exc:
            # A move may be refused or not: the branch checks that it was right either way.
            assert action not in legal, f"{action!r} is legal but was refused: {exc}"  # noqa: PT017
            assert str(exc), "an error without a message"  # noqa: PT017
            assert json.dumps(rules.dump(state), sort_keys=True) == before
        else:
            assert action in legal, f"{action!r} was accepted but is not legal"
            if game == "centocinque" and state.missed is not None:
                # RULES.md §1.6: only a seat still down to one card can be called out.
                assert len(state.hands[state.missed]) == 1


# The forced loop of RULES.md §1.4: the pile Rc under Rs, seat 0 with no spade and no Re, seat 2
# with no coppe and no Re, seat 1 with everything else; the two Re go back and forth for ever.
LOOP_HANDS = [["Ac", "2c", "3d", "4d", "5b"], ["As", "2s", "3b", "6d", "7b"]]
LOOP_REST = [c for c in CINQUE_PACK if c not in {"Rc", "Rs", *LOOP_HANDS[0], *LOOP_HANDS[1]}]
LOOP_DECK = ["Rc", "Rs", *LOOP_HANDS[0], *LOOP_REST, *LOOP_HANDS[1]]


@example(deck=LOOP_DECK, pile=2, cuts=[5, 33], first=0, backwards=False, options={}, moves_seed=0)
@settings(max_examples=150, deadline=None)
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
