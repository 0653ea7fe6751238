"""Alpha-beta over a sampled deal, for the ``hard`` AI: the next tricks searched exactly, the
position after them valued by the cards still in the hands.

A sampled deal fixes the other hands and the order of the stock, so what follows is a game of
perfect information: this module searches it with alpha-beta, every seat playing for its own
side and the other sides against ``side`` (at three seats the two others are taken to play
together), the draws after each trick in the engine's order (the winner first, the face-up
briscola last). A search ``tricks`` deep stops at the start of a trick after that many tricks
(the one begun counts) and values the position by the card points taken on the way plus what
the cards still held are worth (``Leaf``); a search to the end of the deal values it by the
points alone, and is the exact solve.

Values are card points of ``side`` over the other sides, from now on: the points taken in the
tricks searched, with those the others take counted against it.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.briscola.cards import PACK, POINTS, winning_index
from bot.games.briscola.playout import Deal

Leaf = Callable[[Deal, int], float]
"""The worth to ``side`` of the hands at the start of a trick, in card points over the others."""

TO_THE_END = 1_000
WINDOW = 1_000.0


def no_leaf(deal: Deal, side: int) -> float:
    return 0.0


def values(
    deal: Deal, side: int, tricks: int = TO_THE_END, leaf: Leaf = no_leaf
) -> dict[str, float]:
    """For each card the seat on turn may play: what ``side`` makes of the rest of the search
    when that card goes to the trick and every seat then plays its best. ``deal`` is left as it
    was."""
    seat = deal.current
    hand = deal.hands[seat]
    return {
        hand[i]: _after(deal, seat, i, side, tricks, -WINDOW, WINDOW, leaf)
        for i in range(len(hand))
    }


def best(deal: Deal, side: int, tricks: int = TO_THE_END, leaf: Leaf = no_leaf) -> float:
    """What ``side`` makes of the rest of the search from ``deal``, every seat playing its best."""
    return _node(deal, side, tricks, -WINDOW, WINDOW, leaf)


def _node(deal: Deal, side: int, depth: int, alpha: float, beta: float, leaf: Leaf) -> float:
    seat = (deal.leader + len(deal.trick)) % deal.seats
    hand = deal.hands[seat]
    if not hand:
        return 0.0
    if depth <= 0 and not deal.trick:
        return leaf(deal, side)
    if seat % len(deal.points) == side:
        value = -WINDOW
        for i in range(len(hand)):
            v = _after(deal, seat, i, side, depth, alpha, beta, leaf)
            if v > value:
                value = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return value
    value = WINDOW
    for i in range(len(hand)):
        v = _after(deal, seat, i, side, depth, alpha, beta, leaf)
        if v < value:
            value = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    return value


def _after(
    deal: Deal, seat: int, i: int, side: int, depth: int, alpha: float, beta: float, leaf: Leaf
) -> float:
    """What ``side`` makes from here when ``seat`` plays its ``i``-th card (then undone)."""
    hand = deal.hands[seat]
    card = hand.pop(i)
    trick = deal.trick
    trick.append(card)
    seats = deal.seats
    if len(trick) < seats:
        value = _node(deal, side, depth, alpha, beta, leaf)
    else:
        leader = deal.leader
        winner = (leader + winning_index(trick, deal.trumps)) % seats
        points = sum(POINTS[c] for c in trick)
        gain = points if winner % len(deal.points) == side else -points
        stock, hands = deal.stock, deal.hands
        drawn = stock[:seats]
        if drawn:
            del stock[:seats]
            for k in range(seats):
                hands[(winner + k) % seats].append(drawn[k])
        deal.trick, deal.leader = [], winner
        value = gain + _node(deal, side, depth - 1, alpha - gain, beta - gain, leaf)
        deal.trick, deal.leader = trick, leader
        if drawn:
            for k in range(seats):
                hands[(winner + k) % seats].pop()
            stock[:0] = drawn
    trick.pop()
    hand.insert(i, card)
    return value


def held_worth(
    early: dict[str, float], late: dict[str, float], stock: int, trumps: str
) -> dict[str, float]:
    """Each card's worth in a hand when ``stock`` cards are left to draw: ``early`` (a full
    stock) and ``late`` (one draw left) weighed between, by rank (``"A"``..``"2"``) for plain
    suits and ``"A*"``..``"2*"`` for trumps; ``"lead"`` is the worth of leading the next trick."""
    t = min(1.0, max(0.0, (stock - 2) / 32))
    worth = {c: (1 - t) * late[c] + t * early[c] for c in late}
    out = {c: worth[c[:-1] + ("*" if c[-1] == trumps else "")] for c in PACK}
    out["lead"] = worth["lead"]
    return out


def hand_leaf(worth: dict[str, float]) -> Leaf:
    """A leaf valuing each card in a hand at ``worth``, for its holder's side against the
    others, and the lead at ``worth["lead"]``."""
    lead = worth["lead"]

    def leaf(deal: Deal, side: int) -> float:
        sides = len(deal.points)
        total = lead if deal.leader % sides == side else -lead
        for seat, hand in enumerate(deal.hands):
            v = 0.0
            for c in hand:
                v += worth[c]
            total += v if seat % sides == side else -v
        return total

    return leaf


__all__ = ["Leaf", "best", "hand_leaf", "held_worth", "no_leaf", "values"]
