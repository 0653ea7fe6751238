"""What a game of Scopa records for the league: each seat's scope, the settebello it took, the
primiere its side won and the rounds it played, its side's points at the end, and what they
add to a player's statistics.

Scopa keeps no running score of its own kind among the table's scores (a 105 penalty, a chip,
a resto), so ``scores`` records none; the points are in the figures."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.scopa.cards import SETTEBELLO
from bot.games.scopa.events import ScopaEvent
from bot.games.scopa.views import ScopaOutcome
from bot.games.spec import Counts, count, no_scores, summing

STATS = ("rounds", "scope", "settebello", "primiera", "points")
"""The figures summed in a player's statistics."""
totals = summing(STATS)
scores = no_scores  # the module's docstring says why


def counts(events: Sequence[ScopaEvent]) -> Counts:
    found: Counts = {}
    for event in events:
        if event["type"] == "play":
            if event["scopa"]:
                count(found, event["seat"], "scope")
            if event["took"] and SETTEBELLO in (event["card"], *event["took"]):
                count(found, event["seat"], "settebello")
        elif event["type"] == "sweep" and event["seat"] is not None:
            if SETTEBELLO in event["cards"]:
                count(found, event["seat"], "settebello")
        elif event["type"] == "round_over":
            for part in event["sides"]:
                for seat in part["seats"]:
                    count(found, seat, "rounds")
                    if part["primiera"]:
                        count(found, seat, "primiera")
    return found


def figures(outcome: ScopaOutcome, seat: int) -> dict[str, int]:
    return {"points": outcome["points"][seat]}
