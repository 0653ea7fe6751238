"""AI players for every game: ``random`` (the baseline), ``easy`` and ``hard``.

player = make_player("centocinque", "hard")
action = player.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng)
"""

from __future__ import annotations

import importlib

from bot.games.ai.base import Player, RandomPlayer
from bot.games.errors import GameError

LEVELS = ("random", "easy", "hard")

# Each module holds PLAYERS: {"easy": factory, "hard": factory}; a factory takes budget=.
_MODULES = {
    "centocinque": "bot.games.centocinque.ai",
    "cento": "bot.games.cento.ai",
    "minchiate": "bot.games.minchiate.ai",
}


def make_player(game: str, level: str, *, budget: int | None = None) -> Player:
    """An AI for ``game`` at ``level``; ``budget`` overrides the hard level's playouts."""
    if level not in LEVELS:
        raise GameError(
            "Unknown AI level “{level}”: choose one of {levels}.",
            level=level,
            levels=", ".join(LEVELS),
        )
    if game not in _MODULES:
        raise GameError("Unknown game “{game}”.", game=game)
    if level == "random":
        return RandomPlayer()
    factory = importlib.import_module(_MODULES[game]).PLAYERS[level]
    player: Player = factory(budget=budget) if budget is not None and level == "hard" else factory()
    return player


__all__ = ["LEVELS", "Player", "make_player"]
