"""House rules: the panel the host changes them in (its switches, and a modal for the numbers)
and the board's House rules button, with what each does."""

from __future__ import annotations

from typing import Any

import discord
from discord.ui import Button, Item, Select

from bot.games.errors import echo
from bot.i18n import t
from bot.tables import Table, TableError
from bot.text import game_title
from bot.views.access import clicked_table, manager
from bot.views.click import Click, Form, Interaction
from bot.views.components import button, view
from bot.views.render import current_options, number_label, option_fields, rules_lines


def _embed(table: Table, editable: bool) -> discord.Embed:
    lines = rules_lines(table.game, current_options(table))
    if editable:
        lines += ["", t("Pick the house rules that are on.")]
        if any(not f.is_bool for f in option_fields(table.game)):
            lines.append(t("**Numbers…** changes the others."))
    else:
        lines += ["", t("Only the host can change them, before the game starts.")]
    title = t("House rules · {game}", game=game_title(table.game))
    return discord.Embed(title=title, description="\n".join(lines))


def panel(table: Table) -> discord.ui.View:
    """The house rules' switches (those picked are on) and the button for the numbers."""
    fields = option_fields(table.game)
    values = current_options(table)
    switches = [f for f in fields if f.is_bool]
    items: list[Item[Any]] = []
    if switches:
        items.append(
            Select(
                custom_id=SwitchesSelect.make_id(table=table.id),
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
        items.append(button(NumbersButton.make_id(table=table.id), t("Numbers…"), row=1))
    return view(*items)


async def show(interaction: Interaction, table: Table) -> None:
    """The house rules, to change (the host, in the lobby) or to read (anyone else)."""
    editable = table.record.status == "lobby" and interaction.user.id == table.record.host_id
    embed = _embed(table, editable)
    if editable:
        await interaction.response.send_message(embed=embed, view=panel(table), ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def _save(interaction: Interaction, table: Table, options: dict[str, Any]) -> None:
    await interaction.response.defer()
    await manager(interaction).set_options(table, interaction.user.id, options)
    await interaction.edit_original_response(embed=_embed(table, True), view=panel(table))


class RulesButton(Click[Button[Any]], layout="tv:t:{table}:rules", what="house rules"):
    """The board's House rules."""

    async def clicked(self, interaction: Interaction) -> None:
        await show(interaction, clicked_table(interaction, self.number("table")))


class SwitchesSelect(Click[Select[Any]], layout="tv:rs:{table}", what="house rules"):
    """The house rules' switches: those picked are on."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        on = set(self.item.values)
        options = current_options(table)
        for field in option_fields(table.game):
            if field.is_bool:
                options[field.name] = field.name in on
        await _save(interaction, table, options)


class NumbersButton(Click[Button[Any]], layout="tv:rn:{table}", what="house rules"):
    """Opens the modal for the house rules that are numbers."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        if table.record.status != "lobby" or interaction.user.id != table.record.host_id:
            raise TableError(t("Only the host can change the house rules, before the game starts."))
        await interaction.response.send_modal(NumbersForm(table))


class NumbersForm(Form, layout="tv:rm:{table}", what="house rules"):
    """The house rules that are numbers, pre-filled with the table's values; each input's
    custom id is the option's name."""

    def __init__(self, table: Table) -> None:
        super().__init__(
            title=t("House rules: numbers"), custom_id=self.make_id(table=table.id), timeout=900
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

    @classmethod
    async def submitted(
        cls, interaction: Interaction, fields: dict[str, str], typed: dict[str, str]
    ) -> None:
        table = clicked_table(interaction, int(fields["table"]))
        options = current_options(table)
        numbers = {f.name: f for f in option_fields(table.game) if not f.is_bool}
        # Only the number options the modal shows; anything else a client sends is ignored.
        for name, text in ((n, typed[n]) for n in numbers if n in typed):
            field = numbers[name]
            try:
                value = int(text.strip())
            except ValueError:
                raise TableError(
                    t(
                        "{label}: “{text}” is not a whole number.",
                        label=field.label,
                        text=echo(text),
                    )
                ) from None
            low, high = field.low, field.high
            if (low is not None and value < low) or (high is not None and value > high):
                raise TableError(
                    t(
                        "{label}: {value} is out of range ({low}–{high}).",
                        label=field.label,
                        value=value,
                        low="…" if low is None else low,
                        high="…" if high is None else high,
                    )
                )
            options[name] = value
        await _save(interaction, table, options)


CLICKS = (RulesButton, SwitchesSelect, NumbersButton)
FORMS = (NumbersForm,)
