"""One Hundred: the public record of each seat's last play, and how the hard AI reads it."""

from __future__ import annotations

import random

import pytest

from bot.games import GAMES, GameError
from bot.games.cards import french_pack
from bot.games.cento.ai import easy_chance, fit_chance, sample
from bot.games.cento.engine import LIMIT, new_total
from tests.games.support import deal_deck, seat_on_turn

rules = GAMES["cento"]


def safe_at(card: str, total: int) -> bool:
    return new_total(card, total, LIMIT, False) <= LIMIT


def test_the_view_shows_each_seats_last_play_and_a_bust() -> None:
    hands = [["9C", "8D", "KH"], ["3S", "6D", "QC"], ["2H", "5S", "7C"]]
    st = rules.new_game(seats=3, seed=3, dealer=2, deck=deal_deck(french_pack(), hands, []))
    assert rules.view(st, None)["last_plays"] == [None, None, None]
    st, _ = rules.apply(st, 0, "play:9C")
    st = rules.load({**rules.dump(st), "total": 98})
    st, _ = rules.apply(st, 1, "play:6D")
    plays = rules.view(st, 2)["last_plays"]
    assert plays[0] == {"card": "9C", "before": 0, "bust": False}
    assert plays[1] == {"card": "6D", "before": 98, "bust": True}
    assert plays[2] is None


def test_a_reshuffle_forgets_the_plays_whose_cards_left_the_pile() -> None:
    """A view never names a card in a hidden place: after a reshuffle those cards may be in
    the stock or in a hand."""
    st = rules.new_game(seats=3, seed=5)
    for _ in range(2):
        seat = seat_on_turn(rules, st)
        st, _ = rules.apply(st, seat, rules.legal_actions(st, seat)[0])
    st.pile, st.stock = st.stock + st.pile, []  # the stock is spent
    seat = seat_on_turn(rules, st)
    st, events = rules.apply(st, seat, rules.legal_actions(st, seat)[0])
    assert any(e["type"] == "reshuffle" for e in events)
    plays = rules.view(st, None)["last_plays"]
    assert [s for s, p in enumerate(plays) if p] == [seat]


def test_a_game_saved_before_the_last_plays_were_kept_still_loads() -> None:
    st = rules.new_game(seats=4, seed=8)
    data = rules.dump(st)
    del data["last_plays"]
    assert rules.view(rules.load(data), None)["last_plays"] == [None] * 4


@pytest.mark.parametrize(
    "plays",
    [
        [None, None],  # too few
        [{"card": "XX", "before": 3, "bust": False}, None, None, None],
        [{"card": "9C", "before": "3", "bust": False}, None, None, None],
        [{"card": "9C", "before": True, "bust": False}, None, None, None],
        [{"card": "9C", "before": 3}, None, None, None],
        ["9C", None, None, None],
    ],
)
def test_damaged_last_plays_are_refused_clearly(plays: list[object]) -> None:
    data = {**rules.dump(rules.new_game(seats=4, seed=8)), "last_plays": plays}
    with pytest.raises(GameError, match="damaged"):
        rules.load(data)


def test_easy_chance_is_the_rule_plus_a_careless_share() -> None:
    hand = ["TS", "9C", "KH"]
    assert easy_chance("TS", hand, 80, False) == pytest.approx(0.7 + 0.3 / 3)
    assert easy_chance("9C", hand, 80, False) == pytest.approx(0.3 / 3)
    assert easy_chance("9C", hand, 95, False) == 0.0  # not safe, and a safe card was held


def test_a_hand_fits_a_play_when_a_card_could_have_been_drawn_since() -> None:
    bust = {"card": "6D", "before": 100, "bust": True}
    assert fit_chance(["3S", "QC", "KH"], bust, False) > 0  # KH drawn after the bust
    assert fit_chance(["3S", "KH", "TC"], bust, False) == 0  # one escape was held


def test_the_sampler_never_deals_a_buster_a_card_that_was_safe() -> None:
    hands = [["KH", "KS", "KD"], ["3S", "6D", "QC"], ["2H", "5S", "7C"]]
    st = rules.new_game(seats=3, seed=3, dealer=2, deck=deal_deck(french_pack(), hands, []))
    st, _ = rules.apply(st, 0, "play:KH")
    st = rules.load({**rules.dump(st), "total": 100})
    st, _ = rules.apply(st, 1, "play:6D")  # a bust: seat 1 held no escape
    st, _ = rules.apply(st, 2, rules.legal_actions(st, 2)[0])
    view = rules.view(st, 0)
    rng = random.Random(1)
    for _ in range(200):
        held = sample(view, rng).hands[1]
        assert sum(safe_at(c, 100) for c in held) <= 1  # only the card drawn since
