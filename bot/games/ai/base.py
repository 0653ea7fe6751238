"""What an AI player is, and the uniformly random baseline.

An AI sees exactly what its seat may know: the seat's view (``rules.view(state, seat)``) and
its legal actions. It never receives the state, so it cannot read a hidden card. All its
randomness comes from the ``rng`` the caller passes, so a seeded AI always picks the same move.
"""

from __future__ import annotations

import random
from typing import Protocol

from bot.games.base import Json
from bot.games.errors import GameError

LEVELS = ("random", "easy", "hard")
"""Every game's AI levels: the random baseline, and the game's own easy and hard players."""


def check_level(level: str) -> None:
    if level not in LEVELS:
        raise GameError(
            "Unknown AI level “{level}”: choose one of {levels}.",
            level=level,
            levels=", ".join(LEVELS),
        )


class Player(Protocol):
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        """The action to take. ``None`` declines an optional action (such as a call-out)
        offered to a seat that is not on turn; a seat on turn always gets an action."""
        ...


def on_turn(view: Json) -> bool:
    return bool(view["current"] == view["seat"])


class RandomPlayer:
    """The baseline: a uniformly random legal action; off turn, acting or not is a coin toss
    weighted as one more choice."""

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        if on_turn(view):
            return rng.choice(legal)
        pick = rng.randrange(len(legal) + 1)
        return legal[pick] if pick < len(legal) else None
