"""The exact end of a two-seat deal (``endgame``): its alpha-beta, with the bounds it keeps and
the cards alike it skips, chooses as a plain minimax over every play does."""

from __future__ import annotations

import random
from functools import cache

import pytest

from bot.games import make_player
from bot.games.tressette.ai import HardPlayer
from bot.games.tressette.cards import LAST_TRICK, PACK, STRENGTH, THIRDS
from bot.games.tressette.endgame import EXACT, best_card, solve, sure_win
from bot.games.tressette.engine import playable
from tests.games.support import seat_on_turn

from .deals import RULES, act

Hands = tuple[frozenset[str], frozenset[str]]


def _after(hands: Hands, leader: int, led: str | None, card: str) -> int:
    """Seat 0's thirds less seat 1's to the deal's end once the seat on turn plays ``card``."""
    mover = leader if led is None else 1 - leader
    rest = (hands[0] - {card}, hands[1]) if mover == 0 else (hands[0], hands[1] - {card})
    if led is None:
        return _best(rest, leader, card)
    took = mover if card[-1] == led[-1] and STRENGTH[card] > STRENGTH[led] else leader
    thirds = THIRDS[led] + THIRDS[card]
    later = _best(rest, took, None) if rest[0] or rest[1] else 0
    if not (rest[0] or rest[1]):
        thirds += LAST_TRICK
    return later + (thirds if took == 0 else -thirds)


@cache
def _best(hands: Hands, leader: int, led: str | None) -> int:
    mover = leader if led is None else 1 - leader
    values = [
        _after(hands, leader, led, c) for c in playable(sorted(hands[mover]), [led] if led else [])
    ]
    return max(values) if mover == 0 else min(values)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("follow", [False, True])
def test_the_exact_end_chooses_as_a_plain_minimax(size: int, follow: bool) -> None:
    """Random hands of ``size`` cards, the seat on turn leading or following: the card chosen
    is the first of those a plain minimax values best."""
    for seed in range(25):
        rng = random.Random(seed)
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [pack[:size], pack[size : 2 * size]]
        leader = seed % 2
        trick: list[str] = []
        if follow:
            trick = [hands[leader].pop(0)]
        seat = 1 - leader if follow else leader
        cards = playable(hands[seat], trick)
        held = (frozenset(hands[0]), frozenset(hands[1]))
        values = {c: _after(held, leader, trick[0] if trick else None, c) for c in cards}
        best = (max if seat == 0 else min)(values.values())
        first = next(c for c in cards if values[c] == best)
        assert best_card(hands, seat, leader, trick, cards) == first, (seed, values)


@pytest.mark.parametrize(
    ("margin", "accusi", "won"),
    [
        (0, [0, 0], True),  # 20 thirds to 15: 6 points to 5
        (-4, [0, 0], True),  # 18 to 17: still 6 to 5
        (-6, [0, 0], False),  # 17 to 18: 5 to 6
        (0, [0, 3], False),  # 6 to 5, and the other's accuso: 6 to 8
        (6, [0, 3], False),  # 23 to 12: 7 to 4 + 3, level
        (8, [0, 3], True),  # 24 to 11: 8 to 3 + 3
    ],
)
def test_a_sure_win_counts_the_points_of_the_whole_deal(
    margin: int, accusi: list[int], won: bool
) -> None:
    """Seat 0 has taken 15 thirds and seat 1 10, 10 are left (the last trick's 3 with them):
    whether seat 0 wins the deal with ``margin`` more over the rest (and seat 1, the other
    way round)."""
    assert sure_win([15, 10], accusi, 0, margin) is won
    assert sure_win([10, 15], accusi[::-1], 1, margin) is won


def test_hard_plays_the_solved_card_when_it_wins_the_two_seat_deal_for_sure() -> None:
    """Two-seat deals played by ``easy`` to the drawn stock: at each of ``hard``'s turns with
    eight cards or fewer, when the solved card wins the deal whatever the other plays,
    ``hard`` plays it or a card alike (its playouts, 8 a move, would often choose another):
    a card that keeps as many thirds."""
    easy, hard = make_player("tressette", "easy"), HardPlayer(budget=8)
    sure = 0
    for seed in range(6):
        state = RULES.new_game(seats=2, seed=seed)
        rng = random.Random(seed)
        while state.deal_no == 1:
            seat = seat_on_turn(RULES, state)
            view, legal = RULES.view(state, seat), RULES.legal_actions(state, seat)
            move = easy.choose(view, legal, rng)
            if not state.stock and len(state.hands[seat]) <= EXACT:
                cards = [a.split(":")[1] for a in legal if a.startswith("play:")]
                card, margin = solve(state.hands, seat, state.leader, state.trick, cards)
                accusi = [
                    sum(d["points"] for d in view["declared"] if d["seat"] == s) for s in (0, 1)
                ]
                if sure_win(view["thirds"], accusi, seat, margin):
                    sure += 1
                    chosen = hard.choose(view, legal, rng)
                    assert chosen is not None
                    mine = chosen.split(":")[1]
                    alike = solve(state.hands, seat, state.leader, state.trick, [mine])[1]
                    assert alike == margin, (seed, view, card, mine)
            assert move is not None
            state, _ = act(state, seat, move)
    assert sure >= 10, sure
