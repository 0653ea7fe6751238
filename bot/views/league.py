"""The league on Discord: standings pages (with buttons that survive a restart), statistics,
history, the CSV export and seasons. The league itself is ``bot.league``."""

from __future__ import annotations

import gzip
import io
from contextlib import AbstractContextManager
from functools import partial
from typing import Any

import discord
from discord.ui import Button

from bot.games import SPECS
from bot.i18n import from_discord, speaking, t, tn
from bot.league import League, LeagueError, MatchResult, Season, StandingsPage
from bot.league.stats import GameStats, seat_of, won
from bot.pictures import png
from bot.pictures.league import Chart, StandingLine, player_picture, standings_picture
from bot.text import GAME_TITLES, game_title
from bot.views.access import manager
from bot.views.attach import picture_files
from bot.views.click import Click
from bot.views.components import view
from bot.views.services import services

Interaction = discord.Interaction[Any]
HISTORY = 10
COLOUR = discord.Colour.gold()
STANDINGS_FILE = "standings.png"
CARD_FILE = "player.png"


def _league(interaction: Interaction) -> League:
    return services(interaction).league


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise LeagueError(t("The league is kept per server: use it in a server."))
    return interaction.guild_id


def _may_manage(interaction: Interaction) -> None:
    if not interaction.permissions.manage_guild:
        raise LeagueError(t("Only members who may manage the server can do that."))


def _season_title(season: Season) -> str:
    state = t("open") if season.ended_at is None else t("closed")
    return t(
        "Season {number}: {name} ({state})", number=season.number, name=season.name, state=state
    )


