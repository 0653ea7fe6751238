"""What people click: dynamic items (persistent across restarts), modals, and the views that
hold them on the board, in a hand and in the house-rules panel.

Items are ``DynamicItem``s: discord.py recreates one from the custom id of any click, so a
button sent before a restart still works. Their callbacks hand over to ``bot.views.flows``.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord.ui import Button, DynamicItem, Item, Select

from bot.i18n import t
from bot.tables import Table
from bot.views import ids
from bot.views.errors import guarded
from bot.views.render import (
    LABEL_MAX,
    MOVE_ROWS,
    ROW_WIDTH,
    SELECT_OPTIONS,
    Choice,
    OptionField,
    clip,
    current_options,
    move_page,
    number_label,
    option_fields,
)

Interaction = discord.Interaction[Any]


def _flows() -> Any:
    """The flows module; imported when first clicked, since flows builds these items."""
    from bot.views import flows

    return flows


# -- the items -------------------------------------------------------------------------------


class TableButton(DynamicItem[Button[Any]], template=ids.TABLE):
    """A board button: the lobby's, My hand, Call out, Rematch."""

    def __init__(
        self,
        table_id: int,
        op: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        custom_id = ids.table_button(table_id, op)
        super().__init__(Button(label=label or op, style=style, custom_id=custom_id, row=row))
        self.table_id, self.op = table_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            f"button {self.op}",
            self.table_id,
            lambda: _flows().table_button(interaction, self.table_id, self.op),
        )


class MoveButton(DynamicItem[Button[Any]], template=ids.MOVE):
    """One move in a hand, for the seat's move counter ``acted``."""

    def __init__(
        self, table_id: int, seat: int, acted: int, action: str, label: str = "", row: int = 0
    ) -> None:
        style = discord.ButtonStyle.secondary if ":" in action else discord.ButtonStyle.primary
        custom_id = ids.move(table_id, seat, acted, action)
        super().__init__(Button(label=label or action, style=style, custom_id=custom_id, row=row))
        self.table_id, self.seat, self.acted, self.action = table_id, seat, acted, action

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), int(match["seat"]), int(match["acted"]), match["action"])

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            f"move {self.action}",
            self.table_id,
            lambda: _flows().pick(interaction, self.table_id, self.seat, self.acted, self.action),
        )


class MoveSelect(DynamicItem[Select[Any]], template=ids.MOVE_SELECT):
    """Moves in a hand too many for buttons: up to 25 in one select."""

    def __init__(
        self,
        table_id: int,
        seat: int,
        acted: int,
        index: int,
        choices: list[Choice] | None = None,
        row: int = 0,
    ) -> None:
        options = [discord.SelectOption(label=c.label, value=c.token) for c in choices or []]
        first = index * SELECT_OPTIONS + 1
        select: Select[Any] = Select(
            custom_id=ids.move_select(table_id, seat, acted, index),
            options=options,
            row=row,
            placeholder=t(
                "Choose a move ({first} to {last})…", first=first, last=first + len(options) - 1
            ),
        )
        super().__init__(select)
        self.table_id, self.seat, self.acted = table_id, seat, acted

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        table, seat, acted = int(match["table"]), int(match["seat"]), int(match["acted"])
        return cls(table, seat, acted, int(match["index"]))

    async def callback(self, interaction: Interaction) -> None:
        action = self.item.values[0]
        await guarded(
            interaction,
            f"move {action}",
            self.table_id,
            lambda: _flows().pick(interaction, self.table_id, self.seat, self.acted, action),
        )


