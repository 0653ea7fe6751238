"""Centocinque's words for the end of a hand: going out, or a hand blocked (RULES.md §1.4)."""

from __future__ import annotations

from bot.games.centocinque.events import HandOver
from bot.games.centocinque.text import narrate

NAMES = ["Ada", "Bo", "Cy"]


def test_a_hand_won_by_going_out_says_so() -> None:
    event: HandOver = {
        "type": "hand_over",
        "hand": 3,
        "winner": 0,
        "blocked": False,
        "penalties": {"1": 12, "2": 40},
        "tallies": [0, 30, 90],
    }
    assert narrate(event, NAMES) == (
        "Ada goes out and wins hand 3. Penalties: Bo +12 (30), Cy +40 (90)."
    )


def test_a_blocked_hand_says_why_it_ended_and_who_won_it() -> None:
    event: HandOver = {
        "type": "hand_over",
        "hand": 1,
        "winner": 2,
        "blocked": True,
        "penalties": {"0": 25, "1": 171},
        "tallies": [25, 171, 0],
    }
    assert narrate(event, NAMES) == (
        "Hand 1 is blocked: the same position has come back. Cy holds the fewest penalty "
        "points and wins it. Penalties: Ada +25 (25), Bo +171 (171)."
    )
