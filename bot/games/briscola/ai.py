"""Briscola AI players: ``easy`` (rules of thumb) and ``hard`` (search over deals that fit).

``easy`` plays the quick policy (``policy``), swaps the 7 of trumps when the face-up briscola is
worth it, and is deterministic.

``hard`` is perfect-information Monte Carlo. It deals the cards its seat has not seen at random
into the other hands and the stock (``Sampler``: the face-up briscola stays under the stock, a
card all know to be in a hand stays there), ``budget`` times (once when nothing is left to
guess). A sampled deal fixes the stock's order, so the rest of it is a game of perfect
information: on each one an alpha-beta (``lookahead``) searches the next tricks exactly, every
seat playing for its side (partners together at four, the two others together against it at
three), three tricks deep heads-up, two at three seats and one at four, and values the position it
stops at by the card points taken on the way plus what the cards still held are worth (a trump
Ace about 10 points with a full stock, 17 at the last draw; leading the next trick about -1 to
-2: ``EARLY``/``LATE``, fitted from play by ``python -m bench.briscola_worth``). Once the stock
is drawn it searches to the end of the deal (at four seats for the last two tricks): heads-up
every card is then known, and one search is the exact solve.
Each move's value is the mean over the deals of its side's card points over the others', the
same deals for every move; the best is played (``swap`` is valued as the best card after it).
It reads only its seat's view. The choice of method and its figures: BENCHMARKS.md, Briscola.
"""

from __future__ import annotations

import random

from bot.games.base import Json
from bot.games.briscola.cards import pack_for
from bot.games.briscola.engine import Briscola, BriscolaState, sides_of
from bot.games.briscola.lookahead import (
    TO_THE_END,
    Leaf,
    best,
    hand_leaf,
    held_worth,
    no_leaf,
    values,
)
from bot.games.briscola.playout import Deal
from bot.games.briscola.policy import choose_card, wants_swap
from bot.games.kit import clone, restore

RULES = Briscola()
HARD_SAMPLES = 120
TRICKS = {2: 3, 3: 2, 4: 1}
"""How many tricks deep the search goes while the stock lasts, by seats at the table."""
EXACT_TRICKS = {2: 3, 3: 3, 4: 2}
"""With this many tricks left or fewer, the search goes to the end of the deal (heads-up and at
three seats once the stock is drawn)."""
# What a card held is worth, in card points, with a full stock and at the last draw (a trump
# as "A*"..."2*"), and what leading the next trick is worth: ``python -m bench.briscola_worth``.
EARLY = {
    "A*": 9.9,
    "3*": 5.2,
    "R*": 2.6,
    "C*": 1.4,
    "F*": 0.3,
    "7*": -1.0,
    "6*": -0.8,
    "5*": -0.6,
    "4*": -1.0,
    "2*": -1.2,
    "A": 4.0,
    "3": 1.6,
    "R": -1.8,
    "C": -2.5,
    "F": -3.7,
    "7": -2.8,
    "6": -2.4,
    "5": -2.6,
    "4": -2.6,
    "2": -2.1,
    "lead": -0.9,
}
LATE = {
    "A*": 17.1,
    "3*": 8.4,
    "R*": 2.6,
    "C*": 1.2,
    "F*": 0.2,
    "7*": -1.2,
    "6*": -1.2,
    "5*": -1.5,
    "4*": -0.7,
    "2*": -0.6,
    "A": -2.5,
    "3": -4.5,
    "R": -3.1,
    "C": -3.4,
    "F": -3.1,
    "7": -2.0,
    "6": -1.6,
    "5": -1.6,
    "4": -1.3,
    "2": -1.4,
    "lead": -2.1,
}


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not legal:
            return None
        if "swap" in legal and wants_swap(view["face_up"]):
            return "swap"
        hand = [a[5:] for a in legal if a.startswith("play:")]
        return "play:" + choose_card(hand, view["trick"], view["seats"], view["trumps"])


