"""/table: open, join and run the card table of a channel."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.language import language_choices
from bot.text import GAME_TITLES, MOST_SEATS
from bot.views import board, history, lobby, rules, server
from bot.views.access import channel_table

Interaction = discord.Interaction[Any]


class TablesCog(commands.Cog):
    table = app_commands.Group(
        name="table", description="The card table in this channel", guild_only=True
    )

    @table.command(name="new", description="Open a table in this channel")
    @app_commands.describe(game="The game to play")
    @app_commands.choices(
        game=[app_commands.Choice(name=title, value=game) for game, title in GAME_TITLES.items()]
    )
    async def new(self, interaction: Interaction, game: str) -> None:
        await lobby.new_table(interaction, game)

    @table.command(name="join", description="Sit down at the table before it starts")
    async def join(self, interaction: Interaction) -> None:
        await lobby.join(interaction, channel_table(interaction))

    @table.command(name="leave", description="Leave the lobby, or let the AI play your seat")
    async def leave(self, interaction: Interaction) -> None:
        await lobby.leave(interaction, channel_table(interaction))

    @table.command(name="start", description="Start the game (host)")
    async def start(self, interaction: Interaction) -> None:
        await lobby.start(interaction, channel_table(interaction))

    @table.command(name="history", description="This channel's finished deals (only to you)")
    async def history(self, interaction: Interaction) -> None:
        await history.show(interaction)

    @table.command(name="status", description="Show the table (only to you)")
    async def status(self, interaction: Interaction) -> None:
        await board.status(interaction, channel_table(interaction))

    @table.command(name="end", description="Close the table without a result (host or moderator)")
    async def end(self, interaction: Interaction) -> None:
        await lobby.end(interaction, channel_table(interaction))

    @table.command(name="rules", description="Show the house rules; the host may change them")
    async def rules(self, interaction: Interaction) -> None:
        await rules.show(interaction, channel_table(interaction))

    @table.command(name="kick", description="Remove a player, or give their seat to the AI")
    @app_commands.describe(
        player="The player to remove", seat="Or a seat's number in the lobby (an AI seat, say)"
    )
    async def kick(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        seat: app_commands.Range[int, 1, MOST_SEATS] | None = None,
    ) -> None:
        await lobby.kick(interaction, channel_table(interaction), player, seat)

    @table.command(name="back", description="Play your seat again after the AI took it")
    async def back(self, interaction: Interaction) -> None:
        await lobby.back(interaction, channel_table(interaction))

    @table.command(
        name="language", description="The language of this channel's boards (host or moderator)"
    )
    @app_commands.describe(language="One of Tavolo's languages, or the server's own")
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: Interaction, language: str) -> None:
        await server.set_language(interaction, language)

    @table.command(
        name="pictures", description="Show the cards as pictures on this server (Manage Server)"
    )
    @app_commands.describe(show="Pictures on (the text stays), or text only")
    async def pictures(self, interaction: Interaction, show: bool) -> None:
        await server.set_pictures(interaction, show)
