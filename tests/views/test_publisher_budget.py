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


async def send(box: Outbox, takes: float = 0.0) -> None:
    """One message or edit in ``box``'s channel, whose request takes ``takes`` seconds."""
    async with box.slot():
        await box.clock.sleep(takes)


async def test_channels_share_the_global_budget_and_count_a_slot_from_its_real_use() -> None:
    clock = VirtualClock()
    shared = Budget(sends=2, window=0.3, clock=clock)
    first, second = Outbox(1, 5, 5.25, shared, clock), Outbox(2, 5, 5.25, shared, clock)
    await send(first)
    await send(second)
    assert clock.now() == 0  # no wait for the first two
    third = asyncio.create_task(send(first))  # its channel has room; all channels have not
    await clock.advance(0.29)
    assert not third.done()
    await clock.advance(0.01)
    assert third.done() and clock.now() == pytest.approx(0.3)
    assert list(first.sent) == [0, pytest.approx(0.3)]  # counted from when it was used


async def test_a_channel_waits_out_its_own_window_once_full() -> None:
    clock = VirtualClock()
    box = Outbox(1, 5, 5.25, Budget(sends=100, window=1.0, clock=clock), clock)
    for _ in range(5):
        await send(box)
    sixth = asyncio.create_task(send(box))
    await clock.advance(5.25 - 0.01)
    assert not sixth.done()
    await clock.advance(0.01)
    assert sixth.done()


async def test_a_send_counts_from_when_its_answer_came_back() -> None:
    """A send that takes a while (a picture drawn after its slot was taken, a busy machine)
    may reach Discord as late as its answer comes back: the budget counts it from then, so the
    sixth send waits a whole window after the first send's answer, not after its start."""
    clock = VirtualClock()
    box = Outbox(1, 5, 1.0, Budget(sends=100, window=1.0, clock=clock), clock)
    slow = asyncio.create_task(send(box, takes=0.4))  # its slot taken at 0, answered at 0.4
    await clock.advance(0.5)
    assert slow.done()
    for _ in range(4):
        await send(box)
    sixth = asyncio.create_task(send(box))
    await clock.advance(0.89)  # a window after the slow send's start, not after its answer
    assert not sixth.done()
    await clock.advance(0.01)
    assert sixth.done() and clock.now() == pytest.approx(1.4)


async def test_a_send_that_fails_still_counts() -> None:
    """A request that failed may still have reached Discord: its slot is counted, from when
    it failed."""
    clock = VirtualClock()
    box = Outbox(1, 1, 1.0, Budget(sends=100, window=1.0, clock=clock), clock)

    async def failing() -> None:
        async with box.slot():
            await clock.sleep(0.2)
            raise RuntimeError("the request failed")

    failed = asyncio.create_task(failing())
    await clock.advance(0.2)
    assert isinstance(failed.exception(), RuntimeError)
    second = asyncio.create_task(send(box))
    await clock.advance(0.99)
    assert not second.done()
    await clock.advance(0.01)
    assert second.done() and clock.now() == pytest.approx(1.2)


async def test_the_shared_budget_counts_a_send_from_its_answer_too() -> None:
    """Another channel's send waits a whole shared window after a slow send's answer."""
    clock = VirtualClock()
    shared = Budget(sends=1, window=1.0, clock=clock)
    first, second = Outbox(1, 5, 5.25, shared, clock), Outbox(2, 5, 5.25, shared, clock)
    slow = asyncio.create_task(send(first, takes=0.4))
    await clock.advance(0.5)
    assert slow.done()
    other = asyncio.create_task(send(second))
    await clock.advance(0.89)
    assert not other.done()
    await clock.advance(0.01)
    assert other.done() and clock.now() == pytest.approx(1.4)
