"""/help: what Tavolo plays and how to use it."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, t

HELP = N_(
    "**Tavolo** seats you at a card table in this channel.\n"
    "Games: **Centocinque** (105), **One Hundred** and **Minchiate Fiorentine**.\n"
    "\n"
    "**A table** (one per channel)\n"
    "`/table new` opens one; press **Join** or type `/table join`; **Add AI** fills seats; "
    "the host sets the **House rules** and presses **Start**.\n"
    "`/table leave` leaves the lobby, or lets the AI play your seat; `/table back` takes it "
    "again. `/table status` shows the board to you, `/table rules` the house rules.\n"
    "`/table kick player:` and `/table end` are for the host and moderators.\n"
    "\n"
    "**Playing**\n"
    "**My hand** on the board, or `/hand`, shows your cards privately, with your moves as "
    "buttons. `/play card:` does the same (the suggestions list your moves); in One Hundred "
    "the Ace of Spades or Clubs takes `value:` (0 to 100). `/draw` and `/pass` too.\n"
    "Centocinque: say **Penúltima!** (in your hand, or `/penultima`) before the play that "
    "leaves you one card. Forgot? Others may **Call out** (on the board, or "
    "`/penultima player:`) until the next card is played or drawn.\n"
    "You are pinged when it is your turn; if you wait too long the AI plays for you.\n"
    "\n"
    "**The league**\n"
    "`/league standings` shows this season's table, `/league stats` and `/league history` "
    "yours (or a player's), `/league export` the results as a file. Matches among people "
    "earn league points for each opponent you finish above (Minchiate: a win or a draw)."
)


class HelpCog(commands.Cog):
    @app_commands.command(name="help", description="How to play with Tavolo")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(t(HELP), ephemeral=True)
