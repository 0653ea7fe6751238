"""Random-play conformance: play random legal moves and check the engine's promises at every step.

Cards are conserved; no view holds a card its seat cannot see (nor the seed, nor the stock's
order); dump/load round-trips exactly; illegal and malformed tokens raise GameError and leave
the state untouched; the game ends within a bound; replaying the action log reproduces the state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.games import GAMES, GameError
from tests.games.support import strings_in

MAX_STEPS = 20_000
MALFORMED = ("", "play", "play:", "play:ZZ", "draw:7", "callout:x", "x" * 300, "pláy:7d", "::")


def _frozen(rules: Any, state: Any) -> str:
    return json.dumps(rules.dump(state), sort_keys=True)


def check_random_game(
    game: str,
    seats: int,
    seed: int,
    pack: list[str],
    cards: Callable[[Any], list[str]],
    visible: Callable[[Any, int | None], set[str]],
    options: dict[str, Any] | None = None,
) -> int:
    """Play one random game with every check; return its number of actions."""
    rules = GAMES[game]
    rng = random.Random(seed)
    codes = set(pack)
    want = Counter(pack)
    state = rules.new_game(seats=seats, seed=seed, options=options)
    log: list[tuple[int, str]] = []
    for _ in range(MAX_STEPS):
        assert Counter(cards(state)) == want, "cards are not conserved"
        for seat in [*range(seats), None]:
            view = rules.view(state, seat)
            strings = strings_in(view)
            seen = strings & codes
            assert seen <= visible(state, seat), f"seat {seat} sees {seen - visible(state, seat)}"
            assert "seed" not in strings, "the view names the seed"
            assert isinstance(view.get("stock", 0), int), "the view shows the stock"
        frozen = _frozen(rules, state)
        assert _frozen(rules, rules.load(json.loads(frozen))) == frozen
        if rules.outcome(state) is not None:
            break
        actors = rules.to_act(state)
        seat = rng.choice(actors)
        legal = rules.legal_actions(state, seat)
        idle = [s for s in range(seats) if s not in actors]
        bad = [rng.choice(MALFORMED), f"play:{rng.choice(pack)}"]
        for token in bad:
            if token not in legal:
                with pytest.raises(GameError):
                    rules.apply(state, seat, token)
        for other in idle[:1]:
            with pytest.raises(GameError):
                rules.apply(state, other, rng.choice(legal))
        assert _frozen(rules, state) == frozen, "a refused move changed the state"
        action = rng.choice(legal)
        state, events = rules.apply(state, seat, action)
        json.dumps(events)
        assert _frozen(rules, state) != frozen or not legal, "a move changed nothing"
        log.append((seat, action))
    else:
        pytest.fail(f"{game} seed {seed} did not end in {MAX_STEPS} actions")
    outcome = rules.outcome(state)
    assert outcome is not None
    assert sorted(s for group in outcome["ranking"] for s in group) == list(range(seats))
    assert rules.to_act(state) == [] and rules.turn(state) is None
    replay = rules.new_game(seats=seats, seed=seed, options=options)
    for seat, action in log:
        replay, _ = rules.apply(replay, seat, action)
    assert _frozen(rules, replay) == _frozen(rules, state)
    return len(log)
