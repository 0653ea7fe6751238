"""Briscola's ``hard`` AI against OpenSpiel's ISMCTS, heads-up:
``python -m bench.openspiel_briscola [--pairs N] [--seed S] [--simulations K] [--quick]``.

A deal of heads-up Briscola as a ``pyspiel`` game (``python_briscola_deal``) through the shared
adapter (``bench.openspiel_headsup``, which says how the information state, the resampling and
the opponent work): a card is played in place with the engine's ``play_card`` (the draws and
the trick's winner included), the ``swap`` of the house rule with ``swap``; resampling is the
``hard`` AI's own ``Sampler``, which deals the cards the seat has not seen into the other hand
and the stock. The deal is worth +1 to the side above 60 card points, 0 to both at 60-60.
"""

from __future__ import annotations

import random
from typing import cast

from bench import openspiel_headsup
from bench.briscola import DEAL
from bot.games.base import Event, Json
from bot.games.briscola.ai import Sampler
from bot.games.briscola.cards import PACK
from bot.games.briscola.engine import BriscolaState, play_card, swap
from bot.games.briscola.events import BriscolaEvent

GOAL = 0.55
"""The share of deals ``hard`` aims to win against ISMCTS."""


def act(st: BriscolaState, seat: int, move: str, events: list[Event]) -> None:
    typed = cast("list[BriscolaEvent]", events)  # the engine's events are JSON-safe dicts
    if move == "swap":
        swap(st, seat, typed)
    else:
        play_card(st, seat, move.removeprefix("play:"), typed)


def resample(view: Json, rng: random.Random) -> BriscolaState:
    return Sampler(view).draw(rng)


ADAPTER = openspiel_headsup.Adapter(
    contest=DEAL,
    short_name="python_briscola_deal",
    long_name="Python Briscola (one heads-up deal, Tavolo's engine)",
    actions=[f"play:{card}" for card in PACK] + ["swap"],
    act=act,
    resample=resample,
    max_moves=len(PACK) + 1,
)
BriscolaGame = openspiel_headsup.register(ADAPTER)


def main(argv: list[str] | None = None) -> None:
    title = "Briscola heads-up, hard against OpenSpiel ISMCTS, seats swapped (95% intervals):"
    openspiel_headsup.main(BriscolaGame(), title, GOAL, 300, argv, __doc__)


if __name__ == "__main__":
    main()
