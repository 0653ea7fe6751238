"""The type checker the conformance suite reads events with finds what does not fit: its
answers are cached per type, and a cached type still refuses a wrong value."""

from __future__ import annotations

from typing import Literal, TypedDict

from tests.games.typed import mismatches


class Played(TypedDict):
    type: Literal["played"]
    seat: int
    card: str


class Ended(TypedDict, total=False):
    type: Literal["ended"]
    ranking: list[list[int]]


Event = Played | Ended


def test_a_fitting_event_has_no_mismatch_before_and_after_a_wrong_one() -> None:
    good = {"type": "played", "seat": 1, "card": "7d"}
    assert mismatches(good, Event) == []
    assert mismatches({"type": "played", "seat": True, "card": "7d"}, Event) == [
        "value.seat: True is not a int"
    ]
    assert mismatches(good, Event) == []


def test_each_kind_of_wrong_value_is_named() -> None:
    assert mismatches({"type": "played", "seat": 1}, Event) == ["value: Played needs 'card'"]
    assert mismatches({"type": "ended", "extra": 1}, Event) == ["value: Ended has no 'extra'"]
    assert mismatches({"type": "ended", "ranking": [[0], ["1"]]}, Event) == [
        "value.ranking[1][0]: '1' is not a int"
    ]
    assert mismatches({"type": "left"}, Event) == [
        "value: no type describes an event of type 'left'"
    ]
    assert mismatches([], Event) != []
