"""/help: what Tavolo plays and how to use it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.views.help import help_messages


class HelpCog(commands.Cog):
    @app_commands.command(name="help", description="How to play with Tavolo")
    async def help(self, interaction: discord.Interaction) -> None:
        first, *more = help_messages()
        await interaction.response.send_message(first, ephemeral=True)
        for text in more:
            await interaction.followup.send(text, ephemeral=True)
