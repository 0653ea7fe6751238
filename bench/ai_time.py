"""AI thinking time per move: ``python -m bench.ai_time GAME --level hard [--games N] [--seed S]``.

One seat plays at ``--level``, the others at ``easy``; every decision of the measured seat is
timed (its on-turn choices; off-turn call-outs are instant). Prints p50/p95/p99/max in ms.
Run it on an otherwise idle core for the numbers in BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.games import GAMES
from bot.games.ai import make_player


def measure(game: str, level: str, seats: int, games: int, seed: int) -> list[float]:
    rules = GAMES[game]
    measured = make_player(game, level)
    easy = make_player(game, "easy")
    times: list[float] = []
    for g in range(games):
        state = rules.new_game(seats=seats, seed=seed + g)
        rng = random.Random(seed + g)
        while rules.outcome(state) is None:
            seat = rules.turn(state)
            assert seat is not None
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            if seat == 0:
                start = time.perf_counter()
                action = measured.choose(view, legal, rng)
                times.append(time.perf_counter() - start)
            else:
                action = easy.choose(view, legal, rng)
            assert action is not None
            state, _ = rules.apply(state, seat, action)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seats = args.seats or {"centocinque": 2, "cento": 4}.get(args.game, 4)
    times = measure(args.game, args.level, seats, args.games, args.seed)
    ms = [1000 * t for t in times]
    print(
        f"{args.game} {args.level} ({seats} seats, {args.games} games, {len(ms)} moves): "
        f"p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms, "
        f"mean {statistics.fmean(ms):.1f} ms"
    )


if __name__ == "__main__":
    main()
