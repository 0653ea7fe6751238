"""The league's keeping on Discord: the CSV export, the seasons, a rebuild, and the server's
web pages (on or off, and a person's name hidden from them)."""

from __future__ import annotations

import gzip
import io

import discord

from bot.i18n import LANGUAGES, from_discord, t, tn
from bot.league import LeagueError
from bot.league.web import WebChoices
from bot.views.league import COLOUR, Interaction, guild_of, league_of, may_manage, season_title
from bot.views.server import SERVER_LANGUAGE


async def export(interaction: Interaction, season: int | None) -> None:
    """The season's CSV as an attachment; gzipped when it would pass the server's file size
    limit (a CSV shrinks about tenfold)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    found, text = await league_of(interaction).export(guild_of(interaction), season)
    data, name = text.encode("utf-8"), f"tavolo-season-{found.number}.csv"
    if len(data) > interaction.filesize_limit:
        data, name = gzip.compress(data), name + ".gz"
    if len(data) > interaction.filesize_limit:
        raise LeagueError(t("This season's results are too large to send as a file."))
    await interaction.followup.send(
        t("The results of {season}.", season=season_title(found)),
        file=discord.File(io.BytesIO(data), filename=name),
        ephemeral=True,
    )


async def list_seasons(interaction: Interaction) -> None:
    seasons = await league_of(interaction).seasons(guild_of(interaction))
    lines = [
        tn(
            "{title} · since {start} · {n} match",
            "{title} · since {start} · {n} matches",
            s.matches,
            title=season_title(s),
            start=s.started_at[:10],
        )
        for s in seasons
    ]
    embed = discord.Embed(title=t("Seasons"), description="\n".join(lines), colour=COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def new_season(interaction: Interaction, name: str) -> None:
    may_manage(interaction)
    closed, opened = await league_of(interaction).new_season(guild_of(interaction), name)
    await interaction.response.send_message(
        t(
            "{closed} is over. {opened} begins: every match from now on counts for it.",
            closed=season_title(closed),
            opened=season_title(opened),
        )
    )


async def rebuild(interaction: Interaction) -> None:
    may_manage(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    count = await league_of(interaction).rebuild(guild_of(interaction))
    await interaction.followup.send(
        tn(
            "Standings and ratings rebuilt from {n} stored match.",
            "Standings and ratings rebuilt from {n} stored matches.",
            count,
        ),
        ephemeral=True,
    )


# -- the web pages ---------------------------------------------------------------------------


async def web_pages(interaction: Interaction, on: bool, language: str = SERVER_LANGUAGE) -> None:
    """Turn the server's league pages on (under its name, in ``language``, else in the
    server's own, following it) or off."""
    may_manage(interaction)
    guild, web = guild_of(interaction), league_of(interaction).web
    if not on:
        was = await web.turn_off(guild)
        said = t("The league's web pages are off.") if was else t("They were off already.")
        await interaction.response.send_message(said, ephemeral=True)
        return
    chosen = language != SERVER_LANGUAGE
    if chosen and language not in LANGUAGES:
        raise LeagueError(t("Tavolo does not speak that language."))
    name = interaction.guild.name if interaction.guild is not None else str(guild)
    shown = language if chosen else from_discord(interaction.guild_locale)
    await web.turn_on(guild, name, shown, chosen)
    link = await web.link(guild)
    said = t(
        "The league's web pages are on: standings, players, tournaments, replays and live tables."
    )
    if link is not None:
        said += "\n" + link
    else:
        said += " " + t("They show once the bot's host gives them a public address.")
    await interaction.response.send_message(said, ephemeral=True)


async def server_changed(web: WebChoices, before: discord.Guild, after: discord.Guild) -> None:
    """A server renamed, or its language changed, in Discord (GUILD_UPDATE): its pages follow."""
    if (before.name, before.preferred_locale) != (after.name, after.preferred_locale):
        await web.server_changed(after.id, after.name, from_discord(after.preferred_locale))


async def privacy(interaction: Interaction, hidden: bool) -> None:
    """Hide the person's name from the server's league pages, or show it again."""
    await league_of(interaction).web.hide(guild_of(interaction), interaction.user.id, hidden)
    said = (
        t("Your name is hidden from this server's league pages; your page is gone from them.")
        if hidden
        else t("Your name shows on this server's league pages again.")
    )
    await interaction.response.send_message(said, ephemeral=True)