def _percent(rate: float) -> str:
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
            rate=_percent(row.win_rate),
        )
        if row.rating is not None:
            line += t(" · rating {rating:.1f}", rating=row.rating)
        lines.append(line)
    # Ten rows fit an embed's description (4,096 characters) with room to spare.
    table = "\n".join(lines) or t("No league matches in this season yet.")
    embed = discord.Embed(
        title=t("Standings · {game}", game=game),
        description=f"{_season_title(page.season)}\n\n{table}",
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
    return png(standings_picture(title, _season_title(page.season), columns, lines), shared=False)


async def standings_message(
    interaction: Interaction, page: StandingsPage
) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
    """A standings page's embed, buttons and picture, in the channel's language; no picture
    where the server turned pictures off, or for a page with nobody on it."""
    names = await _league(interaction).names(_guild(interaction), [r.user_id for r in page.rows])
    with _public(interaction):
        embed, turned = standings_embed(page), standings_view(page)
        draw = partial(standings_png, page, names)
    embed.url = await _league(interaction).web.link(
        _guild(interaction), game=page.game, season=page.season.number
    )
    files: list[discord.File] = []
    if page.rows and services(interaction).choices.pictures(_guild(interaction)):
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
        page = await _league(interaction).standings(
            _guild(interaction), game, self.number("season"), self.number("page")
        )
        embed, turned, files = await standings_message(interaction, page)
        await interaction.response.edit_message(embed=embed, view=turned, attachments=files)


def _public(interaction: Interaction) -> AbstractContextManager[None]:
    """Speak the channel's language: standings pages are public, like the tables' boards
    (a refusal is only for the person, in their own)."""
    publisher = services(interaction).publisher
    return speaking(publisher.channel_language(interaction.channel_id or 0, interaction.guild_id))


async def show_standings(interaction: Interaction, game: str | None, season: int | None) -> None:
    page = await _league(interaction).standings(_guild(interaction), game, season, 0)
    embed, view, files = await standings_message(interaction, page)
    if view is None:
        await interaction.response.send_message(embed=embed, files=files)
    else:
        await interaction.response.send_message(embed=embed, view=view, files=files)


# -- statistics and history ------------------------------------------------------------------


def _game_lines(stats: GameStats) -> list[str]:
    """The game's own figures, in its words."""
    return SPECS[stats.game].text.stats_lines(stats.totals, stats.played)


def _record_line(stats: GameStats, rating: float | None) -> str:
    head = t(
        "Played {played} · won {won} ({rate}) · streak {streak} (best {best})",
        played=stats.played,
        won=stats.won,
        rate=_percent(stats.win_rate),
        streak=stats.streak,
        best=stats.best_streak,
    )
    if rating is not None:
        head += t(" · rating {rating:.1f}", rating=rating)
    return head


async def show_stats(
    interaction: Interaction, player: discord.abc.User | None, game: str | None
) -> None:
    """A player's card (only to whoever asked): their record and the game's figures per
    game, and a picture of them with a rating-over-time chart per game."""
    person = player or interaction.user
    league, guild = _league(interaction), _guild(interaction)
    title = t("Statistics · {name}", name=person.display_name)
    embed = discord.Embed(
        title=title, colour=COLOUR, url=await league.web.link(guild, f"p/{person.id}")
    )
    lines, charts = [], []
    for stats in await league.stats(guild, person.id, game):
        rating = await league.rating(guild, stats.game, person.id)
        record = [_record_line(stats, rating), *_game_lines(stats)]
        embed.add_field(name=game_title(stats.game), value="\n".join(record), inline=False)
        lines += [f"{game_title(stats.game)}: {record[0]}", *record[1:]]
        history = await league.rating_history(guild, person.id, stats.game)
        if history:
            label = tn(
                "{game} rating, the last {n} match",
                "{game} rating, the last {n} matches",
                len(history),
                game=game_title(stats.game),
            )
            charts.append(Chart(label, [r for _, r in history]))
    files: list[discord.File] = []
    if not embed.fields:
        embed.description = t("No finished matches yet.")
    elif services(interaction).choices.pictures(guild):
        subtitle = game_title(game) if game else t("All games")
        draw = partial(_card_png, title, subtitle, lines, charts)
        files = await picture_files(draw, CARD_FILE, embed, interaction.filesize_limit)
    await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


def _card_png(title: str, subtitle: str, lines: list[str], charts: list[Chart]) -> bytes:
    return png(player_picture(title, subtitle, lines, charts), shared=False)


def _history_line(match: MatchResult, user_id: int) -> str:
    when = match.finished_at[:10]
    head = t("#{id} · {game} · {when}", id=match.id, game=game_title(match.game), when=when)
    if match.abandoned:
        return head + t(" · abandoned")
    seat = seat_of(match, user_id)
    if won(match, seat):
        result = t("won")
    elif all(s.place == seat.place for s in match.seats):
        result = t("draw")
    else:
        result = t("place {place} of {seats}", place=seat.place, seats=len(match.seats))
    if seat.points is not None:
        result += t(" · +{points} pts", points=seat.points)
    return f"{head} · {result}"


async def show_history(interaction: Interaction, player: discord.abc.User | None) -> None:
    person = player or interaction.user
    matches = await _league(interaction).history(_guild(interaction), person.id, HISTORY)
    lines = [_history_line(m, person.id) for m in matches]
    deals = await manager(interaction).history.of_player(_guild(interaction), person.id)
    if deals:
        ids = " ".join(f"`{d.short_id}`" for d in deals)
        lines += ["", t("Latest deals, for /replay: {ids}", ids=ids)]
    embed = discord.Embed(
        title=t("Latest matches · {name}", name=person.display_name),
        description="\n".join(lines) or t("No matches yet."),
        colour=COLOUR,
    )
    await interaction.response.send_message(embed=embed, ephemeral=True)


# -- export and seasons ----------------------------------------------------------------------


async def export(interaction: Interaction, season: int | None) -> None:
    """The season's CSV as an attachment; gzipped when it would pass the server's file size
    limit (a CSV shrinks about tenfold)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    found, text = await _league(interaction).export(_guild(interaction), season)
    data, name = text.encode("utf-8"), f"tavolo-season-{found.number}.csv"
    if len(data) > interaction.filesize_limit:
        data, name = gzip.compress(data), name + ".gz"
    if len(data) > interaction.filesize_limit:
        raise LeagueError(t("This season's results are too large to send as a file."))
    await interaction.followup.send(
        t("The results of {season}.", season=_season_title(found)),
        file=discord.File(io.BytesIO(data), filename=name),
        ephemeral=True,
    )


async def list_seasons(interaction: Interaction) -> None:
    seasons = await _league(interaction).seasons(_guild(interaction))
    lines = [
        tn(
            "{title} · since {start} · {n} match",
            "{title} · since {start} · {n} matches",
            s.matches,
            title=_season_title(s),
            start=s.started_at[:10],
        )
        for s in seasons
    ]
    embed = discord.Embed(title=t("Seasons"), description="\n".join(lines), colour=COLOUR)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def new_season(interaction: Interaction, name: str) -> None:
    _may_manage(interaction)
    closed, opened = await _league(interaction).new_season(_guild(interaction), name)
    await interaction.response.send_message(
        t(
            "{closed} is over. {opened} begins: every match from now on counts for it.",
            closed=_season_title(closed),
            opened=_season_title(opened),
        )
    )


async def rebuild(interaction: Interaction) -> None:
    _may_manage(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    count = await _league(interaction).rebuild(_guild(interaction))
    await interaction.followup.send(
        tn(
            "Standings and ratings rebuilt from {n} stored match.",
            "Standings and ratings rebuilt from {n} stored matches.",
            count,
        ),
        ephemeral=True,
    )


# -- the web pages ---------------------------------------------------------------------------


async def web_pages(interaction: Interaction, on: bool) -> None:
    """Turn the server's league pages on (in the server's language, under its name) or off."""
    _may_manage(interaction)
    guild, web = _guild(interaction), _league(interaction).web
    if not on:
        was = await web.turn_off(guild)
        said = t("The league's web pages are off.") if was else t("They were off already.")
        await interaction.response.send_message(said, ephemeral=True)
        return
    name = interaction.guild.name if interaction.guild is not None else str(guild)
    await web.turn_on(guild, name, from_discord(interaction.guild_locale))
    link = await web.link(guild)
    said = t("The league's web pages are on: standings, players and live tables.")
    if link is not None:
        said += "\n" + link
    else:
        said += " " + t("They show once the bot's host gives them a public address.")
    await interaction.response.send_message(said, ephemeral=True)


async def privacy(interaction: Interaction, hidden: bool) -> None:
    """Hide the person's name from the server's league pages, or show it again."""
    await _league(interaction).web.hide(_guild(interaction), interaction.user.id, hidden)
    said = (
        t("Your name is hidden from this server's league pages; your page is gone from them.")
        if hidden
        else t("Your name shows on this server's league pages again.")
    )
    await interaction.response.send_message(said, ephemeral=True)
