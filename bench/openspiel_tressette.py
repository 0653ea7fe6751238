"""Tressette's ``hard`` AI against OpenSpiel's ISMCTS, two seats:
``python -m bench.openspiel_tressette [--pairs N] [--seed S] [--simulations K] [--quick]``.

A deal of two-seat Tressette as a ``pyspiel`` game (``python_tressette_deal``) through the shared
adapter (``bench.openspiel_headsup``, which says how the information state, the resampling and
the opponent work): every ``play:<card>`` and ``accuse:<combination>`` token is one OpenSpiel
action, made in place with the engine's ``play_card`` (the trick, the draws of the stock, the
deal's end) and ``accuse``. A seat's information state is its view (its hand, the tricks, the
cards drawn from the stock, which both seats see, and the accusi declared); resampling it is the
``hard`` AI's own ``Sampler``, which deals the unseen cards into the other hand and the stock
keeping every public fact: the drawn cards and the cards an accuso names where they are, and no
card of a suit the other seat failed to follow among the cards it was dealt. The deal is worth
+1 to the side that scored more points in it (with its accusi), 0 to both when level.
"""

from __future__ import annotations

import random
from typing import cast

from bench import openspiel_headsup
from bench.tressette import deal
from bot.games.base import Event, Json
from bot.games.cards import ITALIAN_SUITS
from bot.games.tressette.cards import BUONGIOCO_RANKS, PACK, combinations
from bot.games.tressette.engine import TressetteState, accuse, play_card
from bot.games.tressette.events import TressetteEvent
from bot.games.tressette.sample import Sampler

GOAL = 0.55
"""The share of deals ``hard`` aims to win against ISMCTS (a level deal is not won)."""

SIMULATIONS = 100
"""ISMCTS's simulations per move unless told: about twice ``hard``'s mean CPU time per move."""

ACCUSI = combinations(PACK) + [f"buongioco:{r}:{s}" for r in BUONGIOCO_RANKS for s in ITALIAN_SUITS]
"""Every combination a hand may declare: the four napoletane, each rank's buongioco of four,
and of three (named by the missing suit)."""

DEAL = deal(2)


def act(st: TressetteState, seat: int, token: str, events: list[Event]) -> None:
    typed = cast("list[TressetteEvent]", events)  # the engine's events are JSON-safe dicts
    kind, _, rest = token.partition(":")
    if kind == "accuse":
        accuse(st, seat, rest, typed)
    else:
        play_card(st, seat, rest, None, typed)  # no signals at two seats


def resample(view: Json, rng: random.Random) -> TressetteState:
    return Sampler(view).draw(rng)


ADAPTER = openspiel_headsup.Adapter(
    contest=DEAL,
    short_name="python_tressette_deal",
    long_name="Python Tressette (one two-seat deal, Tavolo's engine)",
    actions=[f"play:{card}" for card in PACK] + [f"accuse:{c}" for c in ACCUSI],
    act=act,
    resample=resample,
    max_moves=len(PACK) + 2 * len(ACCUSI),
)
TressetteGame = openspiel_headsup.register(ADAPTER)


def main(argv: list[str] | None = None) -> None:
    title = "Tressette two seats, hard against OpenSpiel ISMCTS, seats swapped (95% intervals):"
    openspiel_headsup.main(TressetteGame(), title, GOAL, SIMULATIONS, argv, __doc__)


if __name__ == "__main__":
    main()
