"""/league: standings, statistics, history, export and seasons of the server's league."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.language import language_choices
from bot.text import GAME_TITLES
from bot.views import league, league_admin, league_card
from bot.views.server import SERVER_LANGUAGE

Interaction = discord.Interaction[Any]
GAMES = [app_commands.Choice(name=title, value=game) for game, title in GAME_TITLES.items()]
Number = app_commands.Range[int, 1, 100_000]


class LeagueCog(commands.Cog):
    group = app_commands.Group(
        name="league",
        description="This server's league: standings and statistics",
        guild_only=True,
    )
    season = app_commands.Group(name="season", description="League seasons", parent=group)
    web = app_commands.Group(name="web", description="The league's web pages", parent=group)

    @group.command(name="standings", description="The league table of a season")
    @app_commands.describe(game="One game (default: all added up)", season="Season number")
    @app_commands.choices(game=GAMES)
    async def standings(
        self, interaction: Interaction, game: str | None = None, season: Number | None = None
    ) -> None:
        await league.show_standings(interaction, game, season)

    @group.command(name="stats", description="A player's statistics (only to you)")
    @app_commands.describe(player="Whose (default: yours)", game="One game (default: all)")
    @app_commands.choices(game=GAMES)
    async def stats(
        self,
        interaction: Interaction,
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        await league_card.show_stats(interaction, player, game)

    @group.command(name="me", description="Your card: record, statistics, rating over time")
    @app_commands.describe(game="One game (default: all)")
    @app_commands.choices(game=GAMES)
    async def me(self, interaction: Interaction, game: str | None = None) -> None:
        await league_card.show_stats(interaction, None, game)

    @group.command(name="player", description="A player's card: record, statistics, rating")
    @app_commands.describe(player="Whose", game="One game (default: all)")
    @app_commands.choices(game=GAMES)
    async def player(
        self, interaction: Interaction, player: discord.User, game: str | None = None
    ) -> None:
        await league_card.show_stats(interaction, player, game)

    @group.command(name="history", description="A player's latest matches (only to you)")
    @app_commands.describe(player="Whose (default: yours)")
    async def history(self, interaction: Interaction, player: discord.User | None = None) -> None:
        await league_card.show_history(interaction, player)

    @group.command(name="export", description="The season's results as a CSV file")
    @app_commands.describe(season="Season number (default: the open one)")
    async def export(self, interaction: Interaction, season: Number | None = None) -> None:
        await league_admin.export(interaction, season)

    @group.command(name="rebuild", description="Recompute standings and ratings (Manage Server)")
    async def rebuild(self, interaction: Interaction) -> None:
        await league_admin.rebuild(interaction)

    @season.command(name="new", description="Close this season and open the next (Manage Server)")
    @app_commands.describe(name="The new season's name")
    async def season_new(
        self, interaction: Interaction, name: app_commands.Range[str, 1, 40]
    ) -> None:
        await league_admin.new_season(interaction, name)

    @season.command(name="list", description="Every season of this server")
    async def season_list(self, interaction: Interaction) -> None:
        await league_admin.list_seasons(interaction)

    @web.command(name="on", description="Show this server's league on the web (Manage Server)")
    @app_commands.describe(language="The pages' language: the server's own (the default), or one")
    @app_commands.choices(language=language_choices())
    async def web_on(self, interaction: Interaction, language: str = SERVER_LANGUAGE) -> None:
        await league_admin.web_pages(interaction, True, language)

    @web.command(name="off", description="Take this server's league off the web (Manage Server)")
    async def web_off(self, interaction: Interaction) -> None:
        await league_admin.web_pages(interaction, False)

    @group.command(name="privacy", description="Hide your name from the league's web pages")
    @app_commands.describe(hidden="True: hidden; False: shown again")
    async def privacy(self, interaction: Interaction, hidden: bool = True) -> None:
        await league_admin.privacy(interaction, hidden)
