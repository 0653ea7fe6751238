"""What the Discord side works with, reachable from any interaction's client."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.league import League
from bot.tables import Choices, Table, TableManager
from bot.tournaments import Tournaments


class Boards(Protocol):
    """What commands and clicks ask of the publisher (``bot.views.publisher.Publisher``),
    which itself draws the boards' buttons: so typed, the two need not import each other."""

    def channel_language(self, channel_id: int, guild_id: int | None) -> str: ...

    async def open_board(self, table: Table) -> None: ...

    def redraw(self, table: Table) -> None: ...

    async def summon(self, channel_id: int, text: str, user_ids: list[int]) -> None: ...


@dataclass(frozen=True)
class Services:
    manager: TableManager
    publisher: Boards
    league: League
    choices: Choices
    tournaments: Tournaments | None = None


def services(interaction: discord.Interaction[Any]) -> Services:
    """The bot's services (the client keeps them as ``client.services``)."""
    found = getattr(interaction.client, "services", None)
    if not isinstance(found, Services):
        raise RuntimeError("the client has no services")
    return found
