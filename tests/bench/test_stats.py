"""The benchmark's measuring tools: percentiles, the latency summary, pacing, slopes."""

from __future__ import annotations

import math
from typing import Any

import pytest

from bench.stats import LatencySummary, Pacer, percentile, slope


def test_percentiles_interpolate_between_closest_ranks() -> None:
    values = [float(v) for v in range(100, 0, -1)]  # 1..100, unsorted
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 99) == pytest.approx(99.01)
    assert percentile(values, 0) == 1 and percentile(values, 100) == 100
    assert percentile([7.0], 95) == 7
    assert math.isnan(percentile([], 50))
    with pytest.raises(ValueError, match="from 0 to 100, not 101"):
        percentile(values, 101)


def timing(
    latency: float | None, response_type: int | None = 4, rejections: int = 0
) -> dict[str, Any]:
    return {"latency": latency, "response_type": response_type, "rejections": rejections}


def test_late_unanswered_and_refused_interactions_are_failures() -> None:
    summary = LatencySummary.of(
        [
            timing(0.010),
            timing(0.030),
            timing(3.5),  # answered after the deadline: late
            timing(None, None),  # never answered: late
            timing(0.020, None, rejections=1),  # its callback was refused
        ]
    )
    assert summary.count == 5
    assert (summary.late, summary.refused, summary.failures) == (2, 1, 3)
    assert summary.max == 3.5 and summary.p50 == pytest.approx(0.025)
    assert "failures 3 (2 late, 1 refused)" in summary.line()


def test_on_time_answers_are_no_failures() -> None:
    summary = LatencySummary.of([timing(0.001 * i, 6) for i in range(1, 101)])
    assert summary.failures == 0
    assert summary.p99 == pytest.approx(0.09901) and summary.max == pytest.approx(0.1)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_pacer_spaces_slots_and_does_not_catch_up_after_an_idle_spell() -> None:
    clock = Clock()
    pacer = Pacer(rate=4, clock=clock)
    assert [pacer.reserve() for _ in range(3)] == [100.0, 100.25, 100.5]
    clock.now = 110.0  # nobody asked for ten seconds
    assert [pacer.reserve() for _ in range(2)] == [110.0, 110.25]
    assert pacer.granted == 5
    with pytest.raises(ValueError, match="the rate must be positive"):
        Pacer(rate=0)


async def test_waiting_for_slots_keeps_the_rate() -> None:
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # time passes only while the caller sleeps
        slept.append(seconds)
        now[0] += seconds

    pacer = Pacer(rate=200, clock=lambda: now[0], sleep=sleep)
    for _ in range(21):
        await pacer.wait()
    assert now[0] == pytest.approx(0.1) and slept == [pytest.approx(0.005)] * 20
    now[0] += 1.0  # an idle second: the next slot is now, no burst to catch up
    await pacer.wait()
    await pacer.wait()
    assert slept[20:] == [pytest.approx(0.005)]


def test_slope_is_the_least_squares_fit() -> None:
    assert slope([(0, 100.0), (250, 110.0), (500, 120.0), (1000, 140.0)]) == pytest.approx(0.04)
    assert slope([(0, 1.0), (1, 3.0), (2, 2.0)]) == pytest.approx(0.5)
    assert math.isnan(slope([(5, 1.0), (5, 2.0)]))
