"""Briscola's AI strength, deal by deal, heads-up:
``python -m bench.briscola [--pairs N] [--seed S] [--quick] [--matchups easy:random,hard:easy]``.

Each match-up plays ``--pairs`` deals twice: the same deck and dealer (seed ``S + i``), once with
the first level at seat 0 and once at seat 1, so neither level keeps the luck of a deal. For the
first level it prints the deals won, drawn (60-60, the patta) and lost, its share of deals won
with a 95% Wilson interval, and its card points per deal over the other level's with a 95%
interval (over the pairs, which are independent). Each decision's CPU time is kept for every
level, so ``hard``'s thinking time is also reported as the CPU it used (p50/p95/max), which a
busy machine does not inflate. The harness is ``bench.headsup``.
"""

from __future__ import annotations

from bench import headsup
from bench.headsup import Contest, Goal, ends_with

DEAL = Contest(
    game="briscola",
    noun="deal",
    points="card points",
    scores=ends_with("deal_over", lambda event: (event["points"][0], event["points"][1])),
    goals={("easy", "random"): Goal(share=0.70), ("hard", "easy"): Goal(0.62, 10.0)},
)
"""A deal won is above 60 of the 120 card points; 60-60 (the patta) is a draw, never a win."""


def main(argv: list[str] | None = None) -> None:
    headsup.main(
        "Briscola heads-up, deal by deal, seats swapped (95% intervals):", [DEAL], argv, __doc__
    )


if __name__ == "__main__":
    main()
