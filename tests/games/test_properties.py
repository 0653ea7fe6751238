"""Hypothesis properties of every registered game: house-rule options, and arbitrary action
sequences (the house rules drawn from each options model, the seats from each seating)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games import GAMES, SPECS, GameError
from tests.games.options import option_values

OPTION_VALUES = st.one_of(st.booleans(), st.integers(-5, 20), st.text(max_size=5), st.none())
OPTION_NAMES = {name: list(GAMES[name].options_model.model_fields) for name in GAMES}


@settings(max_examples=300)
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
        state = rules.new_game(seats=SPECS[game].seats.default, seed=1, options=options)
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


def house_rules(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Some of ``game``'s house rules, each with a value its options model allows."""
    values = option_values(GAMES[game].options_model)
    return st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in values.items()})


@settings(max_examples=300)
@given(
    game=st.sampled_from(list(SPECS)),
    data=st.data(),
    seed=st.integers(0, 2**31),
    moves=st.lists(st.tuples(st.integers(0, 3), TOKENS), max_size=80),
)
def test_any_sequence_of_moves_is_applied_or_refused_without_change(
    game: str, data: st.DataObject, seed: int, moves: list[tuple[int, int | str]]
) -> None:
    rules = GAMES[game]
    options = data.draw(house_rules(game))
    allowed = SPECS[game].seats.seat_range(rules.options_model.model_validate(options))
    seats = data.draw(st.sampled_from(list(allowed)[:3]))  # the smaller tables: more moves
    try:
        state = rules.new_game(seats=seats, seed=seed, options=options)
    except GameError:  # house rules this size is not played with (Scopone at two)
        return
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
