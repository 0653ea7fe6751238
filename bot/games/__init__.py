"""Pure, deterministic game engines behind one contract (DESIGN.md), and the AI players.

from bot.games import GAMES, GameError
rules = GAMES["centocinque"]

Each game is a package (``bot/games/<game>/``) holding its engine, its AI players, its words
and its ``spec.py``: one frozen ``GameSpec`` with everything the bot knows of the game.
``SPECS`` registers them, once; ``GAMES`` is their rules.
"""

from __future__ import annotations

from typing import Any

from bot.games.ai.base import Player, check_level
from bot.games.base import Rules
from bot.games.briscola.spec import SPEC as BRISCOLA
from bot.games.cento.spec import SPEC as CENTO
from bot.games.centocinque.spec import SPEC as CENTOCINQUE
from bot.games.errors import GameError
from bot.games.minchiate.spec import SPEC as MINCHIATE
from bot.games.scopa.spec import SPEC as SCOPA
from bot.games.spec import GameSpec
from bot.games.tressette.spec import SPEC as TRESSETTE

SPECS: dict[str, GameSpec[Any, Any, Any]] = {
    spec.name: spec for spec in (CENTOCINQUE, CENTO, MINCHIATE, SCOPA, BRISCOLA, TRESSETTE)
}
"""Every game, by name, in the order people are offered them."""

GAMES: dict[str, Rules[Any]] = {name: spec.rules for name, spec in SPECS.items()}


def make_player(game: str, level: str, *, budget: int | None = None) -> Player:
    """An AI for ``game`` at ``level``; ``budget`` overrides the hard level's playouts."""
    check_level(level)
    if game not in SPECS:
        raise GameError("Unknown game “{game}”.", game=game)
    return SPECS[game].player(level, budget=budget)


__all__ = ["GAMES", "SPECS", "GameError", "GameSpec", "Rules", "make_player"]
