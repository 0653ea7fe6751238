"""AI thinking time per move, on one core:
``python -m bench.ai_time [GAME ...] [--levels easy,hard] [--games N] [--seed S] [--quick]``.

For each game and level, one seat plays at that level and the others at ``easy``; every
decision the measured seat makes on its turn is timed (``Player.choose`` on the seat's view
and legal actions, as the bot's AI worker calls it) and the times of all games are pooled.
Prints p50/p95/p99/max in ms per game and level. The process is pinned to one core where
the system allows it, so a search never borrows a second one. Centocinque and Briscola are
heads-up, the others four seats.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bench.stats import percentile
from bot.games import GAMES, SPECS, make_player
from bot.games.turns import Over, Turns

TABLES = {"centocinque": 2, "cento": 4}
"""The seats measured where they are not the game's own default (the terminal's)."""
GOAL_MS = 200.0
"""The hard level's p95 goal, but where a game has its own (``GOALS_MS``)."""
GOALS_MS = {"minchiate": 300.0}
assert set(TABLES) | set(GOALS_MS) <= set(SPECS), "a game named here is not registered"


def seats_of(game: str) -> int:
    """The seats ``game`` is measured at: every registered game is measured."""
    return TABLES.get(game, SPECS[game].seats.default)


LEVELS = ("easy", "hard")


@dataclass(frozen=True)
class MoveTimes:
    game: str
    level: str
    games: int
    ms: list[float]

    def line(self) -> str:
        ms = self.ms
        text = (
            f"  {self.game} {self.level} ({seats_of(self.game)} seats, {self.games} games, "
            f"{len(ms)} moves): p50 {percentile(ms, 50):.2f} ms, p95 {percentile(ms, 95):.2f} ms,"
            f" p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms"
        )
        if self.level == "hard":
            goal = GOALS_MS.get(self.game, GOAL_MS)
            verdict = "met" if percentile(ms, 95) <= goal else "NOT met"
            text += f" (goal p95 <= {goal:.0f} ms: {verdict})"
        return text


def measure(game: str, level: str, seats: int, games: int, seed: int) -> list[float]:
    """Seconds per decision of seat 0 at ``level`` over ``games`` games (the rest ``easy``)."""
    rules = GAMES[game]
    measured = make_player(game, level)
    easy = make_player(game, "easy")
    times: list[float] = []
    for g in range(games):
        state = rules.new_game(seats=seats, seed=seed + g)
        rng = random.Random(seed + g)
        turns = Turns(rules, state, ai=lambda seat: True, ai_formalities=False)
        while not isinstance(wanted := turns.ready()[1], Over):
            seat = wanted.seat
            view, legal = rules.view(turns.state, seat), rules.legal_actions(turns.state, seat)
            start = time.perf_counter()
            action = (measured if seat == 0 else easy).choose(view, legal, rng)
            if seat == 0 and not wanted.optional:
                times.append(time.perf_counter() - start)
            if action is not None:
                turns.play(seat, action)
    return times


@contextmanager
def one_core() -> Iterator[str]:
    """Keep this process on one core while inside; yields which core, or why not."""
    if not hasattr(os, "sched_setaffinity"):
        yield "not pinned: no CPU affinity on this system"
        return
    cores = os.sched_getaffinity(0)
    core = min(cores)
    os.sched_setaffinity(0, {core})
    try:
        yield f"pinned to core {core}"
    finally:
        os.sched_setaffinity(0, cores)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("names", nargs="*", metavar="GAME", default=sorted(GAMES))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--games", type=int, default=6, help="games per game and level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="one game each: a smoke test")
    args = parser.parse_args(argv)
    games = 1 if args.quick else args.games
    with one_core() as pinned:
        print(f"AI move times, one seat measured, the others easy ({pinned}):")
        for game in args.names:
            for level in args.levels.split(","):
                seconds = measure(game, level, seats_of(game), games, args.seed)
                print(MoveTimes(game, level, games, [1000 * s for s in seconds]).line(), flush=True)


if __name__ == "__main__":
    main()
