"""Words for every game, over whole random matches: counts read as English ("1 card", never
"1 cards"), and no line is a label with nothing after it ("Your hand:" of an empty hand)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import GAMES, SPECS

SEATS = {name: spec.seats.default for name, spec in SPECS.items()}
NOUNS = "cards|chips|points|resti|hands|turns|tricks|players|matches|times"
ONE_PLURAL = re.compile(rf"(?<![\d.]) ?\b1 (?:net )?(?:{NOUNS})\b")


def played(game: str, seed: int) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """Every state of a random match, with the events that led to it."""
    rules = GAMES[game]
    rng = random.Random(seed)
    state = rules.new_game(seats=SEATS[game], seed=seed)
    yield state, []
    while (seat := rules.turn(state)) is not None:
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        yield state, events


def all_lines(game: str, seed: int) -> Iterator[str]:
    rules, text = GAMES[game], SPECS[game].text
    names = ["Ada", "Bo", "Cy", "Di"][: SEATS[game]]
    state = None
    for state, events in played(game, seed):
        for event in events:
            if (line := text.narrate(event, names)) is not None:
                yield line
        for seat in (None, *range(SEATS[game])):
            yield from text.board_lines(rules.view(state, seat), names)
    assert state is not None
    yield from text.outcome_lines(rules.outcome(state), names)


@pytest.mark.parametrize("game", list(SPECS))
def test_counts_of_one_are_singular_and_no_label_is_left_empty(game: str) -> None:
    wrong: set[str] = set()
    for seed in range(3):
        for line in all_lines(game, seed):
            if ONE_PLURAL.search(line) or not line.strip() or line.rstrip().endswith(":"):
                wrong.add(line)
    assert sorted(wrong)[:10] == []


def test_the_boards_count_cards_in_english() -> None:
    rules = GAMES["centocinque"]
    data = rules.dump(rules.new_game(seats=3, seed=5))
    data["stock"] += data["hands"][1][1:]
    data["hands"][1] = data["hands"][1][:1]
    lines = SPECS["centocinque"].text.board_lines(
        rules.view(rules.load(data), None), ["A", "B", "C"]
    )
    assert any(line.endswith(" B: 1 card · tally 0") for line in lines), lines
    assert any(": 5 cards · tally 0" in line for line in lines)

    rules = GAMES["cento"]
    view = rules.view(rules.new_game(seats=3, seed=5), None)
    view["hand_sizes"][2] = 1  # the stock ran out
    lines = SPECS["cento"].text.board_lines(view, ["A", "B", "C"])
    assert any(line.endswith("C: ●●● · 1 card") for line in lines), lines


def test_an_empty_hand_is_not_shown_as_an_empty_label() -> None:
    rules = GAMES["centocinque"]
    data = rules.dump(rules.new_game(seats=3, seed=5))
    data["stock"] += data["hands"][0]
    data["hands"][0] = []
    lines = SPECS["centocinque"].text.board_lines(rules.view(rules.load(data), 0), ["A", "B", "C"])
    assert not [line for line in lines if line.startswith("Your hand")]
    full = SPECS["centocinque"].text.board_lines(rules.view(rules.load(data), 1), ["A", "B", "C"])
    assert [line for line in full if line.startswith("Your hand: ")]


def test_results_count_hands_and_resti_in_english() -> None:
    outcome = {"hands": 1, "ranking": [[0], [1]], "tallies": [0, 105], "hands_won": [1, 0]}
    lines = SPECS["centocinque"].text.outcome_lines(outcome, ["A", "B"])
    assert lines[:2] == ["Match over after 1 hand.", "1. A: tally 0, hands won 1"]
    minchiate = SPECS["minchiate"].text
    resto = {"type": "resti", "side": 0, "count": 1, "when": "end", "diff": 3}
    assert (
        minchiate.narrate(resto, ["A", "B", "C", "D"]) == "A & C take a resto for their final lead."
    )
