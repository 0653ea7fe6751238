"""/help: what Tavolo plays and how to use it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.views.help import help_text


class HelpCog(commands.Cog):
    @app_commands.command(name="help", description="How to play with Tavolo")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(help_text(), ephemeral=True)
