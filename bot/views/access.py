"""Which table a command or click is about, and who may do what there."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

from bot.i18n import t
from bot.tables import Table, TableError, TableManager
from bot.tables.clock import REAL, Clock
from bot.views.services import services

Interaction = discord.Interaction[Any]
T = TypeVar("T")

ANSWER_WITHIN = 1.5
"""Seconds an answer may wait on its picture before the interaction is deferred: Discord
wants an answer within 3 s of the click, and getting the click here took some of them."""


def manager(interaction: Interaction) -> TableManager:
    return services(interaction).manager


def channel_table(interaction: Interaction) -> Table:
    if interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    return manager(interaction).in_channel(interaction.channel_id)


def clicked_table(interaction: Interaction, table_id: int) -> Table:
    """The table a click's custom id names, if it is played where the click was made: a
    custom id is only text, and one naming another channel's table is refused."""
    table = manager(interaction).by_table_id(table_id)
    record = table.record
    if (interaction.guild_id, interaction.channel_id) != (record.guild_id, record.channel_id):
        raise TableError(t("That table is played in another channel."))
    return table


def own_seat(table: Table, user_id: int, seat: int | None = None) -> int:
    """The person's seat; ``seat`` is the one a hand's button was made for."""
    own = table.seat_of(user_id)
    if own is None:
        raise TableError(t("You are not seated at this table."))
    if seat is not None and seat != own:
        raise TableError(t("This is not your hand: open your own with My hand or /hand."))
    return own


def may_manage(interaction: Interaction, table: Table) -> bool:
    return interaction.user.id == table.record.host_id or interaction.permissions.manage_messages


async def thinking(interaction: Interaction) -> None:
    """Defer privately: what follows waits on the table's lock or the database, and Discord
    wants an answer within 3 seconds."""
    await interaction.response.defer(ephemeral=True, thinking=True)


async def in_time(
    interaction: Interaction,
    work: Awaitable[T],
    *,
    edit: bool,
    within: float = ANSWER_WITHIN,
    clock: Clock = REAL,
) -> T:
    """``work`` (a hand and its picture), answered in time: if it is not done ``within``
    seconds on ``clock`` (the pictures thread is busy), the interaction is deferred, so the
    answer comes as a follow-up (``edit``: the clicked message's edit) instead of failing. A
    picture ready in time costs no extra request."""
    task = asyncio.ensure_future(work)
    done = asyncio.Event()
    task.add_done_callback(lambda _: done.set())
    if not await clock.wait(done, within) and not interaction.response.is_done():
        await (interaction.response.defer() if edit else thinking(interaction))
    return await task
