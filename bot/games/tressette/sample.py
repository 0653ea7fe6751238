"""Deals that fit what a seat has seen, for the ``hard`` AI's search.

Every public fact is kept: the seat's own hand, every card played, the cards known to be in a
hand (drawn from the stock at two players, or named by an accuso) where they are, and the
suits a seat has shown it holds no more of: a seat that did not follow suit, and a leader who
said *volo*; and the suit a leader said *striscio* in, which it still holds while it has played
none of it since. (At two players a seat may draw that suit again, but every drawn card is shown:
the void holds for the cards it was dealt, the only ones hidden.) The cards left are dealt at
random among the places that may hold them: the other hands' hidden cards and the stock.
A player that neither gives nor reads the signals samples without their evidence.
"""

from __future__ import annotations

import random

from bot.games.ai.search import fitting
from bot.games.base import Json, parse_options
from bot.games.tressette.cards import PACK
from bot.games.tressette.engine import SEATING, TressetteOptions, TressetteState

TRIES = 20
"""Deals tried before the voids and the suits said held are let go (a deal that keeps them all
always exists, but the random filling may corner itself)."""


def _tricks(view: Json) -> list[Json]:
    """The deal's tricks so far, the one on the table last (when begun)."""
    current = {"leader": view["leader"], "cards": view["trick"], "signal": view["signal"]}
    return [*view["tricks"], current] if view["trick"] else list(view["tricks"])


def voids(view: Json, signals: bool = True) -> list[set[str]]:
    """The suits each seat has shown it holds no more of (among its hidden cards): a card off
    the suit led, and (``signals``: read) a leader's *volo*."""
    out: list[set[str]] = [set() for _ in range(view["seats"])]
    for trick in _tricks(view):
        cards = trick["cards"]
        led = cards[0][-1]
        if signals and trick["signal"] == "volo":
            out[trick["leader"]].add(led)
        for i, card in enumerate(cards[1:], start=1):
            if card[-1] != led:
                out[(trick["leader"] + i) % view["seats"]].add(led)
    return out


def held(view: Json) -> list[set[str]]:
    """The suits each seat has said it holds more of (*striscio*) and played none of since:
    it holds one still."""
    out: list[set[str]] = [set() for _ in range(view["seats"])]
    tricks = _tricks(view)
    for i, trick in enumerate(tricks):
        if trick["signal"] != "striscio":
            continue
        leader, suit = trick["leader"], trick["cards"][0][-1]
        since = [
            card
            for later in tricks[i + 1 :]
            for at, card in enumerate(later["cards"])
            if (later["leader"] + at) % view["seats"] == leader
        ]
        if not any(card[-1] == suit for card in since):
            out[leader].add(suit)
    return out


class Sampler:
    """Draws full states that fit ``view`` (a seat's own), reading its signals unless told."""

    def __init__(self, view: Json, signals: bool = True) -> None:
        self.view = view
        me: int = view["seat"]
        known: dict[str, int] = view["known"]
        played = set(view["trick"]).union(*(t["cards"] for t in view["tricks"]))
        self.hands: list[list[str]] = [
            list(view["hand"]) if s == me else [c for c, at in known.items() if at == s]
            for s in range(view["seats"])
        ]
        seen = played | set(view["hand"]) | set(known)
        self.unseen = [c for c in PACK if c not in seen]
        self.room = [size - len(h) for size, h in zip(view["hand_sizes"], self.hands, strict=True)]
        self.room[me] = 0
        self.voids = voids(view, signals)
        self.held = held(view) if signals else [set() for _ in self.room]
        self.options = parse_options(TressetteOptions, view["options"])
        self.certain = view["stock"] == 0 and sum(r > 0 for r in self.room) <= 1
        """Nothing to guess: the stock is drawn and the hidden cards are in one hand only."""

    def deal(self, rng: random.Random, keep_voids: bool) -> list[list[str]] | None:
        """The hidden cards dealt: each hand's, then the stock (last); None if cornered, or
        (``keep_voids``) if a hand lacks a suit it said it holds."""
        places: list[list[str]] = [[] for _ in range(len(self.room) + 1)]  # then the stock
        room = [*self.room, self.view["stock"]]
        cards = list(self.unseen)
        rng.shuffle(cards)
        allowed = {
            c: [
                p
                for p in range(len(room))
                if p == len(room) - 1 or not keep_voids or c[-1] not in self.voids[p]
            ]
            for c in cards
        }
        cards.sort(key=lambda c: len(allowed[c]))  # the most constrained first
        for card in cards:
            open_ = [p for p in allowed[card] if room[p] > 0]
            if not open_:
                return None
            weights = [room[p] for p in open_]
            place = rng.choices(open_, weights)[0]
            places[place].append(card)
            room[place] -= 1
        if keep_voids and any(
            not any(c[-1] == suit for c in (*self.hands[p], *places[p]))
            for p, suits in enumerate(self.held)
            for suit in suits
        ):
            return None
        for cards_at in places:
            rng.shuffle(cards_at)
        return places

    def draw(self, rng: random.Random) -> TressetteState:
        dealt = fitting(lambda keep: self.deal(rng, keep_voids=keep), TRIES)
        view = self.view
        hands = [h + extra for h, extra in zip(self.hands, dealt, strict=False)]
        sides = SEATING.side_count(view["seats"])
        piles: list[list[str]] = [[] for _ in range(sides)]
        for t in view["tricks"]:
            piles[t["winner"] % sides].extend(t["cards"])
        declared: list[list[str]] = [[] for _ in range(view["seats"])]
        for d in view["declared"]:
            declared[d["seat"]].append(d["combination"])
        return TressetteState(
            seats=view["seats"],
            seed=rng.getrandbits(32),
            options=self.options,
            dealer=view["dealer"],
            deal_no=view["deal"],
            hands=hands,
            stock=dealt[-1],
            drawn=dict(view["drawn"]),
            declared=declared,
            leader=view["leader"],
            current=view["current"],
            trick=list(view["trick"]),
            signal=view["signal"],
            tricks=[list(t["cards"]) for t in view["tricks"]],
            leaders=[t["leader"] for t in view["tricks"]],
            winners=[t["winner"] for t in view["tricks"]],
            signals=[t["signal"] or "" for t in view["tricks"]],
            piles=piles,
            totals=list(view["totals"]),
            results=[list(r) for r in view["results"]],
        )


def sample(view: Json, rng: random.Random) -> TressetteState:
    """One state that fits ``view``."""
    return Sampler(view).draw(rng)
