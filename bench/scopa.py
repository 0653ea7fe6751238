"""Scopa's AI strength heads-up, round by round and whole games, the seats swapped:
``python -m bench.scopa [--pairs N] [--games N] [--seed S] [--quick] [--matchups a:b,...]``
(``easy:random,hard:easy`` unless told).

The unit whose seats are swapped is the round (smazzata): each match-up plays ``--pairs`` rounds
twice, the first round dealt from seed ``S + i`` (the deck, and the dealer alternating with the
seed), once with the first level at seat 0 and once at seat 1. For the first level it prints the
rounds won, drawn and lost by round points, its share of rounds won (draws counting half) with a
95% Wilson interval, and its round points per round over the other level with a 95% interval
over the pairs. Then ``--games`` whole games to 11 the same way (each game from seed ``S + i``,
twice, seats swapped; later rounds are dealt from the seed and the round's number, so both games
of a pair see the same decks while they last): games won (heads-up a game has no draw) and
points per game over the other level. CPU time per decision is kept for each level. The harness
is ``bench.headsup``; the goals are issue 20's.
"""

from __future__ import annotations

from dataclasses import replace

from bench import headsup
from bench.headsup import Contest, Goal, Scores, ends_with
from bot.games.base import Event


def round_points(event: Event) -> Scores:
    """Each seat's points of the round."""
    sides = event["sides"]
    return sides[0]["total"], sides[1]["total"]


ROUND = Contest(
    game="scopa",
    noun="round",
    points="round points",
    scores=ends_with("round_over", round_points),
    draw=0.5,
    digits=2,
    goals={("hard", "easy"): Goal(points=0.6)},
)
"""A round won has more round points than the other side's; level rounds are draws."""

GAME = replace(
    ROUND,
    noun="game",
    points="points",
    scores=ends_with("game_over", lambda event: (event["scores"][0], event["scores"][1])),
    pairs=50,
    goals={("easy", "random"): Goal(share=0.75), ("hard", "easy"): Goal(share=0.60)},
)
"""A game to 11 (extra rounds while the top is level, so heads-up one side always wins)."""


def main(argv: list[str] | None = None) -> None:
    title = "Scopa heads-up, round by round and whole games, seats swapped (95% intervals):"
    headsup.main(title, [ROUND, GAME], argv, __doc__)


if __name__ == "__main__":
    main()
