"""Words for the games: card names, action labels, narration of events, boards and results.

Pure functions over engine views, events and outcomes, shared by the terminal and Discord.
Each game has a module with the same five functions; this package picks the right one.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

_MODULES = {
    "centocinque": "bot.text.centocinque",
    "cento": "bot.text.cento",
    "minchiate": "bot.text.minchiate",
}


def game_text(game: str) -> ModuleType:
    """The text module of ``game``: card_name, action_label, narrate, board_lines, outcome_lines."""
    return importlib.import_module(_MODULES[game])


def narrate_all(game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """One line per event worth telling, in order."""
    narrate = game_text(game).narrate
    return [line for event in events if (line := narrate(event, names)) is not None]


GAME_TITLES = {"centocinque": "Centocinque", "cento": "One Hundred", "minchiate": "Minchiate"}
