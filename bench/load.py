"""The bot under load: ``python -m bench.load [--tables N] [--rate R] [--seconds S]
[--memory-tables 0,250,500,1000] [--global-limit G] [--quick] [--json]``.

The fake Discord runs as its own process (``python -m tests.fakediscord``), with one text
channel per table and four members per table; the real bot runs as its own process
(``python -m bot --config PATH``) on a fresh database, with a turn timeout long enough that
no AI ever takes a seat. Then:

1. Memory: the bot's resident set size (RSS, psutil) with no table, then after opening and
   starting tables of four people up to each count of ``--memory-tables``; the slope of RSS
   against the count is the memory per active table.
2. Latency: on ``--tables`` of those tables, simulated people play real games
   (``bench.players``) for ``--seconds``, all tables together at ``--rate`` interactions per
   second: closed loop per table (a person acts once the bot has answered and stored the
   last move), paced overall (a shared schedule of start times ``1 / rate`` apart).
3. The floor: the same mix of interactions, at the same rate and on the same number of
   channels, against a bare discord.py bot that only acknowledges (``bench.floor_bot``), on
   a fresh fake Discord.

Latency is measured by the fake Discord itself: from when it sends INTERACTION_CREATE to
when the bot's first callback for that interaction arrives (``/_fake/timings``). A failure is
an interaction answered after 3 s or not at all, or a callback the fake refused. 429s are the
fake's real rate-limit answers (Discord's limits; ``--global-limit`` is the requests per
second a bot may make outside interaction endpoints, 50 on Discord unless raised for a bot).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil

from bench.floor_bot import FloorProcess
from bench.players import Counts, FloorTable, Probe, TableBase, TavoloTable
from bench.stats import ACK_DEADLINE, LatencySummary, Pacer, slope
from tests.e2e.botprocess import BotProcess
from tests.fakediscord import RemoteFakeDiscord

log = logging.getLogger(__name__)

PEOPLE_PER_TABLE = 4
SETTINGS: dict[str, Any] = {
    # Every seat is a person: no AI delay matters, and nobody's turn ever times out.
    "tables": {"turn_timeout": 86_400, "ai_delay": 0},
}
QUICK = {"tables": 6, "rate": 20.0, "seconds": 6.0, "memory_tables": [0, 6, 12]}


@dataclass
class Options:
    tables: int = 200
    rate: float = 100.0
    seconds: float = 60.0
    memory_tables: list[int] = field(default_factory=lambda: [0, 250, 500, 1000])
    game: str = "cento"
    global_limit: int = 50
    setup_rate: float = 50.0
    """Interactions per second while tables are being opened (not measured)."""
    floor: bool = True


@dataclass
class PhaseResult:
    """One measured stretch of play."""

    latency: LatencySummary
    seconds: float
    interactions_per_second: float
    rate_limited: int
    """429 answers the fake gave during the stretch."""
    moves: int
    cpu_ms_per_interaction: float
    """CPU time (user and system) the bot process spent per interaction during the stretch."""
    fake_cpu_ms_per_interaction: float
    """The same for the fake Discord's process (its load grows with the bot's requests)."""
    errors: list[str]


@dataclass
class LoadReport:
    options: Options
    bot: PhaseResult
    floor: PhaseResult | None
    rss_kb: list[tuple[int, float]]
    """(active tables, bot RSS in KB)"""
    setup_rate_limited: int
    matches: int

    @property
    def kb_per_table(self) -> float:
        return slope(self.rss_kb)

    @property
    def p99_ratio(self) -> float:
        if self.floor is None or not self.floor.latency.p99:
            return math.nan
        return self.bot.latency.p99 / self.floor.latency.p99

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["kb_per_table"] = self.kb_per_table
        data["p99_ratio"] = self.p99_ratio
        for phase in ("bot", "floor"):
            if data[phase] is not None:
                data[phase]["latency"]["failures"] = getattr(self, phase).latency.failures
        return data


# -- the world -------------------------------------------------------------------------------


def people_of(index: int) -> list[str]:
    return [f"p{index}-{k}" for k in range(PEOPLE_PER_TABLE)]


async def launch_fake(
    options: Options, channels: int
) -> tuple[RemoteFakeDiscord, list[int], dict[str, int]]:
    """A fake Discord in its own process with ``channels`` channels of four members each."""
    fake = await RemoteFakeDiscord.launch(
        "--users", "", "--global-limit", str(options.global_limit)
    )
    names = [f"table-{i}" for i in range(channels)]
    people = [name for i in range(channels) for name in people_of(i)]
    made = await fake.create(channels=names, users=people)
    return fake, [made["channels"][n] for n in names], made["users"]


async def _quiet(fake: RemoteFakeDiscord, still: float = 1.0, timeout: float = 60.0) -> None:
    """Wait until the bot has sent no request for ``still`` seconds (its queues are empty)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    last = (await fake.status())["requests"]
    calm_since = loop.time()
    while loop.time() < deadline:
        await asyncio.sleep(0.2)
        now = (await fake.status())["requests"]
        if now != last:
            last, calm_since = now, loop.time()
        elif loop.time() - calm_since >= still:
            return


