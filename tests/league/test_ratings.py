"""Ratings: openskill Plackett-Luce, partnerships as teams, AI levels rated like people."""

from __future__ import annotations

from bot.league.ratings import new_player, rate, shown
from bot.storage.records import Rating

from .helpers import result


def test_the_winner_gains_and_the_losers_lose() -> None:
    after = rate(result("cento", [1, 2, 3], [1, 2, 3]), {})
    start = new_player().mu
    assert after["u:1"].mu > start > after["u:3"].mu
    assert after["u:1"].mu > after["u:2"].mu > after["u:3"].mu
    assert all(r.sigma < new_player().sigma for r in after.values())


def test_beating_a_weak_ai_is_worth_less_than_beating_a_strong_one() -> None:
    weak = {"ai:easy": Rating(mu=15.0, sigma=2.0)}
    strong = {"ai:easy": Rating(mu=35.0, sigma=2.0)}
    against_weak = rate(result("centocinque", [1, "easy"], [1, 2]), weak)["u:1"].mu
    against_strong = rate(result("centocinque", [1, "easy"], [1, 2]), strong)["u:1"].mu
    assert against_strong > against_weak > new_player().mu


def test_one_ai_level_in_several_seats_keeps_the_mean_of_their_new_ratings() -> None:
    twice = rate(result("cento", [1, "easy", "easy"], [2, 1, 3]), {})
    assert set(twice) == {"u:1", "ai:easy"}
    # The same match with two different (equally new) levels rates each seat on its own.
    apart = rate(result("cento", [1, "easy", "hard"], [2, 1, 3]), {})
    assert twice["u:1"] == apart["u:1"]
    assert twice["ai:easy"].mu == (apart["ai:easy"].mu + apart["ai:hard"].mu) / 2
    assert twice["ai:easy"].sigma == (apart["ai:easy"].sigma + apart["ai:hard"].sigma) / 2


def test_partners_share_their_result_and_a_draw_moves_no_one_up() -> None:
    won = rate(result("minchiate", [1, 2, 3, 4], [1, 2, 1, 2]), {})
    assert won["u:1"] == won["u:3"] and won["u:2"] == won["u:4"]
    assert won["u:1"].mu > new_player().mu > won["u:2"].mu
    draw = rate(result("minchiate", [1, 2, 3, 4], [1, 1, 1, 1]), {})
    assert {round(r.mu, 9) for r in draw.values()} == {round(new_player().mu, 9)}


def test_rating_is_deterministic_and_shown_conservatively() -> None:
    match = result("cento", [1, 2, 3, 4], [1, 2, 3, 4])
    assert rate(match, {}) == rate(match, {})
    assert abs(shown(new_player())) < 1e-9  # mu - 3 sigma of a newcomer
