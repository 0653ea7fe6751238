"""Random-playout throughput: ``python -m bench.throughput [GAME ...] [--seconds S]``.

Plays uniformly random legal moves through the public engine contract (``legal_actions``
then ``apply``), game after game, and prints decisions per second for each engine.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.games import GAMES

SEATS = {"centocinque": 4, "cento": 4, "minchiate": 4}


def decisions_per_second(game: str, seconds: float, seed: int = 1) -> float:
    rules = GAMES[game]
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    g = 0
    while time.perf_counter() < deadline:
        state = rules.new_game(seats=SEATS.get(game, 4), seed=seed + g)
        g += 1
        while rules.outcome(state) is None:
            seat = rules.turn(state)
            assert seat is not None
            state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for game in args.games:
        print(f"{game}: {decisions_per_second(game, args.seconds):,.0f} decisions/s")


if __name__ == "__main__":
    main()
