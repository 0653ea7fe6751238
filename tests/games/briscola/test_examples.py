"""RULES.md §5.5, every acceptance example, from explicit decks (two players, trumps denari)."""

from __future__ import annotations

import random

import pytest

from bot.games.briscola.cards import PACK, POINTS, TOTAL
from tests.games.support import seat_on_turn

from .deals import RULES, act, last_trick, start

# Seat 0 leads with the 3 of coppe; the briscola is the 4 of denari.
LEADER = ["3c", "5s", "6b"]


@pytest.mark.parametrize(
    ("answer", "winner"),
    [
        ("Ac", 1),  # 1. the higher card of the suit led
        ("2d", 1),  # 2. a trump
        ("Rs", 0),  # 3. no trump, and the Re is not of the suit led
    ],
)
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(
    answer: str, winner: int
) -> None:
    st = start([LEADER, [answer, "7b", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    st, events = act(st, 1, f"play:{answer}")
    trick = next(e for e in events if e["type"] == "trick")
    assert trick["winner"] == winner
    assert trick["points"] == 10 + POINTS[answer]
    assert st.leader == st.current == winner


def test_between_two_trumps_the_asso_beats_the_two() -> None:
    st = start([["Ad", "5s", "6b"], ["2d", "7b", "Fb"]], "4d")  # 4.
    st, _ = act(st, 0, "play:Ad")
    st, events = act(st, 1, "play:2d")
    assert next(e for e in events if e["type"] == "trick")["winner"] == 0


def _taken(points: int, cards: list[str]) -> list[str]:
    """Cards from ``cards`` worth exactly ``points``, the others left out: greedy from the
    biggest works for the totals used here."""
    pile: list[str] = []
    for card in sorted(cards, key=lambda c: -POINTS[c]):
        if POINTS[card] and sum(POINTS[c] for c in pile) + POINTS[card] <= points:
            pile.append(card)
    assert sum(POINTS[c] for c in pile) == points
    if len(pile) % 2:  # whole tricks of two cards: one more, worth nothing
        pile.append(next(c for c in cards if not POINTS[c]))
    return pile


@pytest.mark.parametrize(("before", "winner"), [(58, 0), (57, None)])
def test_a_deal_of_61_to_59_is_won_and_60_to_60_is_a_patta(before: int, winner: int | None) -> None:
    """5. Seat 0 takes the last trick, the Cavallo of coppe and the 2 of coppe: 3 points."""
    hands = [["Cc"], ["2c"]]
    rest = [c for c in PACK if c not in ("Cc", "2c")]
    mine = _taken(before, rest)
    st = last_trick(hands, [mine, [c for c in rest if c not in mine]], "4d")
    st, _ = act(st, 0, "play:Cc")
    st, events = act(st, 1, "play:2c")
    over = next(e for e in events if e["type"] == "deal_over")
    assert sum(over["points"]) == TOTAL
    assert over["points"][0] == before + 3
    assert over["winner"] == winner
    assert st.deals_won == ([1, 0] if winner == 0 else [0, 0])
    assert st.deal_no == 2 and st.results == [over["points"]]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_invariants_hold_through_whole_deals(seats: int) -> None:
    """6. The pack (40 or 39 cards, 120 points); three cards in every hand after each draw while
    the stock lasts; the face-up briscola is the last card drawn."""
    for seed in range(30):
        rng = random.Random(seed)
        st = RULES.new_game(seats=seats, seed=seed, options={"deals_to_win": 1})
        assert len(st.stock) + 1 + 3 * seats == (39 if seats == 3 else 40)
        deal_no, briscola = st.deal_no, st.face_up
        while RULES.outcome(st) is None:
            seat = st.current
            assert seat is not None
            st, events = act(st, seat, rng.choice(RULES.legal_actions(st, seat)))
            for event in events:
                if event["type"] == "draw":
                    assert [len(h) for h in st.hands] == [3] * seats
                    assert event["left"] == len(st.stock) + (st.face_up is not None)
                if event["type"] == "last_card":
                    assert event["card"] == briscola and not st.stock and st.face_up is None
                    assert event["seat"] == (seat_on_turn(RULES, st) - 1) % seats
                if event["type"] == "deal_over":
                    assert sum(event["points"]) == TOTAL
                if event["type"] == "deal":
                    deal_no, briscola = event["deal"], event["briscola"]
            assert deal_no == st.deal_no
        assert all(sum(points) == TOTAL for points in st.results)
