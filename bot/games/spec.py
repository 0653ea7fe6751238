"""What the bot knows of a game, in one place: its ``GameSpec``.

Each game's package registers one frozen ``GameSpec`` (``bot/games/<game>/spec.py``) and
``bot.games.SPECS`` holds them all, by name. The layers above read a game's knowledge from its
spec instead of naming games: its rules, its AI players, its words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.games.ai.base import Player, RandomPlayer, check_level
from bot.games.base import Rules

V = TypeVar("V")  # the game's view of a seat
E = TypeVar("E")  # the game's events
O = TypeVar("O")  # the game's outcome  # noqa: E741


class HardFactory(Protocol):
    def __call__(self, budget: int = ...) -> Player: ...


@dataclass(frozen=True)
class Players:
    """The game's AI players by level (``random`` is every game's: ``RandomPlayer``)."""

    easy: Callable[[], Player]
    hard: HardFactory
    """Takes ``budget``, the playouts of its search (each game has its own default)."""


@dataclass(frozen=True)
class GameText(Generic[V, E, O]):
    """The game's words: pure functions of its card codes, action tokens, events, views and
    outcome, in the current language (``bot.i18n``)."""

    card_name: Callable[[str], str]
    action_label: Callable[[str], str]
    narrate: Callable[[E, list[str]], str | None]
    """One line telling an event, or None for a step nobody needs to read."""
    board_lines: Callable[[V, list[str]], list[str]]
    outcome_lines: Callable[[O, list[str]], list[str]]


@dataclass(frozen=True)
class GameSpec(Generic[V, E, O]):
    """One game, as the bot knows it."""

    name: str
    """The game's key: ``GAMES``, stored tables and matches, slash-command choices."""
    title: str
    """Its name in English, marked with ``N_`` and translated where shown."""
    rules: Rules[Any]
    players: Players
    text: GameText[V, E, O]

    def player(self, level: str, *, budget: int | None = None) -> Player:
        """An AI for this game at ``level``; ``budget`` overrides the hard level's playouts."""
        check_level(level)
        if level == "random":
            return RandomPlayer()
        if level == "easy":
            return self.players.easy()
        return self.players.hard() if budget is None else self.players.hard(budget=budget)
