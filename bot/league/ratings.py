"""Ratings with openskill's Plackett-Luce model: per server and game, partnerships as teams.

An AI level is rated like a person (so beating an easy AI is worth little). When one level sits
in several seats of a match, each seat is rated from the level's rating before the match and
the level keeps the mean of their new ratings: one deterministic rule, so a rebuild from the
stored results gives exactly the same numbers.
"""

from __future__ import annotations

from collections import defaultdict
from statistics import fmean

from openskill.models import PlackettLuce

from bot.storage.records import MatchResult, Rating

MODEL = PlackettLuce()


def new_player() -> Rating:
    fresh = MODEL.rating()
    return Rating(mu=fresh.mu, sigma=fresh.sigma)


def shown(rating: Rating) -> float:
    """The rating people see: the conservative estimate mu - 3 sigma (0 for a newcomer)."""
    return rating.mu - 3 * rating.sigma


def rate(match: MatchResult, before: dict[str, Rating]) -> dict[str, Rating]:
    """The new rating of every player (person or AI level) in a finished match."""
    teams: dict[int, list[int]] = defaultdict(list)  # team -> seats, in seat order
    for taken in match.seats:
        teams[taken.team].append(taken.seat)
    order = sorted(teams)
    players = {s.seat: s.player for s in match.seats}
    places = {s.seat: s.place for s in match.seats}
    prior = {p: before.get(p) or new_player() for p in players.values()}
    rated = MODEL.rate(
        [
            [MODEL.rating(mu=prior[players[s]].mu, sigma=prior[players[s]].sigma) for s in teams[t]]
            for t in order
        ],
        ranks=[float(min(places[s] or 0 for s in teams[t])) for t in order],
    )
    after: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for t, team in zip(order, rated, strict=True):
        for seat, rating in zip(teams[t], team, strict=True):
            after[players[seat]].append((rating.mu, rating.sigma))
    return {
        player: Rating(mu=fmean(m for m, _ in new), sigma=fmean(s for _, s in new))
        for player, new in after.items()
    }