class HardPlayer:
    """Perfect-information Monte Carlo: on each of ``budget`` deals that fit the seat's view,
    an alpha-beta ``tricks`` deep (to the end of the deal once ``exact_tricks`` tricks or fewer
    are left), each card's value the mean over the deals of its side's card points over the
    others'."""

    def __init__(
        self,
        budget: int = HARD_SAMPLES,
        tricks: int | None = None,
        exact_tricks: int | None = None,
        worth: tuple[dict[str, float], dict[str, float]] | None = (EARLY, LATE),
    ) -> None:
        self.budget = budget
        self.tricks = tricks
        self.exact_tricks = exact_tricks
        self.worth = worth

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if len(legal) <= 1:
            return legal[0] if legal else None
        seat: int = view["seat"]
        seats: int = view["seats"]
        side = seat % sides_of(seats)
        sampler = Sampler(view)
        tricks_left = view["stock"] // seats + len(view["hand"])
        exact = EXACT_TRICKS[seats] if self.exact_tricks is None else self.exact_tricks
        tricks = TRICKS[seats] if self.tricks is None else self.tricks
        leaf: Leaf = no_leaf
        if tricks_left <= exact:
            tricks = TO_THE_END
        elif self.worth is not None:
            worth = held_worth(*self.worth, view["stock"] - seats * tricks, view["trumps"])
            leaf = hand_leaf(worth)
        totals = dict.fromkeys(legal, 0.0)
        # Every deal that fits is the same one once nothing is left to guess.
        for _ in range(1 if sampler.certain else self.budget):
            st = sampler.draw(rng)
            deal = Deal.of(st)
            for card, value in values(deal, side, tricks, leaf).items():
                totals["play:" + card] += value
            if "swap" in totals:
                after, _ = RULES.apply(st, seat, "swap")
                totals["swap"] += best(Deal.of(after), side, tricks, leaf)
        # Ties go to the earlier action: the engine lists the hand trumps first, high to low.
        return max(legal, key=lambda a: totals[a])


class Sampler:
    """Deals that fit what a seat has seen: its hand, every card played, the face-up briscola
    and the cards all know to be in a hand. There is no duty to follow suit, so play reveals
    nothing else about the hidden hands."""

    def __init__(self, view: Json) -> None:
        self.view = view
        me: int = view["seat"]
        played = set(view["trick"]).union(*(t["cards"] for t in view["tricks"]))
        known: dict[str, int] = view["known"]
        self.hands: list[list[str]] = [
            list(view["hand"]) if s == me else [c for c, at in known.items() if at == s]
            for s in range(view["seats"])
        ]
        seen = played | set(view["hand"]) | set(known)
        if view["face_up"] is not None:
            seen.add(view["face_up"])
        self.unseen = [c for c in pack_for(view["seats"]) if c not in seen]
        self.room = [size - len(h) for size, h in zip(view["hand_sizes"], self.hands, strict=True)]
        self.room[me] = 0
        # Nothing to guess: the stock is drawn and the hidden cards can be in one hand only.
        self.certain = view["stock"] == 0 and sum(r > 0 for r in self.room) <= 1
        sides = sides_of(view["seats"])
        piles: list[list[str]] = [[] for _ in range(sides)]
        for t in view["tricks"]:
            piles[t["winner"] % sides].extend(t["cards"])
        # What every deal drawn shares: the view's public fields, the tricks and the piles.
        self.seen = restore(RULES.imagined(view, 0), view)
        self.seen.deal_no = view["deal"]
        self.seen.tricks = [list(t["cards"]) for t in view["tricks"]]
        self.seen.leaders = [t["leader"] for t in view["tricks"]]
        self.seen.winners = [t["winner"] for t in view["tricks"]]
        self.seen.piles = piles

    def draw(self, rng: random.Random) -> BriscolaState:
        view = self.view
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        hands = [list(h) for h in self.hands]
        for seat, room in enumerate(self.room):
            hands[seat] += unseen[:room]
            del unseen[:room]
        face_down = view["stock"] - (view["face_up"] is not None)
        assert len(unseen) == face_down, "the view accounts for every card"
        st = clone(self.seen)
        st.hands = hands
        st.stock = unseen
        return st
