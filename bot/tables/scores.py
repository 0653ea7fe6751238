"""The scores a move's events record: 105 penalties, chips lost, resti won."""

from __future__ import annotations

from bot.games.base import Event
from bot.storage.records import Score


def scores_of(game: str, events: list[Event]) -> list[Score]:
    scores: list[Score] = []
    for event in events:
        kind = event["type"]
        if game == "centocinque" and kind == "hand_over":
            scores.extend(
                Score(seat=int(s), kind="penalty", points=p, total=event["tallies"][int(s)])
                for s, p in event["penalties"].items()
            )
        elif game == "cento" and kind == "chip_lost":
            scores.append(Score(seat=event["seat"], kind="chip", points=1, total=event["chips"]))
        elif game == "minchiate" and kind == "resti":
            side = event["side"]
            scores.extend(
                Score(seat=seat, kind="resti", points=event["count"], total=event["resti"][side])
                for seat in (side, side + 2)
            )
    return scores
