"""A person's hand: the ephemeral message with their cards and moves, the buttons and selects
that make a move, its pages, a card's takes to pick from, the modal for a number, and My hand
on the board. A move made from a hand updates that same message."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord.ui import Button, Item, Select

from bot.games.errors import echo
from bot.games.moves import Mark
from bot.i18n import t
from bot.tables import OutOfDate, Table, TableError
from bot.views.access import clicked_table, in_time, manager, own_seat, thinking
from bot.views.attach import hand_files
from bot.views.click import Click, Form, Interaction
from bot.views.components import BLUE, GREY, RED, button, view
from bot.views.errors import NotShown, tell
from bot.views.render import (
    DESCRIPTION_MAX,
    MOVE_ROWS,
    ROW_WIDTH,
    SELECT_OPTIONS,
    Choice,
    clip,
    hand_choices,
    hand_embed,
    move_page,
    takes,
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
    """The hand of ``seat``; with ``focus``, the takes of that card instead of the moves."""
    if table.playing:
        choices = hand_choices(table.game, _legal(table, seat))
        shown, listed = takes(table.game, _legal(table, seat), focus) if focus else ([], [])
        embed = hand_embed(table, seat, choices)
        completion = table.spec.inputs.completion
        if shown and completion is not None:
            card = next((c.card for c in choices if c.token == focus), None)
            name = table.spec.text.card_name(card) if card else ""
            asked = "\n".join([t(completion.ask, card=name), *listed])
            embed.description = clip(f"{embed.description}\n\n{asked}", DESCRIPTION_MAX)
            moves = hand_view(table, seat, shown, 0, back=True)
        else:
            moves = hand_view(table, seat, choices, page)
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


async def ask_number(interaction: Interaction, table: Table, seat: int, card: str) -> None:
    """The modal for the number a card's move takes (One Hundred's Aces: the new total)."""
    number = table.spec.inputs.number
    assert number is not None
    name = table.spec.text.card_name(card)
    form = NumberForm(table.id, seat, table.seats[seat].acted, card, t(number.title, card=name))
    form.add_item(
        discord.ui.TextInput(
            label=t(number.prompt)[:45],
            custom_id="number",
            min_length=1,
            max_length=len(str(number.high)) + (number.low < 0),
        )
    )
    await interaction.response.send_modal(form)


def number_token(table: Table, card: str, value: int) -> str:
    """The move playing ``card`` with ``value``."""
    return table.spec.moves.write(replace(table.spec.moves.card_move(card), value=value))


def read_number(table: Table, typed: str) -> int:
    """A typed number in the game's range, or its refusal."""
    number = table.spec.inputs.number
    value = number.parse(typed) if number is not None else None
    if number is None or value is None:
        refused = number.refused if number is not None else "That is not a move."
        raise TableError(t(refused, typed=echo(typed)))
    return value


async def say(interaction: Interaction, table: Table, mark: Mark, *, in_place: bool) -> None:
    """A mark for the person's next move (Penúltima!), or the move that says it now when one
    is open to them (a late declaration, a house rule). The answer is the same whether or
    not it matters now."""
    seat = own_seat(table, interaction.user.id)
    if table.playing:
        now = [
            token
            for token, said in table.spec.moves.read_all(_legal(table, seat))
            if said.marks == {mark.name} and said.card is None
        ]
        if now:
            await move(interaction, table, seat, now[0], None, in_place=in_place)
            return
    if in_place:
        await interaction.response.defer()
    else:
        await thinking(interaction)
    await manager(interaction).say(table, interaction.user.id, mark)
    if in_place:
        await update(interaction, table, seat, 0)
    else:
        await tell(interaction, t(mark.noted))


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
    """A seat's moves (paged when they do not fit) and the hand's own buttons on row 5: the
    game's marks (Penúltima!), the pages, and Refresh (the same page again); ``back``: the
    choices are a card's takes, and Back shows the moves again."""
    tid, acted = table.id, table.seats[seat].acted
    shown = move_page(choices, page)
    items: list[Item[Any]] = [
        _move_button(tid, seat, acted, c, row=i // ROW_WIDTH) for i, c in enumerate(shown.buttons)
    ]
    items += [
        _move_select(tid, seat, acted, shown.number * MOVE_ROWS + i, group, row=i)
        for i, group in enumerate(shown.selects)
    ]
    for index, mark in enumerate(table.spec.inputs.marks):
        named = "" if index == 0 else f":{mark.name}"
        custom_id = MarkButton.make_id(table=tid, seat=seat, mark=named)
        items.append(button(custom_id, t(mark.button), RED, row=4))
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
    ``acted``: a card to complete asks for its number or shows its takes; any other is made."""

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
            if choice is not None and choice.needs is not None:
                if acted != table.seats[own].acted:
                    raise OutOfDate
                if choice.needs == "number" and choice.card is not None:
                    await ask_number(interaction, table, own, choice.card)
                else:
                    await update(interaction, table, own, 0, focus=token)
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


class MarkButton(
    Click[Button[Any]],
    layout="tv:say:{table}:{seat}{mark}",
    what="mark",
    text={"mark": r"(?::[a-z]+)?"},
):
    """A mark of the game (Penúltima!) for the seat's next move; the game's first mark's
    custom id names no mark."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        own_seat(table, interaction.user.id, self.number("seat"))
        name = self.fields["mark"].lstrip(":") or None
        mark = table.spec.inputs.mark(name)
        if mark is None:
            raise TableError(t("This button is no longer in use."))
        await say(interaction, table, mark, in_place=True)


class NumberForm(
    Form, layout="tv:v:{table}:{seat}:{acted}:{card}", what="number", text={"card": "[A-Za-z0-9]+"}
):
    """The number a card's move takes, typed: from a hand (in place) or after /play (a new
    message)."""

    def __init__(self, table_id: int, seat: int, acted: int, card: str, title: str) -> None:
        custom_id = self.make_id(table=table_id, seat=seat, acted=acted, card=card)
        super().__init__(title=title[:45], custom_id=custom_id, timeout=900)

    @classmethod
    async def submitted(
        cls, interaction: Interaction, fields: dict[str, str], typed: dict[str, str]
    ) -> None:
        table = clicked_table(interaction, int(fields["table"]))
        # "total": the field's id in forms opened by an earlier version
        value = read_number(table, typed.get("number", typed.get("total", "")))
        own = own_seat(table, interaction.user.id, int(fields["seat"]))
        action = number_token(table, fields["card"], value)
        in_place = interaction.message is not None
        await move(interaction, table, own, action, int(fields["acted"]), in_place=in_place)


CLICKS = (HandButton, MoveButton, MoveSelect, PageButton, MarkButton)
FORMS = (NumberForm,)
