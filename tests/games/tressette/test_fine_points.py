"""RULES.md §6.7, the fine points: the house rules checked, the accusi and the signals as
public knowledge, and the views that show nothing a seat may not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.tressette.engine import TressetteState
from tests.games.support import seat_on_turn, strings_in

from .deals import RULES, act, fill, start


@pytest.mark.parametrize(
    ("options", "seats", "refusal"),
    [
        ({"kings": True}, 4, "Unknown option"),
        ({"target": 20}, 4, "target"),
        ({"target": "21"}, 4, "target"),
        ({"accusi": "yes"}, 4, "accusi"),
        ({"signals": 1}, 4, "signals"),
        ({}, 3, "2 or 4 players"),
        ({}, 5, "players"),
        ({}, 1, "players"),
    ],
)
def test_bad_house_rules_and_table_sizes_are_refused(
    options: dict[str, Any], seats: int, refusal: str
) -> None:
    with pytest.raises(GameError, match=refusal):
        RULES.new_game(seats=seats, seed=1, options=options)


@pytest.mark.parametrize("target", [11, 21, 31, 41])
def test_every_target_is_played_to(target: int) -> None:
    st = RULES.new_game(seats=4, seed=target, options={"target": target})
    rng = random.Random(target)
    while RULES.outcome(st) is None:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    outcome = RULES.outcome(st)
    assert outcome is not None
    assert max(outcome["points"]) >= target
    assert outcome["points"][0] != outcome["points"][1]
    assert outcome["deals"] == len(outcome["deal_points"])


def test_signals_with_two_players_are_accepted_and_change_nothing() -> None:
    st = start(fill([["Ac", "5c"], []]), options={"signals": True})
    assert all(a.count(":") == 1 for a in RULES.legal_actions(st, 0) if a.startswith("play"))
    with pytest.raises(GameError, match="two players"):
        act(st, 0, "play:Ac:busso")


def test_with_signals_off_no_token_carries_one() -> None:
    st = start(fill([["Ac", "5c"], [], [], []]), options={"signals": False})
    assert all(a.count(":") == 1 for a in RULES.legal_actions(st, 0) if a.startswith("play"))
    with pytest.raises(GameError, match="not played at this table"):
        act(st, 0, "play:Ac:striscio")


def test_with_accusi_off_nothing_is_declared() -> None:
    st = start(fill([["Ac", "2c", "3c"], [], [], []]), options={"accusi": False})
    assert not any(a.startswith("accuse") for a in RULES.legal_actions(st, 0))
    with pytest.raises(GameError, match="not played at this table"):
        act(st, 0, "accuse:napoletana:c")


@pytest.mark.parametrize(
    ("token", "refusal"),
    [
        ("accuse:napoletana:d", "do not hold"),
        ("accuse:napoletana:x", "not a combination"),
        ("accuse:tris:3", "not a combination"),
        ("accuse:buongioco:R", "not a combination"),
        ("play:Zz", "not a card"),
        ("play:Ac:shout", "not a signal"),
        ("play:Ac:busso:volo", "Name one card"),
        ("draw", "not a move in Tressette"),
    ],
)
def test_bad_moves_are_refused_with_their_reason(token: str, refusal: str) -> None:
    st = start(fill([["Ac", "2c", "3c"], [], [], []], void={0: "d"}))
    with pytest.raises(GameError, match=refusal):
        act(st, 0, token)


def test_another_seat_may_not_declare_or_play_out_of_turn() -> None:
    st = start(fill([["4c"], ["Ac", "2c", "3c"], [], []]))
    with pytest.raises(GameError, match="not your turn"):
        act(st, 1, "accuse:napoletana:c")
    assert RULES.legal_actions(st, 1) == []


def test_the_first_leader_may_declare_and_then_lead_with_a_signal() -> None:
    st = start(fill([["Ac", "2c", "3c", "4c"], [], [], []]))
    st, _ = act(st, 0, "accuse:napoletana:c")
    st, events = act(st, 0, "play:4c:striscio")
    assert events == [{"type": "play", "seat": 0, "card": "4c", "signal": "striscio"}]


def test_declared_cards_are_known_until_played_and_the_signal_until_the_trick_is_done() -> None:
    st = start(fill([["Ac", "2c", "3c", "4c"], [], [], []]))
    st, _ = act(st, 0, "accuse:napoletana:c")
    st, _ = act(st, 0, "play:Ac:busso")
    for viewer in (None, 0, 1, 2, 3):
        view = RULES.view(st, viewer)
        assert view["known"] == {"2c": 0, "3c": 0}
        assert view["declared"] == [{"seat": 0, "combination": "napoletana:c", "points": 3}]
        assert view["signal"] == "busso"
    for seat in (1, 2, 3):
        plays = [a for a in RULES.legal_actions(st, seat) if a.startswith("play")]
        st, _ = act(st, seat, plays[0])
    view = RULES.view(st, 1)
    assert view["signal"] is None and view["trick"] == []
    assert view["tricks"][0]["signal"] == "busso"


@pytest.mark.parametrize("seats", [2, 4])
def test_no_view_shows_another_hands_hidden_cards_or_the_stock(seats: int) -> None:
    for seed in range(8):
        st = RULES.new_game(seats=seats, seed=seed)
        rng = random.Random(seed)
        while RULES.outcome(st) is None:
            known = {c: s for c, s in RULES.view(st, None)["known"].items()}
            for viewer in (None, *range(seats)):
                shown = strings_in(RULES.view(st, viewer))
                for seat, hand in enumerate(st.hands):
                    if seat != viewer:
                        hidden = {c for c in hand if known.get(c) != seat}
                        assert not hidden & shown
                assert not set(st.stock) & shown
            seat = seat_on_turn(RULES, st)
            st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))


def _second_deal(st: TressetteState) -> list[list[str]]:
    """The hands of the second deal, the first played out at random."""
    rng = random.Random(1)
    while st.deal_no == 1:
        seat = seat_on_turn(RULES, st)
        st, _ = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
    return st.hands


def test_an_explicit_deck_is_the_first_deals_only() -> None:
    """The second deal is shuffled from the seed, whatever deck the first was dealt from."""
    explicit = start(fill([[], [], [], []]))
    shuffled = RULES.new_game(seats=4, seed=1, dealer=3)
    assert explicit.hands != shuffled.hands
    assert _second_deal(explicit) == _second_deal(shuffled)
