"""The load benchmark end to end, tiny: the fake, the real bot and the floor bot in their own
processes, real games played through interactions, latency taken from the fake."""

from __future__ import annotations

import pytest

from bench.load import Options, report_lines, run

pytestmark = pytest.mark.e2e


async def test_a_tiny_load_run_plays_real_games_and_measures_both_bots() -> None:
    options = Options(tables=2, rate=20, seconds=2, memory_tables=[0, 2], global_limit=50)
    report = await run(options)

    for phase in (report.bot, report.floor):
        assert phase is not None
        assert phase.errors == []
        assert phase.latency.count >= 10 and phase.latency.failures == 0
        assert 0 < phase.latency.p50 <= phase.latency.p99 <= phase.latency.max < 3
        assert 0 < phase.interactions_per_second <= 21  # paced: never above the rate
        assert phase.rate_limited == 0
    assert report.bot.moves >= 10, "the people made moves, stored by the bot"
    assert [n for n, _ in report.rss_kb] == [0, 2]
    assert all(kb > 10_000 for _, kb in report.rss_kb)
    lines = "\n".join(report_lines(report))
    assert "p99 bot / floor" in lines and "memory per active table" in lines
