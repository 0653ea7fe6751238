"""A number typed for a card (a game's ``Number``: One Hundred's Aces): the hand's entry, the
modal that asks for it, and ``/play value:``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import discord

from bot.games.errors import echo
from bot.games.moves import Number
from bot.i18n import t
from bot.tables import Table, TableError
from bot.views import hand
from bot.views.access import clicked_table, own_seat
from bot.views.click import Form, Interaction
from bot.views.inputs import Picked, Surface, surface


async def ask_number(interaction: Interaction, table: Table, seat: int, card: str) -> None:
    """The modal for the number a card's move takes (One Hundred's Aces: the new total)."""
    number = table.spec.inputs.first(Number)
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
    number = table.spec.inputs.first(Number)
    value = number.parse(typed) if number is not None else None
    if number is None or value is None:
        refused = number.refused if number is not None else "That is not a move."
        raise TableError(t(refused, typed=echo(typed)))
    return value


@surface(Number)
class NumberSurface(Surface[Number]):
    def label(self, declared: Number, card: str) -> str:
        return t(declared.offer, card=card)

    async def picked(self, declared: Number, picked: Picked) -> None:
        assert picked.choice.card is not None
        await ask_number(picked.interaction, picked.table, picked.seat, picked.choice.card)

    async def played(self, declared: Number, picked: Picked, value: int | None) -> str | None:
        if value is None:
            await self.picked(declared, picked)
            return None
        assert picked.choice.card is not None
        table = picked.table
        return number_token(table, picked.choice.card, read_number(table, str(value)))

    def value(self, declared: Sequence[Number]) -> tuple[int, int, str] | None:
        low, high = min(n.low for n in declared), max(n.high for n in declared)
        return low, high, "; ".join(n.option_description for n in declared)

    def no_value(self, declared: Sequence[Number]) -> str | None:
        return declared[0].none_here


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
        await hand.move(interaction, table, own, action, int(fields["acted"]), in_place=in_place)


FORMS = (NumberForm,)
