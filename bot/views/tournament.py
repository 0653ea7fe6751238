"""/tournament on Discord: opening one (with the permissions its threads need), the
organiser's steps and the history. The sign-up is ``tournament_signup``, the host that
opens the threads and keeps the message ``tournament_host``; the tournaments themselves are
``bot.tournaments``."""

from __future__ import annotations

from typing import Any

import discord

from bot.games import SPECS
from bot.i18n import t
from bot.tables import TableError
from bot.text import GAME_TITLES, game_title
from bot.tournaments import Plan, Tournament, Tournaments, words
from bot.tournaments.rounds import match_seats
from bot.views.access import thinking
from bot.views.click import Interaction
from bot.views.errors import tell
from bot.views.tournament_host import TournamentHost
from bot.views.tournament_signup import home_of, tournaments_of

# What the bot needs in a tournament's channel, beyond a table's: its matches' threads.
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")

GAMES_OFFERED = {g: title for g, title in GAME_TITLES.items() if match_seats(SPECS[g].seats)}
"""The games ``/tournament new`` offers: those whose match can be two sides."""


def house_rules(text: str | None) -> dict[str, Any]:
    """``name=value, name=value`` as the house rules' options (the game checks them)."""
    found: dict[str, Any] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise TableError(
                t(
                    "House rules are written name=value, separated by commas: “{part}” is not.",
                    part=part.strip(),
                )
            )
        if value.lower() in TRUE:
            found[name] = True
        elif value.lower() in FALSE:
            found[name] = False
        elif value.lstrip("-").isdigit():
            found[name] = int(value)
        else:
            found[name] = value
    return found


# -- the organiser's commands ---------------------------------------------------------------


async def new(
    interaction: Interaction,
    game: str,
    format: str,
    seats: int,
    rules: str | None,
    rounds: int | None,
    starts_in: int | None,
    ai_fill: bool,
    league: bool,
    grace: int,
) -> None:
    if interaction.guild_id is None or isinstance(interaction.channel, discord.Thread):
        raise TableError(t("Tournaments are run in a server's text channels, not in threads."))
    perms = interaction.app_permissions
    missing = [name for flag, name in NEEDED.items() if not getattr(perms, flag)]
    if missing:
        await tell(
            interaction,
            t(
                "I cannot run a tournament in this channel: I need {missing} here.",
                missing=", ".join(missing),
            ),
        )
        return
    await thinking(interaction)
    plan = Plan(
        guild_id=interaction.guild_id,
        channel_id=home_of(interaction),
        organiser_id=interaction.user.id,
        game=game,
        format=format,  # type: ignore[arg-type]  # the command's choices
        seats=seats,
        options=house_rules(rules),
        rounds=rounds,
        ai_fill=ai_fill,
        league=league,
        grace=grace,
        starts_in=starts_in,
    )
    tour = await tournaments_of(interaction).new(plan)
    host = _host(interaction)
    await host.post(tour)
    await tell(
        interaction,
        t(
            "Your {game} tournament is open: players press **Join** on its message; start it"
            " with /tournament start.",
            game=game_title(game),
        ),
    )


async def _organised(interaction: Interaction) -> tuple[Tournaments, Tournament]:
    """The channel's tournament, for its organiser (or someone who may manage the server)."""
    tours = tournaments_of(interaction)
    tour = await tours.in_channel(home_of(interaction))
    if interaction.user.id != tour.record.organiser_id and not interaction.permissions.manage_guild:
        raise TableError(
            t("Only the organiser, or someone who may manage the server, can do that.")
        )
    await thinking(interaction)
    return tours, tour


async def start(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.start(tour.record.id)
    await tell(interaction, t("The tournament is under way."))


async def pause(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.pause(tour.record.id)
    await tell(interaction, t("The tournament is paused."))


async def cancel(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.cancel(tour.record.id)
    await tell(interaction, t("The tournament is cancelled."))


async def drop(interaction: Interaction, player: discord.abc.User) -> None:
    tours, tour = await _organised(interaction)
    await tours.drop(tour.record.id, player.id)
    await tell(interaction, t("{name} is dropped from the tournament.", name=player.display_name))


async def settle(
    interaction: Interaction, number: int, match: int, winner: discord.abc.User | None
) -> None:
    tours, tour = await _organised(interaction)
    entrant = None
    if winner is not None:
        found = next((e for e in tour.entrants if winner.id in e.user_ids), None)
        if found is None:
            raise TableError(t("{name} is not in the tournament.", name=winner.display_name))
        entrant = found.n
    await tours.settle(tour.record.id, number, match, entrant)
    await tell(interaction, t("The match is settled."))


async def history(interaction: Interaction) -> None:
    if interaction.guild_id is None:
        raise TableError(t("Tournaments are run in a server's text channels."))
    await thinking(interaction)
    found = await tournaments_of(interaction).history(interaction.guild_id)
    lines = []
    for tour in found:
        champion = next((e.name for e in tour.entrants if e.n == tour.record.champion), None)
        lines.append(
            t(
                "{title} · {date} · {result}",
                title=words.title(tour),
                date=tour.record.created_at[:10],
                result=t("champion {name}", name=champion) if champion else t("cancelled"),
            )
        )
    await tell(interaction, "\n".join(lines) or t("This server has had no tournament yet."))


def _host(interaction: Interaction) -> TournamentHost:
    host = tournaments_of(interaction).host
    assert isinstance(host, TournamentHost)
    return host
