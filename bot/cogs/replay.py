"""/replay: a finished deal, step by step, only to you."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.views import replay

Interaction = discord.Interaction[Any]


class ReplayCog(commands.Cog):
    @app_commands.command(name="replay", description="Replay a finished deal (only to you)")
    @app_commands.describe(
        deal="The deal's id (/table history lists them)",
        file="Attach the deal's record as a JSON file (python -m bot verify checks it)",
    )
    @app_commands.guild_only()
    async def replay(self, interaction: Interaction, deal: str, file: bool = False) -> None:
        await replay.open_replay(interaction, deal, file)

    @replay.autocomplete("deal")
    async def deal_suggestions(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await replay.suggestions(interaction, current)
