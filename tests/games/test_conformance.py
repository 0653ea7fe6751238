"""One conformance suite for every registered game, with no code of any game's own: a game is
in it by being registered (DESIGN.md, "The engine contract" and "Tests that run the real thing").

Random play through the contract, checking at every step: dump/load round-trips exactly (and
the engine's ``check`` finds the pack once each); no view holds the seed, and no view changes
when the cards its seat cannot see (the other hands, the stock) are dealt again among their
places; the seats that may act are those with legal actions; malformed and illegal tokens,
moves by a seat not to act and by a seat not at the table, raise ``GameError`` and change
nothing; ``apply`` leaves its input as it was; events are what the game's types say. Every game
ends, its ranking holds each seat once, and replaying the seed and the tokens gives the same
state. Every value of every house rule, drawn from the options model's own types and bounds, is
played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import SPECS, GameError, GameSpec
from tests.games.options import option_values, random_options
from tests.games.support import redealt, strings_in, table_sizes
from tests.games.typed import mismatches

MAX_STEPS = 20_000
SEEDS = 8
MALFORMED = ("", "play", "play:", "play:ZZ", "draw:7", "callout:x", "x" * 300, "pláy:7d", "::")


def _frozen(spec: GameSpec[Any, Any, Any], state: Any) -> str:
    return json.dumps(spec.rules.dump(state), sort_keys=True)


def _check_views(spec: GameSpec[Any, Any, Any], state: Any, seats: int, rng: Any) -> None:
    rules = spec.rules
    for viewer in [*range(seats), None]:
        view = rules.view(state, viewer)
        assert "seed" not in strings_in(view), f"the view of {viewer} names the seed"
    viewer = rng.choice([*range(seats), None])
    again = rules.view(redealt(spec, state, viewer, rng), viewer)
    assert again == rules.view(state, viewer), f"the view of {viewer} shows hidden cards"


def _check_refusals(
    spec: GameSpec[Any, Any, Any], state: Any, seat: int, legal: list[str], rng: Any
) -> None:
    rules = spec.rules
    seats = len(spec.rules.dump(state)["hands"])
    pack = rules.pack(seats)
    for token in (rng.choice(MALFORMED), f"play:{rng.choice(pack)}"):
        if token not in legal:
            with pytest.raises(GameError):
                rules.apply(state, seat, token)
    for stranger in (-1, seats):  # a seat not at the table: refused by the kit, for every game
        with pytest.raises(GameError, match="You are not playing in this match"):
            rules.apply(state, stranger, rng.choice(legal))
    idle = [s for s in range(seats) if s not in rules.to_act(state)]
    if idle:
        with pytest.raises(GameError):
            rules.apply(state, rng.choice(idle), rng.choice(legal))


def check_random_game(
    spec: GameSpec[Any, Any, Any], seats: int, seed: int, options: dict[str, Any]
) -> int:
    """Play one random game with every check; return its number of actions."""
    rules = spec.rules
    rng = random.Random(seed)
    state, events = rules.started(rules.setup(seats, seed, options))
    log: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        for event in events:
            assert mismatches(event, spec.types.event, f"{event['type']} event") == []
        json.dumps(events)
        frozen = _frozen(spec, state)
        assert _frozen(spec, rules.load(json.loads(frozen))) == frozen, "dump/load differ"
        _check_views(spec, state, seats, rng)
        if rules.outcome(state) is not None:
            break
        actors = rules.to_act(state)
        assert rules.turn(state) in actors
        for seat in range(seats):
            assert bool(rules.legal_actions(state, seat)) == (seat in actors)
        seat = rng.choice(actors)
        legal = rules.legal_actions(state, seat)
        _check_refusals(spec, state, seat, legal, rng)
        assert _frozen(spec, state) == frozen, "a refused move changed the state"
        action = rng.choice(legal)
        new, events = rules.apply(state, seat, action)
        assert _frozen(spec, state) == frozen, "apply changed its input"
        log.append((seat, action))
        state = new
    else:
        pytest.fail(f"{spec.name} seed {seed} did not end in {MAX_STEPS} actions")
    outcome = rules.outcome(state)
    assert outcome is not None
    assert sorted(s for group in outcome["ranking"] for s in group) == list(range(seats))
    assert rules.to_act(state) == [] and rules.turn(state) is None
    replay = rules.new_game(seats=seats, seed=seed, options=options)
    for seat, action in log:
        replay, _ = rules.apply(replay, seat, action)
    assert _frozen(spec, replay) == _frozen(spec, state), "replaying gives another state"
    return len(log)


def _sizes() -> list[Any]:
    return [
        pytest.param(spec, seats, id=f"{name}-{seats}")
        for name, spec in SPECS.items()
        for seats in table_sizes(spec)
    ]


def _playable(spec: GameSpec[Any, Any, Any], seats: int, options: dict[str, Any]) -> bool:
    try:
        spec.rules.new_game(seats=seats, seed=0, options=options)
    except GameError:
        return False
    return True


@pytest.mark.parametrize(("spec", "seats"), _sizes())
def test_random_play_keeps_every_promise(spec: GameSpec[Any, Any, Any], seats: int) -> None:
    """Random games at each size, half with the standard house rules, half with some drawn
    from the options model (those the game plays at this size)."""
    for seed in range(SEEDS):
        options = random_options(spec.rules.options_model, random.Random(seed))
        if seed % 2 == 0 or not _playable(spec, seats, options):
            options = {}
        assert check_random_game(spec, seats, seed, options) > 0


def _options() -> list[Any]:
    return [
        pytest.param(spec, name, value, id=f"{game}-{name}={value}")
        for game, spec in SPECS.items()
        for name, values in option_values(spec.rules.options_model).items()
        for value in values
    ]


@pytest.mark.parametrize(("spec", "option", "value"), _options())
def test_every_value_of_every_house_rule_is_played(
    spec: GameSpec[Any, Any, Any], option: str, value: Any
) -> None:
    """A game at the first size that takes the rule (one always does)."""
    options = {option: value}
    sizes = [n for n in table_sizes(spec) if _playable(spec, n, options)]
    assert sizes, f"no table size plays {options}"
    state = spec.rules.new_game(seats=sizes[0], seed=7, options=options)
    assert spec.rules.view(state, None)["options"][option] == value
    check_random_game(spec, sizes[0], 7, options)


@pytest.mark.parametrize("spec", [pytest.param(s, id=n) for n, s in SPECS.items()])
def test_a_damaged_save_is_refused(spec: GameSpec[Any, Any, Any]) -> None:
    """A card gone from a hand, or one there twice, is refused as a damaged game."""
    rules = spec.rules
    data = rules.dump(rules.new_game(seats=spec.seats.default, seed=3))
    lost = json.loads(json.dumps(data))
    next(hand for hand in lost["hands"] if hand).pop()
    with pytest.raises(GameError, match="damaged"):
        rules.load(lost)
    twice = json.loads(json.dumps(data))
    hand = next(hand for hand in twice["hands"] if hand)
    hand[0] = next(card for card in rules.pack(spec.seats.default) if card not in hand)
    with pytest.raises(GameError, match="damaged"):
        rules.load(twice)
    with pytest.raises(GameError, match="damaged"):
        rules.load({**data, "options": {"no such rule": True}})
