"""What the Discord side works with, reachable from any interaction's client."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.league import League
from bot.tables import Choices, TableManager
from bot.views.publisher import Publisher


@dataclass(frozen=True)
class Services:
    manager: TableManager
    publisher: Publisher
    league: League
    choices: Choices


def services(interaction: discord.Interaction[Any]) -> Services:
    """The bot's services (the client keeps them as ``client.services``)."""
    found = getattr(interaction.client, "services", None)
    if not isinstance(found, Services):
        raise RuntimeError("the client has no services")
    return found
