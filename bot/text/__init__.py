"""Words about any game: its name, its events told in order, a rule's refusal.

Each game's own words (card names, action labels, narration, boards, results) are in its
package (``bot/games/<game>/text.py``) and its spec names them: ``SPECS[game].text``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import SPECS
from bot.games.errors import Card, GameError, Word
from bot.i18n import N_, t

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


AI_NAMES = {"random": N_("AI (random)"), "easy": N_("AI (easy)"), "hard": N_("AI (hard)")}
"""An AI seat's name by its level, as the tables name theirs ("AI (hard) 2")."""


def ai_name(level: str, seat: int) -> str:
    """An AI seat's name, its level in it: who is which AI is never left to guess."""
    return f"{t(AI_NAMES[level])} {seat}"


def opening(game: str, you: int, names: list[str], options: Mapping[str, object]) -> list[str]:
    """A match's first lines: the game, its house rules, and your partner where there are
    partnerships."""
    spec = SPECS[game]
    seats = len(names)
    lines = [
        t("{game} with {n} players. You are seat {seat}.", game=game_title(game), n=seats, seat=you)
    ]
    for key, value in options.items():
        label = spec.text.option_labels.get(key)
        if label is None or value is False:
            continue
        shown = t(label) if value is True else t("{label}: {value}", label=t(label), value=value)
        lines.append(t("House rule: {rule}", rule=shown))
    teams = spec.seats.teams(seats)
    partners = [names[s] for s in range(seats) if s != you and teams[s] == teams[you]]
    if spec.seats.partnered(seats) and partners:
        lines.append(t("Your partner: {partners}.", partners=" & ".join(partners)))
    return lines
