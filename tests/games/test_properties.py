"""Hypothesis properties: house-rule options, and arbitrary action sequences."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, GameError

OPTION_VALUES = st.one_of(st.booleans(), st.integers(-5, 20), st.text(max_size=5), st.none())
OPTION_NAMES = {
    "centocinque": list(GAMES["centocinque"].options_model.model_fields),
    "cento": list(GAMES["cento"].options_model.model_fields),
}


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(["centocinque", "cento"]),
    data=st.data(),
)
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
        assert expected is None or "players" in str(exc)
        if expected is None:
            assert any(repr(k) in str(exc) for k in options), str(exc)
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
        ]
    ),
)


HOUSE_RULES = {
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
}


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(["centocinque", "cento"]),
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
            assert action not in legal, f"{action!r} is legal but was refused: {exc}"
            assert str(exc), "an error without a message"
            assert json.dumps(rules.dump(state), sort_keys=True) == before
        else:
            assert action in legal, f"{action!r} was accepted but is not legal"
