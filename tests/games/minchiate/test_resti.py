"""Resti settlement (RULES.md §3.6): running settlement during play, rounding up at the end."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.games.minchiate.resti import settle_final, settle_running


def play_out(events: list[tuple[int, int]], end: tuple[int, int]) -> list[int]:
    """Resti of both sides after scoring ``events`` (side, points) during play and ``end``."""
    diff, resti = 0, [0, 0]
    for side, points in events:
        diff += points if side == 0 else -points
        signed, diff = settle_running(diff)
        resti[0 if signed > 0 else 1] += abs(signed)
    diff += end[0] - end[1]
    signed = settle_final(diff)
    resti[0 if signed > 0 else 1] += abs(signed)
    return resti


def test_rules_example_5_running_then_final() -> None:
    assert settle_running(75) == (1, 15)
    assert settle_final(15) == 1  # net 2 resti for the side that led by 75
    assert settle_running(-75) == (-1, -15)


def test_final_rounding_in_units_of_60() -> None:
    assert [settle_final(d) for d in (0, 1, 60, 61, 120, 121)] == [0, 1, 1, 2, 2, 3]
    assert [settle_final(d) for d in (-1, -60, -61)] == [-1, -1, -2]


def test_running_settlement_takes_every_full_60() -> None:
    assert settle_running(59) == (0, 59)
    assert settle_running(60) == (1, 0)
    assert settle_running(185) == (3, 5)
    assert settle_running(-120) == (-2, 0)


diffs = st.integers(min_value=-2000, max_value=2000)
events = st.lists(st.tuples(st.integers(0, 1), st.integers(1, 90)), max_size=40)
ends = st.tuples(st.integers(0, 300), st.integers(0, 300))


@given(diffs)
def test_running_settlement_conserves_the_difference(diff: int) -> None:
    signed, left = settle_running(diff)
    assert 60 * signed + left == diff
    assert abs(left) < 60
    assert left == 0 or (left > 0) == (diff > 0)


@given(diffs)
def test_final_settlement_is_the_lead_rounded_up(diff: int) -> None:
    signed = settle_final(diff)
    assert abs(signed) * 60 >= abs(diff) > (abs(signed) - 1) * 60 or diff == signed == 0
    assert (signed > 0) == (diff > 0)


@given(st.integers(-59, 59), st.lists(st.integers(1, 200), max_size=10))
def test_points_to_one_side_settle_alike_one_by_one_or_together(
    start: int, gains: list[int]
) -> None:
    one_by_one, diff = 0, start
    for gain in gains:
        signed, diff = settle_running(diff + gain)
        one_by_one += signed
    assert (one_by_one, diff) == settle_running(start + sum(gains))


@given(events, ends)
def test_net_resti_never_favour_the_side_with_fewer_points(
    scored: list[tuple[int, int]], end: tuple[int, int]
) -> None:
    total = sum(p if s == 0 else -p for s, p in scored) + end[0] - end[1]
    resti = play_out(scored, end)
    net = resti[0] - resti[1]
    assert net * total >= 0
    if total == 0:
        assert net == 0
