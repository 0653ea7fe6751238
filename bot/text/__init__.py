"""Words about any game: its name, its events told in order, a rule's refusal.

Each game's own words (card names, action labels, narration, boards, results) are in its
package (``bot/games/<game>/text.py``) and its spec names them: ``SPECS[game].text``.
"""

from __future__ import annotations

from typing import Any

from bot.games import SPECS
from bot.games.errors import Card, GameError, Word
from bot.i18n import t

GAME_TITLES = {name: spec.title for name, spec in SPECS.items()}
"""The games' names in English (the slash commands' choices, translated by Discord's client)."""
MOST_SEATS = max(spec.seats.most for spec in SPECS.values())
"""The most seats of any game's lobby: the seat numbers ``/table kick`` takes."""


def told(game: str, events: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """The events ``narrate_all`` tells (the others are steps nobody needs to read)."""
    narrate = SPECS[game].text.narrate
    return [event for event in events if narrate(event, names) is not None]


def narrate_all(game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """One line per event worth telling, in order."""
    narrate = SPECS[game].text.narrate
    return [line for event in events if (line := narrate(event, names)) is not None]


def game_title(game: str) -> str:
    """The game's name in the current language."""
    return t(SPECS[game].title)


def refusal(error: GameError) -> str:
    """A rule's refusal in the current language: its text translated, its cards named in the
    words of their pack, its words translated."""
    values: dict[str, object] = {}
    for key, value in error.values.items():
        if isinstance(value, Card):
            values[key] = SPECS[value.game].text.card_name(value)
        elif isinstance(value, Word):
            values[key] = t(value)
        elif isinstance(value, GameError):
            values[key] = refusal(value)
        else:
            values[key] = value
    return t(error.text, **values)
