"""The invariants of RULES.md §4.5 example 7 over whole random games with every house rule
(the promises of the contract are the conformance suite's, tests/games/test_conformance.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.scopa.cards import VALUE

from .positions import RULES

OPTIONS: list[dict[str, Any]] = [
    {},
    {"napola": True, "last_card_scopa": True},
    {"kings_redeal": False, "target": 21},
    {"scopone": True, "napola": True},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_round_keeps_the_invariants(options: dict[str, Any]) -> None:
    for seed in range(12):
        seats = 4 if options.get("scopone") else 2 + seed % 3
        rng = random.Random(seed)
        st = RULES.new_game(seats=seats, seed=seed, options=options)
        left: list[str] = []
        scores = [0] * len(st.scores)
        while RULES.outcome(st) is None:
            seat = st.current
            assert seat is not None
            st, events = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
            for event in events:
                if event["type"] == "sweep":
                    # Every take removes twice the taking card's value; the pack adds up to 220.
                    assert sum(VALUE[c] for c in event["cards"]) % 2 == 0
                    left = event["cards"] if event["seat"] is None else []
                elif event["type"] == "round_over":
                    sides = event["sides"]
                    assert sum(s["cards"] for s in sides) == 40 - len(left)
                    assert sum(s["coins"] for s in sides) <= 10
                    fixed = sum(
                        s["carte"] + s["denari"] + s["settebello"] + s["primiera"] for s in sides
                    )
                    assert fixed <= 4 and sum(s["settebello"] for s in sides) == (
                        not left or "7d" not in left
                    )
                    for s in sides:
                        parts = s["carte"] + s["denari"] + s["settebello"] + s["primiera"]
                        assert s["total"] == parts + s["scope"] + s["napola"]
                        assert options.get("napola") or s["napola"] == 0
                    scores = [a + s["total"] for a, s in zip(scores, sides, strict=True)]
                    assert event["scores"] == scores
                    left = []
        outcome = RULES.outcome(st)
        assert outcome is not None
        assert outcome["points"] == [scores[s % len(scores)] for s in range(st.seats)]
        assert max(scores) >= options.get("target", 11) and scores.count(max(scores)) == 1


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_number_list_of_the_outcome_is_per_seat(seats: int) -> None:
    """The simulator and the benchmarks read an outcome's number lists seat by seat."""
    st = RULES.new_game(seats=seats, seed=seats)
    rng = random.Random(seats)
    while (seat := RULES.turn(st)) is not None:
        st, _ = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    outcome = RULES.outcome(st)
    assert outcome is not None
    numbers = {k: v for k, v in outcome.items() if isinstance(v, list) and isinstance(v[0], int)}
    assert numbers and all(len(v) == seats for v in numbers.values()), numbers
