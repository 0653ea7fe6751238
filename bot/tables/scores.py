"""What a move's events record, as the tables store it: the scores (105 penalties, chips lost,
resti won), and each seat's figures once the match is over. What counts is each game's own
(its spec's ``league``); the league's counters a move adds are kept in the seats."""

from __future__ import annotations

from typing import Any

from bot.games import GameSpec
from bot.games.base import Event, Json
from bot.storage.records import Score


def scores_of(spec: GameSpec[Any, Any, Any], events: list[Event]) -> list[Score]:
    return [
        Score(seat=s.seat, kind=s.kind, points=s.points, total=s.total)
        for s in spec.league.scores(events)
    ]


def match_stats(
    spec: GameSpec[Any, Any, Any], outcome: Json, counts: list[dict[str, int]]
) -> list[dict[str, int]]:
    """Each seat's scores in a finished match, for the league: its counters and the outcome's
    figures for that seat."""
    return [{**kept, **spec.league.figures(outcome, seat)} for seat, kept in enumerate(counts)]
