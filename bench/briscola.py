"""Briscola's AI strength, deal by deal, heads-up:
``python -m bench.briscola [--pairs N] [--seed S] [--quick] [--matchups easy:random,hard:easy]``.

Each match-up plays ``--pairs`` deals twice: the same deck and dealer (seed ``S + i``), once with
the first level at seat 0 and once at seat 1, so neither level keeps the luck of a deal. For the
first level it prints the deals won, drawn (60-60, the patta) and lost, its share of deals won
with a 95% Wilson interval, and its card points per deal over the other level's with a 95%
interval (over the pairs, which are independent). Each decision's CPU time is kept for every
level, so ``hard``'s thinking time is also reported as the CPU it used (p50/p95/max), which a
busy machine does not inflate.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.stats import percentile
from bot.cli.simulate import wilson
from bot.games import make_player
from bot.games.ai import Player
from bot.games.briscola.cards import HALF
from bot.games.briscola.engine import Briscola

RULES = Briscola()
GOALS = {("easy", "random"): (0.70, None), ("hard", "easy"): (0.62, 10.0)}
"""(share of deals won, card points per deal over the other level) the first level aims at."""

Chooser = Callable[[int], Player]
"""The player at a seat for one deal."""


@dataclass
class Tally:
    """One match-up's deals, from the first level's side."""

    first: str
    second: str
    won: int = 0
    drawn: int = 0
    lost: int = 0
    margins: list[int] = field(default_factory=list)  # per pair: its two deals' margins, summed
    seconds: dict[str, list[float]] = field(default_factory=dict)  # per decision, by level
    clock: str = "CPU"  # what ``seconds`` measured

    def add_pair(self, points: tuple[int, int]) -> None:
        """The first level's card points in the two deals of a pair."""
        for p in points:
            self.won += p > HALF
            self.drawn += p == HALF
            self.lost += p < HALF
        self.margins.append(sum(2 * p - 2 * HALF for p in points))

    def lines(self) -> list[str]:
        deals = self.won + self.drawn + self.lost
        low, high = wilson(self.won, deals)
        share = self.won / deals
        per_deal = [m / 2 for m in self.margins]
        mean = statistics.fmean(per_deal)
        spread = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
        goal_share, goal_points = GOALS.get((self.first, self.second), (None, None))
        head = f"  {self.first} vs {self.second}: {deals} deals ({len(self.margins)} pairs)"
        won = (
            f"    deals won {self.won}, drawn {self.drawn}, lost {self.lost}: "
            f"{100 * share:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        )
        if goal_share is not None:
            won += f" (goal >= {100 * goal_share:.0f}%: {_verdict(share >= goal_share)})"
        interval = f"[{mean - spread:+.1f}, {mean + spread:+.1f}]"
        points = f"    card points per deal over {self.second}: {mean:+.1f} {interval}"
        if goal_points is not None:
            points += f" (goal >= +{goal_points:.0f}: {_verdict(mean >= goal_points)})"
        lines = [head, won, points]
        for level, seconds in self.seconds.items():
            ms = [1000 * s for s in seconds]
            lines.append(
                f"    {level} {self.clock} per decision ({len(ms)}): "
                f"p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, "
                f"max {max(ms):.1f} ms"
            )
        return lines


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def play_deal(players: tuple[Player, Player], seed: int, seconds: tuple[list[float], ...]) -> int:
    """One deal, seat 0 against seat 1 (the deck and dealer from ``seed``); seat 0's card
    points. Each decision's CPU time goes to its seat's list."""
    state = RULES.new_game(seats=2, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while True:
        seat = state.current
        assert seat is not None
        view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
        start = time.thread_time()
        action = players[seat].choose(view, legal, rng)
        seconds[seat].append(time.thread_time() - start)
        assert action is not None
        state, events = RULES.apply(state, seat, action)
        for event in events:
            if event["type"] == "deal_over":
                return int(event["points"][0])


def matchup(first: Player, second: Player, names: tuple[str, str], pairs: int, seed: int) -> Tally:
    """``pairs`` deals played twice, seats swapped."""
    tally = Tally(*names)
    mine: list[float] = tally.seconds.setdefault(names[0], [])
    theirs: list[float] = tally.seconds.setdefault(names[1], [])
    for i in range(pairs):
        at_zero = play_deal((first, second), seed + i, (mine, theirs))
        at_one = HALF * 2 - play_deal((second, first), seed + i, (theirs, mine))
        tally.add_pair((at_zero, at_one))
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matchups", default="easy:random,hard:easy")
    parser.add_argument("--pairs", type=int, default=150, help="deals per match-up, each twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="3 pairs each: a smoke test")
    args = parser.parse_args(argv)
    pairs = 3 if args.quick else args.pairs
    print("Briscola heads-up, deal by deal, seats swapped (95% intervals):")
    for pair in args.matchups.split(","):
        a, b = pair.split(":")
        tally = matchup(
            make_player("briscola", a), make_player("briscola", b), (a, b), pairs, args.seed
        )
        print("\n".join(tally.lines()), flush=True)


if __name__ == "__main__":
    main()
