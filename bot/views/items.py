"""What receives clicks: dynamic items, persistent across restarts, and the modal listener.

discord.py recreates a ``DynamicItem`` from the custom id of any click that matches its
template, so a button sent before a restart still works: each item reads what it needs from
the id (``bot.views.ids``) and hands over to ``bot.views.flows``. What is sent lives in
``bot.views.layouts``; these classes only receive.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, Item, Select

from bot.views import flows, ids
from bot.views.errors import guarded

Interaction = discord.Interaction[Any]


class TableButton(DynamicItem[Button[Any]], template=ids.TABLE):
    """A board button: the lobby's, My hand, Call out, Rematch."""

    def __init__(self, item: Button[Any], table_id: int, op: str) -> None:
        super().__init__(item)
        self.table_id, self.op = table_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Button)
        return cls(item, int(match["table"]), match["op"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            f"button {self.op}",
            self.table_id,
            lambda: flows.table_button(interaction, self.table_id, self.op),
        )


class MoveButton(DynamicItem[Button[Any]], template=ids.MOVE):
    """One move in a hand (or a call-out), made for the seat's move counter ``acted``."""

    def __init__(
        self, item: Button[Any], table_id: int, seat: int, acted: int, action: str
    ) -> None:
        super().__init__(item)
        self.table_id, self.seat, self.acted, self.action = table_id, seat, acted, action

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Button)
        table, seat, acted = int(match["table"]), int(match["seat"]), int(match["acted"])
        return cls(item, table, seat, acted, match["action"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            f"move {self.action}",
            self.table_id,
            lambda: flows.pick(interaction, self.table_id, self.seat, self.acted, self.action),
        )


class MoveSelect(DynamicItem[Select[Any]], template=ids.MOVE_SELECT):
    """A hand's moves too many for buttons; the picked option's value is the move."""

    def __init__(self, item: Select[Any], table_id: int, seat: int, acted: int) -> None:
        super().__init__(item)
        self.table_id, self.seat, self.acted = table_id, seat, acted

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Select)
        table, seat, acted = int(match["table"]), int(match["seat"]), int(match["acted"])
        return cls(item, table, seat, acted)

    async def callback(self, interaction: Interaction) -> None:
        action = self.item.values[0]
        await guarded(
            interaction,
            f"move {action}",
            self.table_id,
            lambda: flows.pick(interaction, self.table_id, self.seat, self.acted, action),
        )


class SayButton(DynamicItem[Button[Any]], template=ids.SAY):
    """Penúltima!: marks the seat's next play as declared."""

    def __init__(self, item: Button[Any], table_id: int, seat: int) -> None:
        super().__init__(item)
        self.table_id, self.seat = table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Button)
        return cls(item, int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "penultima",
            self.table_id,
            lambda: flows.say_from_hand(interaction, self.table_id, self.seat),
        )


class PageButton(DynamicItem[Button[Any]], template=ids.PAGE):
    """Shows a page of the hand again: Refresh (the same page), Previous, Next."""

    def __init__(self, item: Button[Any], table_id: int, seat: int, page: int) -> None:
        super().__init__(item)
        self.table_id, self.seat, self.page = table_id, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Button)
        return cls(item, int(match["table"]), int(match["seat"]), int(match["page"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "hand page",
            self.table_id,
            lambda: flows.turn_page(interaction, self.table_id, self.seat, self.page),
        )


class RulesSelect(DynamicItem[Select[Any]], template=ids.RULES_SELECT):
    """The house rules' switches: those picked are on."""

    def __init__(self, item: Select[Any], table_id: int) -> None:
        super().__init__(item)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Select)
        return cls(item, int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        on = set(self.item.values)
        await guarded(
            interaction,
            "house rules",
            self.table_id,
            lambda: flows.set_switches(interaction, self.table_id, on),
        )


class RulesNumbersButton(DynamicItem[Button[Any]], template=ids.RULES_NUMBERS):
    """Opens the modal for the house rules that are numbers."""

    def __init__(self, item: Button[Any], table_id: int) -> None:
        super().__init__(item)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, Button)
        return cls(item, int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "house rules",
            self.table_id,
            lambda: flows.open_numbers(interaction, self.table_id),
        )


DYNAMIC_ITEMS: tuple[type[DynamicItem[Any]], ...] = (
    TableButton,
    MoveButton,
    MoveSelect,
    SayButton,
    PageButton,
    RulesSelect,
    RulesNumbersButton,
)


async def modal_submitted(interaction: Interaction) -> None:
    """Every submitted Tavolo modal, read from its custom id and the typed values alone.

    The modals themselves keep no state and have no ``on_submit``: a modal opened before a
    restart is submitted after it to a process that never saw it open, so the custom id
    (table, seat, move counter, card) must say everything. Registered as an interaction
    listener; other interactions pass through untouched.
    """
    if interaction.type is not discord.InteractionType.modal_submit or not interaction.data:
        return
    custom_id = str(interaction.data.get("custom_id", ""))
    typed = _typed_values(interaction.data.get("components", []))
    if value := re.fullmatch(ids.VALUE_MODAL, custom_id):
        table_id = int(value["table"])
        seat, acted, card = int(value["seat"]), int(value["acted"]), value["card"]
        await guarded(
            interaction,
            "ace value",
            table_id,
            lambda: flows.submit_value(
                interaction, table_id, seat, acted, card, typed.get("total", "")
            ),
        )
    elif numbers := re.fullmatch(ids.RULES_MODAL, custom_id):
        table_id = int(numbers["table"])
        await guarded(
            interaction,
            "house rules",
            table_id,
            lambda: flows.set_numbers(interaction, table_id, typed),
        )


def _typed_values(components: Any) -> dict[str, str]:
    """``{custom_id: value}`` of the text inputs in a modal submission, whether Discord sends
    them in action rows or in labels."""
    typed: dict[str, str] = {}
    stack = list(components)
    while stack:
        item = stack.pop()
        if item.get("type") == discord.ComponentType.text_input.value:
            typed[str(item.get("custom_id"))] = str(item.get("value") or "")
        stack += item.get("components", [])
        if "component" in item:
            stack.append(item["component"])
    return typed
