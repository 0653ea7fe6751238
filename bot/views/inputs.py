"""How each kind of input (``bot.games.moves.Input``) shows on Discord: its ``Surface``.

A kind's surface draws what the kind adds to a hand (buttons on its last row, lines), to the
board, to ``/play`` and to the slash commands, and says what picking a card it completes
does (a modal, the card's takes). Each kind's module (``marks``, ``targets``, ``numbers``,
``takes``, ``shortcuts``) registers its surface here with ``@surface``; ``bot.views.kinds``
imports them all, once, so the hand, ``/play`` and the commands ask the registry and never
name a kind.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import discord
from discord.ui import Item

from bot.games import SPECS, GameSpec
from bot.games.moves import Input, Offer
from bot.tables import Table
from bot.views.click import Interaction

K = TypeVar("K", bound=Input)


@dataclass(frozen=True)
class Choice:
    """One entry of a hand, labelled: a move, or a card still to complete (``need``: the
    input that completes it, a number the person types or one of the card's takes; ``token``
    is then the card's move without it, never itself legal)."""

    token: str
    label: str
    card: str | None = None
    need: Input | None = None

    @property
    def needs(self) -> str | None:
        """The kind of input that completes it (``Input.key``), if any."""
        return self.need.key if self.need is not None else None


@dataclass(frozen=True)
class Picked:
    """A card to complete, picked by a person: in their hand or named to ``/play``."""

    interaction: Interaction
    table: Table
    seat: int
    choice: Choice


@dataclass(frozen=True)
class CommandPart:
    """What a kind makes of a slash command: kinds that share a command's name (a mark said
    with ``/penultima``, a target named with ``/penultima player:``) make one command."""

    name: str
    description: str
    run: Callable[[Interaction, Table, discord.abc.User | None], Awaitable[bool]]
    """Carries the command out at the channel's table, False when this part does not apply
    there (the table's game does not declare it, or a player was given to a part without)."""
    refusal: Callable[[discord.abc.User | None], str | None]
    """The refusal when no part applies (``elsewhere``), or None to leave it to another."""
    player: str | None = None
    """The description of its player option, if it names a person."""


class Surface(Generic[K]):
    """A kind of input on Discord. Each method receives what the table's game declares of the
    kind (or, for commands, what every game does); the defaults add nothing."""

    def label(self, declared: K, card: str) -> str:
        """The hand's entry for a card this kind completes (``card``: its name)."""
        raise NotImplementedError

    def suggestions(self, declared: K, spec: GameSpec[Any, Any, Any], offer: Offer) -> list[Choice]:
        """What ``/play`` suggests besides a card this kind completes (its takes, each in
        full)."""
        return []

    async def picked(self, declared: K, picked: Picked) -> None:
        """A card this kind completes was picked in the hand."""
        raise NotImplementedError

    async def played(self, declared: K, picked: Picked, value: int | None) -> str | None:
        """``/play`` named a card this kind completes (with ``value:``, for a kind that takes
        one): the move to make, or None once the person was asked for what is missing."""
        raise NotImplementedError

    def focus(
        self, declared: K, table: Table, seat: int, choice: Choice, embed: discord.Embed
    ) -> discord.ui.View | None:
        """The hand while the person completes ``choice`` in it (its takes), the embed told
        what to do; None when the kind is not completed in the hand."""
        return None

    def hand_buttons(self, declared: Sequence[K], table: Table, seat: int) -> list[Item[Any]]:
        """Buttons of the hand's last row."""
        return []

    def hand_lines(self, declared: Sequence[K], table: Table, seat: int) -> list[str]:
        """Lines of the hand's embed."""
        return []

    def board_buttons(self, declared: Sequence[K], table: Table) -> list[Item[Any]]:
        """Buttons under the board while playing."""
        return []

    def commands(self, declared: Sequence[K]) -> list[CommandPart]:
        """Slash commands, from every game's declarations of the kind."""
        return []

    def value(self, declared: Sequence[K]) -> tuple[int, int, str] | None:
        """The range and description of ``/play value:``, if the kind takes a number."""
        return None

    def no_value(self, declared: Sequence[K]) -> str | None:
        """The refusal of ``/play value:`` given with a move that takes none."""
        return None


SURFACES: dict[type[Input], Surface[Any]] = {}


def surface(kind: type[K]) -> Callable[[type[Surface[K]]], type[Surface[K]]]:
    """Register the decorated class as the surface of ``kind``."""

    def register(cls: type[Surface[K]]) -> type[Surface[K]]:
        SURFACES[kind] = cls()
        return cls

    return register


def of(declared: Input) -> Surface[Any]:
    return SURFACES[type(declared)]


def by_kind(declared: Sequence[Input]) -> list[tuple[Surface[Any], list[Input]]]:
    """``declared`` grouped by kind, in order of each kind's first declaration."""
    groups: dict[type[Input], list[Input]] = {}
    for one in declared:
        groups.setdefault(type(one), []).append(one)
    return [(SURFACES[kind], group) for kind, group in groups.items()]


def everywhere() -> list[tuple[Surface[Any], list[Input]]]:
    """Every game's inputs, grouped by kind (for the commands, which every table has)."""
    return by_kind([one for spec in SPECS.values() for one in spec.inputs.declared])


def hand_buttons(table: Table, seat: int) -> list[Item[Any]]:
    return [
        item
        for found, group in by_kind(table.spec.inputs.declared)
        for item in found.hand_buttons(group, table, seat)
    ]


def hand_lines(table: Table, seat: int) -> list[str]:
    return [
        line
        for found, group in by_kind(table.spec.inputs.declared)
        for line in found.hand_lines(group, table, seat)
    ]


def board_buttons(table: Table) -> list[Item[Any]]:
    return [
        item
        for found, group in by_kind(table.spec.inputs.declared)
        for item in found.board_buttons(group, table)
    ]
