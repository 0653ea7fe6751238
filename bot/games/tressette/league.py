"""What a match of Tressette records for the league: the accusi each seat declares and the last
tricks it takes, each seat's figures at the end (its side's deals won and points, the deals
played), and what they add to a player's statistics.

A deal won is not a score of the kinds the tables store move by move (a 105 penalty, a chip, a
resto), so ``scores`` records none: the deals are in each seat's figures."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.spec import Counts, count, deals_won, no_scores, summing
from bot.games.tressette.events import TressetteEvent

STATS = ("deals_won", "deals", "points", "accusi", "last_tricks")
"""The figures summed in a player's statistics."""
totals = summing(STATS)
scores = no_scores  # the module's docstring says why
figures = deals_won


def counts(events: Sequence[TressetteEvent]) -> Counts:
    """An accuso declared, counted to its declarer; the last trick of a deal, to its taker."""
    found: Counts = {}
    for event in events:
        if event["type"] == "accuse":
            count(found, event["seat"], "accusi")
        elif event["type"] == "trick" and event["last"]:
            count(found, event["winner"], "last_tricks")
    return found
