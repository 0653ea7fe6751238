"""League standings on a large server: ``python -m bench.league [--results N] [--players P]``.

Stores ``N`` finished matches (default 100,000) of ``P`` people on one server in a real SQLite
file, as the bot stores them (tables, matches, seats with their figures), then rebuilds the
league from them with the bot's own code (``League.rebuild``: league points, openskill
ratings, standings) and times ``League.standings`` (what ``/league standings`` runs) for one
game and for every game added up, on the first page and a middle one.
The matches are written in bulk straight into the file: that is setting the stage, not what
is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from bench.stats import percentile
from bot.config import LeagueSettings
from bot.league import League
from bot.storage import Database, LeagueRepo

GUILD = 1
GAMES = ("centocinque", "cento", "minchiate")
GOAL_MS = 50.0


def _match(rng: random.Random, players: int) -> tuple[str, list[int | None], list[int]]:
    """A game, its seats (user ids; None for an AI seat) and each seat's place."""
    game = rng.choice(GAMES)
    size = 4 if game == "minchiate" else rng.randint(2, 5)
    people = rng.sample(range(1, players + 1), size)
    seats: list[int | None] = [p if rng.random() > 0.15 else None for p in people]
    if game == "minchiate":
        first = rng.choice((0, 1))
        places = [1 if s % 2 == first else 2 for s in range(4)]
    else:
        order = rng.sample(range(size), size)
        places = [order.index(s) + 1 for s in range(size)]
    return game, seats, places


def store_results(path: Path, results: int, players: int, seed: int) -> None:
    """Write ``results`` finished matches (one in twenty abandoned) into the bot's database."""
    rng = random.Random(seed)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO seasons (guild_id, number, name) VALUES (?, 1, 'Season 1')", (GUILD,))
    tables, matches, seats = [], [], []
    for match_id in range(1, results + 1):
        game, people, places = _match(rng, players)
        abandoned = rng.random() < 0.05
        tables.append((match_id, GUILD, match_id, game, "abandoned" if abandoned else "finished"))
        humans = sum(p is not None for p in people)
        outcome = None if abandoned else json.dumps({"ranking": []})
        matches.append((match_id, match_id, GUILD, game, int(abandoned), outcome, 1, humans))
        for seat, (person, place) in enumerate(zip(people, places, strict=True)):
            stats = json.dumps({"busts": rng.randint(0, 3)} if game == "cento" else {})
            seats.append(
                (
                    match_id, seat, person, None if person else "easy",
                    None if abandoned else place, f"P{person}" if person else "AI (easy)",
                    seat % 2 if game == "minchiate" else seat, stats,
                )
            )  # fmt: skip
    with conn:
        conn.executemany(
            "INSERT INTO game_tables (id, guild_id, channel_id, game, status, host_id, options,"
            " seats, seed) VALUES (?, ?, ?, ?, ?, 1, '{}', '[]', 0)",
            tables,
        )
        conn.executemany(
            "INSERT INTO matches (id, table_id, guild_id, game, abandoned, outcome, season_id,"
            " humans) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            matches,
        )
        conn.executemany(
            "INSERT INTO match_players (match_id, seat, user_id, ai_level, place, name, team,"
            " stats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            seats,
        )
    conn.close()


async def _standings_ms(league: League, game: str | None, page: int, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        await league.standings(GUILD, game, None, page)
        times.append((time.perf_counter() - start) * 1000)
    return times


async def run(results: int, players: int, repeats: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.sqlite3"
        db = await Database.open(path)  # the bot's schema, migrations applied
        start = time.perf_counter()
        store_results(path, results, players, seed)
        took = time.perf_counter() - start
        print(f"stored {results:,} results of {players:,} people in {took:.1f} s")
        league = League(LeagueRepo(db), LeagueSettings())
        start = time.perf_counter()
        counted = await league.rebuild(GUILD)
        took = time.perf_counter() - start
        print(f"league rebuilt from {counted:,} finished matches in {took:.1f} s")
        middle = (await league.standings(GUILD, "cento", None, 0)).pages // 2
        for game in ("cento", None):
            for page in (0, middle):
                times = await _standings_ms(league, game, page, repeats)
                name = game or "all games"
                p50, p99 = percentile(times, 50), percentile(times, 99)
                verdict = "met" if p99 <= GOAL_MS else "NOT met"
                print(
                    f"standings ({name}, page {page + 1}): p50 {p50:.2f} ms, p99 {p99:.2f} ms "
                    f"over {repeats} calls (goal {GOAL_MS:.0f} ms: {verdict})"
                )
        await db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="2,000 results: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.results, args.players, args.repeats = 2_000, 200, 20
    asyncio.run(run(args.results, args.players, args.repeats, args.seed))


if __name__ == "__main__":
    main()
