"""Tressette's AI strength, deal by deal, at two seats and at four, the seats swapped:
``python -m bench.tressette [--seats 2,4] [--pairs N] [--seed S] [--quick] [--matchups a:b,...]``.

Each match-up plays ``--pairs`` deals twice: the same deck and dealer (seed ``S + i``), once with
the first level at seat 0 (and its partner seat 2, at four) and once at seat 1 (and 3), so neither
level keeps the luck of a deal. A deal is won by the side that scored more points in it (its
thirds divided by three, the leftover dropped, plus its accusi); a level deal is a draw, never a
win. For the first level it prints the deals won, drawn and lost, its share of deals won with a
95% Wilson interval, and its points per deal over the other level with a 95% interval over the
pairs, and each level's CPU time per decision. The harness is ``bench.headsup``.

The levels are the bot's (``random``, ``easy``, ``hard``) and ``silent``: ``hard`` that neither
gives nor reads the partners' signals (at four seats, ``hard:silent`` measures what they pay).
Ceilings, not AIs, measure what the signals could pay at most with ``hard``'s search:
``sees-partner`` and ``sees-all``, ``hard`` told every card of its partner's hand, or of every
hand; ``sees-shape``, told its partner's suit lengths and every 3, 2 and Asso it holds (more
than the three words can say of a hand).
Unless told, two seats play ``easy:random,hard:random,hard:easy`` and four seats
``easy:random,hard:easy,hard:silent``.
"""

from __future__ import annotations

import argparse
import copy
import random
from typing import Any

from bench.headsup import Contest, Goal, Oracle, ends_with, matchup
from bot.games import make_player
from bot.games.ai import Player
from bot.games.base import Json
from bot.games.cards import ITALIAN_SUITS
from bot.games.tressette.ai import HardPlayer
from bot.games.tressette.engine import TressetteState
from bot.games.tressette.sample import Sampler


def deal(seats: int) -> Contest:
    """One deal of Tressette at ``seats``, each side's points from its end."""
    return Contest(
        game="tressette",
        noun="deal",
        points="points",
        scores=ends_with("deal_over", lambda event: (event["scores"][0], event["scores"][1])),
        digits=2,
        pairs=100,
        seats=seats,
        goals={
            ("easy", "random"): Goal(share=0.70),
            ("hard", "random"): Goal(share=0.90 if seats == 2 else None),
            ("hard", "easy"): Goal(0.60, 1.0),
            ("hard", "silent"): Goal(share=0.55 if seats == 4 else None),
        },
    )


MATCHUPS = {2: "easy:random,hard:random,hard:easy", 4: "easy:random,hard:easy,hard:silent"}


HONOURS = ("3", "2", "A")
"""The ranks a partner's hand is told by at ``sees-shape``: the two best and the Asso."""


class Shaped(Sampler):
    """Deals the partner's hidden cards to the suit lengths a ceiling was told (the view's
    ``shape``: how many cards of each suit), the others' as a seat's own sampler does."""

    def deal(self, rng: random.Random, keep_voids: bool) -> list[list[str]] | None:
        shape: dict[str, int] | None = self.view.get("shape")
        if shape is None:
            return super().deal(rng, keep_voids)
        partner = (self.view["seat"] + 2) % len(self.room)
        chosen = [
            card
            for suit, length in shape.items()
            for card in rng.sample(
                [c for c in self.unseen if c[-1] == suit],
                length - sum(c[-1] == suit for c in self.hands[partner]),
            )
        ]
        rest = copy.copy(self)  # the others dealt as ever, the partner's hand full
        rest.unseen = [c for c in self.unseen if c not in chosen]
        rest.room = [0 if s == partner else r for s, r in enumerate(self.room)]
        rest.hands = [h + chosen if s == partner else h for s, h in enumerate(self.hands)]
        places = Sampler.deal(rest, rng, keep_voids)
        if places is not None:
            places[partner] = chosen
        return places


class Seeing(HardPlayer, Oracle):
    """``hard``, told where the cards of its partner's hand are (``sees``: ``partner``), of
    every hand (``all``), or its partner's suit lengths and honours (``shape``), as if drawn
    from the stock in the open: its search deals only the cards it is not told."""

    sampler = Shaped

    def __init__(self, sees: str) -> None:
        super().__init__()
        self.sees = sees

    def told(self, view: Json, state: Any) -> Json:
        st: TressetteState = state
        me, seats = view["seat"], view["seats"]
        partner = (me + 2) % seats
        if self.sees == "all":
            cards = {s: st.hands[s] for s in range(seats) if s != me}
        elif self.sees == "partner":
            cards = {partner: st.hands[partner]}
        else:
            cards = {partner: [c for c in st.hands[partner] if c[:-1] in HONOURS]}
        known = {**view["known"], **{card: s for s, held in cards.items() for card in held}}
        told = {**view, "known": known}
        if self.sees == "shape":
            told["shape"] = {s: sum(c[-1] == s for c in st.hands[partner]) for s in ITALIAN_SUITS}
        return told


CEILINGS = ("sees-partner", "sees-all", "sees-shape")


def player(level: str) -> Player:
    """A level's player: the bot's, ``silent``, or a ceiling."""
    if level == "silent":
        return HardPlayer(signals=False)
    if level in CEILINGS:
        return Seeing(level.removeprefix("sees-"))
    return make_player("tressette", level)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", default="2,4", help="the table sizes, in order")
    parser.add_argument("--matchups", default=None, help="a:b,... (each size's own unless told)")
    parser.add_argument("--pairs", type=int, default=100, help="deals per match-up, each twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="3 pairs each: a smoke test")
    args = parser.parse_args(argv)
    pairs = 3 if args.quick else args.pairs
    print("Tressette, deal by deal, seats swapped (95% intervals):")
    for seats in (int(n) for n in args.seats.split(",")):
        contest = deal(seats)
        print(f" {seats} seats:", flush=True)
        for names in (args.matchups or MATCHUPS[seats]).split(","):
            a, b = names.split(":")
            tally = matchup(contest, player(a), player(b), (a, b), pairs, args.seed)
            print("\n".join(tally.lines()), flush=True)


if __name__ == "__main__":
    main()
