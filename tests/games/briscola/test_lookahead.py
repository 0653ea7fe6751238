"""The alpha-beta of the ``hard`` AI over a sampled deal: the same values as a plain minimax
that plays the deal with the engine's draws, the exact solve once the stock is drawn when it is
as deep as the tricks left, the deal left as it was, and a search cut short valued by its leaf."""

from __future__ import annotations

import copy
import random

from bot.games.briscola.engine import BriscolaState
from bot.games.briscola.lookahead import TO_THE_END, best, hand_leaf, held_worth, values
from bot.games.briscola.playout import Deal

from .deals import RULES

EARLY = {k: 0.0 for k in ("A*", "3*", "R*", "C*", "F*", "7*", "6*", "5*", "4*", "2*")}
EARLY |= {k: 0.0 for k in ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")} | {"lead": -2.0}
WORTH = held_worth(EARLY | {"A*": 15.0, "3*": 8.0, "A": -3.0}, EARLY, 0, "d")


def position(seats: int, seed: int, stock_left: int) -> BriscolaState:
    """A deal played at random until at most ``stock_left`` cards are under the stock."""
    rng = random.Random(seed)
    st = RULES.new_game(seats=seats, seed=seed, options={"deals_to_win": 5})
    while len(st.stock) + (st.face_up is not None) > stock_left or rng.random() < 0.3:
        seat = st.current
        assert seat is not None
        nxt, _ = RULES.apply(st, seat, rng.choice(RULES.legal_actions(st, seat)))
        if nxt.deal_no != 1:
            break
        st = nxt
    return st


def minimax(deal: Deal, side: int, tricks: int) -> float:
    """The same search without pruning or undoing: every card played on a copy of the deal
    with ``Deal.play`` (the playouts' own draws)."""
    seat = deal.current
    if not deal.hands[seat] or (tricks == 0 and not deal.trick):
        return 0.0
    sides = len(deal.points)
    results = []
    for card in list(deal.hands[seat]):
        after = copy.deepcopy(deal)
        after.play(card)
        done = not after.trick
        gain = after.points[side] - deal.points[side]
        lost = sum(after.points) - sum(deal.points) - gain
        results.append(gain - lost + minimax(after, side, tricks - done))
    return max(results) if seat % sides == side else min(results)


def minimax_after(deal: Deal, side: int, card: str, tricks: int) -> float:
    after = copy.deepcopy(deal)
    after.play(card)
    gain = after.points[side] - deal.points[side]
    lost = sum(after.points) - sum(deal.points) - gain
    return gain - lost + minimax(after, side, tricks - (not after.trick))


def test_once_the_stock_is_drawn_a_search_as_deep_as_the_tricks_left_is_the_exact_solve() -> None:
    checked = short = 0
    for seed in range(60):
        seats = (2, 2, 3, 4)[seed % 4]
        st = position(seats, seed, 0)
        if st.stock or st.face_up is not None:
            continue
        deal = Deal.of(st)
        side = deal.current % len(deal.points)
        left = len(deal.hands[deal.current])  # the tricks left, the one begun counting
        exact = values(deal, side)
        assert exact == {c: minimax_after(deal, side, c, TO_THE_END) for c in exact}
        assert values(deal, side, left, hand_leaf(WORTH)) == exact
        # One trick short, the leaf's guess stands in for the last trick, and is often off.
        short += values(deal, side, left - 1, hand_leaf(WORTH)) != exact
        checked += 1
    assert checked >= 40 and short >= 10


def test_the_search_with_draws_agrees_with_a_plain_minimax_and_leaves_the_deal_as_it_was() -> None:
    for seed in range(24):
        seats = (2, 2, 3)[seed % 3]
        st = position(seats, seed, 4 if seats == 2 else 3)
        deal = Deal.of(st)
        before = copy.deepcopy(deal)
        side = (deal.current + seed) % len(deal.points)  # either side's point of view
        tricks = TO_THE_END if seats == 2 else 2
        found = values(deal, side, tricks)
        assert deal == before
        for card, value in found.items():
            assert value == minimax_after(deal, side, card, tricks), (seed, card)
        assert best(deal, side, tricks) == (
            max(found.values()) if deal.current % len(deal.points) == side else min(found.values())
        )


def test_a_search_cut_short_adds_the_worth_of_the_hands_and_of_the_lead() -> None:
    """One trick deep from the first lead: the leaf sees who leads next and what each holds."""
    st = position(2, 3, 40)
    deal = Deal.of(st)
    assert not deal.trick and deal.stock
    worth = held_worth(EARLY, EARLY, len(deal.stock), deal.trumps)
    plain = values(deal, 0, 1)
    with_lead = values(deal, 0, 1, hand_leaf(worth))
    # No card is worth anything: only the lead counts, and leading costs 2 points.
    for card in plain:
        assert with_lead[card] in (plain[card] + 2.0, plain[card] - 2.0)
    assert with_lead != plain


def test_the_worth_of_a_card_moves_from_early_to_late_as_the_stock_runs_down() -> None:
    early = dict.fromkeys(EARLY, 0.0)
    late = dict.fromkeys(EARLY, 10.0)
    assert held_worth(early, late, 34, "d")["Ad"] == 0.0
    assert held_worth(early, late, 2, "d")["Ad"] == 10.0
    assert held_worth(early, late, 18, "d")["As"] == 5.0
    assert held_worth(early, late, 0, "d")["lead"] == 10.0
