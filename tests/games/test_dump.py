"""An engine's dump is a copy: the stored data never shares a list or dict with the state."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest

from bot.games import GAMES, SPECS
from bot.games.kit import dump_fields
from tests.games.support import middle_size


def _containers(value: Any) -> list[int]:
    """The ids of every list and dict inside ``value``."""
    if isinstance(value, list):
        return [id(value), *(i for v in value for i in _containers(v))]
    if isinstance(value, dict):
        return [id(value), *(i for v in value.values() for i in _containers(v))]
    return []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_dump_equals_a_deep_copy_and_shares_nothing_with_the_state(game: str) -> None:
    rules = GAMES[game]
    state = rules.new_game(seats=middle_size(SPECS[game]), seed=3)
    rng = random.Random(3)
    for _ in range(25):  # well into the game, with tricks, piles and logs filled in
        seat = rules.turn(state)
        if seat is None:
            break
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    dumped = rules.dump(state)
    assert json.loads(json.dumps(dumped)) == dumped
    if not dataclasses.is_dataclass(state):
        return  # an engine with a dump of its own
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}
    kept = {id(c) for value in fields.values() for c in _containers(value)}
    assert kept.isdisjoint(_containers(dumped))
    deep = {
        k: v.model_dump() if hasattr(v, "model_dump") else copy.deepcopy(v)
        for k, v in fields.items()
    }
    assert dump_fields(state) == deep
