"""A tournament's sign-up on Discord: /tournament join and leave, and the sign-up message's
Join and Leave buttons; and how a step finds the channel's tournaments."""

from __future__ import annotations

from typing import Any

import discord
from discord.ui import Button

from bot.i18n import t
from bot.tables import TableError
from bot.tournaments import Member, Tournament, Tournaments
from bot.views.access import thinking
from bot.views.click import Click, Interaction
from bot.views.components import GREEN, GREY, button, view
from bot.views.errors import tell
from bot.views.services import services


def tournaments_of(interaction: Interaction) -> Tournaments:
    found = services(interaction).tournaments
    assert found is not None, "the tournaments were not set up"
    return found


def home_of(interaction: Interaction) -> int:
    """The channel a tournament is run in: in a match's thread, the thread's channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tournaments are run in a server's text channels."))
    return interaction.channel_id


async def join(
    interaction: Interaction,
    tournament_id: int | None = None,
    partner: discord.abc.User | None = None,
) -> None:
    await thinking(interaction)
    tours = tournaments_of(interaction)
    tour_id = tournament_id or (await tours.in_channel(home_of(interaction))).record.id
    with_partner = None
    if partner is not None:
        if partner.bot:
            raise TableError(t("Your partner must be a person: the AI fills seats by itself."))
        with_partner = Member(user_id=partner.id, name=partner.display_name)
    await tours.join(tour_id, interaction.user.id, interaction.user.display_name, with_partner)
    await tell(interaction, t("You are signed up."))


async def leave(interaction: Interaction, tournament_id: int | None = None) -> None:
    await thinking(interaction)
    tours = tournaments_of(interaction)
    tour = (
        await tours.get(tournament_id)
        if tournament_id
        else await tours.in_channel(home_of(interaction))
    )
    started = tour.record.status != "signup"
    tour = await tours.leave(tour.record.id, interaction.user.id)
    await tell(
        interaction,
        _withdrawn(tour, interaction.user.id) if started else t("You are no longer signed up."),
    )


def _withdrawn(tour: Tournament, user_id: int) -> str:
    """What became of the match a person who withdrew was playing: in a duplicate where the
    AI may fill a seat, the AI plays it to the end; else it is lost by walkover."""
    n = next(e.n for e in tour.entrants if user_id in e.user_ids)
    if any(m.status == "playing" and n in m.sides for m in tour.matches):
        return t("You left the tournament: the AI plays your seats to the end of your match.")
    return t("You left the tournament: a match you were playing is lost by walkover.")


# -- the sign-up message's buttons -----------------------------------------------------------


class JoinButton(Click[Button[Any]], layout="tv:tour:{tournament}:join", what="tournament join"):
    async def clicked(self, interaction: Interaction) -> None:
        await join(interaction, self.number("tournament"))


class LeaveButton(Click[Button[Any]], layout="tv:tour:{tournament}:leave", what="tournament leave"):
    async def clicked(self, interaction: Interaction) -> None:
        await leave(interaction, self.number("tournament"))


CLICKS = (JoinButton, LeaveButton)


def signup_buttons(tour: Tournament) -> discord.ui.View | None:
    if tour.record.status != "signup":
        return None
    tid = tour.record.id
    return view(
        button(JoinButton.make_id(tournament=tid), t("Join"), GREEN),
        button(LeaveButton.make_id(tournament=tid), t("Leave"), GREY),
    )
