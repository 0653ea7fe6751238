"""Tressette's hard AI and the partners' signals: what a striscio and a volo tell its samples,
how it heeds a partner's busso, and the player that neither gives nor reads them."""

from __future__ import annotations

import random

from bot.games.base import Json
from bot.games.tressette.ai import HardPlayer
from bot.games.tressette.endgame import best_card
from bot.games.tressette.engine import TressetteState
from bot.games.tressette.sample import Sampler, held, voids

from .deals import RULES, act, fill, start


def _hands(state: TressetteState, seat: int, signals: bool, n: int = 60) -> list[list[str]]:
    """Seat 0's hand in ``n`` samples drawn from ``seat``'s view."""
    sampler = Sampler(RULES.view(state, seat), signals)
    rng = random.Random(3)
    return [sampler.draw(rng).hands[0] for _ in range(n)]


def _a_play(state: TressetteState, seat: int) -> str:
    """The first card ``seat`` may play, without a word."""
    return next(a for a in RULES.legal_actions(state, seat) if a.startswith("play:"))


def _striscio() -> TressetteState:
    """Seat 0 holds two coppe and leads one saying striscio; seat 1 answers."""
    st = start(fill([["4c", "5c"], [], [], []], void={0: "c"}))
    assert [c for c in st.hands[0] if c[-1] == "c"] == ["4c", "5c"]
    st, _ = act(st, 0, "play:4c:striscio")
    return act(st, 1, _a_play(st, 1))[0]


def test_a_striscio_says_the_leader_still_holds_the_suit() -> None:
    st = _striscio()
    assert held(RULES.view(st, 2))[0] == {"c"}
    assert all(any(c[-1] == "c" for c in hand) for hand in _hands(st, 2, signals=True))
    # Without its evidence, the samples often leave seat 0 without a coppe.
    assert not all(any(c[-1] == "c" for c in hand) for hand in _hands(st, 2, signals=False))


def _view(tricks: list[Json], trick: list[str], leader: int, signal: str | None) -> Json:
    return {"seats": 4, "tricks": tricks, "trick": trick, "leader": leader, "signal": signal}


def test_the_suit_said_held_is_no_longer_said_once_the_leader_plays_one() -> None:
    said = {"leader": 1, "cards": ["4c", "5c", "6c", "7c"], "signal": "striscio", "winner": 0}
    # Seat 0 leads the next trick: seat 1 plays its second card, a coppe, then a spade.
    assert held(_view([said], ["Rb", "Cc"], 0, None)) == [set(), set(), set(), set()]
    assert held(_view([said], ["Rb", "Cs"], 0, None))[1] == {"c"}
    assert held(_view([said], [], 0, None))[1] == {"c"}
    # The trick on the table counts too, its signal with it.
    assert held(_view([], ["4c"], 2, "striscio"))[2] == {"c"}
    assert held(_view([], ["4c"], 2, "busso")) == [set(), set(), set(), set()]


def test_a_volo_is_read_only_by_a_player_that_reads_signals() -> None:
    st = start(fill([["Rb"], [], [], []], void={0: "b"}))
    st, _ = act(st, 0, "play:Rb:volo")
    view = RULES.view(st, 1)
    assert voids(view)[0] == {"b"} and voids(view, signals=False)[0] == set()
    assert not any(c[-1] == "b" for hand in _hands(st, 1, signals=True) for c in hand)
    assert any(c[-1] == "b" for hand in _hands(st, 1, signals=False) for c in hand)


def test_hard_takes_its_partner_s_busso_with_its_best_and_leads_the_suit_back() -> None:
    """Seat 0 leads the 4 di Coppe saying busso; seat 2, holding the 3, the Re and the 6 of
    Coppe, takes with the 3 and then leads a coppe back."""
    hands = fill([["4c", "Ac"], ["5c"], ["3c", "Rc", "6c"], []], void={0: "c", 2: "c"})
    st = start(hands, options={"accusi": False})
    st, _ = act(st, 0, "play:4c:busso")
    st, _ = act(st, 1, "play:5c")
    hard = HardPlayer(budget=24)
    move = hard.choose(RULES.view(st, 2), RULES.legal_actions(st, 2), random.Random(1))
    assert move == "play:3c"
    st, _ = act(st, 2, move)
    st, _ = act(st, 3, _a_play(st, 3))
    assert st.current == 2
    back = hard.choose(RULES.view(st, 2), RULES.legal_actions(st, 2), random.Random(1))
    assert back is not None and back.split(":")[1] in ("Rc", "6c")


def test_the_silent_player_never_signals() -> None:
    """A deal of four silent players: every card led is led without a word."""
    silent = HardPlayer(budget=8, signals=False)
    state = RULES.new_game(seats=4, seed=2)
    rng = random.Random(2)
    leads = []
    while state.deal_no == 1:
        seat = state.current
        assert seat is not None
        move = silent.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), rng)
        assert move is not None
        if not state.trick and move.startswith("play:"):
            leads.append(move)
        state, _ = act(state, seat, move)
    assert len(leads) == 10 and all(move.count(":") == 1 for move in leads), leads


def test_the_end_of_a_two_seat_deal_is_played_exactly() -> None:
    """Seat 0 holds the 3 di Coppe and the 4 di Denari, seat 1 the 2 di Coppe and the Asso di
    Denari. Leading the 3 takes 2 thirds, then the Asso takes 3 and the last trick: -4 for
    seat 0. Leading the 4 gives the Asso its 3 thirds, then the 3 beats the 2 and takes the
    last trick: +2. The exact end leads the 4; seat 1, on the 3, has only the 2."""
    hands = [["3c", "4d"], ["2c", "Ad"]]
    assert best_card(hands, 0, 0, [], ["3c", "4d"]) == "4d"
    assert best_card([["4d"], ["2c", "Ad"]], 1, 0, ["3c"], ["2c"]) == "2c"
    # Seat 1 leading: the 2 first (the 3 takes it), so that the Asso takes the last trick.
    assert best_card([["3c", "4d"], ["2c", "Ad"]], 1, 1, [], ["2c", "Ad"]) == "2c"
