"""Scopa's ``hard`` AI against OpenSpiel's ISMCTS, heads-up:
``python -m bench.openspiel_scopa [--pairs N] [--seed S] [--simulations K] [--quick]``.

A round (smazzata) of heads-up Scopa as a ``pyspiel`` game (``python_scopa_round``) through the
shared adapter (``bench.openspiel_headsup``, which says how the information state, the
resampling and the opponent work). One round, not a game to 11, because the round is where the
hidden cards are: it is the unit ``bench.scopa`` swaps the seats of, the horizon of ``hard``'s
own playouts, and all a sampler needs to know (the cards taken are public, so the unseen ones
are known exactly as a set); a game would add only the score between deals, which neither
player's search looks at, and make each contest four or five times as long.

Every move is an action: each card laid down, and each card with each set of cards it could
ever take (``play:<card>:<c1>+<c2>…``, as the engine lists takes), 12,144 in all. A move is
made in place with the engine's ``play`` (the deals and the last take's sweep included);
resampling is ``hard``'s own ``sample``, which deals the unseen cards at random into the other
hand and the stock. The round is worth +1 to the seat with more round points, 0 to both when
level; ``hard`` aims to win at least 55% of rounds, draws counting half.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import cast

from bench import openspiel_headsup
from bench.scopa import ROUND
from bot.games.base import Event, Json
from bot.games.scopa import ai
from bot.games.scopa.cards import PACK, VALUE
from bot.games.scopa.engine import HAND, TABLE, ScopaState, play
from bot.games.scopa.events import ScopaEvent

GOAL = 0.55
"""The share of rounds ``hard`` aims to win against ISMCTS, draws counting half."""

SIMULATIONS = 100
"""ISMCTS's simulations per move unless told: about twice ``hard``'s CPU time per move."""
MOST_TAKEN = 4  # 1 + 2 + 3 + 4 = 10: no take of five cards adds up to a Re's 10


def every_move() -> list[str]:
    """Each card laid down, or taking one card of its value, or two or more adding up to it."""
    moves = []
    for card in PACK:
        value = VALUE[card]
        moves.append(f"play:{card}")
        moves += [f"play:{card}:{c}" for c in PACK if VALUE[c] == value and c != card]
        lower = [c for c in PACK if VALUE[c] < value]
        for size in range(2, MOST_TAKEN + 1):
            moves += [
                f"play:{card}:{'+'.join(took)}"
                for took in combinations(lower, size)
                if sum(VALUE[c] for c in took) == value
            ]
    return moves


def act(st: ScopaState, seat: int, token: str, events: list[Event]) -> None:
    card, took = ai.parse(token)
    play(st, seat, card, list(took), cast("list[ScopaEvent]", events))  # JSON-safe dicts


def resample(view: Json, rng: random.Random) -> ScopaState:
    return ai.sample(view, rng)


ADAPTER = openspiel_headsup.Adapter(
    contest=ROUND,
    short_name="python_scopa_round",
    long_name="Python Scopa (one heads-up round, Tavolo's engine)",
    actions=every_move(),
    act=act,
    resample=resample,
    max_moves=len(PACK) - TABLE,
)
ScopaGame = openspiel_headsup.register(ADAPTER)
assert len(PACK) - TABLE == 6 * 2 * HAND  # heads-up: six deals of three cards each


def main(argv: list[str] | None = None) -> None:
    title = "Scopa heads-up, hard against OpenSpiel ISMCTS, round by round, seats swapped:"
    openspiel_headsup.main(ScopaGame(), title, GOAL, SIMULATIONS, argv, __doc__)


if __name__ == "__main__":
    main()
