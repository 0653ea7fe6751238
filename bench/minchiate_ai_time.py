"""Minchiate `hard` AI time per move: `python -m bench.minchiate_ai_time [--deals N] [--seed S]`.

A ``hard`` partnership (seats 0 and 2) plays ``easy`` (seats 1 and 3); every move of the hard
seats is timed with the process clock (discards, declarations and forced cards included, and
again for the moves it searched). Prints p50/p95/p99/max in ms. Run it on an idle core.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.games import GAMES
from bot.games.ai import make_player


def measure(deals: int, seed: int, budget: int | None) -> tuple[list[float], list[float]]:
    """Times of every hard move, and of those with a choice of cards to search."""
    rules = GAMES["minchiate"]
    hard = make_player("minchiate", "hard", budget=budget)
    easy = make_player("minchiate", "easy")
    every: list[float] = []
    searched: list[float] = []
    for deal in range(seed, seed + deals):
        state = rules.new_game(seats=4, seed=deal)
        rngs = [random.Random(f"{deal}:ai:{s}") for s in range(4)]
        while rules.outcome(state) is None:
            seat = rules.turn(state)
            assert seat is not None
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            player = hard if seat % 2 == 0 else easy
            start = time.process_time()
            action = player.choose(view, legal, rngs[seat])
            took = time.process_time() - start
            if seat % 2 == 0:
                every.append(took)
                if view["phase"] == "play" and len(legal) > 1:
                    searched.append(took)
            assert action is not None
            state, _ = rules.apply(state, seat, action)
    return every, searched


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, times: list[float]) -> str:
    ms = [1000 * t for t in times]
    stats = " ".join(f"p{int(100 * q)} {percentile(ms, q):.1f}" for q in (0.5, 0.95, 0.99))
    return f"{name}: {len(ms)} moves, {stats}, max {max(ms):.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="playouts (default: the AI's)")
    args = parser.parse_args()
    every, searched = measure(args.deals, args.seed, args.budget)
    print(line("every hard move", every))
    print(line("searched moves", searched))


if __name__ == "__main__":
    main()
