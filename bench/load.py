"""The bot under load: ``python -m bench.load [--tables N] [--rate R] [--seconds S]
[--memory-tables 0,250,500,1000] [--global-limit G] [--url URL | --postgres] [--shards N]
[--capacity [RATES]] [--chatter M] [--quick] [--json]``.

The fake Discord runs as its own process (``python -m fakediscord``), with one text
channel per table and four members per table; the real bot runs as its own process
(``python -m bot --config PATH``) on a fresh database, with a turn timeout long enough that
no AI ever takes a seat. The database is a new SQLite file, or PostgreSQL: the database
``--url`` names (empty) or a throwaway server started for the run (``--postgres``, see
``bench.database``). ``--shards N`` (PostgreSQL only) runs the bot as N processes, process
``i`` with ``shard_count = N`` and ``shard_ids = [i]``, all on the one database, as
``docker-compose.yml`` does; the tables' channels are then spread over N guilds, one on each
shard (table ``i`` on shard ``i % N``), so each process restores and answers its own share.
Then:

1. Memory: the bot's resident set size (RSS, psutil; summed over its processes) with no
   table, then after opening and starting tables of four people up to each count of
   ``--memory-tables``; the slope of RSS against the count is the memory per active table.
2. Latency: on ``--tables`` of those tables, simulated people play real games
   (``bench.players``) for ``--seconds``, all tables together at ``--rate`` interactions per
   second: closed loop per table (a person acts once the bot has answered and stored the
   last move), paced overall (a shared schedule of start times ``1 / rate`` apart).
3. The floor: the same mix of interactions, at the same rate and on the same number of
   channels, against a bare discord.py bot that only acknowledges (``bench.floor_bot``), on
   a fresh fake Discord.

``--chatter M`` plays the bot's stretch a second time with background chatter: the fake sends,
across the tables' guilds, M people's messages a second, each with its typing and a reaction
(``fakediscord.chatter``), as Discord would for the intents the bot identified with; the
report sets the two stretches' CPU per interaction side by side. As that difference is small
beside the run-to-run spread of a busy machine, the bot's CPU is also taken over
``IDLE_SECONDS`` with the tables open and nobody playing, with the chatter and without: the
chatter's own cost, read per interaction at ``--rate``.

``--capacity 25,50,100,...`` measures instead how many interactions per second the bot holds:
it opens ``--tables`` tables once, then plays ``--seconds`` at each rate in turn, and stops at
the first rate it does not hold. A rate is held when the p99 latency is at most
``--p99-goal`` (250 ms), no interaction failed, no simulated person met an error, and the
rate achieved is at least 90% of it (the pacing is a closed loop per table: a bot that falls
behind shows a lower achieved rate rather than a longer queue). The capacity is the highest
rate held.

Latency is measured by the fake Discord itself: from when it sends INTERACTION_CREATE to
when the bot's first callback for that interaction arrives (``/_fake/timings``). A failure is
an interaction answered after 3 s or not at all, or a callback the fake refused. 429s are the
fake's real rate-limit answers (Discord's limits; ``--global-limit`` is the requests per
second a bot may make outside interaction endpoints, 50 on Discord unless raised for a bot).
CPU time per interaction is taken from the bot's processes (summed), the fake's, and the
throwaway PostgreSQL server's (its main process and backends; not for ``--url``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil

from bench.database import SQLITE, BenchDatabase, add_arguments, bench_database
from bench.floor_bot import FloorProcess
from bench.players import Counts, FloorTable, Probe, TableBase, TavoloTable
from bench.stats import ACK_DEADLINE, LatencySummary, Pacer, slope
from fakediscord import RemoteFakeDiscord
from tests.e2e.botprocess import BotProcess

log = logging.getLogger(__name__)

PEOPLE_PER_TABLE = 4
SETTINGS: dict[str, Any] = {
    # Every seat is a person: no AI delay matters, and nobody's turn ever times out.
    "tables": {"turn_timeout": 86_400, "ai_delay": 0},
}
QUICK = {"tables": 6, "rate": 20.0, "seconds": 6.0, "memory_tables": [0, 6, 12]}
QUICK_CAPACITY = {"tables": 6, "seconds": 3.0, "capacity": [10.0, 20.0]}
CAPACITY_RATES = [25.0, 50.0, 75.0, 100.0, 125.0, 150.0, 200.0, 250.0, 300.0, 400.0]
IDLE_SECONDS = 15.0
"""How long the bot's idle CPU is measured, with chatter and without (``--chatter``)."""
HELD_FRACTION = 0.9
"""A rate is held only if at least this share of it was achieved."""


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
    url: str | None = None
    """An empty PostgreSQL database to run the bot on; None: SQLite unless ``postgres``."""
    postgres: bool = False
    """Run the bot on a throwaway PostgreSQL server started for the run."""
    shards: int = 1
    """Bot processes, one shard each (more than one needs PostgreSQL)."""
    capacity: list[float] = field(default_factory=list)
    """Rates to step through for a capacity run; empty: one run at ``rate``."""
    p99_goal: float = 0.25
    """Seconds: the p99 latency a rate must keep to be held (capacity runs)."""
    chatter: float = 0.0
    """People's messages a second in a second stretch of play (0: no such stretch)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """More of the bot's settings, by section (``bench.web``: its pages served in the bot)."""


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
    db_cpu_ms_per_interaction: float | None = None
    """The same for the throwaway PostgreSQL server (None: SQLite, or not ours to measure)."""
    driver_cpu_ms_per_interaction: float = 0.0
    """The same for this process, the simulated people (it shares the machine's cores)."""
    workers_cpu_ms_per_interaction: float = 0.0
    """The same for the bot's worker processes (the AI's, the pictures'), beside its own."""
    chatter_messages: int = 0
    """People's messages the fake sent as background chatter during the stretch."""


