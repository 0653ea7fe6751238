"""What a match of Centocinque records for the league: each hand's penalties, the seats'
counters (hands played and won, penalty points, penúltima missed and called out), each seat's
figures at the end, and what they add to a player's statistics."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.centocinque.engine import ELIMINATION
from bot.games.centocinque.events import CentocinqueEvent
from bot.games.centocinque.views import CentocinqueOutcome
from bot.games.spec import Counts, Scored, count, summing

STATS = ("hands_won", "hands", "penalty", "eliminated", "missed", "called_out")
"""The figures summed in a player's statistics, in the order they are shown."""
totals = summing(STATS)


def scores(events: Sequence[CentocinqueEvent]) -> list[Scored]:
    return [
        Scored(seat=int(s), kind="penalty", points=p, total=event["tallies"][int(s)])
        for event in events
        if event["type"] == "hand_over"
        for s, p in event["penalties"].items()
    ]


def counts(events: Sequence[CentocinqueEvent]) -> Counts:
    found: Counts = {}
    for event in events:
        if event["type"] == "hand_over":
            count(found, event["winner"], "hands")
            for seat, points in event["penalties"].items():
                count(found, int(seat), "hands")
                count(found, int(seat), "penalty", points)
        elif event["type"] == "callout" and not event.get("wrong"):
            count(found, event["target"], "missed")
            count(found, event["seat"], "called_out")
    return found


def figures(outcome: CentocinqueOutcome, seat: int) -> dict[str, int]:
    return {
        "hands_won": outcome["hands_won"][seat],
        "tally": outcome["tallies"][seat],
        "eliminated": int(outcome["tallies"][seat] >= ELIMINATION),
    }
