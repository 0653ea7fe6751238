"""What is sent for people to click: the board's buttons, a hand's moves, the call-out and
house-rules panels, and the modals.

Everything here is plain components whose custom ids come from ``bot.views.ids``; the clicks
come back to the dynamic items of ``bot.views.items``, which read the same ids. Keeping the
two apart means building a message never needs the code that answers it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ui import Button, Item, Select

from bot.i18n import t
from bot.tables import Table
from bot.views import ids
from bot.views.render import (
    LABEL_MAX,
    MOVE_ROWS,
    ROW_WIDTH,
    SELECT_OPTIONS,
    Choice,
    clip,
    current_options,
    move_page,
    number_label,
    option_fields,
)

GREY, BLUE, GREEN, RED = (
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.success,
    discord.ButtonStyle.danger,
)


def _button(
    custom_id: str, label: str, style: discord.ButtonStyle = GREY, row: int = 0
) -> Button[Any]:
    return Button(label=label, style=style, custom_id=custom_id, row=row)


def _view(*items: Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def _move_button(table_id: int, seat: int, acted: int, choice: Choice, row: int) -> Button[Any]:
    style = GREY if ":" in choice.token else BLUE
    return _button(ids.move(table_id, seat, acted, choice.token), choice.label, style, row)


def _move_select(
    table_id: int, seat: int, acted: int, index: int, choices: list[Choice], row: int
) -> Select[Any]:
    """Moves too many for buttons: up to 25 in one select."""
    first = index * SELECT_OPTIONS + 1
    return Select(
        custom_id=ids.move_select(table_id, seat, acted, index),
        options=[discord.SelectOption(label=c.label, value=c.token) for c in choices],
        row=row,
        placeholder=t(
            "Choose a move ({first} to {last})…", first=first, last=first + len(choices) - 1
        ),
    )


# -- views -----------------------------------------------------------------------------------


def board_view(table: Table) -> discord.ui.View | None:
    """The board's buttons for the table's state (none once it is closed)."""
    status, tid = table.record.status, table.id

    def button(op: str, label: str, style: discord.ButtonStyle = GREY, row: int = 0) -> Button[Any]:
        return _button(ids.table_button(tid, op), label, style, row)

    if status == "lobby":
        return _view(
            button("join", t("Join"), GREEN),
            button("leave", t("Leave")),
            button("start", t("Start"), BLUE),
            button("cancel", t("Cancel"), RED),
            button("ai-easy", t("Add AI (easy)"), row=1),
            button("ai-hard", t("Add AI (hard)"), row=1),
            button("rules", t("House rules"), row=1),
        )
    if status == "playing":
        buttons = [button("hand", t("My hand"), BLUE)]
        if table.spec.inputs.penultima:
            buttons.append(button("callout", t("Call out"), RED))
        return _view(*buttons)
    if status == "finished":
        return _view(button("rematch", t("Rematch"), GREEN))
    return None


def hand_view(table: Table, seat: int, choices: list[Choice], page: int) -> discord.ui.View:
    """A seat's moves (paged when they do not fit) and the hand's own buttons on row 5:
    Penúltima! in Centocinque, the pages, and Refresh (the same page again)."""
    tid, acted = table.id, table.seats[seat].acted
    shown = move_page(choices, page)
    items: list[Item[Any]] = [
        _move_button(tid, seat, acted, c, row=i // ROW_WIDTH) for i, c in enumerate(shown.buttons)
    ]
    items += [
        _move_select(tid, seat, acted, shown.number * MOVE_ROWS + i, group, row=i)
        for i, group in enumerate(shown.selects)
    ]
    if table.spec.inputs.penultima:
        items.append(_button(ids.say(tid, seat), t("Penúltima!"), RED, row=4))
    if shown.number > 0:
        items.append(_button(ids.page(tid, seat, shown.number - 1), t("◀ Previous"), row=4))
    if shown.number < shown.pages - 1:
        items.append(_button(ids.page(tid, seat, shown.number + 1), t("Next ▶"), row=4))
    items.append(_button(ids.page(tid, seat, shown.number), t("Refresh"), row=4))
    return _view(*items)


def callout_view(table: Table, seat: int, targets: list[int]) -> discord.ui.View:
    acted = table.seats[seat].acted
    return _view(
        *[
            _move_button(
                table.id,
                seat,
                acted,
                Choice(f"callout:{s}", clip(t("Call out {name}", name=table.names[s]), LABEL_MAX)),
                row=0,
            )
            for s in targets
        ]
    )


def rules_view(table: Table) -> discord.ui.View:
    """The house rules' switches (those picked are on) and the button for the numbers."""
    fields = option_fields(table.game)
    values = current_options(table)
    switches = [f for f in fields if f.is_bool]
    items: list[Item[Any]] = []
    if switches:
        items.append(
            Select(
                custom_id=ids.rules_select(table.id),
                options=[
                    discord.SelectOption(label=f.label, value=f.name, default=bool(values[f.name]))
                    for f in switches
                ],
                min_values=0,  # every switch may be off, so the select may not be required
                max_values=len(switches),
                required=False,
                placeholder=t("House rules that are on"),
            )
        )
    if any(not f.is_bool for f in fields):
        items.append(_button(ids.rules_numbers(table.id), t("Numbers…"), row=1))
    return _view(*items)


# -- modals ----------------------------------------------------------------------------------


class ValueModal(discord.ui.Modal):
    """A card whose play takes a number (One Hundred's AS and AC): the person types the new
    total. Answered by
    ``bot.views.items.modal_submitted`` from its custom id alone."""

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
    custom id is the option's name. Answered by ``bot.views.items.modal_submitted``."""

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