async def _open_all(tables: Sequence[TableBase]) -> None:
    """Open (and for Tavolo, seat and start) tables, 32 at a time."""
    limit = asyncio.Semaphore(32)

    async def one(table: TableBase) -> None:
        async with limit:
            await table.open()

    await asyncio.gather(*(one(t) for t in tables))


async def _last_interaction(fake: RemoteFakeDiscord) -> int:
    timings = (await fake.timings())["interactions"]
    return max((int(t["id"]) for t in timings), default=0)


async def _settled(fake: RemoteFakeDiscord, after: int) -> dict[str, Any]:
    """The timings after id ``after`` once each interaction is answered or past its deadline."""
    while True:
        seen: dict[str, Any] = await fake.timings(after)
        waiting = [
            r for r in seen["interactions"] if r["latency"] is None and r["age"] <= ACK_DEADLINE
        ]
        if not waiting:
            return seen
        await asyncio.sleep(0.2)


def _cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def _fake_process() -> psutil.Process:
    """The fake Discord, a child process of this one."""
    for child in psutil.Process().children():
        if "tests.fakediscord" in child.cmdline():
            return child
    raise RuntimeError("the fake Discord process is not running")


async def measure_play(
    fake: RemoteFakeDiscord,
    bot: psutil.Process,
    tables: Sequence[TableBase],
    options: Options,
    counts: Counts,
) -> PhaseResult:
    """Play on every table at ``options.rate`` for ``options.seconds``; what the fake saw."""
    after = await _last_interaction(fake)
    limited_before = (await fake.timings(after))["rate_limited"]
    shared = Pacer(options.rate)
    for table in tables:
        table.pacer = shared
    moves_before, interactions_before = counts.moves, counts.interactions
    errors_before = len(counts.errors)
    fake_process = _fake_process()
    start, cpu_before = time.monotonic(), _cpu_seconds(bot)
    fake_cpu_before = _cpu_seconds(fake_process)
    await asyncio.gather(*(t.play_for(options.seconds) for t in tables))
    elapsed, cpu = time.monotonic() - start, _cpu_seconds(bot) - cpu_before
    fake_cpu = _cpu_seconds(fake_process) - fake_cpu_before
    interactions = counts.interactions - interactions_before
    seen = await _settled(fake, after)
    return PhaseResult(
        latency=LatencySummary.of(seen["interactions"]),
        seconds=elapsed,
        interactions_per_second=interactions / elapsed,
        rate_limited=seen["rate_limited"] - limited_before,
        moves=counts.moves - moves_before,
        cpu_ms_per_interaction=1000 * cpu / max(interactions, 1),
        fake_cpu_ms_per_interaction=1000 * fake_cpu / max(interactions, 1),
        errors=counts.errors[errors_before:],
    )


# -- the two bots ----------------------------------------------------------------------------


async def run_bot(
    options: Options, workdir: Path
) -> tuple[PhaseResult, list[tuple[int, float]], int, int]:
    """The real bot: memory as tables open, then the measured play."""
    total = max(options.tables, *options.memory_tables)
    fake, channels, user_ids = await launch_fake(options, total)
    bot = BotProcess(fake, workdir, settings=SETTINGS)
    probe: Probe | None = None
    try:
        await bot.start(timeout=60)
        assert bot.process is not None
        process = psutil.Process(bot.process.pid)
        probe = Probe(bot.db_path)
        counts = Counts()
        setup = Pacer(options.setup_rate)
        tables = [
            TavoloTable(
                fake,
                channels[i],
                people_of(i),
                setup,
                counts,
                probe=probe,
                user_ids=user_ids,
                game=options.game,
                seed=i,
            )
            for i in range(total)
        ]
        rss: list[tuple[int, float]] = []
        opened = 0
        for target in sorted({*options.memory_tables, options.tables}):
            await _open_all(tables[opened:target])
            opened = max(opened, target)
            await _quiet(fake)
            if target in options.memory_tables:
                rss.append((target, process.memory_info().rss / 1024))
                log.info("%d tables: RSS %.0f KB", target, rss[-1][1])
        setup_limited = (await fake.timings(await _last_interaction(fake)))["rate_limited"]
        result = await measure_play(fake, process, tables[: options.tables], options, counts)
        return result, rss, setup_limited, counts.matches
    finally:
        if probe is not None:
            probe.close()
        if bot.running:
            await bot.stop(timeout=30)
        await fake.close()


