"""/help: what Tavolo plays and how to start a table."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t

HELP = (
    "**Tavolo** seats you at a card table in this channel.\n"
    "Games: **Centocinque** (105), **One Hundred** and **Minchiate Fiorentine**.\n"
    "Start with `/table new`, then press **Join**; `/hand` shows your cards privately."
)


class HelpCog(commands.Cog):
    @app_commands.command(name="help", description="How to play with Tavolo")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t(HELP), ephemeral=True)
