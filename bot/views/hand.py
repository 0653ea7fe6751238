"""A person's hand: the ephemeral message with their cards and moves, the buttons and selects
that make a move, its pages, and My hand on the board. A move made from a hand updates that
same message. What the game's inputs add (a mark's button, a card's takes, the modal for a
number) is drawn by each kind's surface (``bot.views.inputs``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import discord
from discord.ui import Button, Item, Select

from bot.i18n import t
from bot.tables import OutOfDate, Table, TableError
from bot.views import inputs
from bot.views.access import clicked_table, in_time, manager, own_seat
from bot.views.attach import hand_files
from bot.views.click import Click, Interaction
from bot.views.components import BLUE, GREY, button, view
from bot.views.errors import NotShown, tell
from bot.views.inputs import Choice
from bot.views.render import (
    MOVE_ROWS,
    ROW_WIDTH,
    SELECT_OPTIONS,
    hand_choices,
    hand_embed,
    move_page,
)
from bot.views.services import services

TOKEN = r"[A-Za-z0-9:+]+"  # noqa: S105 (an action token: at most 40 characters, ids stay under 100)


@dataclass
class _Hand:
    """A hand message: its embed, its moves (None once the game is over), its picture."""

    embed: discord.Embed
    view: discord.ui.View | None
    files: list[discord.File]


def _legal(table: Table, seat: int) -> list[str]:
    return table.rules.legal_actions(table.state, seat)


async def _hand(
    interaction: Interaction, table: Table, seat: int, page: int, focus: str | None = None
) -> _Hand:
    """The hand of ``seat``; with ``focus``, that card being completed instead of the moves
    (its takes), when its input completes it in the hand.

    Read under the table's lock: a move being stored holds it, and its commit is seen by the
    database's other readers before this copy of the table takes the move, so a hand read
    meanwhile would show the table before a move already stored. Holding it while the picture
    is drawn (a hand goes before any board, a few milliseconds) keeps text and picture of one
    state."""
    async with table.lock:
        return await _hand_now(interaction, table, seat, page, focus)


async def _hand_now(
    interaction: Interaction, table: Table, seat: int, page: int, focus: str | None
) -> _Hand:
    if table.playing:
        choices = hand_choices(table.game, _legal(table, seat))
        embed = hand_embed(table, seat, choices)
        focused = next((c for c in choices if c.token == focus and c.need), None) if focus else None
        moves = (
            inputs.of(focused.need).focus(focused.need, table, seat, focused, embed)
            if focused is not None and focused.need is not None
            else None
        ) or hand_view(table, seat, choices, page)
    else:
        embed, moves = hand_embed(table, seat, []), None
    pictures = services(interaction).choices.pictures(table.record.guild_id)
    files = await hand_files(table, seat, embed) if pictures else []
    return _Hand(embed, moves, files)


async def _send(interaction: Interaction, hand: _Hand) -> None:
    """A new ephemeral message with a hand (after a deferral: a follow-up)."""
    extra: dict[str, Any] = {"view": hand.view} if hand.view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(embed=hand.embed, files=hand.files, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(
            embed=hand.embed, files=hand.files, ephemeral=True, **extra
        )


async def update(
    interaction: Interaction, table: Table, seat: int, page: int, focus: str | None = None
) -> None:
    """Redraw the hand message the person clicked in; its picture is replaced."""
    await _edit(
        interaction,
        await in_time(interaction, _hand(interaction, table, seat, page, focus), edit=True),
    )


async def _edit(interaction: Interaction, hand: _Hand) -> None:
    """The clicked message becomes ``hand`` (after a deferral: its original response)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(
            embed=hand.embed, view=hand.view, attachments=hand.files
        )
    else:
        await interaction.response.edit_message(
            embed=hand.embed, view=hand.view, attachments=hand.files
        )


async def show(interaction: Interaction, table: Table, focus: str | None = None) -> None:
    """A new ephemeral message with the person's hand and moves (``focus``: a card's takes)."""
    seat = own_seat(table, interaction.user.id)
    if not table.playing:
        raise TableError(t("The game has not started yet."))
    hand = await in_time(interaction, _hand(interaction, table, seat, 0, focus), edit=False)
    if hand.view is None:
        await tell(interaction, t("The game is over."))
        return
    await _send(interaction, hand)
    await manager(interaction).here(table, interaction.user.id)  # after the answer's 3 s


@asynccontextmanager
async def made(told: str) -> AsyncIterator[None]:
    """Showing a change that is already stored: if that fails, the person is ``told`` that
    the change was made, never that the game is unchanged."""
    try:
        yield
    except Exception as error:
        raise NotShown(told) from error


