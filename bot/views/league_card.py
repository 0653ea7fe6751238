"""A player on Discord: their card (record, the game's figures, a rating chart per game) and
their latest matches and deals."""

from __future__ import annotations

from functools import partial

import discord

from bot.games import SPECS
from bot.i18n import t, tn
from bot.league import MatchResult
from bot.league.stats import GameStats, seat_of, won
from bot.pictures import png
from bot.pictures.league import Chart, player_picture
from bot.text import game_title
from bot.views.access import manager
from bot.views.attach import picture_files
from bot.views.league import COLOUR, Interaction, guild_of, league_of, percent
from bot.views.services import services

HISTORY = 10
MATCH_DEALS = 8  # a match's deals listed beside it: ten matches stay far inside an embed
CARD_FILE = "player.png"


def _game_lines(stats: GameStats) -> list[str]:
    """The game's own figures, in its words."""
    return SPECS[stats.game].text.stats_lines(stats.totals, stats.played)


def _record_line(stats: GameStats, rating: float | None) -> str:
    head = t(
        "Played {played} · won {won} ({rate}) · streak {streak} (best {best})",
        played=stats.played,
        won=stats.won,
        rate=percent(stats.win_rate),
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
    league, guild = league_of(interaction), guild_of(interaction)
    title = t("Statistics · {name}", name=person.display_name)
    embed = discord.Embed(
        title=title, colour=COLOUR, url=await league.web.person_link(guild, person.id)
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
    deals = await manager(interaction).history.of_player(guild, person.id, game)
    if not embed.fields:
        embed.description = t("No finished matches yet.")
    elif services(interaction).choices.pictures(guild):
        subtitle = game_title(game) if game else t("All games")
        draw = partial(_card_png, title, subtitle, lines, charts)
        files = await picture_files(draw, CARD_FILE, embed, interaction.filesize_limit)
    if deals:
        ids = " ".join(f"`{d.short_id}`" for d in deals)
        embed.add_field(name=t("Latest deals, for /replay"), value=ids, inline=False)
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


def _deals_line(ids: list[str]) -> str:
    """A match's deals, for /replay: their ids, the first ``MATCH_DEALS`` of a long match."""
    shown = " ".join(f"`{i}`" for i in ids[:MATCH_DEALS])
    if len(ids) > MATCH_DEALS:
        shown += " " + tn("and {n} more", "and {n} more", len(ids) - MATCH_DEALS)
    return "↳ " + tn("{n} deal: {ids}", "{n} deals: {ids}", len(ids), ids=shown)


async def show_history(interaction: Interaction, player: discord.abc.User | None) -> None:
    """A player's latest matches, each with its deals' ids for /replay."""
    person, guild = player or interaction.user, guild_of(interaction)
    matches = await league_of(interaction).history(guild, person.id, HISTORY)
    deals = await manager(interaction).history.of_matches(guild, [m.id for m in matches])
    lines = []
    for match in matches:
        lines.append(_history_line(match, person.id))
        if deals.get(match.id):
            lines.append(_deals_line(deals[match.id]))
    embed = discord.Embed(
        title=t("Latest matches · {name}", name=person.display_name),
        description="\n".join(lines) or t("No matches yet."),
        colour=COLOUR,
    )
    if deals:
        embed.set_footer(text=t("/replay deal: shows a deal step by step"))
    await interaction.response.send_message(embed=embed, ephemeral=True)
