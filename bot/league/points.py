"""League points for one finished match (the scheme is documented in the README)."""

from __future__ import annotations

from bot.config import LeagueSettings
from bot.games import SPECS
from bot.storage.records import MatchResult


def league_points(match: MatchResult, scheme: LeagueSettings) -> dict[int, int] | None:
    """Each person's points by seat (AI seats earn none), or None when the match does not
    count (too few people in it).

    One point (``points_per_opponent_below``) for each opponent who finished below; in a game
    of partnerships (its spec's ``seats.partnered``) each partner of the winning side gets
    ``partnership_win``, of a draw ``partnership_draw``. AI opponents count as opponents: the
    ``min_humans`` rule is what keeps points from being farmed against them.
    """
    if match.abandoned or match.humans < scheme.min_humans:
        return None
    spec = SPECS.get(match.game)
    partners = spec is not None and spec.seats.partnered(len(match.seats))
    points = {}
    for seat in (s for s in match.seats if s.user_id is not None):
        assert seat.place is not None, "a finished match has every place"
        if partners:
            draw = all(other.place == seat.place for other in match.seats)
            won = seat.place == 1 and not draw
            points[seat.seat] = (
                scheme.partnership_draw if draw else scheme.partnership_win if won else 0
            )
        else:
            below = sum(1 for o in match.seats if o.place is not None and o.place > seat.place)
            points[seat.seat] = below * scheme.points_per_opponent_below
    return points
