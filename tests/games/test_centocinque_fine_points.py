"""RULES.md §1.4 and §1.6-§1.9 fine points: a hand that can only go round in circles is
blocked, and exactly which call-outs are accepted, from explicit positions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES, GameError
from bot.games.base import Event
from bot.games.centocinque import PACK, PENALTY, CentocinqueState

rules = GAMES["centocinque"]


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
        state, events = rules.apply(state, state.current, "draw")
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
