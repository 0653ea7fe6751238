"""What a match of War records for the league: the cards each seat takes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.spec import Counts, Scored, count
from tests.games.toy.war.events import WarEvent
from tests.games.toy.war.views import WarOutcome


def scores(events: Sequence[WarEvent]) -> list[Scored]:
    return []  # War keeps no running score


def counts(events: Sequence[WarEvent]) -> Counts:
    found: Counts = {}
    for event in events:
        if event["type"] == "take":
            count(found, event["seat"], "taken", event["cards"])
    return found


def figures(outcome: WarOutcome, seat: int) -> dict[str, int]:
    return {"won": outcome["won"][seat]}


def totals(stats: Mapping[str, int]) -> dict[str, int]:
    return {"taken": int(stats.get("taken", 0))}
