"""/tournament: a server's event in this channel, from sign-up to champion."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.views import tournament, tournament_signup

Interaction = discord.Interaction[Any]
FORMATS = [
    app_commands.Choice(name="Knockout", value="knockout"),
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Duplicate", value="duplicate"),
]


class TournamentCog(commands.Cog):
    group = app_commands.Group(
        name="tournament", description="A tournament in this channel", guild_only=True
    )

    @group.command(name="new", description="Open a tournament's sign-up in this channel")
    @app_commands.describe(
        game="The game to play",
        format="Knockout, Swiss or duplicate",
        seats="Seats at each match: 2, or 4 in partnerships (teams of two)",
        rules="House rules as name=value, separated by commas",
        rounds="Rounds (Swiss, duplicate)",
        starts_in="Minutes until it starts by itself (default: the organiser starts it)",
        ai_fill="Whether the AI may fill a missing seat",
        league="Whether the matches count in the league",
        grace="Seconds a side has to show up (open a hand, or move) before losing by walkover",
    )
    @app_commands.choices(
        game=[
            app_commands.Choice(name=title, value=game)
            for game, title in tournament.GAMES_OFFERED.items()
        ],
        format=FORMATS,
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        format: str,
        seats: app_commands.Range[int, 2, 4] = 2,
        rules: str | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        starts_in: app_commands.Range[int, 1, 10_080] | None = None,
        ai_fill: bool = False,
        league: bool = True,
        grace: app_commands.Range[int, 5, 3600] = 300,
    ) -> None:
        await tournament.new(
            interaction, game, format, seats, rules, rounds, starts_in, ai_fill, league, grace
        )

    @group.command(name="join", description="Sign up for this channel's tournament")
    @app_commands.describe(partner="Your partner, in a partnership game (else you are drawn one)")
    async def join(self, interaction: Interaction, partner: discord.User | None = None) -> None:
        await tournament_signup.join(interaction, partner=partner)

    @group.command(name="leave", description="Leave the tournament (after the start: a walkover)")
    async def leave(self, interaction: Interaction) -> None:
        await tournament_signup.leave(interaction)

    @group.command(name="start", description="Start or resume the tournament (organiser)")
    async def start(self, interaction: Interaction) -> None:
        await tournament.start(interaction)

    @group.command(name="pause", description="No new round until it resumes (organiser)")
    async def pause(self, interaction: Interaction) -> None:
        await tournament.pause(interaction)

    @group.command(name="drop", description="Take a player out of the tournament (organiser)")
    @app_commands.describe(player="The player to drop")
    async def drop(self, interaction: Interaction, player: discord.User) -> None:
        await tournament.drop(interaction, player)

    @group.command(name="settle", description="Decide a disputed match (organiser)")
    @app_commands.describe(
        round="The match's round",
        match="The match's number in its round",
        winner="Its winner (none: a draw)",
    )
    async def settle(
        self,
        interaction: Interaction,
        round: app_commands.Range[int, 1, 100],
        match: app_commands.Range[int, 1, 200],
        winner: discord.User | None = None,
    ) -> None:
        await tournament.settle(interaction, round, match, winner)

    @group.command(name="cancel", description="Cancel the tournament (organiser)")
    async def cancel(self, interaction: Interaction) -> None:
        await tournament.cancel(interaction)

    @group.command(name="history", description="This server's past tournaments")
    async def history(self, interaction: Interaction) -> None:
        await tournament.history(interaction)