@dataclass
class LoadReport:
    options: Options
    bot: PhaseResult
    floor: PhaseResult | None
    rss_kb: list[tuple[int, float]]
    """(active tables, bot RSS in KB, summed over its processes)"""
    setup_rate_limited: int
    matches: int
    database: str = SQLITE.kind
    chatter: PhaseResult | None = None
    """The bot's second stretch, with background chatter (``--chatter``)."""
    idle_cpu_ms_per_second: tuple[float, float] | None = None
    """The bot's CPU per second with nobody playing: without chatter, and with it."""
    idle_chatter_per_second: float = 0.0
    """The people's messages a second the fake achieved meanwhile (``--chatter`` asked)."""

    @property
    def kb_per_table(self) -> float:
        return slope(self.rss_kb)

    @property
    def chatter_cost(self) -> float:
        """How much more CPU per interaction the bot spent with chatter (0.05: 5% more)."""
        if self.chatter is None:
            return math.nan
        return self.chatter.cpu_ms_per_interaction / self.bot.cpu_ms_per_interaction - 1

    @property
    def idle_chatter_ms_per_interaction(self) -> float:
        """The CPU the chatter costs the bot while idle, at the rate of chatter asked for
        (the fake of a busy machine may achieve less) and spread over ``rate`` interactions."""
        if self.idle_cpu_ms_per_second is None or not self.idle_chatter_per_second:
            return math.nan
        without, with_chatter = self.idle_cpu_ms_per_second
        per_message = (with_chatter - without) / self.idle_chatter_per_second
        return per_message * self.options.chatter / self.options.rate

    @property
    def cpu_ratio(self) -> float:
        if self.floor is None or not self.floor.cpu_ms_per_interaction:
            return math.nan
        return self.bot.cpu_ms_per_interaction / self.floor.cpu_ms_per_interaction

    @property
    def total_cpu_ratio(self) -> float:
        """The bot's process and its workers against the floor: what an operator pays."""
        if self.floor is None or not self.floor.cpu_ms_per_interaction:
            return math.nan
        bot = self.bot.cpu_ms_per_interaction + self.bot.workers_cpu_ms_per_interaction
        return bot / self.floor.cpu_ms_per_interaction

    @property
    def p99_ratio(self) -> float:
        if self.floor is None or not self.floor.latency.p99:
            return math.nan
        return self.bot.latency.p99 / self.floor.latency.p99

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["kb_per_table"] = self.kb_per_table
        data["p99_ratio"] = self.p99_ratio
        data["cpu_ratio"] = self.cpu_ratio
        data["total_cpu_ratio"] = self.total_cpu_ratio
        data["chatter_cost"] = self.chatter_cost
        data["idle_chatter_ms_per_interaction"] = self.idle_chatter_ms_per_interaction
        for phase in ("bot", "floor", "chatter"):
            if data[phase] is not None:
                data[phase]["latency"]["failures"] = getattr(self, phase).latency.failures
        return data


