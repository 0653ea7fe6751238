"""The league on Discord: standings pages (with buttons that survive a restart), and what the
league's other messages share (``league_card``: statistics and history; ``league_admin``:
the export, seasons and the web pages). The league itself is ``bot.league``."""

from __future__ import annotations

from contextlib import AbstractContextManager
from functools import partial
from typing import Any

import discord
from discord.ui import Button

from bot.i18n import speaking, t, tn
from bot.league import League, LeagueError, Season, StandingsPage
from bot.pictures import png
from bot.pictures.league import StandingLine, standings_picture
from bot.text import GAME_TITLES, game_title
from bot.views.attach import picture_files
from bot.views.click import Click
from bot.views.components import view
from bot.views.services import services

Interaction = discord.Interaction[Any]
COLOUR = discord.Colour.gold()
STANDINGS_FILE = "standings.png"


def league_of(interaction: Interaction) -> League:
    return services(interaction).league


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise LeagueError(t("The league is kept per server: use it in a server."))
    return interaction.guild_id


def may_manage(interaction: Interaction) -> None:
    if not interaction.permissions.manage_guild:
        raise LeagueError(t("Only members who may manage the server can do that."))


def season_title(season: Season) -> str:
    state = t("open") if season.ended_at is None else t("closed")
    return t(
        "Season {number}: {name} ({state})", number=season.number, name=season.name, state=state
    )


def percent(rate: float) -> str:
    return f"{rate:.0%}"


# -- standings -------------------------------------------------------------------------------


def standings_embed(page: StandingsPage) -> discord.Embed:
    game = game_title(page.game) if page.game else t("All games")
    lines = []
    for row in page.rows:
        line = t(
            "**{rank}.** <@{user}> · {points} pts · {won} won of {played} ({rate})",
            rank=row.rank,
            user=row.user_id,
            points=row.points,
            won=row.won,
            played=row.played,
            rate=percent(row.win_rate),
        )
        if row.rating is not None:
            line += t(" · rating {rating:.1f}", rating=row.rating)
        lines.append(line)
    # Ten rows fit an embed's description (4,096 characters) with room to spare.
    table = "\n".join(lines) or t("No league matches in this season yet.")
    embed = discord.Embed(
        title=t("Standings · {game}", game=game),
        description=f"{season_title(page.season)}\n\n{table}",
        colour=COLOUR,
    )
    embed.set_footer(
        text=tn(
            "Page {page} of {pages} · {n} player",
            "Page {page} of {pages} · {n} players",
            page.players,
            page=page.page + 1,
            pages=page.pages,
        )
    )
    return embed


def standings_png(page: StandingsPage, names: dict[int, str]) -> bytes:
    """The standings page as a picture (its words in the language spoken when called)."""
    game = game_title(page.game) if page.game else t("All games")
    columns = [
        t("#"),
        t("Player"),
        t("Pts"),
        t("Rating"),
        t("Week"),
        t("Played"),
        t("Won"),
    ]
    lines = [
        StandingLine(
            rank=row.rank,
            name=names.get(row.user_id, str(row.user_id)),
            points=row.points,
            played=row.played,
            won=row.won,
            rating=row.rating,
            moved=row.moved,
        )
        for row in page.rows
    ]
    title = t("Standings · {game}", game=game)
    return png(standings_picture(title, season_title(page.season), columns, lines), shared=False)


async def standings_message(
    interaction: Interaction, page: StandingsPage
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """A standings page's embed, buttons and picture, in the channel's language; no picture
    where the server turned pictures off, or for a page with nobody on it."""
    names = await league_of(interaction).names(
        guild_of(interaction), [r.user_id for r in page.rows]
    )
    with _public(interaction):
        embed, turned = standings_embed(page), standings_view(page)
        draw = partial(standings_png, page, names)
    embed.url = await league_of(interaction).web.link(
        guild_of(interaction), game=page.game, season=page.season.number
    )
    files: list[discord.File] = []
    if page.rows and services(interaction).choices.pictures(guild_of(interaction)):
        with _public(interaction):
            files = await picture_files(draw, STANDINGS_FILE, embed, interaction.filesize_limit)
    return embed, turned, files


def standings_view(page: StandingsPage) -> discord.ui.View | None:
    if page.pages == 1:
        return None
    number, game = page.season.number, page.game or "all"

    def turn(to: int, label: str, disabled: bool) -> Button[Any]:
        custom_id = StandingsButton.make_id(season=number, game=game, page=max(to, 0))
        return Button(label=label, custom_id=custom_id, disabled=disabled)

    return view(
        turn(page.page - 1, t("◀ Previous"), page.page == 0),
        turn(page.page + 1, t("Next ▶"), page.page + 1 >= page.pages),
    )


class StandingsButton(
    Click[Button[Any]],
    layout="tv:lg:{season}:{game}:{page}",
    what="standings page",
    text={"game": "[a-z]+"},
):
    """Turns a standings message to another page, for whoever clicks, even after a restart."""

    async def clicked(self, interaction: Interaction) -> None:
        game = self.fields["game"] if self.fields["game"] in GAME_TITLES else None
        page = await league_of(interaction).standings(
            guild_of(interaction), game, self.number("season"), self.number("page")
        )
        embed, turned, files = await standings_message(interaction, page)
        await interaction.response.edit_message(embed=embed, view=turned, attachments=files)


def _public(interaction: Interaction) -> AbstractContextManager[None]:
    """Speak the channel's language: standings pages are public, like the tables' boards
    (a refusal is only for the person, in their own)."""
    publisher = services(interaction).publisher
    return speaking(publisher.channel_language(interaction.channel_id or 0, interaction.guild_id))


async def show_standings(interaction: Interaction, game: str | None, season: int | None) -> None:
    page = await league_of(interaction).standings(guild_of(interaction), game, season, 0)
    embed, view, files = await standings_message(interaction, page)
    if view is None:
        await interaction.response.send_message(embed=embed, files=files)
    else:
        await interaction.response.send_message(embed=embed, view=view, files=files)
