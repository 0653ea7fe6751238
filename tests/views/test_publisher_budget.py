"""The publisher's send budgets: per channel, and one shared by all channels, granted in turn
(on a clock the test drives)."""

from __future__ import annotations

import asyncio

import pytest

from bot.views.outbox import Budget, Outbox
from tests.clock import VirtualClock


def most_in_any_window(times: list[float], window: float) -> int:
    return max(sum(1 for u in times if t <= u < t + window) for t in times)


async def test_the_shared_budget_grants_in_turn_and_never_more_than_its_sends_per_window() -> None:
    clock = VirtualClock()
    budget = Budget(sends=3, window=0.2, clock=clock)
    granted: list[tuple[int, float]] = []

    async def take(n: int) -> None:
        await budget.take()
        granted.append((n, clock.now()))

    takers = [asyncio.create_task(take(n)) for n in range(7)]
    await clock.run_until(lambda: all(t.done() for t in takers))
    assert granted == [(0, 0), (1, 0), (2, 0), (3, 0.2), (4, 0.2), (5, 0.2), (6, 0.4)]
    assert most_in_any_window([t for _, t in granted], 0.2) == 3


async def test_channels_share_the_global_budget_and_count_a_slot_from_its_real_use() -> None:
    clock = VirtualClock()
    shared = Budget(sends=2, window=0.3, clock=clock)
    first, second = Outbox(1, 5, 5.25, shared, clock), Outbox(2, 5, 5.25, shared, clock)
    await first.slot()
    await second.slot()
    assert clock.now() == 0  # no wait for the first two
    third = asyncio.create_task(first.slot())  # its channel has room; all channels have not
    await clock.advance(0.29)
    assert not third.done()
    await clock.advance(0.01)
    assert third.done() and clock.now() == pytest.approx(0.3)
    assert list(first.sent) == [0, pytest.approx(0.3)]  # counted from when it was used


async def test_a_channel_waits_out_its_own_window_once_full() -> None:
    clock = VirtualClock()
    box = Outbox(1, 5, 5.25, Budget(sends=100, window=1.0, clock=clock), clock)
    for _ in range(5):
        await box.slot()
    sixth = asyncio.create_task(box.slot())
    await clock.advance(5.25 - 0.01)
    assert not sixth.done()
    await clock.advance(0.01)
    assert sixth.done()
