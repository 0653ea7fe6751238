"""RULES.md §1.4 and §1.6-§1.9 fine points: a hand that can only go round in circles is
blocked, and exactly which call-outs are accepted, from explicit positions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES, GameError
from bot.games.base import Event, Rules
from bot.games.centocinque.engine import PACK, PENALTY, CentocinqueState
from tests.games.support import seat_on_turn

rules: Rules[CentocinqueState] = GAMES["centocinque"]


def position(
    hands: list[list[str]],
    discard: list[str],
    stock: list[str] | None = None,
    current: int = 0,
    fill: int = 1,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> CentocinqueState:
    """A mid-hand position: ``hands`` as given, seat ``fill``'s hand filled up with every card
    that is neither in another hand, nor in ``discard`` (top last) nor in ``stock`` (top first)."""
    stock = stock or []
    used = [c for h in hands for c in h] + discard + stock
    assert len(set(used)) == len(used), "a card is used twice"
    hands = [list(h) for h in hands]
    hands[fill] += [c for c in PACK if c not in used]
    data = rules.dump(rules.new_game(seats=len(hands), seed=1, options=options))
    data.update(hands=hands, discard=discard, stock=stock, current=current, **fields)
    return rules.load(data)


def points(hand: list[str]) -> int:
    return sum(PENALTY[c[:-1]] for c in hand)


def only_move(state: CentocinqueState) -> tuple[CentocinqueState, list[Event]]:
    """The seat on turn makes its one legal move (the position leaves no choice)."""
    assert state.current is not None
    legal = rules.legal_actions(state, state.current)
    assert len(legal) == 1, legal
    return rules.apply(state, state.current, legal[0])


# -- §1.4: a hand that can only go round in circles is blocked ---------------------------------

# Three players, the stock empty, the pile Rc under Rs. Seat 0 holds no spade and no Re, seat 2
# no coppe and no Re; seat 1 holds every other card, the last two Re among them. Seat 0 must
# draw; the only card is the Rc, which must be played: it reverses, so seat 2 draws the Rs and
# must play it, which reverses again, and seat 0 is where it started. Seat 1 never gets a turn.
LOOP_0 = ["Ac", "2c", "3d", "4d", "5b"]  # 15 points


def loop(seat_2: list[str]) -> CentocinqueState:
    return position([LOOP_0, [], seat_2], ["Rc", "Rs"])


def play_out_the_loop(state: CentocinqueState) -> tuple[CentocinqueState, list[Event], int]:
    """Forced moves until the hand is over (at most 40); the last move's events and count."""
    events: list[Event] = []
    for moves in range(1, 41):
        state, events = only_move(state)
        if state.hand_no != 1:
            return state, events, moves
    raise AssertionError("the hand is still going round in circles after 40 forced moves")


def test_a_forced_loop_on_an_exhausted_stock_blocks_the_hand() -> None:
    seat_2 = ["As", "2s", "3b", "6d", "7b"]  # 19 points
    state = loop(seat_2)
    seat_1 = list(state.hands[1])
    state, events, moves = play_out_the_loop(state)
    # Draw Rc, play it, draw Rs, play it: the position has come back; seat 0 draws the Rc again
    # and the same position as after its first draw is seen a second time.
    assert moves == 5
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["blocked"] is True
    # Seat 0 holds the Rc it drew: 15 + 10 = 25; seat 2 holds 19, the fewest: it wins the hand.
    assert over["winner"] == 2
    assert over["penalties"] == {"0": 25, "1": points(seat_1)}
    assert state.tallies == [25, points(seat_1), 0]
    assert state.hands_won == [0, 0, 1]
    assert state.hand_no == 2 and state.positions == []  # the next hand is dealt


def test_a_blocked_hand_goes_to_fewer_cards_when_the_points_are_equal() -> None:
    seat_2 = ["4s", "2s", "4b", "7d", "Fb"]  # 25 points in five cards; seat 0: 25 in six
    _, events, _ = play_out_the_loop(loop(seat_2))
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["blocked"] is True and over["winner"] == 2
    assert over["penalties"]["0"] == 25


def test_players_who_keep_drawing_nothing_block_the_hand() -> None:
    """With ``voluntary_draw`` two players may both refuse to play on a pile of one card and an
    empty stock: each draw finds nothing, and the third one brings back a position."""
    state = position([["6c", "Ab"], []], ["5c"], options={"voluntary_draw": True})
    for _ in range(2):
        state, events = rules.apply(state, seat_on_turn(rules, state), "draw")
        assert events[0] == {"type": "draw", "seat": events[0]["seat"], "count": 0}
        assert state.hand_no == 1
    state, events = rules.apply(state, 0, "draw")
    over = next(e for e in events if e["type"] == "hand_over")
    assert over["blocked"] is True and over["winner"] == 0 and list(over["penalties"]) == ["1"]


def test_a_saved_game_with_damaged_remembered_positions_is_refused() -> None:
    data = rules.dump(rules.new_game(seats=3, seed=2))
    assert data["positions"] == []
    for bad in (5, [1], "x", [["a"]]):
        with pytest.raises(GameError, match="damaged"):
            rules.load({**data, "positions": bad})
    old = {k: v for k, v in data.items() if k != "positions"}  # saved before positions existed
    assert rules.load(old).positions == []