async def move(
    interaction: Interaction,
    table: Table,
    seat: int,
    action: str,
    counter: int | None,
    *,
    in_place: bool,
) -> None:
    """Make a move; then show the hand, in the clicked message or in a new one. The hand is
    the answer itself, one request, unless making and drawing it takes long enough that the
    interaction must be deferred first (``in_time``)."""
    told = t("Your move was made, but your hand could not be shown: open it again.")

    async def made_then_drawn() -> _Hand:
        await manager(interaction).act(table, interaction.user.id, action, counter)
        async with made(told):
            return await _hand(interaction, table, seat, 0)

    hand = await in_time(interaction, made_then_drawn(), edit=in_place)
    async with made(told):
        await (_edit if in_place else _send)(interaction, hand)


# -- what is sent ----------------------------------------------------------------------------


def _move_button(table_id: int, seat: int, acted: int, choice: Choice, row: int) -> Button[Any]:
    style = GREY if choice.card is not None else BLUE
    custom_id = MoveButton.make_id(table=table_id, seat=seat, acted=acted, action=choice.token)
    return button(custom_id, choice.label, style, row)


def _move_select(
    table_id: int, seat: int, acted: int, index: int, choices: list[Choice], row: int
) -> Select[Any]:
    """Moves too many for buttons: up to 25 in one select."""
    first = index * SELECT_OPTIONS + 1
    return Select(
        custom_id=MoveSelect.make_id(table=table_id, seat=seat, acted=acted, index=index),
        options=[discord.SelectOption(label=c.label, value=c.token) for c in choices],
        row=row,
        placeholder=t(
            "Choose a move ({first} to {last})…", first=first, last=first + len(choices) - 1
        ),
    )


def hand_view(
    table: Table, seat: int, choices: list[Choice], page: int, *, back: bool = False
) -> discord.ui.View:
    """A seat's moves (paged when they do not fit) and the hand's own buttons on row 5: those
    of the game's inputs (its marks: Penúltima!), the pages, and Refresh (the same page
    again); ``back``: the choices complete a card (its takes), and Back shows the moves."""
    tid, acted = table.id, table.seats[seat].acted
    shown = move_page(choices, page)
    items: list[Item[Any]] = [
        _move_button(tid, seat, acted, c, row=i // ROW_WIDTH) for i, c in enumerate(shown.buttons)
    ]
    items += [
        _move_select(tid, seat, acted, shown.number * MOVE_ROWS + i, group, row=i)
        for i, group in enumerate(shown.selects)
    ]
    items += inputs.hand_buttons(table, seat)
    if back:
        items.append(button(PageButton.make_id(table=tid, seat=seat, page=0), t("Back"), row=4))
        return view(*items)
    if shown.number > 0:
        previous = PageButton.make_id(table=tid, seat=seat, page=shown.number - 1)
        items.append(button(previous, t("◀ Previous"), row=4))
    if shown.number < shown.pages - 1:
        following = PageButton.make_id(table=tid, seat=seat, page=shown.number + 1)
        items.append(button(following, t("Next ▶"), row=4))
    refresh = PageButton.make_id(table=tid, seat=seat, page=shown.number)
    items.append(button(refresh, t("Refresh"), row=4))
    return view(*items)


# -- what a click does -----------------------------------------------------------------------


class HandButton(Click[Button[Any]], layout="tv:t:{table}:hand", what="my hand"):
    """The board's My hand."""

    async def clicked(self, interaction: Interaction) -> None:
        await show(interaction, clicked_table(interaction, self.number("table")))


class _Picked:
    """A move chosen in a hand (button or select), made for the seat's move counter
    ``acted``: a card to complete goes to the input that completes it (a number asked for,
    its takes shown); any other is made."""

    fields: dict[str, str]

    def chosen(self) -> str:
        raise NotImplementedError

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, int(self.fields["table"]))
        own = own_seat(table, interaction.user.id, int(self.fields["seat"]))
        acted, token = int(self.fields["acted"]), self.chosen()
        if table.playing:
            legal = hand_choices(table.game, _legal(table, own))
            choice = next((c for c in legal if c.token == token), None)
            if choice is not None and choice.need is not None:
                if acted != table.seats[own].acted:
                    raise OutOfDate
                picked = inputs.Picked(interaction, table, own, choice)
                await inputs.of(choice.need).picked(choice.need, picked)
                return
        await move(interaction, table, own, token, acted, in_place=True)


class MoveButton(
    _Picked,
    Click[Button[Any]],
    layout="tv:m:{table}:{seat}:{acted}:{action}",
    what="move",
    text={"action": TOKEN},
):
    """One move in a hand; its custom id names it."""

    def chosen(self) -> str:
        return self.fields["action"]


class MoveSelect(
    _Picked, Click[Select[Any]], layout="tv:ms:{table}:{seat}:{acted}:{index}", what="move"
):
    """A hand's moves too many for buttons; the picked option's value is the move."""

    def chosen(self) -> str:
        return self.item.values[0]


class PageButton(Click[Button[Any]], layout="tv:page:{table}:{seat}:{page}", what="hand page"):
    """Shows a page of the hand again: Refresh (the same page), Previous, Next, Back."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        seat = own_seat(table, interaction.user.id, self.number("seat"))
        await update(interaction, table, seat, self.number("page"))


CLICKS = (HandButton, MoveButton, MoveSelect, PageButton)
