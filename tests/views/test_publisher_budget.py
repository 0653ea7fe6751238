"""The publisher's send budgets: per channel, and one shared by all channels, granted in turn."""

from __future__ import annotations

import asyncio

from bot.views.publisher import _Budget, _Outbox


def most_in_any_window(times: list[float], window: float) -> int:
    return max(sum(1 for u in times if t <= u < t + window) for t in times)


async def test_the_shared_budget_grants_in_turn_and_never_more_than_its_sends_per_window() -> None:
    budget = _Budget(sends=3, window=0.2)
    loop = asyncio.get_running_loop()
    granted: list[tuple[int, float]] = []

    async def take(n: int) -> None:
        await budget.take()
        granted.append((n, loop.time()))

    start = loop.time()
    await asyncio.gather(*(take(n) for n in range(7)))
    assert [n for n, _ in granted] == list(range(7))
    times = [t for _, t in granted]
    assert most_in_any_window(times, 0.2) == 3
    assert times[2] - start < 0.15 and times[3] - start >= 0.2 and times[6] - start >= 0.4


async def test_channels_share_the_global_budget_and_count_a_slot_from_its_real_use() -> None:
    shared = _Budget(sends=2, window=0.3)
    first, second = _Outbox(1, shared), _Outbox(2, shared)
    loop = asyncio.get_running_loop()
    start = loop.time()
    await first.slot()
    await second.slot()
    assert loop.time() - start < 0.25  # no wait for the first two
    await first.slot()  # its channel has room; all channels together have not
    assert loop.time() - start >= 0.3
    assert len(first.sent) == 2 and first.sent[-1] - start >= 0.3
    assert list(first.sent) == sorted(first.sent)