# -- the world -------------------------------------------------------------------------------


def people_of(index: int) -> list[str]:
    return [f"p{index}-{k}" for k in range(PEOPLE_PER_TABLE)]


async def launch_fake(
    options: Options, channels: int
) -> tuple[RemoteFakeDiscord, list[int], dict[str, int]]:
    """A fake Discord in its own process with ``channels`` channels of four members each: in
    its guild, or with ``options.shards`` above one, channel ``i`` in a guild of its own on
    shard ``i % shards`` (one guild per shard)."""
    fake = await RemoteFakeDiscord.launch(
        "--users", "", "--global-limit", str(options.global_limit)
    )
    names = [f"table-{i}" for i in range(channels)]
    shards = max(1, options.shards)
    made: dict[str, dict[str, int]] = {"channels": {}, "users": {}}
    for shard in range(shards):
        mine = range(shard, channels, shards)
        found = await fake.create(
            channels=[names[i] for i in mine],
            users=[name for i in mine for name in people_of(i)],
            guild=f"shard-{shard}" if shards > 1 else None,
            shard=(shard, shards) if shards > 1 else None,
        )
        for kind in made:
            made[kind] |= found[kind]
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
        if "fakediscord" in child.cmdline():
            return child
    raise RuntimeError("the fake Discord process is not running")


def _total_cpu(processes: Sequence[psutil.Process]) -> float:
    return sum(_cpu_seconds(p) for p in processes)


def _workers_cpu(processes: Sequence[psutil.Process]) -> dict[int, float]:
    """The CPU seconds of each worker process (any child) of ``processes``, by pid."""
    found: dict[int, float] = {}
    for process in processes:
        for child in process.children(recursive=True):
            try:
                found[child.pid] = _cpu_seconds(child)
            except psutil.NoSuchProcess:
                continue  # a worker that ended meanwhile
    return found


async def measure_play(
    fake: RemoteFakeDiscord,
    bots: Sequence[psutil.Process],
    tables: Sequence[TableBase],
    rate: float,
    seconds: float,
    counts: Counts,
    database: BenchDatabase = SQLITE,
    chatter: float = 0.0,
) -> PhaseResult:
    """Play on every table at ``rate`` for ``seconds`` (with ``chatter`` people's messages a
    second in the background); what the fake saw, and the CPU time of the bot's processes,
    the fake's and the database server's (when known)."""
    after = await _last_interaction(fake)
    limited_before = (await fake.timings(after))["rate_limited"]
    shared = Pacer(rate)
    for table in tables:
        table.pacer = shared
    moves_before, interactions_before = counts.moves, counts.interactions
    errors_before = len(counts.errors)
    fake_process = _fake_process()
    start, cpu_before, workers_before = time.monotonic(), _total_cpu(bots), _workers_cpu(bots)
    fake_cpu_before = _cpu_seconds(fake_process)
    db_cpu_before = database.cpu_seconds()
    driver, driver_cpu_before = psutil.Process(), _cpu_seconds(psutil.Process())
    if chatter:
        await fake.chatter(chatter)
    await asyncio.gather(*(t.play_for(seconds) for t in tables))
    chatter_messages = await fake.chatter(0) if chatter else 0
    driver_cpu = _cpu_seconds(driver) - driver_cpu_before
    elapsed, cpu = time.monotonic() - start, _total_cpu(bots) - cpu_before
    workers_after = _workers_cpu(bots)
    workers_cpu = sum(t - workers_before.get(pid, 0.0) for pid, t in workers_after.items())
    fake_cpu = _cpu_seconds(fake_process) - fake_cpu_before
    db_cpu_after = database.cpu_seconds()
    interactions = counts.interactions - interactions_before
    per = max(interactions, 1)
    seen = await _settled(fake, after)
    return PhaseResult(
        latency=LatencySummary.of(seen["interactions"]),
        seconds=elapsed,
        interactions_per_second=interactions / elapsed,
        rate_limited=seen["rate_limited"] - limited_before,
        moves=counts.moves - moves_before,
        cpu_ms_per_interaction=1000 * cpu / per,
        fake_cpu_ms_per_interaction=1000 * fake_cpu / per,
        errors=counts.errors[errors_before:],
        db_cpu_ms_per_interaction=(
            None
            if db_cpu_before is None or db_cpu_after is None
            else 1000 * (db_cpu_after - db_cpu_before) / per
        ),
        driver_cpu_ms_per_interaction=1000 * driver_cpu / per,
        workers_cpu_ms_per_interaction=1000 * workers_cpu / per,
        chatter_messages=chatter_messages,
    )


