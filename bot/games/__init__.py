"""Pure, deterministic game engines behind one contract (DESIGN.md), and the AI players.

from bot.games import GAMES, GameError
rules = GAMES["centocinque"]
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Rules
from bot.games.cento.engine import Cento
from bot.games.centocinque.engine import Centocinque
from bot.games.errors import GameError
from bot.games.minchiate import Minchiate

GAMES: dict[str, Rules[Any]] = {
    "centocinque": Centocinque(),
    "cento": Cento(),
    "minchiate": Minchiate(),
}

__all__ = ["GAMES", "GameError", "Rules"]
