"""The 97-card pack, its ranks and points (RULES.md §3.1, §3.2)."""

from __future__ import annotations

from bot.games.minchiate.cards import (
    COMBO_POINTS,
    DISCARDABLE,
    PACK,
    POINTS,
    RANK,
    ROBBABLE,
    SUIT,
    sort_cards,
)

COUNTING_TABLE = {  # RULES.md §3.2, written out
    10: [f"T{n}" for n in (36, 37, 38, 39, 40)],
    5: [f"T{n}" for n in (1, 10, 13, 20, 28, 30, 31, 32, 33, 34, 35)]
    + ["M", "Rc", "Rd", "Rs", "Rb"],
    3: ["T2", "T3", "T4", "T5"],
}


def test_pack_has_40_trumps_the_matto_and_four_suits_of_14() -> None:
    assert len(PACK) == len(set(PACK)) == 97
    assert sum(SUIT[c] == "t" for c in PACK) == 40
    assert [c for c in PACK if SUIT[c] == "m"] == ["M"]
    for suit in "cdsb":
        cards = {c for c in PACK if SUIT[c] == suit}
        assert cards == {r + suit for r in ["R", "Q", "C", "F", *map(str, range(1, 11))]}


def test_points_follow_the_table_and_total_142_over_25_counting_cards() -> None:
    expected = {c: p for p, cards in COUNTING_TABLE.items() for c in cards}
    assert {c: POINTS[c] for c in PACK if POINTS[c]} == expected
    assert sum(POINTS.values()) == 142
    assert len(expected) == 25


def test_trump_29_is_worth_nothing_alone_but_five_in_a_combination() -> None:
    assert POINTS["T29"] == 0
    assert COMBO_POINTS["T29"] == 5
    assert all(COMBO_POINTS[c] == POINTS[c] for c in PACK if c != "T29")


def test_spade_and_bastoni_rank_ten_high_coppe_and_denari_ace_high() -> None:
    def order(suit: str) -> list[str]:
        return sorted((c for c in PACK if SUIT[c] == suit), key=lambda c: -RANK[c])

    for suit in "sb":
        expected = ["R", "Q", "C", "F", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
        assert order(suit) == [r + suit for r in expected]
    for suit in "cd":
        expected = ["R", "Q", "C", "F", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
        assert order(suit) == [r + suit for r in expected]
    assert sorted((c for c in PACK if SUIT[c] == "t"), key=lambda c: -RANK[c]) == [
        f"T{n}" for n in range(40, 0, -1)
    ]


def test_robbable_cards_are_counting_cards_and_trumps_above_20() -> None:
    trumps_above_20 = {f"T{n}" for n in range(21, 41)}
    counting = {c for cards in COUNTING_TABLE.values() for c in cards}
    assert trumps_above_20 | counting == ROBBABLE
    assert "T21" in ROBBABLE and "T20" in ROBBABLE and "T19" not in ROBBABLE
    assert "Qc" not in ROBBABLE and "M" in ROBBABLE


def test_only_zero_point_cards_other_than_trump_29_may_be_discarded() -> None:
    assert "T29" not in DISCARDABLE
    assert all(POINTS[c] == 0 for c in DISCARDABLE)
    assert len(DISCARDABLE) == 97 - 25 - 1


def test_hands_sort_trumps_high_to_low_then_matto_then_suits() -> None:
    assert sort_cards(["1c", "Rb", "T3", "M", "10c", "T40", "Qs"]) == [
        "T40",
        "T3",
        "M",
        "1c",
        "10c",
        "Qs",
        "Rb",
    ]
