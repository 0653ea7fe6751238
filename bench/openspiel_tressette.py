"""Tressette's ``hard`` AI against OpenSpiel's ISMCTS, at two seats or four:
``python -m bench.openspiel_tressette [--seats 2|4] [--pairs N] [--seed S] [--simulations K]
[--quick]``.

A deal of Tressette as a ``pyspiel`` game (``python_tressette_deal``, and ``_deal4`` for two
sides of partners) through the shared adapter (``bench.openspiel_headsup``, which says how the
information state, the resampling and the opponent work): every ``play:<card>``, with each
signal at four, and every ``accuse:<combination>`` token is one OpenSpiel action, made in place
with the engine's ``play_card`` (the trick, the draws of the stock, the deal's end) and
``accuse``. A seat's information state is its view (its hand, the tricks with their signals,
the cards drawn from the stock, which both seats see, and the accusi declared); resampling it is
the ``hard`` AI's own ``Sampler``, which deals the unseen cards into the other hands and the
stock keeping every public fact: the drawn cards and the cards an accuso names where they are,
no card of a suit a seat failed to follow or said *volo* in among the cards it was dealt, and a
card of the suit a seat said *striscio* in while it has played none since. The deal is worth +1
to each seat of the side that scored more points in it (with its accusi), 0 when level. At four
seats ``hard`` holds one side, ISMCTS the other.
"""

from __future__ import annotations

import argparse
import random
from typing import cast

from bench import openspiel_headsup
from bench.tressette import deal
from bot.games.base import Event, Json
from bot.games.cards import ITALIAN_SUITS
from bot.games.tressette.cards import BUONGIOCO_RANKS, PACK, combinations
from bot.games.tressette.engine import SIGNALS, TressetteState, accuse, play_card
from bot.games.tressette.events import TressetteEvent
from bot.games.tressette.sample import Sampler

GOAL = 0.55
"""The share of deals ``hard`` aims to win against ISMCTS (a level deal is not won)."""

SIMULATIONS = 100
"""ISMCTS's simulations per move unless told: about twice ``hard``'s mean CPU time per move."""

ACCUSI = combinations(PACK) + [f"buongioco:{r}:{s}" for r in BUONGIOCO_RANKS for s in ITALIAN_SUITS]
"""Every combination a hand may declare: the four napoletane, each rank's buongioco of four,
and of three (named by the missing suit)."""


def act(st: TressetteState, seat: int, token: str, events: list[Event]) -> None:
    typed = cast("list[TressetteEvent]", events)  # the engine's events are JSON-safe dicts
    kind, _, rest = token.partition(":")
    if kind == "accuse":
        accuse(st, seat, rest, typed)
    else:
        card, _, signal = rest.partition(":")
        play_card(st, seat, card, signal or None, typed)


def resample(view: Json, rng: random.Random) -> TressetteState:
    return Sampler(view).draw(rng)


def adapter(seats: int) -> openspiel_headsup.Adapter:
    """A deal at ``seats`` as OpenSpiel sees it: signals only at four."""
    words = ("", *(f":{w}" for w in SIGNALS)) if seats == 4 else ("",)
    return openspiel_headsup.Adapter(
        contest=deal(seats),
        short_name="python_tressette_deal" + ("4" if seats == 4 else ""),
        long_name=f"Python Tressette (one deal at {seats} seats, Tavolo's engine)",
        actions=[f"play:{card}{word}" for card in PACK for word in words]
        + [f"accuse:{c}" for c in ACCUSI],
        act=act,
        resample=resample,
        max_moves=len(PACK) + seats * len(ACCUSI),
    )


GAMES = {seats: openspiel_headsup.register(adapter(seats)) for seats in (2, 4)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--seats", type=int, choices=sorted(GAMES), default=2)
    args, rest = parser.parse_known_args(argv)
    title = (
        f"Tressette at {args.seats} seats, hard against OpenSpiel ISMCTS, seats swapped "
        "(95% intervals):"
    )
    openspiel_headsup.main(GAMES[args.seats](), title, GOAL, SIMULATIONS, rest, __doc__)


if __name__ == "__main__":
    main()
