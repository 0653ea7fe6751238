"""What a deal of Minchiate records for the league: the resti each side takes (both partners'
scores), the combinations each seat declares, each seat's figures at the end (its side's
points and net resti), and what they add to a player's statistics."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.minchiate.events import MinchiateEvent
from bot.games.minchiate.views import MinchiateOutcome
from bot.games.spec import Counts, Scored, count


def scores(events: Sequence[MinchiateEvent]) -> list[Scored]:
    """The resti each side took with one move, for both partners. The deal's last trick may
    pay resti twice, the running ones and then the end's: they are one score of the move,
    their counts added up, the total the later one."""
    taken: dict[int, tuple[int, int]] = {}
    for event in events:
        if event["type"] == "resti":
            side = event["side"]
            count_so_far = taken.get(side, (0, 0))[0]
            taken[side] = (count_so_far + event["count"], event["resti"][side])
    return [
        Scored(seat=seat, kind="resti", points=points, total=total)
        for side, (points, total) in taken.items()
        for seat in (side, side + 2)
    ]


def counts(events: Sequence[MinchiateEvent]) -> Counts:
    found: Counts = {}
    for event in events:
        if event["type"] == "declare":
            count(found, event["seat"], "combinations", len(event["combinations"]))
    return found


def figures(outcome: MinchiateOutcome, seat: int) -> dict[str, int]:
    return {"points": outcome["points"][seat], "resti": outcome["resti"][seat]}


def totals(stats: Mapping[str, int]) -> dict[str, int]:
    """Combinations declared, the side's points (their average is shown), and net resti
    as resti won and resti lost."""
    resti = int(stats.get("resti", 0))
    return {
        "combinations": int(stats.get("combinations", 0)),
        "points": int(stats.get("points", 0)),
        "resti_won": max(resti, 0),
        "resti_lost": max(-resti, 0),
    }
