"""The league's web pages on a large server: ``python -m bench web [--results N] [--quick]``.

Stores ``N`` finished matches (default 100,000) on one server as ``bench.league`` does,
finished one after another over the last year, rebuilds its league with the bot's code,
turns its pages on, and times requests over a real socket (aiohttp's client against the
pages' server): the standings of one game and of every game, a middle page, a player's page
and their chart, the page of a heavy player (a seat in one match in seventeen: about 5,000
of 100,000), a finished Briscola deal's replay and a step's board, a knockout's page and its
bracket.

Then the live board: a table whose moves are stored one a second, as the bot stores them,
watched by 0 and then by 100 browsers' worth of event streams (each fetching the board's
picture after each move, as the page's script does); the process's CPU time per move is
printed for both, side by side in one run.

Then the bot's own cost (``--bot``): the real bot on the fake Discord (as ``bench.load``
runs it), serving the pages in its own process (``[web] in_bot``, where watchers cost the bot
most), people playing ``--tables`` tables at ``--rate`` interactions a second, in stretches of
``--seconds`` (60; 5 with ``--quick``): one with no watcher, then one with ``--watchers``
(100) browsers' worth of live boards spread over the tables (each an event stream, fetching
the board's picture after each move as the page's script does) on pages served by a process
of their own (``python -m bot web``), one with them on the pages the bot serves, and one with
none again (the drift over the run). The bot's CPU per interaction is printed for each, side
by side; a watched stretch is compared with the two without watchers, averaged.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from aiohttp import ClientSession
from aiohttp.test_utils import TestServer

from bench import load
from bench.database import bench_database
from bench.league import GUILD, store_results
from bench.stats import percentile
from bot.config import LeagueSettings
from bot.games import GAMES
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo, WebRepo
from bot.storage.records import Move, Seat
from bot.web.server import make_app
from tests.web.support import a_tournament, briscola_deals

GOAL_MS = 50.0


async def _timed(session: ClientSession, url: str, repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each request (this process's CPU: the client's
    share is in it too, so it is an upper bound of the server's)."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        async with session.get(url) as answer:
            await answer.read()
            assert answer.status == 200, (url, answer.status)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


async def pages(db: Database, results: int, repeats: int, heavy: int) -> None:
    league = League(LeagueRepo(db), LeagueSettings())
    middle = (await league.standings(GUILD, "cento", None, 0)).pages // 2
    await WebRepo(db).turn_on(GUILD, "Bench", "en")
    server = TestServer(make_app(db, LeagueSettings()))
    await server.start_server()
    base = str(server.make_url("")).rstrip("/")
    rows = (await league.standings(GUILD, "cento", None, 0)).rows
    first = next(r.user_id for r in rows if r.user_id != HEAVY)  # a player like most
    deal = (await briscola_deals(db, 10**6, over=True))[0]
    knockout = await a_tournament(db, "knockout", GUILD)
    cases = {
        "standings, One Hundred, page 1": f"/s/{GUILD}/?game=cento",
        f"standings, One Hundred, page {middle + 1}": f"/s/{GUILD}/?game=cento&page={middle + 1}",
        "standings, all games, page 1": f"/s/{GUILD}/",
        "a player's page": f"/s/{GUILD}/p/{first}",
        "a player's chart (PNG)": f"/s/{GUILD}/p/{first}/chart/cento.png",
        f"a heavy player's page ({heavy:,} matches)": f"/s/{GUILD}/p/{HEAVY}",
        "a replay (Briscola, 40 steps)": f"/s/{GUILD}/r/{deal}?step=20",
        "a replay step's board (PNG)": f"/s/{GUILD}/r/{deal}/20.png",
        "a knockout's page": f"/s/{GUILD}/tournaments/{knockout}",
        "its bracket (PNG)": f"/s/{GUILD}/tournaments/{knockout}/bracket.png",
    }
    async with ClientSession() as session:
        for name, path in cases.items():
            await _timed(session, base + path, 3)  # the first draws the fonts it uses
            times, cpu = await _timed(session, base + path, repeats)
            p50, p99 = percentile(times, 50), percentile(times, 99)
            goal = "met" if p99 <= GOAL_MS else "NOT met"
            print(
                f"  {name:<40} p50 {p50:5.1f} ms, p99 {p99:5.1f} ms over {repeats} requests"
                f" (goal p99 {GOAL_MS:.0f} ms with {results:,} results: {goal});"
                f" CPU p50 {percentile(cpu, 50):4.1f} ms, p99 {percentile(cpu, 99):4.1f} ms"
            )
    await server.close()


async def _watch(session: ClientSession, base: str, table_id: int, stop: asyncio.Event) -> None:
    """One browser's live board: the event stream, and the picture after each move."""
    await _watch_board(session, f"{base}/s/{GUILD}/t/{table_id}", stop)


