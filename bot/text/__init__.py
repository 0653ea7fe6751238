"""Words for the games: card names, action labels, narration of events, boards and results.

Pure functions over engine views, events and outcomes, shared by the terminal and Discord.
Each game has a module with the same five functions; this package picks the right one.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from bot.games.errors import Card, GameError, Word
from bot.i18n import N_, t

_MODULES = {
    "centocinque": "bot.games.centocinque.text",
    "cento": "bot.games.cento.text",
    "minchiate": "bot.games.minchiate.text",
}


def game_text(game: str) -> ModuleType:
    """The text module of ``game``: card_name, action_label, narrate, board_lines, outcome_lines."""
    return importlib.import_module(_MODULES[game])


def told(game: str, events: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """The events ``narrate_all`` tells (the others are steps nobody needs to read)."""
    narrate = game_text(game).narrate
    return [event for event in events if narrate(event, names) is not None]


def narrate_all(game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """One line per event worth telling, in order."""
    narrate = game_text(game).narrate
    return [line for event in events if (line := narrate(event, names)) is not None]


GAME_TITLES = {
    "centocinque": N_("Centocinque"),
    "cento": N_("One Hundred"),
    "minchiate": N_("Minchiate"),
}
"""The games' names in English (the slash commands' choices, translated by Discord's client)."""


def game_title(game: str) -> str:
    """The game's name in the current language."""
    return t(GAME_TITLES[game])


def refusal(error: GameError) -> str:
    """A rule's refusal in the current language: its text translated, its cards named in the
    words of their pack, its words translated."""
    values: dict[str, object] = {}
    for key, value in error.values.items():
        if isinstance(value, Card):
            values[key] = game_text(value.game).card_name(value)
        elif isinstance(value, Word):
            values[key] = t(value)
        elif isinstance(value, GameError):
            values[key] = refusal(value)
        else:
            values[key] = value
    return t(error.text, **values)