# -- the two bots ----------------------------------------------------------------------------


def bot_settings(options: Options, database: BenchDatabase, shard: int) -> dict[str, Any]:
    """The settings of the bot process running ``shard`` (of ``options.shards``)."""
    settings: dict[str, Any] = dict(SETTINGS) | options.settings
    if database.url is not None:
        settings["database"] = {"url": database.url}
    if options.shards > 1:
        # The tables are in guilds of their own: their commands are global, as on Discord.
        settings["discord"] = {
            "sync_guild_id": None,
            "shard_count": options.shards,
            "shard_ids": [shard],
        }
    return settings


@dataclass
class Tavolo:
    """The real bot under test: its processes, the fake Discord, the people at its tables."""

    fake: RemoteFakeDiscord
    processes: list[psutil.Process]
    tables: list[TavoloTable]
    counts: Counts
    database: BenchDatabase

    def rss_kb(self) -> float:
        """The bot's resident memory in KB, summed over its processes."""
        return sum(p.memory_info().rss for p in self.processes) / 1024

    async def play(
        self, tables: Sequence[TableBase], rate: float, seconds: float, chatter: float = 0.0
    ) -> PhaseResult:
        return await measure_play(
            self.fake, self.processes, tables, rate, seconds, self.counts, self.database, chatter
        )