class SayButton(DynamicItem[Button[Any]], template=ids.SAY):
    """Penúltima!: always in a Centocinque hand; marks the seat's next play as declared."""

    def __init__(self, table_id: int, seat: int) -> None:
        button: Button[Any] = Button(
            label=t("Penúltima!"),
            style=discord.ButtonStyle.danger,
            custom_id=ids.say(table_id, seat),
            row=4,
        )
        super().__init__(button)
        self.table_id, self.seat = table_id, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), int(match["seat"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "penultima",
            self.table_id,
            lambda: _flows().say_from_hand(interaction, self.table_id, self.seat),
        )


class PageButton(DynamicItem[Button[Any]], template=ids.PAGE):
    """Shows a page of the hand again: Refresh (the same page), Previous, Next."""

    def __init__(self, table_id: int, seat: int, page: int, label: str = "") -> None:
        button: Button[Any] = Button(
            label=label or t("Refresh"), custom_id=ids.page(table_id, seat, page), row=4
        )
        super().__init__(button)
        self.table_id, self.seat, self.page = table_id, seat, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]), int(match["seat"]), int(match["page"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "hand page",
            self.table_id,
            lambda: _flows().turn_page(interaction, self.table_id, self.seat, self.page),
        )


class RulesSelect(DynamicItem[Select[Any]], template=ids.RULES_SELECT):
    """The house rules' switches: those picked are on."""

    def __init__(
        self, table_id: int, fields: list[OptionField] | None = None, on: set[str] | None = None
    ) -> None:
        fields = fields or []
        options = [
            discord.SelectOption(label=f.label, value=f.name, default=f.name in (on or set()))
            for f in fields
        ]
        select: Select[Any] = Select(
            custom_id=ids.rules_select(table_id),
            options=options,
            min_values=0,  # every switch may be off, so the select may not be required
            max_values=max(len(options), 1),
            required=False,
            placeholder=t("House rules that are on"),
        )
        super().__init__(select)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        on = set(self.item.values)
        await guarded(
            interaction,
            "house rules",
            self.table_id,
            lambda: _flows().set_switches(interaction, self.table_id, on),
        )


class RulesNumbersButton(DynamicItem[Button[Any]], template=ids.RULES_NUMBERS):
    """Opens the modal for the house rules that are numbers."""

    def __init__(self, table_id: int) -> None:
        button: Button[Any] = Button(
            label=t("Numbers…"), custom_id=ids.rules_numbers(table_id), row=1
        )
        super().__init__(button)
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["table"]))

    async def callback(self, interaction: Interaction) -> None:
        await guarded(
            interaction,
            "house rules",
            self.table_id,
            lambda: _flows().open_numbers(interaction, self.table_id),
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


# -- modals ----------------------------------------------------------------------------------


class ValueModal(discord.ui.Modal):
    """One Hundred's AS and AC: the person types the new total. Submitted to ``modal_submitted``."""

    def __init__(self, table_id: int, seat: int, acted: int, card: str, card_name: str) -> None:
        title = t("{card}: the new total", card=card_name)
        super().__init__(
            title=title[:45], custom_id=ids.value_modal(table_id, seat, acted, card), timeout=900
        )
        self.add_item(
            discord.ui.TextInput(
                label=t("New total (0 to 100)"), custom_id="total", min_length=1, max_length=3
            )
        )


class NumbersModal(discord.ui.Modal):
    """The house rules that are numbers, pre-filled with the table's values; each input's
    custom id is the option's name. Submitted to ``modal_submitted``."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            title=t("House rules: numbers"), custom_id=ids.rules_modal(table.id), timeout=900
        )
        values = current_options(table)
        for field in [f for f in option_fields(table.game) if not f.is_bool][:5]:
            self.add_item(
                discord.ui.TextInput(
                    label=number_label(field)[:45],
                    custom_id=field.name,
                    default=str(values[field.name]),
                    max_length=4,
                )
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
            lambda: _flows().submit_value(
                interaction, table_id, seat, acted, card, typed.get("total", "")
            ),
        )
    elif numbers := re.fullmatch(ids.RULES_MODAL, custom_id):
        table_id = int(numbers["table"])
        await guarded(
            interaction,
            "house rules",
            table_id,
            lambda: _flows().set_numbers(interaction, table_id, typed),
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


# -- views -----------------------------------------------------------------------------------


def _view(*items: Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def board_view(table: Table) -> discord.ui.View | None:
    """The board's buttons for the table's state (none once it is closed)."""
    status, tid = table.record.status, table.id
    blue, green, red = (
        discord.ButtonStyle.primary,
        discord.ButtonStyle.success,
        discord.ButtonStyle.danger,
    )
    if status == "lobby":
        return _view(
            TableButton(tid, "join", t("Join"), green, row=0),
            TableButton(tid, "leave", t("Leave"), row=0),
            TableButton(tid, "start", t("Start"), blue, row=0),
            TableButton(tid, "cancel", t("Cancel"), red, row=0),
            TableButton(tid, "ai-easy", t("Add AI (easy)"), row=1),
            TableButton(tid, "ai-hard", t("Add AI (hard)"), row=1),
            TableButton(tid, "rules", t("House rules"), row=1),
        )
    if status == "playing":
        buttons = [TableButton(tid, "hand", t("My hand"), blue, row=0)]
        if table.game == "centocinque":
            buttons.append(TableButton(tid, "callout", t("Call out"), red, row=0))
        return _view(*buttons)
    if status == "finished":
        return _view(TableButton(tid, "rematch", t("Rematch"), green, row=0))
    return None


def hand_view(table: Table, seat: int, choices: list[Choice], page: int) -> discord.ui.View:
    """A seat's moves (paged when they do not fit) and the hand's own buttons on row 5."""
    tid, acted = table.id, table.seats[seat].acted
    shown = move_page(choices, page)
    items: list[Item[Any]] = [
        MoveButton(tid, seat, acted, c.token, c.label, row=i // ROW_WIDTH)
        for i, c in enumerate(shown.buttons)
    ]
    items += [
        MoveSelect(tid, seat, acted, shown.number * MOVE_ROWS + i, group, row=i)
        for i, group in enumerate(shown.selects)
    ]
    if table.game == "centocinque":
        items.append(SayButton(tid, seat))
    if shown.number > 0:
        items.append(PageButton(tid, seat, shown.number - 1, t("◀ Previous")))
    if shown.number < shown.pages - 1:
        items.append(PageButton(tid, seat, shown.number + 1, t("Next ▶")))
    items.append(PageButton(tid, seat, shown.number))
    return _view(*items)


def callout_view(table: Table, seat: int, targets: list[int]) -> discord.ui.View:
    acted = table.seats[seat].acted
    return _view(
        *[
            MoveButton(
                table.id,
                seat,
                acted,
                f"callout:{s}",
                clip(t("Call out {name}", name=table.names[s]), LABEL_MAX),
            )
            for s in targets
        ]
    )


def rules_view(table: Table) -> discord.ui.View:
    fields = option_fields(table.game)
    values = current_options(table)
    switches = [f for f in fields if f.is_bool]
    items: list[Item[Any]] = []
    if switches:
        on = {f.name for f in switches if values[f.name]}
        items.append(RulesSelect(table.id, switches, on))
    if any(not f.is_bool for f in fields):
        items.append(RulesNumbersButton(table.id))
    return _view(*items)
