"""Each table's public board message, as the publisher sends it: drawn in the table's language
with the game's picture (unless the server turned pictures off), posted once, edited in place,
and remembered as last sent, so that an edit that would change nothing is never sent."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.league.web import WebChoices
from bot.tables import Choices, Table, TableManager
from bot.tables.clock import Clock
from bot.views.board_message import board_message, board_pictures, result_link
from bot.views.drawn import DrawnBoards

NOBODY = discord.AllowedMentions.none()


class BoardPosts:
    def __init__(
        self,
        manager: TableManager,
        choices: Choices,
        language: Callable[[Table], str],
        store_delay: float,  # how long which move a board shows waits to be stored
        clock: Clock,
    ) -> None:
        self.manager = manager
        self.choices = choices
        self.language = language
        self.web: WebChoices | None = None  # the league's pages, for a result's link
        self.shown: dict[int, str] = {}  # the board last sent, per table
        self.status: dict[int, str] = {}  # the table's status on that board
        self._drawn = DrawnBoards(manager.boards_drawn, store_delay, clock)

    def unchanged(self, table: Table) -> bool:
        """Whether the table's board would look as the one last sent."""
        return self.shown.get(table.id) == self._render(table)[2]

    async def edit(
        self, channel: discord.PartialMessageable, table: Table, message_id: int
    ) -> None:
        """Edit the table's board message (discord.NotFound: it, or its channel, is gone)."""
        embed, view, payload = self._render(table)
        files = await self._pictures(table, embed)
        moves = table.record.moves
        message = channel.get_partial_message(message_id)
        await message.edit(embed=embed, view=view, attachments=files)
        self.shown[table.id] = payload
        self.status[table.id] = table.record.status
        self._drawn.note(table, moves)
        if table.record.status not in ("lobby", "playing"):  # its last board
            del self.shown[table.id], self.status[table.id]

    async def post(self, channel: discord.PartialMessageable, table: Table) -> bool:
        """Post the table's board and tell the manager its message; True when the table
        changed while the board was being posted (it is to be drawn again)."""
        embed, view, payload = self._render(table)
        files = await self._pictures(table, embed)
        moves = table.record.moves
        if view is None:
            message = await channel.send(embed=embed, files=files, allowed_mentions=NOBODY)
        else:
            message = await channel.send(
                embed=embed, view=view, files=files, allowed_mentions=NOBODY
            )
        self.shown[table.id] = payload
        self.status[table.id] = table.record.status
        await self.manager.set_board(table, message.id)
        self._drawn.note(table, moves)
        return self._render(table)[2] != payload

    async def close(self) -> None:
        await self._drawn.close()

    async def _pictures(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        await result_link(table, embed, self.web)
        on = self.choices.pictures(table.record.guild_id)
        return await board_pictures(table, embed, self.language(table), on)

    def _render(self, table: Table) -> tuple[discord.Embed, discord.ui.View | None, str]:
        on = self.choices.pictures(table.record.guild_id)
        return board_message(table, self.language(table), on)
