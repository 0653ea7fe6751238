"""Determinized Monte Carlo search: the engine of every ``hard`` AI.

The searcher never sees the real state. It samples full states that fit the seat's view
(``sample``: the unseen cards dealt at random among the places the seat cannot see), tries
each candidate action on the same samples (common random numbers, so candidates are
compared on equal deals), plays each sample out with a fast policy, and keeps the candidate
with the best mean score. The budget is a count of playouts, never a time, so a seeded
search is deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from bot.games.base import Json, Rules

StateT = TypeVar("StateT")
DealT = TypeVar("DealT")

Sample = Callable[[random.Random], Any]
Playout = Callable[[Any, random.Random], float]


def best_action(
    rules: Rules[Any],
    seat: int,
    candidates: list[str],
    sample: Sample,
    playout: Playout,
    rng: random.Random,
    playouts: int,
    halving: bool = False,
) -> str:
    """The candidate with the best mean playout score, over about ``playouts`` playouts: every
    candidate played on the same samples, the best kept.

    In rounds of ``halving``: the budget split evenly over as many rounds as it takes to halve
    the candidates down to one; each round plays every candidate left on the same samples,
    then keeps the better half (by the total over every round so far, which each candidate
    left has played as often). The close candidates get the most playouts."""
    alive = list(candidates)
    totals = dict.fromkeys(alive, 0.0)
    rounds = max(1, math.ceil(math.log2(len(alive)))) if halving else 1
    while len(alive) > 1:
        for _ in range(max(1, playouts // rounds // len(alive))):
            _play_once(rules, seat, alive, totals, sample(rng), playout, rng)
        keep = (len(alive) + 1) // 2 if halving else 1
        # Ties go to the earlier candidate: callers list their preferred moves first.
        alive = sorted(alive, key=lambda a: -totals[a])[:keep]
    return alive[0]


best_by_halving = partial(best_action, halving=True)


def _play_once(
    rules: Rules[Any],
    seat: int,
    actions: list[str],
    totals: dict[str, float],
    state: Any,
    playout: Playout,
    rng: random.Random,
) -> None:
    """Each action tried on one sampled ``state`` and played out on the same random numbers
    (common random numbers: the actions compared on equal deals), its score added up."""
    seed = rng.getrandbits(32)
    for action in actions:
        after, _ = rules.apply(state, seat, action)
        totals[action] += playout(after, random.Random(seed))


def best_for_view(
    rules: Rules[Any],
    view: Json,
    candidates: list[str],
    sample: Callable[[Json, random.Random], StateT],
    playout: Callable[[StateT, int, random.Random], float],
    rng: random.Random,
    playouts: int,
    halving: bool = False,
) -> str:
    """``best_action`` for the seat whose ``view`` it is: each sample drawn from the view,
    each playout scored for that seat."""
    seat = int(view["seat"])
    return best_action(
        rules,
        seat,
        candidates,
        lambda r: sample(view, r),
        lambda st, r: playout(st, seat, r),
        rng,
        playouts,
        halving,
    )


def fitting(deal: Callable[[bool], DealT | None], tries: int) -> DealT:
    """A sample's hidden cards from ``deal``: up to ``tries`` deals that keep every fact play
    revealed (``deal(True)``, None when its random filling cornered itself), else one that lets
    them go (``deal(False)``, which always succeeds)."""
    for _ in range(tries):
        dealt = deal(True)
        if dealt is not None:
            return dealt
    dealt = deal(False)
    assert dealt is not None, "a deal that ignores what play revealed always succeeds"
    return dealt


def deal_unseen(view: dict[str, Any], unseen: list[str], rng: random.Random) -> list[list[str]]:
    """Every seat's hand for a sample: the seat's own as it is, the others dealt from the
    shuffled ``unseen`` cards by their known sizes. What is left in ``unseen`` is the stock."""
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for seat, size in enumerate(view["hand_sizes"]):
        if seat == view["seat"]:
            hands.append(list(view["hand"]))
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    return hands
