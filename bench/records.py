"""Deal records: ``python -m bench records [--matches N] [--quick]``.

For every game, plays ``--matches`` AI-only matches (easy AI at the game's fewest seats) and
keeps each deal's record as a table writes it, in a SQLite file. It prints what a record
weighs (its JSON, as ``/replay file:True`` attaches it: the median, and the heaviest, a long
match's last deal, which carries every earlier move) and how long a replay step takes to
answer, as each click on a replay's buttons does: the deal read by its id (SQLite), its
record revealed, the match replayed through the engine to that deal, the step's text, and its
picture's PNG (the board, every hand face up below it); then the time ``verify`` takes over a
whole record. Each step
timed is a random step of a random deal, p50/p95 over ``--steps`` of them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bench.stats import percentile
from bot.cli.simulate import play_match
from bot.gallery import prepare, replay_image
from bot.games import SPECS, make_player
from bot.records.build import match_records
from bot.records.fair import match_seed, new_secret
from bot.records.replay import step_ends, steps
from bot.records.schema import DealRecord, RecordMove, RecordSeat
from bot.records.stepper import board_of, face_up
from bot.records.text import seat_names, step_lines
from bot.records.verify import verify
from bot.storage import Database, TableRepo
from bot.storage.deals import DealRepo, NewDeal, add_deal
from bot.storage.records import Seat
from bot.tables.history import History


def fewest(game: str) -> int:
    rules = SPECS[game].rules
    return rules.seating.seat_range(rules.options_model()).start


def match(game: str, seed: int, secret: str) -> list[DealRecord]:
    """The records of one AI-only match of ``game`` dealt from ``secret`` (and the Start
    interaction ``seed``)."""
    seats = fewest(game)
    moves: list[tuple[int, str]] = []
    players = [make_player(game, "easy") for _ in range(seats)]
    play_match(game, seats, players, match_seed(secret, seed), None, moves)
    return match_records(
        game=game,
        where=(1, 2, seed),
        seats=[RecordSeat(name=f"Player {s}", user_id=100 + s) for s in range(seats)],
        options={},
        secret=secret,
        moves=[RecordMove(seat=s, action=a, by="person") for s, a in moves],
        finished_at="2026-12-03T12:00:00+00:00",
        start=seed,
    )


async def store(db: Database, game: str, records: list[DealRecord], secret: str) -> None:
    """The match's records stored as its table's (over), sealed, the secret left out as a
    table stores them."""
    tables = TableRepo(db)
    seats = [Seat(name=s.name, user_id=s.user_id) for s in records[0].seats]
    table = await tables.create(1, 2, game, 100, {}, seats, seed=1, secret=secret)
    async with db.transaction() as tx:
        for record in records:
            document = record.document()
            document["fair"]["secret"] = None
            deal = NewDeal(
                short_id=record.id, deal=record.deal, game=game, user_ids=[100], record=document
            )
            await add_deal(tx, table.id, deal)
    await tables.finish(table, "abandoned", None, None)


async def step_times(
    history: History, records: list[DealRecord], count: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    """Milliseconds to answer a click on a random step of a random deal, as the bot does:
    wall clock, and this process's CPU time (the work, apart from a busy machine's waits)."""
    out, cpu = [], []
    for _ in range(count):
        chosen = rng.choice(records)
        start, start_cpu = time.perf_counter(), time.process_time()
        found = await history.find(1, chosen.id)
        played = steps(found.record, found.seed)
        index = rng.randrange(len(played))
        step, last = played[index], index == len(played) - 1
        step_ends(SPECS[chosen.game], played)
        step_lines(found.record, step, last)
        hands = face_up(found.record, step, last)
        replay_image(chosen.game, board_of(found.record, step), seat_names(found.record), hands)
        out.append(1000 * (time.perf_counter() - start))
        cpu.append(1000 * (time.process_time() - start_cpu))
    return out, cpu


async def measure(matches: int, count: int) -> None:
    rng = random.Random(1)
    prepare()
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "records.sqlite3")
        history = History(DealRepo(db))
        print(
            f"{'game':<12} {'deals':>5} {'record p50':>11} {'heaviest':>9} "
            f"{'step p50':>9} {'step p95':>9} {'CPU p50':>8} {'verify p50':>11}"
        )
        for game in SPECS:
            records: list[DealRecord] = []
            for i in range(matches):
                secret = new_secret()
                made = match(game, 1000 + i, secret)
                await store(db, game, made, secret)
                records += made
            sizes = [len(r.dumps().encode()) for r in records]
            times, cpu = await step_times(history, records, count, rng)
            checks = []
            for record in rng.sample(records, min(len(records), 20)):
                start = time.perf_counter()
                assert verify(record).ok
                checks.append(1000 * (time.perf_counter() - start))
            print(
                f"{game:<12} {len(records):>5} {percentile(sizes, 50) / 1000:>8.1f} KB "
                f"{max(sizes) / 1000:>6.1f} KB {percentile(times, 50):>6.1f} ms "
                f"{percentile(times, 95):>6.1f} ms {percentile(cpu, 50):>5.1f} ms "
                f"{percentile(checks, 50):>8.1f} ms"
            )
        await db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20, help="matches per game (20)")
    parser.add_argument("--steps", type=int, default=200, help="replay steps timed per game")
    parser.add_argument("--quick", action="store_true", help="2 matches, 20 steps: a smoke test")
    args = parser.parse_args(argv)
    matches, count = (2, 20) if args.quick else (args.matches, args.steps)
    print(f"Deal records of {matches} AI-only matches per game; {count} replay steps timed:")
    asyncio.run(measure(matches, count))


if __name__ == "__main__":
    main()