async def _sessions_on_every_shard(
    fake: RemoteFakeDiscord, shards: int, timeout: float = 60.0
) -> None:
    """Wait until a gateway session holds each shard: a shard process is ready for
    ``BotProcess`` once it has asked to identify, but the fake lets one session start every
    5 s (as Discord does), so the second one is on its shard only after that wait."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    wanted = {(shard, shards) for shard in range(shards)}
    while True:
        sessions = (await fake.status())["sessions"]
        if wanted <= {tuple(s["shard"]) for s in sessions if s["shard"]}:
            return
        if loop.time() > deadline:
            raise TimeoutError(f"not every shard has a gateway session: {sessions}")
        await asyncio.sleep(0.1)


@asynccontextmanager
async def tavolo(
    options: Options, workdir: Path, database: BenchDatabase, total: int
) -> AsyncIterator[Tavolo]:
    """The fake Discord with ``total`` channels, the bot on it as ``options.shards`` processes
    (started one after the other: Discord lets one session start every 5 s), and a table of
    four people per channel, not yet opened."""
    if options.shards > 1 and not database.postgresql:
        raise ValueError("several shard processes share one database: that needs PostgreSQL")
    fake, channels, user_ids = await launch_fake(options, total)
    bots: list[BotProcess] = []
    probe: Probe | None = None
    try:
        for shard in range(options.shards):
            folder = workdir if options.shards == 1 else workdir / f"shard-{shard}"
            folder.mkdir(parents=True, exist_ok=True)
            bots.append(BotProcess(fake, folder, settings=bot_settings(options, database, shard)))
            await bots[-1].start(timeout=90)
        if options.shards > 1:
            await _sessions_on_every_shard(fake, options.shards)
        processes = [psutil.Process(b.process.pid) for b in bots if b.process is not None]
        probe = await Probe.open(database.url or bots[0].db_path)
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
        yield Tavolo(fake, processes, tables, counts, database)
    finally:
        if probe is not None:
            await probe.close()
        for bot in bots:
            if bot.running:
                await bot.stop(timeout=30)
        await fake.close()


async def idle_cpu(bot: Tavolo, seconds: float, chatter: float) -> tuple[float, float]:
    """The bot's CPU milliseconds per second while nobody plays, with ``chatter`` (messages a
    second) in the background; and the messages a second the fake achieved."""
    await _quiet(bot.fake, timeout=30)
    if chatter:
        await bot.fake.chatter(chatter)
    before, start = _total_cpu(bot.processes), time.monotonic()
    await asyncio.sleep(seconds)
    used, elapsed = _total_cpu(bot.processes) - before, time.monotonic() - start
    sent = await bot.fake.chatter(0) if chatter else 0
    return 1000 * used / elapsed, sent / elapsed


@dataclass
class BotRun:
    play: PhaseResult
    rss_kb: list[tuple[int, float]]
    setup_rate_limited: int
    matches: int
    chatter: PhaseResult | None = None
    idle_cpu_ms_per_second: tuple[float, float] | None = None
    idle_chatter_per_second: float = 0.0


async def run_bot(options: Options, workdir: Path, database: BenchDatabase = SQLITE) -> BotRun:
    """The real bot: memory as tables open, then the measured play (and the same with
    chatter, for ``options.chatter``)."""
    total = max(options.tables, *options.memory_tables)
    async with tavolo(options, workdir, database, total) as bot:
        rss: list[tuple[int, float]] = []
        opened = 0
        for target in sorted({*options.memory_tables, options.tables}):
            await _open_all(bot.tables[opened:target])
            opened = max(opened, target)
            await _quiet(bot.fake)
            if target in options.memory_tables:
                rss.append((target, bot.rss_kb()))
                log.info("%d tables: RSS %.0f KB", target, rss[-1][1])
        fake = bot.fake
        setup_limited = (await fake.timings(await _last_interaction(fake)))["rate_limited"]
        playing = bot.tables[: options.tables]
        result = await bot.play(playing, options.rate, options.seconds)
        done = BotRun(result, rss, setup_limited, bot.counts.matches)
        if options.chatter:
            await _quiet(fake, timeout=30)
            done.chatter = await bot.play(playing, options.rate, options.seconds, options.chatter)
            quiet, _ = await idle_cpu(bot, IDLE_SECONDS, 0)
            busy, done.idle_chatter_per_second = await idle_cpu(bot, IDLE_SECONDS, options.chatter)
            done.idle_cpu_ms_per_second = (quiet, busy)
        return done


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
        process = psutil.Process(floor.pid)
        return await measure_play(fake, [process], tables, options.rate, options.seconds, counts)
    finally:
        await floor.stop()
        await fake.close()


async def run(options: Options, workdir: Path | None = None) -> LoadReport:
    """The whole benchmark (in a temporary folder unless ``workdir`` is given)."""
    with tempfile.TemporaryDirectory(prefix="tavolo-load-") as tmp:
        folder = workdir or Path(tmp)
        async with bench_database(options.url, options.postgres) as database:
            bot = await run_bot(options, folder, database)
        floor = await run_floor(options, folder) if options.floor else None
    return LoadReport(
        options,
        bot.play,
        floor,
        bot.rss_kb,
        bot.setup_rate_limited,
        bot.matches,
        database.kind,
        bot.chatter,
        bot.idle_cpu_ms_per_second,
        bot.idle_chatter_per_second,
    )


@dataclass
class CapacityStep:
    rate: float
    phase: PhaseResult
    misses: list[str]
    """Why the rate is not held (empty: held)."""

    @property
    def held(self) -> bool:
        return not self.misses


@dataclass
class CapacityReport:
    options: Options
    database: str
    steps: list[CapacityStep]

    @property
    def capacity(self) -> float:
        """The highest rate held (0 if none was)."""
        return max((s.rate for s in self.steps if s.held), default=0.0)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["capacity"] = self.capacity
        for step, out in zip(self.steps, data["steps"], strict=True):
            out["held"] = step.held
            out["phase"]["latency"]["failures"] = step.phase.latency.failures
        return data


def misses(phase: PhaseResult, rate: float, p99_goal: float) -> list[str]:
    """Why ``phase`` does not hold ``rate`` (none: it does)."""
    found = []
    if phase.latency.p99 > p99_goal:
        found.append(f"p99 {1000 * phase.latency.p99:.0f} ms > {1000 * p99_goal:.0f} ms")
    if phase.latency.failures:
        found.append(f"{phase.latency.failures} failures")
    if phase.errors:
        found.append(f"{len(phase.errors)} simulated-user errors")
    if phase.interactions_per_second < HELD_FRACTION * rate:
        found.append(f"achieved {phase.interactions_per_second:.1f}/s")
    return found


async def run_capacity(options: Options, workdir: Path | None = None) -> CapacityReport:
    """Step through ``options.capacity`` rates on one set of tables; stop at the first rate
    that is not held."""
    steps: list[CapacityStep] = []
    with tempfile.TemporaryDirectory(prefix="tavolo-capacity-") as tmp:
        folder = workdir or Path(tmp)
        async with (
            bench_database(options.url, options.postgres) as database,
            tavolo(options, folder, database, options.tables) as bot,
        ):
            await _open_all(bot.tables)
            await _quiet(bot.fake)
            for rate in options.capacity:
                phase = await bot.play(bot.tables, rate, options.seconds)
                steps.append(CapacityStep(rate, phase, misses(phase, rate, options.p99_goal)))
                log.info("%g/s: %s", rate, phase.latency.line())
                if not steps[-1].held:
                    break
                await _quiet(bot.fake, timeout=30)
    return CapacityReport(options, database.kind, steps)


# -- the report ------------------------------------------------------------------------------


def _phase_lines(name: str, phase: PhaseResult) -> list[str]:
    db = (
        ""
        if phase.db_cpu_ms_per_interaction is None
        else f", {phase.db_cpu_ms_per_interaction:.2f} ms in PostgreSQL"
    )
    lines = [
        f"{name}: {phase.latency.line()}",
        f"  {phase.interactions_per_second:.1f} interactions/s over {phase.seconds:.1f} s, "
        f"{phase.moves} moves, {phase.rate_limited} answers 429, "
        f"CPU per interaction: {phase.cpu_ms_per_interaction:.2f} ms in the bot "
        f"(+{phase.workers_cpu_ms_per_interaction:.2f} in its workers), "
        f"{phase.fake_cpu_ms_per_interaction:.2f} ms in the fake{db}, "
        f"{phase.driver_cpu_ms_per_interaction:.2f} ms in the simulated people",
    ]
    if phase.chatter_messages:
        lines.append(f"  background chatter: {phase.chatter_messages} people's messages")
    if phase.errors:
        lines.append(f"  {len(phase.errors)} simulated-user errors, first: {phase.errors[0]}")
    return lines


def _bot_line(options: Options, database: str) -> str:
    processes = (
        "1 process"
        if options.shards == 1
        else f"{options.shards} processes (one shard each, shard_count {options.shards})"
    )
    return f"the bot: {processes} on {database}"


def report_lines(report: LoadReport) -> list[str]:
    o = report.options
    lines = [
        f"load: {o.tables} tables of {PEOPLE_PER_TABLE} ({o.game}), {o.rate:g} interactions/s "
        f"paced, {o.seconds:g} s, global limit {o.global_limit}/s",
        _bot_line(o, report.database),
        *_phase_lines("bot", report.bot),
    ]
    if report.floor is not None:
        lines += _phase_lines("floor", report.floor)
        lines.append(f"p99 bot / floor: {report.p99_ratio:.2f} (goal: at most 5)")
        lines.append(f"CPU per interaction bot / floor: {report.cpu_ratio:.2f} (goal: at most 2)")
        lines.append(f"  the bot and its workers / floor: {report.total_cpu_ratio:.2f}")
    if report.chatter is not None:
        lines += _phase_lines(f"bot with chatter at {o.chatter:g} messages/s", report.chatter)
        lines.append(
            f"chatter's cost: {report.chatter_cost:+.1%} CPU per interaction (goal: at most +5%)"
        )
    if report.idle_cpu_ms_per_second is not None:
        without, with_chatter = report.idle_cpu_ms_per_second
        extra = report.idle_chatter_ms_per_interaction
        share = extra / report.bot.cpu_ms_per_interaction
        lines.append(
            f"idle, nobody playing: {without:.1f} ms of CPU a second, {with_chatter:.1f} with "
            f"the chatter ({report.idle_chatter_per_second:.1f} messages/s achieved): "
            f"at {o.chatter:g} messages/s, {extra:.3f} ms per interaction at {o.rate:g}/s "
            f"({share:+.1%})"
        )
    points = ", ".join(f"{n}: {kb / 1024:.1f} MB" for n, kb in report.rss_kb)
    summed = " (summed over its processes)" if o.shards > 1 else ""
    lines += [
        f"bot RSS by active tables{summed}: {points}",
        f"memory per active table: {report.kb_per_table:.1f} KB (goal: at most 50 KB)",
        f"429 answers while opening tables: {report.setup_rate_limited}; "
        f"matches finished: {report.matches}",
    ]
    return lines


def capacity_lines(report: CapacityReport) -> list[str]:
    o = report.options
    lines = [
        f"capacity: {o.tables} tables of {PEOPLE_PER_TABLE} ({o.game}), {o.seconds:g} s per "
        f"rate, held at p99 <= {1000 * o.p99_goal:.0f} ms with no failure and at least "
        f"{HELD_FRACTION:.0%} of the rate achieved; global limit {o.global_limit}/s",
        _bot_line(o, report.database),
    ]
    for step in report.steps:
        verdict = "held" if step.held else "NOT held: " + ", ".join(step.misses)
        lines += _phase_lines(f"{step.rate:g}/s ({verdict})", step.phase)
    lines.append(f"capacity: {report.capacity:g} interactions/s")
    return lines


def _rates(text: str) -> list[float]:
    return [float(r) for r in text.split(",") if r]


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
    add_arguments(parser)
    parser.add_argument(
        "--shards",
        type=int,
        default=defaults.shards,
        help="bot processes, one shard each, sharing one PostgreSQL database",
    )
    parser.add_argument(
        "--capacity",
        nargs="?",
        const=",".join(f"{r:g}" for r in CAPACITY_RATES),
        help="step through these rates (interactions/s) and report the highest held",
    )
    parser.add_argument(
        "--p99-goal",
        type=float,
        default=1000 * defaults.p99_goal,
        help="milliseconds: the p99 a rate must keep to be held (--capacity)",
    )
    parser.add_argument(
        "--chatter",
        type=float,
        default=defaults.chatter,
        help="people's messages a second: play the bot's stretch again with this chatter",
    )
    parser.add_argument("--quick", action="store_true", help="a small run (smoke test)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.shards < 1:
        parser.error("--shards is at least 1")
    if args.shards > 1 and not (args.url or args.postgres):
        parser.error("--shards above 1 needs PostgreSQL (--url or --postgres)")
    options = Options(
        tables=args.tables,
        rate=args.rate,
        seconds=args.seconds,
        memory_tables=[int(n) for n in args.memory_tables.split(",") if n],
        game=args.game,
        global_limit=args.global_limit,
        setup_rate=args.setup_rate,
        floor=not args.no_floor and args.capacity is None,
        url=args.url,
        postgres=args.postgres,
        shards=args.shards,
        capacity=_rates(args.capacity or ""),
        p99_goal=args.p99_goal / 1000,
        chatter=args.chatter,
    )
    if args.quick:
        quick = QUICK_CAPACITY if options.capacity else QUICK
        for key, value in quick.items():
            setattr(options, key, value)
    return options, args.json


def main(argv: list[str] | None = None) -> None:
    options, as_json = parse(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    report: LoadReport | CapacityReport
    if options.capacity:
        report = asyncio.run(run_capacity(options))
        lines = capacity_lines(report)
    else:
        report = asyncio.run(run(options))
        lines = report_lines(report)
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print("\n".join(lines))


if __name__ == "__main__":
    main()
