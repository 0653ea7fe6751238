"""Thin slash-command handlers: parse, call the table manager, render."""

from __future__ import annotations

from discord.ext import commands


def all_cogs() -> list[commands.Cog]:
    """Every cog of the bot, new: what the bot loads and what the catalogues are made from."""
    from bot.cogs.help import HelpCog
    from bot.cogs.league import LeagueCog
    from bot.cogs.play import PlayCog
    from bot.cogs.replay import ReplayCog
    from bot.cogs.tables import TablesCog
    from bot.cogs.tournament import TournamentCog

    return [HelpCog(), TablesCog(), PlayCog(), LeagueCog(), ReplayCog(), TournamentCog()]
