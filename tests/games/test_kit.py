"""The engine kit's shell: a state's copy by its fields' types, its saved form, the fields
every seat sees, and the arguments of a new game, over every registered game."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from bot.games import SPECS, GameError, GameSpec
from bot.games.kit import clone, restore, shown_fields
from tests.games.support import middle_size


def _specs() -> list[Any]:
    return [pytest.param(spec, id=name) for name, spec in SPECS.items()]


def _midgame(spec: GameSpec[Any, Any, Any], moves: int = 30) -> Any:
    rules = spec.rules
    rng = random.Random(5)
    state = rules.new_game(seats=middle_size(spec), seed=5)
    for _ in range(moves):
        if rules.outcome(state) is not None:
            break
        seat = rng.choice(rules.to_act(state))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("spec", _specs())
def test_a_clone_is_equal_and_shares_no_list_or_dict_a_move_may_change(
    spec: GameSpec[Any, Any, Any],
) -> None:
    state = _midgame(spec)
    copy = clone(state)
    assert copy is not state and type(copy) is type(state)
    assert spec.rules.dump(copy) == spec.rules.dump(state)
    for field in dataclasses.fields(state):
        mine, theirs = getattr(state, field.name), getattr(copy, field.name)
        if isinstance(mine, list | dict):
            assert mine is not theirs, field.name
        if isinstance(mine, list):
            rows = [(a, b) for a, b in zip(mine, theirs, strict=True) if isinstance(a, list)]
            assert all(a is not b for a, b in rows), field.name


@pytest.mark.parametrize("spec", _specs())
def test_a_loaded_state_shares_nothing_with_the_data_it_was_loaded_from(
    spec: GameSpec[Any, Any, Any],
) -> None:
    rules = spec.rules
    data = json.loads(json.dumps(rules.dump(_midgame(spec))))
    state = rules.load(data)
    saved = json.dumps(rules.dump(state), sort_keys=True)
    for hand in data["hands"]:
        hand.append("not a card")
    for value in data.values():
        if isinstance(value, list):
            value.append(None)
    assert json.dumps(rules.dump(state), sort_keys=True) == saved


@pytest.mark.parametrize("spec", _specs())
def test_a_new_game_refuses_a_bad_dealer_or_deck(spec: GameSpec[Any, Any, Any]) -> None:
    rules, seats = spec.rules, middle_size(spec)
    with pytest.raises(GameError, match="Dealer"):
        rules.new_game(seats=seats, seed=1, dealer=seats)
    with pytest.raises(GameError, match="list of card codes"):
        rules.new_game(seats=seats, seed=1, deck="AS" * 20)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="complete pack"):
        rules.new_game(seats=seats, seed=1, deck=[])
    dealt = rules.new_game(seats=seats, seed=1, dealer=0)
    assert rules.view(dealt, None)["dealer"] == 0


@pytest.mark.parametrize("spec", _specs())
def test_every_view_shows_the_shown_fields_as_the_state_holds_them(
    spec: GameSpec[Any, Any, Any],
) -> None:
    state = _midgame(spec)
    shown = shown_fields(type(state))
    assert shown, "every game marks the fields every seat sees"
    for seat in [None, *range(len(state.hands))]:
        view = spec.rules.view(state, seat)
        assert {name: view[name] for name in shown} == {
            name: getattr(state, name) for name in shown
        }
        for name in shown:  # copies: changing the view leaves the state alone
            if isinstance(view[name], list):
                view[name].append("changed")
                assert getattr(state, name)[-1:] != ["changed"], name


@pytest.mark.parametrize("spec", _specs())
def test_restore_takes_the_shown_fields_back_from_a_view(spec: GameSpec[Any, Any, Any]) -> None:
    state, fresh = _midgame(spec), spec.rules.new_game(seats=middle_size(spec), seed=6)
    view = spec.rules.view(state, None)
    restored = restore(fresh, view)
    for name in shown_fields(type(state)):
        assert getattr(restored, name) == getattr(state, name), name
        if isinstance(view[name], list):
            assert getattr(restored, name) is not view[name], name


def test_a_spec_built_by_the_kit_names_its_board_beside_its_engine_and_its_types() -> None:
    for name, spec in SPECS.items():
        assert spec.name == spec.rules.name == name
        assert spec.board == f"bot.games.{name}.board"
        assert spec.types.view.__name__.lower() == f"{name}view"  # type: ignore[attr-defined]
