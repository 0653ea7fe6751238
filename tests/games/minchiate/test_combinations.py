"""Versicole scoring (RULES.md §3.5), by example and against an independent reference."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bot.games.minchiate.cards import PACK
from bot.games.minchiate.combinations import find_combinations

# Points inside a combination, written out from RULES.md §3.2 (trump 29 counts 5).
VALUE = {n: 10 for n in range(36, 41)}
VALUE.update({n: 5 for n in (1, 10, 13, 20, 28, 29, 30, 31, 32, 33, 34, 35)})
VALUE.update({n: 3 for n in (2, 3, 4, 5)})


def trumps(*numbers: int) -> list[str]:
    return [f"T{n}" for n in numbers]


def combinations_value(cards: set[str] | list[str]) -> int:
    return sum(c.value for c in find_combinations(cards))


def values(cards: list[str]) -> list[tuple[str, int]]:
    return [(c.kind, c.value) for c in find_combinations(cards)]


def reference_value(cards: set[str]) -> int:
    """RULES.md §3.5 read literally: every maximal run of 3+ in 1-5 and in 28-40, the fixed sets,
    3 or 4 Re; the Matto adds 5 to each, except to 1-40-Matto."""
    held = {int(c[1:]) for c in cards if c.startswith("T")}
    bonus = 5 if "M" in cards else 0
    total = 0
    for low, high in ((1, 5), (28, 40)):
        for a in range(low, high + 1):
            for b in range(a + 2, high + 1):
                inside = all(n in held for n in range(a, b + 1))
                maximal = (a == low or a - 1 not in held) and (b == high or b + 1 not in held)
                if inside and maximal:
                    total += sum(VALUE[n] for n in range(a, b + 1)) + bonus
    if {1, 40} <= held and "M" in cards:
        total += 20
    for triple, worth in (((1, 13, 28), 15), ((10, 20, 30), 15), ((20, 30, 40), 20)):
        if set(triple) <= held:
            total += worth + bonus
    kings = len({"Rc", "Rd", "Rs", "Rb"} & cards)
    if kings >= 3:
        total += 5 * kings + bonus
    return total


def test_rules_examples_of_runs() -> None:
    assert values(trumps(1, 2, 3)) == [("run", 11)]
    assert values(trumps(1, 2, 3, 4, 5)) == [("run", 17)]
    assert values(trumps(28, 29, 30)) == [("run", 15)]
    assert values(trumps(36, 37, 38)) == [("run", 30)]
    assert values(trumps(*range(28, 41))) == [("run", 90)]


def test_a_run_scores_once_as_its_longest_form() -> None:
    assert values(trumps(1, 2, 3, 4)) == [("run", 14)]


def test_two_runs_with_a_gap_score_separately() -> None:
    assert values(trumps(28, 29, 30, 33, 34, 35)) == [("run", 15), ("run", 15)]


def test_fixed_sets_and_kings() -> None:
    assert values([*trumps(1, 40), "M"]) == [("1-40-M", 20)]
    assert values(trumps(1, 13, 28)) == [("1-13-28", 15)]
    assert values(trumps(10, 20, 30)) == [("10-20-30", 15)]
    assert values(trumps(20, 30, 40)) == [("20-30-40", 20)]
    assert values(["Rc", "Rd", "Rs"]) == [("kings", 15)]
    assert values(["Rc", "Rd", "Rs", "Rb"]) == [("kings", 20)]
    assert values(["Rc", "Rd", "T2", "T3"]) == []


def test_the_matto_adds_five_to_each_combination_but_not_to_its_own() -> None:
    assert values(["M", *trumps(1, 2, 3, 40), "Rc", "Rd", "Rs"]) == [
        ("run", 16),
        ("1-40-M", 20),
        ("kings", 20),
    ]


def test_a_card_may_serve_combinations_of_different_kinds() -> None:
    # T30 is in the run, in 10-20-30 and in 20-30-40.
    assert values(trumps(10, 20, 29, 30, 31, 40)) == [
        ("run", 15),
        ("10-20-30", 15),
        ("20-30-40", 20),
    ]


def test_rules_example_4_hand_declares_64() -> None:
    hand = [*trumps(1, 2, 3, 4, 13, 28, 29, 30, 31), "M", "Rc", "Rs"]
    assert values(hand) == [("run", 19), ("run", 25), ("1-13-28", 20)]
    assert combinations_value(hand) == 64


cards_sets = st.sets(st.sampled_from(PACK), max_size=45)


@given(cards_sets)
def test_value_matches_the_reference_reading(cards: set[str]) -> None:
    assert combinations_value(cards) == reference_value(cards)


@given(cards_sets, st.sampled_from(PACK))
def test_adding_a_card_never_lowers_the_value(cards: set[str], extra: str) -> None:
    assert combinations_value(cards | {extra}) >= combinations_value(cards)


@given(st.lists(st.sampled_from(PACK), max_size=40, unique=True), st.randoms())
def test_order_of_the_cards_does_not_matter(cards: list[str], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert find_combinations(shuffled) == find_combinations(cards)


@given(cards_sets)
def test_each_combination_is_worth_its_cards_plus_the_matto_bonus(cards: set[str]) -> None:
    for combo in find_combinations(cards):
        worth = sum(VALUE[int(c[1:])] if c.startswith("T") else 5 for c in combo.cards)
        bonus = 5 if "M" in cards and combo.kind != "1-40-M" else 0
        assert combo.value == worth + bonus
        assert set(combo.cards) <= cards
