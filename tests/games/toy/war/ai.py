"""War's players: ``easy`` turns up its highest card; ``hard`` beats the card on the table
as cheaply as it can, and leads or gives up its lowest. Both read only the seat's view."""

from __future__ import annotations

import random

from bot.games.base import Json
from tests.games.toy.war.engine import RANKS


def _rank(token: str) -> int:
    return RANKS.index(token.split(":")[1][0])


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        return max(legal, key=_rank) if legal else None


class HardPlayer:
    def __init__(self, budget: int = 0) -> None:
        self.budget = budget  # War needs no search

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if not legal:
            return None
        facing = [c for c in view["table"] if c]
        ahead = [a for a in legal if facing and _rank(a) > RANKS.index(facing[0][0])]
        return min(ahead or legal, key=_rank)
