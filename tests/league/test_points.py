"""League points: one per opponent below you; in a partnership game (Minchiate) 2 for each
partner of a side's win, 1 for a draw."""

from __future__ import annotations

from bot.config import LeagueSettings
from bot.league.points import league_points

from .helpers import result

SCHEME = LeagueSettings()


def test_one_point_for_each_opponent_finishing_below() -> None:
    match = result("cento", [1, 2, 3, 4], [2, 3, 1, 3])
    assert league_points(match, SCHEME) == {0: 2, 1: 0, 2: 3, 3: 0}


def test_ai_opponents_below_count_but_ai_seats_need_enough_people_for_any_points() -> None:
    assert league_points(result("centocinque", [1, 2, "easy"], [1, 2, 3]), SCHEME) == {0: 2, 1: 1}
    assert league_points(result("centocinque", [1, "easy", "hard"], [1, 2, 3]), SCHEME) is None
    lenient = LeagueSettings(min_humans=1)
    assert league_points(result("centocinque", [1, "easy", "hard"], [1, 2, 3]), lenient) == {0: 2}


def test_minchiate_pays_each_partner_for_a_win_and_for_a_draw() -> None:
    won = result("minchiate", [1, 2, 3, 4], [2, 1, 2, 1])
    assert league_points(won, SCHEME) == {0: 0, 1: 2, 2: 0, 3: 2}
    draw = result("minchiate", [1, 2, 3, 4], [1, 1, 1, 1])
    assert league_points(draw, SCHEME) == {0: 1, 1: 1, 2: 1, 3: 1}


def test_the_scheme_is_configurable() -> None:
    scheme = LeagueSettings(points_per_opponent_below=3, partnership_win=5, partnership_draw=0)
    assert league_points(result("cento", [1, 2, 3], [1, 2, 3]), scheme) == {0: 6, 1: 3, 2: 0}
    assert league_points(result("minchiate", [1, 2, 3, 4], [1, 1, 1, 1]), scheme) == dict.fromkeys(
        range(4), 0
    )
    won = result("minchiate", [1, 2, 3, 4], [1, 2, 1, 2])
    assert league_points(won, scheme) == {0: 5, 1: 0, 2: 5, 3: 0}
