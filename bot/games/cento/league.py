"""What a match of One Hundred records for the league: each chip lost, the seats' counters,
each seat's figures at the end (busts, chips left), and what they add to a player's
statistics."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cento.events import CentoEvent
from bot.games.cento.views import CentoOutcome
from bot.games.spec import Counts, Scored, count, summing

STATS = ("busts", "chips_lost")
"""The figures summed in a player's statistics, in the order they are shown."""
totals = summing(STATS)


def scores(events: Sequence[CentoEvent]) -> list[Scored]:
    return [
        Scored(seat=event["seat"], kind="chip", points=1, total=event["chips"])
        for event in events
        if event["type"] == "chip_lost"
    ]


def counts(events: Sequence[CentoEvent]) -> Counts:
    found: Counts = {}
    for event in events:
        if event["type"] == "chip_lost":
            count(found, event["seat"], "chips_lost")
    return found


def figures(outcome: CentoOutcome, seat: int) -> dict[str, int]:
    return {"busts": outcome["busts"][seat], "chips": outcome["chips"][seat]}