async def live(db: Database, watchers: int, moves: int) -> float:
    """CPU milliseconds of this process per stored move, with ``watchers`` watching."""
    rules, repo = GAMES["cento"], TableRepo(db)
    seats = [Seat(name=f"P{i}", user_id=i) for i in range(1, 4)]
    record = await repo.create(GUILD, 10**6 + watchers, "cento", 1, {}, seats, seed=3)
    state = rules.new_game(seats=3, seed=3)
    await repo.start(record.id, seats, rules.dump(state))
    server = TestServer(make_app(db, LeagueSettings()))
    await server.start_server()
    base = str(server.make_url("")).rstrip("/")
    stop = asyncio.Event()
    async with ClientSession() as session:
        tasks = [
            asyncio.create_task(_watch(session, base, record.id, stop)) for _ in range(watchers)
        ]
        await asyncio.sleep(1.5)  # every stream open, the first board fetched
        start = time.process_time()
        for n in range(1, moves + 1):
            seat = rules.turn(state)
            assert seat is not None
            action = rules.legal_actions(state, seat)[0]
            state, _ = rules.apply(state, seat, action)
            move = Move(n=n, seat=seat, action=action, by="person")
            await repo.commit_move(record.id, move, rules.dump(state), seats, [])
            await asyncio.sleep(1.0)
        spent = time.process_time() - start
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    await server.close()
    return 1000 * spent / moves


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _follow(session: ClientSession, board: str, stop: asyncio.Event) -> None:
    """One browser on a live board (``board``, its page's address): its events, and the
    picture after each move; again when the stream ends (a match over: its next one)."""
    while not stop.is_set():
        await _watch_board(session, board, stop)
        await asyncio.sleep(0.5)


async def _watch_board(session: ClientSession, board: str, stop: asyncio.Event) -> None:
    async with session.get(f"{board}/events") as stream:
        async for line in stream.content:
            if stop.is_set():
                return
            if line.startswith(b"data: "):
                moves = line.split(b'"moves": ')[1].split(b"}")[0].decode()
                async with session.get(f"{board}/board.png?m={moves}") as picture:
                    await picture.read()


async def _watched(
    bot: load.Tavolo, base: str, watchers: int, rate: float, seconds: float
) -> load.PhaseResult:
    """The bot's play while ``watchers`` follow its tables' boards on the pages at ``base``."""
    stop = asyncio.Event()
    async with ClientSession() as session:
        tables = bot.tables
        boards = [f"{base}/{tables[i % len(tables)].table_id}" for i in range(watchers)]
        tasks = [asyncio.create_task(_follow(session, b, stop)) for b in boards]
        await asyncio.sleep(3.0)  # every stream open, its first picture drawn
        played = await bot.play(tables, rate, seconds)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    await load._quiet(bot.fake)
    return played


def _apart_config(config: Path, bots: int, port: int) -> Path:
    """The bot's config (its pages in the bot, on port ``bots``) for pages of their own on
    ``port``."""
    text = config.read_text(encoding="utf-8").replace("in_bot = true", "in_bot = false")
    apart = config.with_name("web.toml")
    apart.write_text(text.replace(f"port = {bots}", f"port = {port}"), encoding="utf-8")
    return apart


