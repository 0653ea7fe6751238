"""A table's public board as the publisher sends it: its embed, its buttons and its picture,
and the whole as one string, to tell whether an edit would change what people see."""

from __future__ import annotations

import json

import discord

from bot.i18n import speaking
from bot.league.web import WebChoices
from bot.tables import Table
from bot.views.attach import board_files
from bot.views.board import board_view
from bot.views.render import board_embed


def board_message(
    table: Table, language: str, pictures: bool
) -> tuple[discord.Embed, discord.ui.View | None, str]:
    """The board's embed and buttons in ``language``, and the two as one string to compare
    boards by, with whether it has a picture (which shows what its text does)."""
    with speaking(language):
        embed, view = board_embed(table), board_view(table)
    components = view.to_components() if view is not None else []
    payload = json.dumps([embed.to_dict(), components, pictures], sort_keys=True, default=str)
    return embed, view, payload


async def board_pictures(
    table: Table, embed: discord.Embed, language: str, pictures: bool
) -> list[discord.File]:
    """The board's picture, unless its server turned pictures off (``pictures`` False): then
    none, and an edit removes the one shown before."""
    if not pictures:
        return []
    with speaking(language):
        return await board_files(table, embed)


async def result_link(table: Table, embed: discord.Embed, web: WebChoices | None) -> None:
    """A finished match's board links to its page on the web (its last board, and its deals'
    replays), where the server's pages are on and have a public address."""
    if web is not None and table.record.status == "finished":
        embed.url = await web.link(table.record.guild_id, f"t/{table.id}")
