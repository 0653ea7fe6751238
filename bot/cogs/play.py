"""Moves: /hand, /play (with suggestions), and the commands the games declare: shortcuts for a
kind of move (/draw, /pass) and the commands of their marks and targets (/penultima)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.views import hand, play
from bot.views.access import channel_table

Interaction = discord.Interaction[Any]


LOW, HIGH, VALUE = play.value_option()


class PlayCog(commands.Cog):
    def __init__(self) -> None:
        super().__init__()
        # The games' own commands join the cog's: the bot's tree and the catalogues' take
        # both from here.
        self.__cog_app_commands__.extend(play.game_commands())

    @app_commands.command(name="hand", description="Your cards and moves (only you see them)")
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        await hand.show(interaction, channel_table(interaction))

    @app_commands.command(name="play", description="Play a card, or make any other move of yours")
    @app_commands.guild_only()
    @app_commands.describe(
        card="Your move: the suggestions list what you may do now",
        value=VALUE,
    )
    async def play(
        self,
        interaction: Interaction,
        card: str,
        value: app_commands.Range[int, LOW, HIGH] | None = None,
    ) -> None:
        await play.play(interaction, card, value)

    @play.autocomplete("card")
    async def card_suggestions(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return play.suggestions(interaction, current)
