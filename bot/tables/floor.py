"""The open tables in memory, and what every part of the table flow shares: the database,
the settings, the clock, and the listener told what happened."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.config import TableSettings
from bot.games.base import Event
from bot.i18n import t
from bot.storage.tables import TableRepo
from bot.tables.clock import Clock
from bot.tables.errors import TableError
from bot.tables.table import Table


class Listener(Protocol):
    """What the Discord layer is told. Each call must return quickly (schedule, don't wait)."""

    async def table_changed(self, table: Table, events: list[Event]) -> None: ...

    async def turn_started(self, table: Table, seat: int) -> None: ...

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None: ...

    async def table_closed(self, table: Table) -> None: ...


class Floor:
    def __init__(self, repo: TableRepo, settings: TableSettings, clock: Clock) -> None:
        self.repo = repo
        self.settings = settings
        self.clock = clock  # turn timers, the AI's pause, retries
        self.listener: Listener | None = None
        # Told the id of each match stored with a result (the league adds it to its tables).
        self.match_finished: Callable[[int], Awaitable[None]] | None = None
        self.by_channel: dict[int, Table] = {}
        self.by_id: dict[int, Table] = {}

    def index(self, table: Table) -> None:
        self.by_channel[table.record.channel_id] = table
        self.by_id[table.id] = table

    def forget(self, table: Table) -> None:
        self.by_channel.pop(table.record.channel_id, None)
        self.by_id.pop(table.id, None)
        if table.driver and table.driver is not asyncio.current_task():
            table.driver.cancel()

    def in_channel(self, channel_id: int) -> Table:
        table = self.by_channel.get(channel_id)
        if table is None:
            raise TableError(t("There is no table in this channel. Start one with /table new."))
        return table

    def by_table_id(self, table_id: int) -> Table:
        table = self.by_id.get(table_id)
        if table is None:
            raise TableError(t("That table is closed."))
        return table

    async def told(self, table: Table, events: list[Event]) -> None:
        if self.listener:
            await self.listener.table_changed(table, events)

    async def closed(self, table: Table) -> None:
        if self.listener:
            await self.listener.table_closed(table)

    # -- the boards ----------------------------------------------------------------------

    async def set_board(self, table: Table, message_id: int | None) -> None:
        """Remember the message that shows the table's board."""
        table.record.board_message_id = message_id
        await self.repo.set_board(table.id, message_id)

    async def boards_drawn(self, drawn: dict[int, int]) -> None:
        """Remember the move each table's board message shows (``{table id: move}``), so a
        restart redraws only the boards that are behind."""
        for table_id, moves in drawn.items():
            if table_id in self.by_id:
                self.by_id[table_id].record.board_moves = moves
        await self.repo.boards_drawn(drawn)
