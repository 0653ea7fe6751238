"""What a match of Briscola records for the league: the carichi each seat takes from the other
sides, each seat's figures at the end (its side's mani won and card points, the mani played),
and what they add to a player's statistics.

A mano won is not a score of the kinds the tables store move by move (a 105 penalty, a chip, a
resto), so ``scores`` records none: the mani are in each seat's figures."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.briscola.cards import CARICHI
from bot.games.briscola.events import BriscolaEvent
from bot.games.spec import Counts, count, deals_won, no_scores, summing

STATS = ("deals_won", "deals", "points", "carichi")
"""The figures summed in a player's statistics."""
totals = summing(STATS)
scores = no_scores  # the module's docstring says why
figures = deals_won


def counts(events: Sequence[BriscolaEvent]) -> Counts:
    """A carico taken: an Asso or a 3 another side played, in a presa the seat won."""
    found: Counts = {}
    for event in events:
        if event["type"] != "trick":
            continue
        seats, winner = len(event["cards"]), event["winner"]
        sides = 2 if seats == 4 else seats
        theirs = sum(
            card in CARICHI and (event["leader"] + i) % seats % sides != winner % sides
            for i, card in enumerate(event["cards"])
        )
        if theirs:
            count(found, winner, "carichi", theirs)
    return found
