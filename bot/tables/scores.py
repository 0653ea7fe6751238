"""What a move's events record: the scores (105 penalties, chips lost, resti won), the league's
counters kept in each seat, and each seat's figures once the match is over."""

from __future__ import annotations

from bot.games.base import Event, Json
from bot.games.centocinque.engine import ELIMINATION
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


def counts_of(game: str, events: list[Event]) -> dict[int, dict[str, int]]:
    """What a move adds to each seat's league counters (kept in the seat, move by move)."""
    counts: dict[int, dict[str, int]] = {}

    def add(seat: int, kind: str, n: int = 1) -> None:
        seat_counts = counts.setdefault(seat, {})
        seat_counts[kind] = seat_counts.get(kind, 0) + n

    for event in events:
        kind = event["type"]
        if game == "centocinque" and kind == "hand_over":
            add(event["winner"], "hands")
            for seat, points in event["penalties"].items():
                add(int(seat), "hands")
                add(int(seat), "penalty", points)
        elif game == "centocinque" and kind == "callout" and not event.get("wrong"):
            add(event["target"], "missed")
            add(event["seat"], "called_out")
        elif game == "cento" and kind == "chip_lost":
            add(event["seat"], "chips_lost")
        elif game == "minchiate" and kind == "declare":
            add(event["seat"], "combinations", len(event["combinations"]))
    return counts


def teams_of(game: str, seats: int) -> list[int]:
    """Each seat's side for ratings: Minchiate's partnerships sit opposite (0 and 2, 1 and 3);
    elsewhere everyone plays for themselves."""
    return [seat % 2 if game == "minchiate" else seat for seat in range(seats)]


def match_stats(game: str, outcome: Json, counts: list[dict[str, int]]) -> list[dict[str, int]]:
    """Each seat's scores in a finished match, for the league: its counters and the outcome's
    figures for that seat."""
    stats = []
    for seat, kept in enumerate(counts):
        figures = dict(kept)
        if game == "centocinque":
            figures["hands_won"] = outcome["hands_won"][seat]
            figures["tally"] = outcome["tallies"][seat]
            figures["eliminated"] = int(outcome["tallies"][seat] >= ELIMINATION)
        elif game == "cento":
            figures["busts"] = outcome["busts"][seat]
            figures["chips"] = outcome["chips"][seat]
        elif game == "minchiate":
            figures["points"] = outcome["points"][seat]
            figures["resti"] = outcome["resti"][seat]
        stats.append(figures)
    return stats
