"""The board: the buttons under a table's public message in each state, and the board shown
to one person (``/table status``)."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.tables import Table
from bot.views import hand, inputs, lobby, rules
from bot.views.attach import board_files
from bot.views.click import Interaction
from bot.views.components import BLUE, GREEN, RED, button, view
from bot.views.render import board_embed
from bot.views.services import services


def board_view(table: Table) -> discord.ui.View | None:
    """The board's buttons for the table's state (none once it is closed)."""
    status, tid = table.record.status, table.id
    if status == "lobby":
        return view(
            button(lobby.StepButton.make_id(table=tid, step="join"), t("Join"), GREEN),
            button(lobby.StepButton.make_id(table=tid, step="leave"), t("Leave")),
            button(lobby.StepButton.make_id(table=tid, step="start"), t("Start"), BLUE),
            button(lobby.StepButton.make_id(table=tid, step="cancel"), t("Cancel"), RED),
            button(lobby.AddAIButton.make_id(table=tid, level="easy"), t("Add AI (easy)"), row=1),
            button(lobby.AddAIButton.make_id(table=tid, level="hard"), t("Add AI (hard)"), row=1),
            button(rules.RulesButton.make_id(table=tid), t("House rules"), row=1),
        )
    if status == "playing":
        my_hand = button(hand.HandButton.make_id(table=tid), t("My hand"), BLUE)
        return view(my_hand, *inputs.board_buttons(table))
    if status == "finished":
        return view(button(lobby.RematchButton.make_id(table=tid), t("Rematch"), GREEN))
    return None


async def status(interaction: Interaction, table: Table) -> None:
    """The board as everyone sees it, just for the person asking."""
    embed = board_embed(table)
    pictures = services(interaction).choices.pictures(table.record.guild_id)
    if pictures and table.state is not None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        files = await board_files(table, embed)
        await interaction.followup.send(embed=embed, files=files, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)
