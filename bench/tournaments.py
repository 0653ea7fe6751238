"""A tournament's draws at scale: ``python -m bench tournaments [--sizes 16,64,256] [--quick]``.

For each field size, the CPU time (``time.process_time``) of what a round asks of the bot
before its threads open (done in a worker thread, ``bot/tournaments/play.py``): a Swiss's
pairing round after round (a maximum-weight matching over every pair), with each match's
winner drawn at random, and whether any pair met twice; a knockout's seeding and first round;
a duplicate's tables. Then how the channel hears the final order of the largest field, every
name 32 characters long: the characters, and the messages it takes (each at most 2,000).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from bot.tournaments.pairing import (
    duplicate_tables,
    knockout_first_round,
    knockout_rounds,
    seeding,
    swiss_pairings,
    swiss_rounds_for,
)
from bot.views.errors import CONTENT_MAX
from bot.views.render import pieces

T = TypeVar("T")
SWISS_ROUNDS = 9  # a long Swiss; fewer where the field cannot play so many without a rematch
NAME = 32  # characters: Discord's longest display name


def timed(call: Callable[[], T]) -> tuple[T, float]:
    """What ``call`` returns, and the CPU milliseconds it took."""
    start = time.process_time()
    found = call()
    return found, (time.process_time() - start) * 1000


def swiss(size: int, rng: random.Random) -> tuple[list[float], int]:
    """Each round's pairing time, and the rematches, over a Swiss of ``size``."""
    field = list(range(1, size + 1))
    scores, byes = dict.fromkeys(field, 0), dict.fromkeys(field, 0)
    met: set[frozenset[int]] = set()
    times, rematches = [], 0
    for _ in range(min(SWISS_ROUNDS, swiss_rounds_for(size))):
        pairs, ms = timed(lambda: swiss_pairings(field, scores, met, byes))
        times.append(ms)
        for home, away in pairs:
            if away is None:
                scores[home] += 2
                byes[home] += 1
                continue
            rematches += frozenset((home, away)) in met
            met.add(frozenset((home, away)))
            scores[rng.choice((home, away))] += 2
    return times, rematches


def knockout(size: int, rng: random.Random) -> float:
    """The seeding (about half the field rated) and first round of a knockout of ``size``."""
    ratings = {e: (rng.uniform(1000, 2000) if e % 2 else None) for e in range(1, size + 1)}
    return timed(lambda: knockout_first_round(seeding(ratings, rng)))[1]


def final_order(size: int) -> tuple[int, int]:
    """The characters of a field's final order, one line a place, and the messages it takes."""
    lines = [f"{place}. " + f"Entrant {place}".ljust(NAME, "x") for place in range(1, size + 1)]
    text = "\n".join(lines)
    return len(text), len(pieces(text, CONTENT_MAX))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="16,64,256", help="field sizes (16,64,256)")
    parser.add_argument("--quick", action="store_true", help="fields of 8 and 16: a smoke test")
    args = parser.parse_args(argv)
    sizes = [8, 16] if args.quick else [int(s) for s in args.sizes.split(",")]
    rng = random.Random(1)
    print("field | Swiss: rounds | pairing CPU p50 / max | rematches | knockout: seeding and")
    print("round 1 (its rounds) | duplicate: a round's tables")
    for size in sizes:
        times, rematches = swiss(size, rng)
        field = list(range(1, size + 1))
        tables = timed(lambda: duplicate_tables(field, 2, 0))[1]  # noqa: B023  # called at once
        print(
            f"{size:>5} | {len(times):>2} rounds | {statistics.median(times):7.1f} ms /"
            f" {max(times):7.1f} ms | {rematches} | {knockout(size, rng):6.2f} ms"
            f" ({knockout_rounds(size)} rounds) | {tables:6.2f} ms"
        )
    chars, messages = final_order(max(sizes))
    print(
        f"final order of {max(sizes)}, names of {NAME} characters: {chars:,} characters,"
        f" {messages} messages of at most {CONTENT_MAX:,}"
    )


if __name__ == "__main__":
    main()
