"""Briscola AI players: ``easy`` (rules of thumb) and ``hard`` (search over deals that fit).

``easy`` plays the quick policy (``policy``), swaps the 7 of trumps when the face-up briscola is
worth it, and is deterministic. ``hard`` searches: while the stock lasts, or while some hidden
cards could be in more than one hand, it deals the cards its seat has not seen at random into
the other hands and the stock (the face-up briscola stays under the stock, and a card all know
to be in a hand stays there), tries each move on the same deals, plays them out with the quick
policy and keeps the best for its side (its partner's too, at four). Once the stock is drawn and
every card is known, it searches the rest of the deal exactly. It reads only its seat's view.
"""

from __future__ import annotations

import random

from bot.games.ai.search import best_action
from bot.games.base import Json, parse_options
from bot.games.briscola.cards import pack_for
from bot.games.briscola.engine import Briscola, BriscolaOptions, BriscolaState, sides_of
from bot.games.briscola.playout import Deal, play_out, score, solve
from bot.games.briscola.policy import choose_card, wants_swap

RULES = Briscola()
HARD_PLAYOUTS = 240


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not legal:
            return None
        if "swap" in legal and wants_swap(view["face_up"]):
            return "swap"
        hand = [a[5:] for a in legal if a.startswith("play:")]
        return "play:" + choose_card(hand, view["trick"], view["seats"], view["trumps"])


class HardPlayer:
    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if len(legal) <= 1:
            return legal[0] if legal else None
        seat: int = view["seat"]
        side = seat % sides_of(view["seats"])
        sampler = Sampler(view)
        if sampler.certain:
            values = solve(Deal.of(sampler.draw(rng)), side)
            return "play:" + max(values, key=lambda c: values[c])
        return best_action(
            RULES,
            seat,
            legal,
            sampler.draw,
            lambda st, r: _playout(st, side, r),
            rng,
            self.budget,
        )


def _playout(st: BriscolaState, side: int, rng: random.Random) -> float:
    deal = Deal.of(st)
    play_out(deal, rng)
    return score(deal.points, side)


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
        self.options = parse_options(BriscolaOptions, view["options"])

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
        sides = sides_of(view["seats"])
        piles: list[list[str]] = [[] for _ in range(sides)]
        for t in view["tricks"]:
            piles[t["winner"] % sides].extend(t["cards"])
        return BriscolaState(
            seats=view["seats"],
            seed=0,
            options=self.options,
            dealer=view["dealer"],
            deal_no=view["deal"],
            hands=hands,
            stock=unseen,
            face_up=view["face_up"],
            briscola=view["briscola"],
            drawn_by=view["drawn_by"],
            known=dict(view["known"]),
            leader=view["leader"],
            current=view["current"],
            trick=list(view["trick"]),
            tricks=[list(t["cards"]) for t in view["tricks"]],
            leaders=[t["leader"] for t in view["tricks"]],
            winners=[t["winner"] for t in view["tricks"]],
            piles=piles,
            deals_won=list(view["deals_won"]),
            results=[list(r) for r in view["results"]],
        )