async def _pages_apart(config: Path, port: int) -> asyncio.subprocess.Process:
    """``python -m bot web`` on ``config``, answering on ``port``."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "web", "--config", str(config)
    )
    async with ClientSession() as session:
        for _ in range(200):
            try:
                async with session.get(f"http://127.0.0.1:{port}/static/style.css") as answer:
                    if answer.status == 200:
                        return process
            except OSError:
                pass
            await asyncio.sleep(0.1)
    process.kill()
    raise RuntimeError("python -m bot web did not start")


async def bot_cost(
    tables: int, rate: float, seconds: float, watchers: int
) -> dict[str, load.PhaseResult]:
    """The bot's play with no watcher, with ``watchers`` on pages served by a process of their
    own, and with them on the pages the bot serves itself: in one run of the bot."""
    port = _free_port()
    options = load.Options(
        tables=tables,
        rate=rate,
        seconds=seconds,
        memory_tables=[],
        floor=False,
        settings={"web": {"in_bot": True, "host": "127.0.0.1", "port": port}},
    )
    found: dict[str, load.PhaseResult] = {}
    with tempfile.TemporaryDirectory(prefix="tavolo-web-") as folder:
        async with (
            bench_database(None, False) as database,
            load.tavolo(options, Path(folder), database, tables) as bot,
        ):
            await load._open_all(bot.tables)
            await load._quiet(bot.fake)
            db = await Database.open(Path(folder) / "tavolo.sqlite3")
            row = await db.fetch_one("SELECT guild_id FROM game_tables LIMIT 1")
            assert row is not None
            guild = int(row[0])
            await WebRepo(db).turn_on(guild, "Bench", "en")
            await db.close()
            found["no watcher"] = await bot.play(bot.tables, rate, seconds)
            await load._quiet(bot.fake)
            apart_port = _free_port()
            config = _apart_config(Path(folder) / "config.toml", port, apart_port)
            apart = await _pages_apart(config, apart_port)
            try:
                base = f"http://127.0.0.1:{apart_port}/s/{guild}/t"
                found["pages apart"] = await _watched(bot, base, watchers, rate, seconds)
            finally:
                apart.terminate()
                await apart.wait()
            base = f"http://127.0.0.1:{port}/s/{guild}/t"
            found["pages in bot"] = await _watched(bot, base, watchers, rate, seconds)
            # Again with none: the drift over the run (matches further on, more stored).
            found["none again"] = await bot.play(bot.tables, rate, seconds)
    return found


def _cost_lines(found: dict[str, load.PhaseResult], watchers: int) -> list[str]:
    """Each stretch's CPU an interaction; a watched one's against the two without watchers
    (before and after it), averaged."""
    quiet = [found[n].cpu_ms_per_interaction for n in ("no watcher", "none again")]
    baseline = sum(quiet) / len(quiet)
    lines = []
    for name, phase in found.items():
        watched = name.startswith("pages")
        more = 100 * (phase.cpu_ms_per_interaction / baseline - 1)
        goal = f" {more:+.1f}% (goal < +5%: {'met' if more < 5 else 'NOT met'})" if watched else ""
        lines.append(
            f"  {name + ',':<13} {watchers if watched else 0:>3} watchers:"
            f" {phase.cpu_ms_per_interaction:.2f} ms of the bot's CPU an interaction{goal}"
            f" ({phase.interactions_per_second:.1f}/s, p99 {phase.latency.p99 * 1000:.0f} ms,"
            f" {len(phase.errors)} errors)"
        )
    return lines


def spread_over_a_year(path: Path, results: int) -> None:
    """The matches finished one after another over the last year (so the week's movement
    reads a week's matches, as on a real server), not all at the moment they were stored."""
    step = 365 * 24 * 3600 / results
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE matches SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now',"
            " '-' || CAST((? - id) * ? AS INTEGER) || ' seconds')",
            (results, step),
        )


HEAVY = 10**6  # the heavy player's id
EVERY = 17


def a_heavy_player(path: Path) -> int:
    """One person in about one match in seventeen (a person's first seat there becomes
    theirs): the player whose page reads the most; how many matches they played."""
    with sqlite3.connect(path) as conn:
        changed = conn.execute(
            "UPDATE match_players SET user_id = ?, name = 'Heavy' WHERE seat = 0"
            " AND user_id IS NOT NULL AND match_id % ? = 0",
            (HEAVY, EVERY),
        ).rowcount
    return int(changed)


async def run(results: int, players: int, repeats: int, moves: int) -> None:
    """The pages over a large league, and the live board's cost to the pages' process."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "web.sqlite3"
        db = await Database.open(path)
        store_results(path, results, players, seed=1)
        spread_over_a_year(path, results)
        heavy = a_heavy_player(path)
        await League(LeagueRepo(db), LeagueSettings()).rebuild(GUILD)
        print(f"The pages over {results:,} results of {players:,} people (SQLite):")
        await pages(db, results, repeats, heavy)
        print(f"The live board, a move a second for {moves} moves (CPU of the pages' process):")
        quiet = await live(db, 0, moves)
        busy = await live(db, 100, moves)
        print(f"  no watcher: {quiet:.2f} ms a move; 100 watchers: {busy:.2f} ms a move")
        await db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--quick", action="store_true", help="2,000 results: a smoke test")
    parser.add_argument(
        "--bot", action="store_true", help="the bot's CPU with and without watchers, only"
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument(
        "--seconds", type=float, help="each stretch of --bot's play (60 s; with --quick, 5 s)"
    )
    parser.add_argument("--watchers", type=int, default=100)
    args = parser.parse_args(argv)
    if args.quick:
        args.results, args.players, args.repeats, args.moves = 2_000, 200, 20, 3
        args.tables = 4
    if args.seconds is None:
        args.seconds = 5.0 if args.quick else 60.0
    if args.bot:
        print(
            f"The bot serving its pages, {args.tables} tables at {args.rate:g} interactions a"
            f" second for {args.seconds:g} s, without and with {args.watchers} live boards:"
        )
        found = asyncio.run(bot_cost(args.tables, args.rate, args.seconds, args.watchers))
        print("\n".join(_cost_lines(found, args.watchers)))
        return
    asyncio.run(run(args.results, args.players, args.repeats, args.moves))


if __name__ == "__main__":
    main()
