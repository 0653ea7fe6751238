"""The load benchmark end to end, tiny: the fake, the real bot and the floor bot in their own
processes, real games played through interactions, latency taken from the fake; the bot on
SQLite as one process, or on PostgreSQL as shard processes; and the capacity steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.load import (
    CAPACITY_RATES,
    Options,
    PhaseResult,
    capacity_lines,
    misses,
    parse,
    report_lines,
    run,
    run_capacity,
)
from bench.stats import LatencySummary
from tests.databases import PostgresBackend


def phase(p99: float, per_second: float, late: int = 0, errors: int = 0) -> PhaseResult:
    latency = LatencySummary(100, 0.002, 0.01, p99, p99, late, 0)
    return PhaseResult(latency, 10, per_second, 0, 40, 3, 2, ["oops"] * errors)


def test_a_rate_is_held_at_its_p99_with_no_failure_and_nearly_all_of_it_achieved() -> None:
    assert misses(phase(0.2, 99), 100, 0.25) == []
    assert misses(phase(0.26, 99), 100, 0.25) == ["p99 260 ms > 250 ms"]
    assert misses(phase(0.1, 85), 100, 0.25) == ["achieved 85.0/s"]
    assert misses(phase(0.1, 100, late=2, errors=1), 100, 0.25) == [
        "2 failures",
        "1 simulated-user errors",
    ]


def test_options_for_postgresql_shards_and_capacity() -> None:
    options, _ = parse(["--postgres", "--shards", "2", "--capacity", "--quick"])
    assert options.postgres and options.shards == 2 and not options.floor
    assert options.capacity == [10, 20] and options.tables == 6
    options, _ = parse(["--url", "postgresql://x@/db", "--capacity"])
    assert options.url == "postgresql://x@/db" and options.capacity == CAPACITY_RATES
    assert parse(["--capacity", "30,60", "--p99-goal", "100"])[0].p99_goal == 0.1
    with pytest.raises(SystemExit):
        parse(["--shards", "2"])  # shards share one PostgreSQL database


e2e = pytest.mark.e2e


@e2e
async def test_a_tiny_load_run_plays_real_games_and_measures_both_bots() -> None:
    options = Options(tables=2, rate=20, seconds=2, memory_tables=[0, 2], global_limit=50)
    report = await run(options)

    for phase_ in (report.bot, report.floor):
        assert phase_ is not None
        assert phase_.errors == []
        assert phase_.latency.count >= 10 and phase_.latency.failures == 0
        assert 0 < phase_.latency.p50 <= phase_.latency.p99 <= phase_.latency.max < 3
        assert 0 < phase_.interactions_per_second <= 21  # paced: never above the rate
        assert phase_.rate_limited == 0
        assert phase_.db_cpu_ms_per_interaction is None  # SQLite: in the bot's own process
    assert report.bot.moves >= 10, "the people made moves, stored by the bot"
    # The AI's worker processes count beside the bot's own (idle here: no AI seat); the
    # floor has none.
    assert report.bot.workers_cpu_ms_per_interaction >= 0
    assert report.floor is not None and report.floor.workers_cpu_ms_per_interaction == 0
    assert [n for n, _ in report.rss_kb] == [0, 2]
    assert all(kb > 10_000 for _, kb in report.rss_kb)
    lines = "\n".join(report_lines(report))
    assert "p99 bot / floor" in lines and "memory per active table" in lines
    assert "the bot and its workers / floor" in lines
    assert "1 process on SQLite" in lines


@e2e
async def test_two_shard_processes_on_a_throwaway_postgresql_share_the_load(
    tmp_path: Path,
) -> None:
    options = Options(
        tables=4, rate=20, seconds=3, memory_tables=[0, 4], postgres=True, shards=2, floor=False
    )
    report = await run(options, tmp_path)

    bot = report.bot
    assert bot.errors == [] and bot.latency.failures == 0
    assert bot.latency.count >= 20 and 0 < bot.latency.p50 <= bot.latency.p99 < 3
    assert bot.moves >= 10 and 0 < bot.interactions_per_second <= 21
    assert bot.cpu_ms_per_interaction > 0 and bot.driver_cpu_ms_per_interaction > 0
    assert bot.db_cpu_ms_per_interaction is not None and bot.db_cpu_ms_per_interaction > 0
    assert report.floor is None and report.database.startswith("PostgreSQL")
    # Memory is summed over both processes: each is well over 10 MB.
    assert [n for n, _ in report.rss_kb] == [0, 4] and report.rss_kb[0][1] > 2 * 10_000
    # Each process opened and played the tables of its own shard, two each.
    for shard in (0, 1):
        log = (tmp_path / f"shard-{shard}" / "bot.log").read_text()
        assert log.count("opened in channel") == 2, log[-2000:]
        assert f"Shard ID {shard} has connected" in log
    assert "2 processes (one shard each, shard_count 2)" in "\n".join(report_lines(report))


@e2e
async def test_capacity_steps_up_the_rate_until_it_is_not_held(
    postgres: PostgresBackend,
) -> None:
    # 4 tables in a closed loop cannot make 1,000 interactions a second: not held.
    options = Options(tables=4, seconds=2, capacity=[5, 10, 1000, 2000], url=postgres.url)
    report = await run_capacity(options)

    assert [s.rate for s in report.steps] == [5, 10, 1000]  # stopped at the first miss
    held, more, missed = report.steps
    assert held.held and more.held and not missed.held
    assert any(m.startswith("achieved") for m in missed.misses)
    assert report.capacity == 10
    for step in report.steps:
        assert step.phase.latency.count >= 5 and step.phase.moves > 0
    assert more.phase.interactions_per_second > held.phase.interactions_per_second
    assert more.phase.interactions_per_second < missed.phase.interactions_per_second < 900
    lines = "\n".join(capacity_lines(report))
    assert "1000/s (NOT held: " in lines and "capacity: 10 interactions/s" in lines
    assert report.to_json()["capacity"] == 10


@e2e
async def test_chatter_plays_a_second_stretch_with_peoples_messages_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bench.load.IDLE_SECONDS", 1.0)
    options, _ = parse(["--quick", "--chatter", "30", "--no-floor"])
    assert options.chatter == 30
    options.seconds = 2
    report = await run(options)

    assert report.bot.chatter_messages == 0
    with_chatter = report.chatter
    assert with_chatter is not None and with_chatter.chatter_messages >= 20
    assert with_chatter.errors == [] and with_chatter.latency.failures == 0
    assert with_chatter.moves > 0 and with_chatter.rate_limited == 0
    lines = "\n".join(report_lines(report))
    assert "bot with chatter at 30 messages/s" in lines and "chatter's cost: " in lines
    assert report.idle_cpu_ms_per_second is not None
    assert all(0 <= ms < 2000 for ms in report.idle_cpu_ms_per_second)  # two cores at most
    assert "idle, nobody playing: " in lines
    assert "chatter_cost" in report.to_json()
