"""RULES.md §1.8, every acceptance example, from explicit decks."""

from __future__ import annotations

import pytest

from bot.games import GAMES, GameError
from bot.games.base import Rules
from bot.games.centocinque.engine import PACK, CentocinqueState
from tests.games.support import deal_deck

rules: Rules[CentocinqueState] = GAMES["centocinque"]


def start(hands: list[list[str]], starter: str, stock: list[str] | None = None) -> CentocinqueState:
    """Seat 0 plays first: the dealer is the last seat, so hands[0] is dealt first."""
    deck = deal_deck(PACK, hands, [starter, *(stock or [])])
    return rules.new_game(seats=len(hands), seed=1, dealer=len(hands) - 1, deck=deck)


def act(state: CentocinqueState, seat: int, action: str) -> CentocinqueState:
    new, _ = rules.apply(state, seat, action)
    return new


def test_twos_stack_and_the_target_draws_the_total_and_does_not_play() -> None:
    st = start(
        [
            ["2b", "3c", "2d", "Fs", "7d"],
            ["2c", "4s", "6d", "7s", "Rs"],
            ["3s", "4d", "6c", "Fd", "Rd"],
        ],
        "5b",
    )
    st = act(st, 0, "play:2b")
    st = act(st, 1, "play:2c")
    assert rules.turn(st) == 2
    assert rules.legal_actions(st, 2) == ["draw"]
    st = act(st, 2, "draw")
    assert len(st.hands[2]) == 5 + 4
    assert rules.turn(st) == 0
    assert sorted(rules.legal_actions(st, 0)) == ["play:2d", "play:3c"]


def test_ace_skips_the_next_player_and_locks_its_suit_against_rank_matches() -> None:
    st = start(
        [
            ["Ad", "3c", "5s", "6b", "Fb"],
            ["2c", "4s", "7d", "7s", "Rs"],
            ["As", "7c", "3s", "6s", "Fc"],
        ],
        "4d",
        ["6d"],
    )
    st = act(st, 0, "play:Ad")
    assert rules.turn(st) == 2  # seat 1 skipped
    assert rules.legal_actions(st, 2) == ["draw"]  # As would be a rank match: not allowed
    st = act(st, 2, "draw")
    assert st.hands[2][-1] == "6d"
    assert rules.legal_actions(st, 2) == ["play:6d"]  # legal, so it must be played at once
    with pytest.raises(GameError, match="only play the card you drew"):
        rules.apply(st, 2, "play:7c")


def test_ace_with_two_players_gives_the_same_player_another_turn() -> None:
    st = start([["Ac", "3c", "Ad", "5s", "7c"], ["2b", "4s", "6d", "7s", "Rs"]], "4c")
    st = act(st, 0, "play:Ac")
    assert rules.turn(st) == 0
    assert sorted(rules.legal_actions(st, 0)) == ["play:3c", "play:7c"]


def test_cavallo_lets_the_next_player_play_anything_and_the_next_matches_that() -> None:
    st = start(
        [
            ["Cs", "3c", "5d", "6b", "Fb"],
            ["7c", "4s", "2d", "7s", "Rd"],
            ["3d", "7b", "Fd", "Ab", "6d"],
        ],
        "3s",
    )
    st = act(st, 0, "play:Cs")
    assert {f"play:{c}" for c in st.hands[1]} == set(rules.legal_actions(st, 1))
    st = act(st, 1, "play:7c")
    assert sorted(rules.legal_actions(st, 2)) == ["play:7b"]


def test_re_reverses_the_direction() -> None:
    st = start(
        [
            ["Rc", "3c", "5d", "6b", "Fb"],
            ["7c", "4s", "2d", "7s", "Rd"],
            ["3d", "7b", "Fd", "Ab", "6c"],
        ],
        "4c",
    )
    st = act(st, 0, "play:Rc")
    assert rules.turn(st) == 2
    st = act(st, 2, "play:6c")
    assert rules.turn(st) == 1


def _down_to_one(say: bool, spare: str = "4b") -> CentocinqueState:
    """Seat 0 plays from five cards down to one; its last play says penúltima or not.
    Seat 1, next, then holds ``spare`` and 5b."""
    st = start(
        [
            ["4c", "4d", "4s", "5s", "6s"],
            ["6c", "7d", "3s", spare, "5b"],
            ["6d", "7s", "Fs", "Rb", "Cb"],
        ],
        "3c",
    )
    moves = [(0, "4c"), (1, "6c"), (2, "6d"), (0, "4d"), (1, "7d"), (2, "7s"), (0, "5s")]
    for seat, card in [*moves, (1, "3s"), (2, "Fs")]:
        st = act(st, seat, f"play:{card}")
    assert "play:4s:penultima" in rules.legal_actions(st, 0)
    return act(st, 0, "play:4s:penultima" if say else "play:4s")


def test_missed_penultima_called_out_in_the_window_costs_five_cards() -> None:
    st = _down_to_one(say=False)
    assert st.hands[0] == ["6s"]
    assert 2 in rules.to_act(st) and "callout:0" in rules.legal_actions(st, 2)
    st, events = rules.apply(st, 2, "callout:0")
    assert len(st.hands[0]) == 6
    assert events[0] == {"type": "callout", "seat": 2, "target": 0, "penalty": 5}
    assert rules.turn(st) == 1  # the call-out does not move the turn


def test_call_out_after_the_next_play_is_refused_and_changes_nothing() -> None:
    st = act(_down_to_one(say=False), 1, "play:4b")
    before = rules.dump(st)
    with pytest.raises(GameError, match="Nobody can be called out"):
        rules.apply(st, 2, "callout:0")
    assert rules.dump(st) == before


def test_call_out_after_the_next_draw_is_refused() -> None:
    st = _down_to_one(say=False, spare="7b")
    assert rules.legal_actions(st, 1) == ["draw", "callout:0"]
    st = act(st, 1, "draw")
    with pytest.raises(GameError, match="Nobody can be called out"):
        rules.apply(st, 2, "callout:0")


def test_said_penultima_cannot_be_called_out() -> None:
    st = _down_to_one(say=True)
    assert st.hands[0] == ["6s"]
    assert rules.to_act(st) == [1]
    with pytest.raises(GameError, match="Nobody can be called out"):
        rules.apply(st, 2, "callout:0")


def test_going_out_scores_the_others_and_eliminates_at_105() -> None:
    st = start(
        [
            ["4c", "3c", "5d", "6b", "Fb"],
            ["Cd", "Rs", "3d", "7s", "2d"],
            ["Ab", "Fc", "6d", "Rd", "7b"],
        ],
        "4s",
    )
    data = rules.dump(st)
    # A late position of the same deal: seat 0 holds one card, the others what the example says.
    rest = [c for c in PACK if c not in {"4c", "Cd", "Rs", "3c", "Ab", "Fc", "4s"}]
    data.update(
        hands=[["4c"], ["Cd", "Rs", "3c"], ["Ab", "Fc"]],
        discard=["4s"],
        stock=rest,
        tallies=[50, 70, 100],
    )
    st = rules.load(data)
    st, events = rules.apply(st, 0, "play:4c")
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["penalties"] == {"1": 38, "2": 9}
    assert st.tallies == [50, 108, 109]
    assert rules.outcome(st) == {
        "ranking": [[0], [1], [2]],
        "tallies": [50, 108, 109],
        "hands_won": [1, 0, 0],
        "hands": 1,
    }
