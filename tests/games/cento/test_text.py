"""One Hundred's words: counts read as English ("1 chip", "once")."""

from __future__ import annotations

from bot.games.cento.text import narrate, outcome_lines
from bot.games.cento.views import CentoOutcome

NAMES = ["Ada", "Bo", "Cy"]


def test_a_chip_lost_says_how_many_are_left_in_words() -> None:
    assert narrate({"type": "chip_lost", "seat": 1, "chips": 1}, NAMES) == "Bo has 1 chip left."
    assert narrate({"type": "chip_lost", "seat": 1, "chips": 2}, NAMES) == "Bo has 2 chips left."


def test_the_results_count_chips_and_busts_in_words() -> None:
    outcome: CentoOutcome = {
        "ranking": [[2], [0], [1]],
        "chips": [0, 0, 1],
        "busts": [3, 4, 0],
        "turns": 40,
    }
    assert outcome_lines(outcome, NAMES) == [
        "Match over after 40 turns.",
        "1. Cy: 1 chip left, never over 100",
        "2. Ada: no chips left, 3 times over 100",
        "3. Bo: no chips left, 4 times over 100",
    ]