async def run_floor(options: Options, workdir: Path) -> PhaseResult:
    """The floor bot under the same load."""
    fake, channels, _ = await launch_fake(options, options.tables)
    floor = FloorProcess(fake, workdir / "floor.log")
    try:
        await floor.start(timeout=60)
        counts = Counts()
        setup = Pacer(options.setup_rate)
        tables = [
            FloorTable(fake, channels[i], people_of(i), setup, counts)
            for i in range(options.tables)
        ]
        await _open_all(tables)
        await _quiet(fake)
        return await measure_play(fake, psutil.Process(floor.pid), tables, options, counts)
    finally:
        await floor.stop()
        await fake.close()


async def run(options: Options, workdir: Path | None = None) -> LoadReport:
    """The whole benchmark (in a temporary folder unless ``workdir`` is given)."""
    with tempfile.TemporaryDirectory(prefix="tavolo-load-") as tmp:
        folder = workdir or Path(tmp)
        bot, rss, setup_limited, matches = await run_bot(options, folder)
        floor = await run_floor(options, folder) if options.floor else None
    return LoadReport(options, bot, floor, rss, setup_limited, matches)


# -- the report ------------------------------------------------------------------------------


def _phase_lines(name: str, phase: PhaseResult) -> list[str]:
    lines = [
        f"{name}: {phase.latency.line()}",
        f"  {phase.interactions_per_second:.1f} interactions/s over {phase.seconds:.1f} s, "
        f"{phase.moves} moves, {phase.rate_limited} answers 429, "
        f"CPU per interaction: {phase.cpu_ms_per_interaction:.2f} ms in the bot, "
        f"{phase.fake_cpu_ms_per_interaction:.2f} ms in the fake",
    ]
    if phase.errors:
        lines.append(f"  {len(phase.errors)} simulated-user errors, first: {phase.errors[0]}")
    return lines


def report_lines(report: LoadReport) -> list[str]:
    o = report.options
    lines = [
        f"load: {o.tables} tables of {PEOPLE_PER_TABLE} ({o.game}), {o.rate:g} interactions/s "
        f"paced, {o.seconds:g} s, global limit {o.global_limit}/s",
        *_phase_lines("bot", report.bot),
    ]
    if report.floor is not None:
        lines += _phase_lines("floor", report.floor)
        lines.append(f"p99 bot / floor: {report.p99_ratio:.2f} (goal: at most 1.5)")
    points = ", ".join(f"{n}: {kb / 1024:.1f} MB" for n, kb in report.rss_kb)
    lines += [
        f"bot RSS by active tables: {points}",
        f"memory per active table: {report.kb_per_table:.1f} KB (goal: at most 50 KB)",
        f"429 answers while opening tables: {report.setup_rate_limited}; "
        f"matches finished: {report.matches}",
    ]
    return lines


def parse(argv: list[str] | None) -> tuple[Options, bool]:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load", description=__doc__.split("\n\n")[0]
    )
    defaults = Options()
    parser.add_argument("--tables", type=int, default=defaults.tables)
    parser.add_argument("--rate", type=float, default=defaults.rate, help="interactions per second")
    parser.add_argument("--seconds", type=float, default=defaults.seconds)
    parser.add_argument(
        "--memory-tables",
        default=",".join(map(str, defaults.memory_tables)),
        help="active-table counts at which to read the bot's memory",
    )
    parser.add_argument("--game", default=defaults.game, choices=["cento", "centocinque"])
    parser.add_argument("--global-limit", type=int, default=defaults.global_limit)
    parser.add_argument("--setup-rate", type=float, default=defaults.setup_rate)
    parser.add_argument("--no-floor", action="store_true", help="skip the floor bot")
    parser.add_argument("--quick", action="store_true", help="a small run (smoke test)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    options = Options(
        tables=args.tables,
        rate=args.rate,
        seconds=args.seconds,
        memory_tables=[int(n) for n in args.memory_tables.split(",") if n],
        game=args.game,
        global_limit=args.global_limit,
        setup_rate=args.setup_rate,
        floor=not args.no_floor,
    )
    if args.quick:
        for key, value in QUICK.items():
            setattr(options, key, value)
    return options, args.json


def main(argv: list[str] | None = None) -> None:
    options, as_json = parse(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    report = asyncio.run(run(options))
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print("\n".join(report_lines(report)))


if __name__ == "__main__":
    main()