# -- §1.6 and §1.9: exactly which call-outs are accepted ----------------------------------------

STOCK = ["Ab", "2b", "3b", "4b", "5b", "6b", "7b", "Fb", "Cb", "Rb", "Ad", "2d"]


def two_on_one_card(penalty: int, missed: int | None = 0) -> CentocinqueState:
    """Four players, seat 1 on turn. Seat 0 and seat 2 hold one card each; seat ``missed``
    went down to it without saying penúltima (its window is open), the other said it."""
    hands = [["6s"], [], ["7c"], ["3d", "4d", "5d"]]
    options = {"false_callout_penalty": penalty}
    return position(hands, ["Fs"], STOCK, current=1, options=options, missed=missed)


def side(state: CentocinqueState, seat: int) -> list[str]:
    return [a for a in rules.legal_actions(state, seat) if a.startswith(("callout", "penultima"))]


def test_without_the_penalty_only_the_open_window_can_be_called_by_every_other_seat() -> None:
    state = two_on_one_card(penalty=0)
    assert [side(state, s) for s in range(4)] == [[], ["callout:0"], ["callout:0"], ["callout:0"]]
    assert rules.to_act(state) == [1, 2, 3]
    with pytest.raises(GameError, match="Nobody can be called out"):
        rules.apply(state, 3, "callout:2")  # seat 2 said it
    with pytest.raises(GameError, match="cannot call yourself out"):
        rules.apply(state, 0, "callout:0")
    with pytest.raises(GameError, match="Nobody can be called out"):
        rules.apply(two_on_one_card(penalty=0, missed=None), 3, "callout:0")


def test_with_the_penalty_every_one_card_opponent_may_be_called_window_or_not() -> None:
    for missed in (0, None):
        state = two_on_one_card(penalty=2, missed=missed)
        assert [side(state, s) for s in range(4)] == [
            ["callout:2"],
            ["callout:0", "callout:2"],
            ["callout:0"],
            ["callout:0", "callout:2"],
        ]
        assert rules.to_act(state) == [1, 0, 2, 3]
    with pytest.raises(GameError, match="cannot call yourself out"):
        rules.apply(state, 0, "callout:0")
    with pytest.raises(GameError, match="exactly one card"):
        rules.apply(state, 0, "callout:3")  # three cards: nobody to catch there


def test_a_wrong_call_out_costs_the_caller_and_leaves_another_window_open() -> None:
    state = two_on_one_card(penalty=2)
    state, events = rules.apply(state, 3, "callout:2")  # seat 2 said it: wrong
    assert events == [{"type": "callout", "seat": 3, "target": 2, "wrong": True, "penalty": 2}]
    assert len(state.hands[3]) == 5 and len(state.hands[2]) == 1
    assert rules.turn(state) == 1  # a call-out is nobody's turn
    # Seat 0's window is still open: anyone may still catch it, the wrong caller included.
    assert state.missed == 0 and "callout:0" in side(state, 3)
    state, events = rules.apply(state, 2, "callout:0")
    assert events == [{"type": "callout", "seat": 2, "target": 0, "penalty": 5}]
    assert len(state.hands[0]) == 6 and state.missed is None


def test_the_offenders_own_wrong_call_out_takes_it_above_one_card_and_closes_its_window() -> None:
    state = two_on_one_card(penalty=2)
    state, _ = rules.apply(state, 0, "callout:2")  # seat 0 itself forgot; seat 2 said it
    assert len(state.hands[0]) == 3
    assert state.missed is None
    assert all("callout:0" not in side(state, s) for s in range(4))
    with pytest.raises(GameError, match="exactly one card"):
        rules.apply(state, 2, "callout:0")


def test_a_wrong_call_out_with_nothing_left_to_draw_costs_nothing_and_closes_nothing() -> None:
    # The stock is empty and the pile is just its top card: the penalty finds no card.
    state = position(
        [["6s"], [], ["7c"], ["3d"]],
        ["Fs"],
        [],
        current=1,
        missed=0,
        options={"false_callout_penalty": 2},
    )
    state, events = rules.apply(state, 0, "callout:2")
    assert events[-1]["penalty"] == 0 and state.hands[0] == ["6s"]
    assert state.missed == 0  # still one card: still catchable
    state, _ = rules.apply(state, 3, "callout:0")
    assert state.missed is None


def test_a_seat_out_of_the_match_neither_calls_out_nor_is_called() -> None:
    state = position(
        [["6s"], [], ["7c"], []],
        ["Fs"],
        STOCK,
        current=1,
        missed=0,
        out=[False, False, False, True],
        options={"false_callout_penalty": 2},
    )
    assert side(state, 3) == [] and all("callout:3" not in side(state, s) for s in range(3))
    with pytest.raises(GameError, match="not playing in this match"):
        rules.apply(state, 3, "callout:0")
    with pytest.raises(GameError, match="out of the match"):
        rules.apply(state, 1, "callout:3")
