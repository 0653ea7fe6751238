"""Deals that fit what a seat knows, for the ``hard`` AI's search.

During the play of the tricks the fola and every discard are public, so the only unseen cards
are in the other three hands. What the table has seen narrows them down: robbed, shown and
declared cards are known to be in a hand until played, a player who did not follow suit is void
in it (and in trumps, if they did not trump), and one who passed over the King obligation holds
no Re of that suit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.games.ai.search import fitting
from bot.games.base import Json, parse_options
from bot.games.kit import restore
from bot.games.minchiate.cards import MATTO, PACK, SUIT, TRUMP
from bot.games.minchiate.engine import SEATS, MinchiateOptions, MinchiateState, cutter_of
from bot.games.minchiate.tricks import king_due, trick_suit

ATTEMPTS = 20  # constrained deals tried before ignoring what play revealed


def _plays(view: Json) -> Iterator[tuple[list[str], int, bool]]:
    """Every trick so far (the current one last): its cards, leader and whether it is done."""
    for t in view["tricks"]:
        yield t["cards"], t["leader"], True
    if view["trick"]:
        yield view["trick"], view["leader"], False


def inferred_limits(view: Json) -> list[set[str]]:
    """Per seat: the suits (``"t"`` for trumps) and single cards it cannot hold any more."""
    cannot: list[set[str]] = [set() for _ in range(SEATS)]
    led = ""
    for cards, leader, done in _plays(view):
        for i in range(1, len(cards)):
            before, card, seat = cards[:i], cards[i], (leader + i) % SEATS
            suit = trick_suit(before)
            if suit is None:
                continue
            king = king_due(before, led)
            if king is not None and card != king:
                cannot[seat].add(king)
            if card != MATTO and SUIT[card] != suit:
                cannot[seat].add(suit)
                if suit != TRUMP and SUIT[card] != TRUMP:
                    cannot[seat].add(TRUMP)
        suit = trick_suit(cards)
        if done and suit is not None and suit != TRUMP and suit not in led:
            led += suit
    return cannot


def known_holdings(view: Json, gone: set[str]) -> list[list[str]]:
    """Per seat: cards the table has seen go into that hand and not yet come out of it."""
    known: list[list[str]] = [[] for _ in range(SEATS)]
    dealer = view["dealer"]
    known[cutter_of(dealer)].extend(view["cutter_robbed"])
    known[dealer].extend(view["dealer_robbed"] + view["dealer_took"])
    for seat in range(SEATS):
        known[seat].append(view["shown"][seat])
        answer = view["declarations"][seat]
        if answer and answer["declared"]:
            known[seat].extend(c for combo in answer["combinations"] for c in combo["cards"])
    return [sorted(set(cards) - gone) for cards in known]


class Sampler:
    """Deals of the trick play that fit ``view``: prepared once, then drawn at will."""

    def __init__(self, view: Json) -> None:
        self.view = view
        me = view["seat"]
        public = set(view["fola"]).union(*view["discards"])
        gone = public.union(*(t["cards"] for t in view["tricks"]), view["trick"])
        self.known = known_holdings(view, gone)
        self.known[me] = list(view["hand"])
        seen = gone.union(*self.known)
        pool = [c for c in PACK if c not in seen]
        self.room = {s: view["hand_sizes"][s] - len(self.known[s]) for s in range(SEATS) if s != me}
        cannot = inferred_limits(view)
        self.fits = {
            c: [s for s in self.room if SUIT[c] not in cannot[s] and c not in cannot[s]]
            for c in pool
        }
        # Cards that only some seats can hold are dealt first, one by one; the rest at once.
        self.bound = [c for c in pool if len(self.fits[c]) < len(self.room)]
        self.free = [c for c in pool if len(self.fits[c]) == len(self.room)]
        self.options = parse_options(MinchiateOptions, view["options"])

    def _deal(self, rng: random.Random, constrained: bool) -> list[list[str]] | None:
        """The known hands completed at random; None if the constraints got it stuck."""
        hands = [list(cards) for cards in self.known]
        left = dict(self.room)
        free = list(self.free)
        if constrained:
            bound = sorted(self.bound, key=lambda c: (len(self.fits[c]), rng.random()))
        else:
            free += self.bound
            bound = []
        for card in bound:
            seats = [s for s in self.fits[card] if left[s]]
            if not seats:
                return None
            seat = rng.choices(seats, weights=[left[s] for s in seats])[0]
            hands[seat].append(card)
            left[seat] -= 1
        rng.shuffle(free)
        for seat, room in left.items():
            hands[seat].extend(free[:room])
            del free[:room]
        return hands

    def draw(self, rng: random.Random) -> MinchiateState:
        # What play revealed should always hold; if the deals keep failing, it is let go.
        hands = fitting(lambda constrained: self._deal(rng, constrained=constrained), ATTEMPTS)
        view = self.view
        st = MinchiateState(
            seed=0,
            options=self.options,
            dealer=view["dealer"],
            cut=0,
            hands=hands,
            fola=view["fola"],
            cut_seen=view["cut_seen"],
            discards=view["discards"],
            leader=view["leader"],
            tricks=[t["cards"] for t in view["tricks"]],
            leaders=[t["leader"] for t in view["tricks"]],
            winners=[t["winner"] for t in view["tricks"]],
        )
        return restore(st, view)
