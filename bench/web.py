"""The league's web pages on a large server: ``python -m bench web [--results N] [--quick]``.

Stores ``N`` finished matches (default 100,000) on one server as ``bench.league`` does,
finished one after another over the last year, rebuilds its league with the bot's code,
turns its pages on, and times requests over a real socket (aiohttp's client against the
pages' server): the standings of one game and of every game, a middle page, a player's page
and their chart.

Then the live board: a table whose moves are stored one a second, as the bot stores them,
watched by 0 and then by 100 browsers' worth of event streams (each fetching the board's
picture after each move, as the page's script does); the process's CPU time per move is
printed for both, side by side in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path

from aiohttp import ClientSession
from aiohttp.test_utils import TestServer

from bench.league import GUILD, store_results
from bench.stats import percentile
from bot.config import LeagueSettings
from bot.games import GAMES
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo, WebRepo
from bot.storage.records import Move, Seat
from bot.web.server import make_app

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


async def pages(db: Database, results: int, repeats: int) -> None:
    league = League(LeagueRepo(db), LeagueSettings())
    middle = (await league.standings(GUILD, "cento", None, 0)).pages // 2
    await WebRepo(db).turn_on(GUILD, "Bench", "en")
    server = TestServer(make_app(db, LeagueSettings()))
    await server.start_server()
    base = str(server.make_url("")).rstrip("/")
    first = (await league.standings(GUILD, "cento", None, 0)).rows[0].user_id
    cases = {
        "standings, One Hundred, page 1": f"/s/{GUILD}/?game=cento",
        f"standings, One Hundred, page {middle + 1}": f"/s/{GUILD}/?game=cento&page={middle + 1}",
        "standings, all games, page 1": f"/s/{GUILD}/",
        "a player's page": f"/s/{GUILD}/p/{first}",
        "a player's chart (PNG)": f"/s/{GUILD}/p/{first}/chart/cento.png",
    }
    async with ClientSession() as session:
        for name, path in cases.items():
            await _timed(session, base + path, 3)  # the first draws the fonts it uses
            times, cpu = await _timed(session, base + path, repeats)
            p50, p99 = percentile(times, 50), percentile(times, 99)
            goal = "met" if p99 <= GOAL_MS else "NOT met"
            print(
                f"  {name:<34} p50 {p50:5.1f} ms, p99 {p99:5.1f} ms over {repeats} requests"
                f" (goal p99 {GOAL_MS:.0f} ms with {results:,} results: {goal});"
                f" CPU p50 {percentile(cpu, 50):4.1f} ms, p99 {percentile(cpu, 99):4.1f} ms"
            )
    await server.close()


async def _watch(session: ClientSession, base: str, table_id: int, stop: asyncio.Event) -> None:
    """One browser's live board: the event stream, and the picture after each move."""
    async with session.get(f"{base}/s/{GUILD}/t/{table_id}/events") as stream:
        async for line in stream.content:
            if stop.is_set():
                return
            if line.startswith(b"data: "):
                moves = line.split(b'"moves": ')[1].split(b"}")[0].decode()
                async with session.get(f"{base}/s/{GUILD}/t/{table_id}/board.png?m={moves}") as p:
                    await p.read()


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


async def run(results: int, players: int, repeats: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "web.sqlite3"
        db = await Database.open(path)
        store_results(path, results, players, seed=1)
        spread_over_a_year(path, results)
        await League(LeagueRepo(db), LeagueSettings()).rebuild(GUILD)
        print(f"The pages over {results:,} results of {players:,} people (SQLite):")
        await pages(db, results, repeats)
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
    args = parser.parse_args(argv)
    if args.quick:
        args.results, args.players, args.repeats, args.moves = 2_000, 200, 20, 3
    asyncio.run(run(args.results, args.players, args.repeats, args.moves))


if __name__ == "__main__":
    main()
