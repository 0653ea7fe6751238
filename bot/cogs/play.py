"""Moves: /hand, /play (with suggestions), /draw, /pass, /penultima."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.views import flows

Interaction = discord.Interaction[Any]


class PlayCog(commands.Cog):
    @app_commands.command(name="hand", description="Your cards and moves (only you see them)")
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        await flows.show_hand(interaction, flows.channel_table(interaction))

    @app_commands.command(name="play", description="Play a card, or make any other move of yours")
    @app_commands.guild_only()
    @app_commands.describe(
        card="Your move: the suggestions list what you may do now",
        value="One Hundred's Ace of Spades or Clubs: the new total, 0 to 100",
    )
    async def play(
        self,
        interaction: Interaction,
        card: str,
        value: app_commands.Range[int, 0, 100] | None = None,
    ) -> None:
        await flows.play(interaction, card, value)

    @play.autocomplete("card")
    async def card_suggestions(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return flows.suggestions(interaction, current)

    @app_commands.command(name="draw", description="Draw from the stock")
    @app_commands.guild_only()
    async def draw(self, interaction: Interaction) -> None:
        await flows.simple_move(interaction, "draw")

    @app_commands.command(name="pass", description="Keep the Cavallo you drew and pass")
    @app_commands.guild_only()
    async def pass_(self, interaction: Interaction) -> None:
        await flows.simple_move(interaction, "pass")

    @app_commands.command(
        name="penultima",
        description="Say “penúltima” for your next play, or call out a player who forgot",
    )
    @app_commands.guild_only()
    @app_commands.describe(player="The player to call out (leave out to say it yourself)")
    async def penultima(self, interaction: Interaction, player: discord.User | None = None) -> None:
        table = flows.channel_table(interaction)
        if player is None:
            await flows.say_penultima(interaction, table, in_place=False)
        else:
            await flows.call_out(interaction, table, player)
