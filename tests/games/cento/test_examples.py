"""RULES.md §2.5, every acceptance example, from explicit decks."""

from __future__ import annotations

import pytest

from bot.games import GAMES, GameError
from bot.games.base import Rules
from bot.games.cards import french_pack
from bot.games.cento.engine import CentoState, new_total
from tests.games.support import deal_deck

rules: Rules[CentoState] = GAMES["cento"]


def position(hand: list[str], total: int, seats: int = 3) -> CentoState:
    """Seat 0 on turn holding ``hand`` with the pile at ``total`` (dealer: the last seat)."""
    others = [c for c in french_pack() if c not in hand]
    hands = [hand] + [others[3 * i : 3 * i + 3] for i in range(seats - 1)]
    st = rules.new_game(
        seats=seats, seed=3, dealer=seats - 1, deck=deal_deck(french_pack(), hands, [])
    )
    return rules.load({**rules.dump(st), "total": total})


def test_only_the_safe_king_may_be_played_at_95() -> None:
    st = position(["7D", "9C", "KH"], 95)
    assert rules.legal_actions(st, 0) == ["play:KH"]
    with pytest.raises(GameError, match="102, over 100"):
        rules.apply(st, 0, "play:7D")
    st, _ = rules.apply(st, 0, "play:KH")
    assert st.total == 95


def test_no_safe_card_costs_a_chip_and_the_total_stays() -> None:
    st = position(["3S", "6D", "QC"], 98)
    assert sorted(rules.legal_actions(st, 0)) == ["play:3S", "play:6D", "play:QC"]
    st, events = rules.apply(st, 0, "play:6D")
    assert st.chips[0] == 2 and st.total == 98 and st.pile[-1] == "6D"
    assert len(st.hands[0]) == 3  # the player still draws
    assert events[0]["bust"] is True
    assert rules.turn(st) == 1


def test_two_of_spades_doubles() -> None:
    assert new_total("2S", 48, None, False) == 96
    assert "play:2S" in rules.legal_actions(position(["2S", "KD", "3C"], 48), 0)
    assert new_total("2S", 51, None, False) == 102
    assert sorted(rules.legal_actions(position(["2S", "KD", "3C"], 51), 0)) == [
        "play:3C",
        "play:KD",
    ]


def test_jack_and_minus_five_never_go_below_zero() -> None:
    assert new_total("JC", 4, None, False) == 0
    assert new_total("5H", 0, None, False) == 0
    st, _ = rules.apply(position(["JC", "KD", "3C"], 4), 0, "play:JC")
    assert st.total == 0
    negative = rules.new_game(seats=3, seed=1, options={"allow_negative": True})
    assert negative.options.allow_negative and new_total("JC", 4, None, True) == -6


def test_a_four_reverses_so_the_dealer_plays_after_the_leader() -> None:
    hands = [["KS", "KH", "KD"], ["4S", "2H", "3D"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]]
    deck = deal_deck(french_pack(), [hands[1], hands[2], hands[3], hands[0]], [])
    st = rules.new_game(seats=4, seed=1, dealer=0, deck=deck)
    assert rules.turn(st) == 1
    st, _ = rules.apply(st, 1, "play:4S")
    assert rules.turn(st) == 0


def test_ten_is_safe_at_100_and_a_chosen_ace_sets_any_value_in_range() -> None:
    st = position(["TS", "3H", "8C"], 100)
    assert rules.legal_actions(st, 0) == ["play:TS"]
    st, _ = rules.apply(st, 0, "play:TS")
    assert st.total == 100
    ace = position(["AC", "3H", "8C"], 100)
    after, _ = rules.apply(ace, 0, "play:AC:37")
    assert after.total == 37
    for bad in ("play:AC:101", "play:AC:-1", "play:AC", "play:AC:x"):
        with pytest.raises(GameError, match="0 to 100"):
            rules.apply(ace, 0, bad)


def test_seven_players_use_two_packs() -> None:
    st = rules.new_game(seats=7, seed=5)
    cards = [c for h in st.hands for c in h] + st.stock + st.pile
    assert len(cards) == 104
    assert sorted(cards) == sorted(french_pack(2))
    assert len(rules.new_game(seats=6, seed=5).stock) == 52 - 18


def test_a_seat_with_no_chip_left_is_out_and_its_moves_are_refused() -> None:
    st = position(["7D", "9C", "KH"], 10)
    out = rules.load({**rules.dump(st), "chips": [0, 3, 3]})
    with pytest.raises(GameError, match="You are not playing in this match"):
        rules.apply(out, 0, "play:7D")
    assert rules.apply(st, 0, "play:7D")[0].total == 17  # the same move, with a chip, is played
