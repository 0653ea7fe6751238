"""A deal played fast, for the ``hard`` AI's search (``lookahead``) and for fitting what the
cards held are worth (``bench.briscola_worth``).

``Deal`` holds what the rest of a deal depends on, as plain lists: no events, no checks, no
match around it. Its tricks are the engine's (``winning_index``, ``POINTS``), and its draws the
engine's order (the winner first, the face-up briscola last); tests play the same deals here and
in the engine and compare the points.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.briscola.cards import POINTS, winning_index
from bot.games.briscola.engine import BriscolaState, sides_of


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
