"""A deal played out fast, for the ``hard`` AI: the quick policy to the end of the deal, and the
exact search of the endgame once every card is known.

``Deal`` holds what the rest of a deal depends on, as plain lists: no events, no checks, no
match around it. Its tricks are the engine's (``winning_index``, ``POINTS``), and its draws the
engine's order (the winner first, the face-up briscola last); tests play the same deals here and
in the engine and compare the points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.briscola.cards import POINTS, winning_index
from bot.games.briscola.engine import BriscolaState, sides_of
from bot.games.briscola.policy import choose_card

EXPLORE = 0.1  # share of random cards in playouts, so samples do not all play out alike


@dataclass(slots=True)
class Deal:
    seats: int
    trumps: str
    hands: list[list[str]]
    stock: list[str]  # still to draw, top first; the face-up briscola is its last card
    trick: list[str]
    leader: int
    points: list[int]  # taken so far, by side

    @classmethod
    def of(cls, st: BriscolaState) -> Deal:
        sides = sides_of(st.seats)
        points = [sum(POINTS[c] for c in pile) for pile in st.piles]
        assert len(points) == sides
        stock = st.stock + ([st.face_up] if st.face_up is not None else [])
        return cls(
            st.seats,
            st.trumps,
            [list(h) for h in st.hands],
            stock,
            list(st.trick),
            st.leader,
            points,
        )

    @property
    def current(self) -> int:
        return (self.leader + len(self.trick)) % self.seats

    def play(self, card: str) -> None:
        seats, trick = self.seats, self.trick
        self.hands[(self.leader + len(trick)) % seats].remove(card)
        trick.append(card)
        if len(trick) < seats:
            return
        winner = (self.leader + winning_index(trick, self.trumps)) % seats
        self.points[winner % len(self.points)] += sum(POINTS[c] for c in trick)
        self.trick = []
        self.leader = winner
        stock = self.stock
        if stock:
            for i in range(seats):
                self.hands[(winner + i) % seats].append(stock.pop(0))


def play_out(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` to its end in place with the quick policy, now and then a random card."""
    hands, seats, trumps, chance = deal.hands, deal.seats, deal.trumps, rng.random
    while True:
        hand = hands[(deal.leader + len(deal.trick)) % seats]
        if not hand:
            return
        if len(hand) > 1 and chance() < EXPLORE:
            card = hand[int(chance() * len(hand))]
        else:
            card = choose_card(hand, deal.trick, seats, trumps)
        deal.play(card)


def score(points: list[int], side: int) -> float:
    """How a deal's end looks to ``side``: 1 won, 0.5 drawn, 0 lost, nudged by the margin over
    the best other side (the match counts only deals won, but the margin is what decides them
    when samples disagree)."""
    rival = max(p for s, p in enumerate(points) if s != side)
    mine = points[side]
    won = 1.0 if mine > rival else 0.5 if mine == rival else 0.0
    return won + (mine - rival) / 480


def solve(deal: Deal, side: int) -> dict[str, int]:
    """With the stock drawn and every hand known: for each card the seat on turn may play, the
    most points ``side`` can make of the rest of the deal when every other side plays against
    it (exact for two sides; at three, the others are taken to play together)."""
    seat = deal.current
    return {card: _after(deal, seat, i, side, -1, 1000) for i, card in enumerate(deal.hands[seat])}


def _best(deal: Deal, side: int, alpha: int, beta: int) -> int:
    seat = deal.current
    hand = deal.hands[seat]
    if not hand:
        return 0
    mine = seat % len(deal.points) == side
    best = -1 if mine else 1000
    for i in range(len(hand)):
        value = _after(deal, seat, i, side, alpha, beta)
        if mine:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def _after(deal: Deal, seat: int, i: int, side: int, alpha: int, beta: int) -> int:
    """The points ``side`` makes from here when ``seat`` plays its ``i``-th card (then undone)."""
    hand = deal.hands[seat]
    card = hand.pop(i)
    trick, leader = deal.trick, deal.leader
    cards = [*trick, card]
    if len(cards) < deal.seats:
        deal.trick = cards
        value = _best(deal, side, alpha, beta)
    else:
        winner = (leader + winning_index(cards, deal.trumps)) % deal.seats
        won = sum(POINTS[c] for c in cards) if winner % len(deal.points) == side else 0
        deal.trick, deal.leader = [], winner
        value = won + _best(deal, side, alpha - won, beta - won)
    deal.trick, deal.leader = trick, leader
    hand.insert(i, card)
    return value
