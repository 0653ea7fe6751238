"""Every registered game's spec, over the registry: a new game is checked without a new test.

The spec agrees with its rules (seats, house rules, AI levels), and random matches agree with
the spec: every view, event and outcome is what its types say, and its words, its league
adapter and its inputs take each of them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import GAMES, SPECS, GameSpec, make_player
from bot.games.ai import LEVELS
from tests.games.support import seat_on_turn
from tests.games.typed import mismatches

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kai", "Lu"]
SEEDS = range(2)


def _specs() -> list[Any]:
    return [pytest.param(spec, id=name) for name, spec in SPECS.items()]


def _matches(spec: GameSpec[Any, Any, Any]) -> Iterator[tuple[int, int]]:
    """(seats, seed) of the random matches checked: the terminal's seats, and the most."""
    rules = spec.rules
    for seats in sorted({spec.seats.default, min(spec.seats.most, rules.max_seats)}):
        for seed in SEEDS:
            yield seats, seed


def _played(spec: GameSpec[Any, Any, Any], seats: int, seed: int) -> Iterator[Any]:
    """(state, events) of a random match at every step, any seat that may act acting."""
    rules = spec.rules
    rng = random.Random(seed)
    state = rules.new_game(seats=seats, seed=seed)
    yield state, []
    while rules.outcome(state) is None:
        seat = rng.choice(rules.to_act(state))
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        yield state, events


def test_the_registry_is_the_specs_in_the_order_offered() -> None:
    assert list(SPECS) == list(GAMES)
    for name, spec in SPECS.items():
        assert spec.name == name == spec.rules.name
        assert GAMES[name] is spec.rules


@pytest.mark.parametrize("spec", _specs())
def test_the_seating_fits_the_rules(spec: GameSpec[Any, Any, Any]) -> None:
    rules, seats = spec.rules, spec.seats
    assert rules.min_seats <= seats.default <= rules.max_seats
    assert 1 <= seats.fewest <= seats.most
    if seats.fill:  # people and AI fill exactly the game's seats, each once
        assert sorted(seats.fill) == list(range(rules.min_seats)) == list(range(rules.max_seats))
        assert seats.most == len(seats.fill)
    else:
        assert rules.min_seats <= seats.fewest and seats.most <= rules.max_seats
    if seats.fewest_option is not None:
        assert seats.fewest_option in rules.options_model.model_fields
        default = seats.fewest_with(rules.options_model())
        assert seats.fewest <= default <= seats.most
    teams = seats.teams(seats.default)
    assert len(teams) == seats.default
    if seats.sides is None:
        assert teams == list(range(seats.default))
    else:
        assert sorted(set(teams)) == list(range(seats.sides))


@pytest.mark.parametrize("spec", _specs())
def test_every_house_rule_has_a_label(spec: GameSpec[Any, Any, Any]) -> None:
    assert set(spec.text.option_labels) == set(spec.rules.options_model.model_fields)


@pytest.mark.parametrize("spec", _specs())
@pytest.mark.parametrize("level", LEVELS)
def test_every_ai_level_plays_a_legal_move(spec: GameSpec[Any, Any, Any], level: str) -> None:
    rules = spec.rules
    state = rules.new_game(seats=spec.seats.default, seed=1)
    seat = seat_on_turn(rules, state)
    legal = rules.legal_actions(state, seat)
    player = make_player(spec.name, level, budget=8)
    assert player.choose(rules.view(state, seat), legal, random.Random(1)) in legal


@pytest.mark.parametrize("spec", _specs())
def test_random_matches_are_what_the_spec_says(spec: GameSpec[Any, Any, Any]) -> None:
    rules, kinds, text, league = spec.rules, spec.types, spec.text, spec.league
    for seats, seed in _matches(spec):
        names = NAMES[:seats]
        counts: list[dict[str, int]] = [{} for _ in range(seats)]
        state = None
        for state, events in _played(spec, seats, seed):
            for event in events:
                assert mismatches(event, kinds.event, f"{event['type']} event") == []
                assert text.narrate(event, names) is None or text.narrate(event, names)
                if text.announced(event):
                    assert text.narrate(event, names), f"{event['type']} is announced untold"
            for scored in league.scores(events):
                assert 0 <= scored.seat < seats
            for seat, added in league.counts(events).items():
                for kind, n in added.items():
                    counts[seat][kind] = counts[seat].get(kind, 0) + n
            for viewer in (None, *range(seats)):
                view = rules.view(state, viewer)
                assert mismatches(view, kinds.view, f"view of {viewer}") == []
                assert all(isinstance(line, str) for line in text.board_lines(view, names))
            turn = rules.turn(state)
            if turn is not None:  # the seat on turn always has a move listed in its hand
                legal = rules.legal_actions(state, turn)
                assert any(spec.moves.read(a).listed for a in legal)
                # The game's door: every legal token is read and written back as it was.
                assert [spec.moves.write(spec.moves.read(a)) for a in legal] == legal
        outcome = rules.outcome(state)
        assert mismatches(outcome, kinds.outcome, "outcome") == []
        assert text.outcome_lines(outcome, names)
        for seat in range(seats):
            figures = {**counts[seat], **league.figures(outcome, seat)}
            assert text.stats_lines(league.totals(figures), 1)


@pytest.mark.parametrize("spec", _specs())
def test_the_types_catch_what_they_do_not_describe(spec: GameSpec[Any, Any, Any]) -> None:
    rules, kinds = spec.rules, spec.types
    view = rules.view(rules.new_game(seats=spec.seats.default, seed=2), None)
    assert mismatches({**view, "seed": 2}, kinds.view)
    assert mismatches({k: v for k, v in view.items() if k != "seats"}, kinds.view)
    assert mismatches({**view, "seats": str(view["seats"])}, kinds.view)
    assert mismatches({"type": "sneeze", "seat": 0}, kinds.event)
