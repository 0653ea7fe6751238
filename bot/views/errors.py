"""The one place where a failed command or click becomes an answer.

Rule and table errors (``GameError``, ``TableError``, ``OutOfDate`` among them) carry a message
for the person and are answered ephemerally. A missing permission is explained. Anything else
is a bug: it is logged with its context and answered with a generic message.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.games import GameError
from bot.i18n import N_, from_discord, speak, t
from bot.league import LeagueError
from bot.tables import TableError
from bot.text import refusal

log = logging.getLogger(__name__)

CONTENT_MAX = 2000  # characters in one Discord message
GENERIC = N_("Something went wrong; the game is unchanged.")
NO_PERMISSION = N_(
    "I cannot post in this channel. Give me View Channel, Send Messages, Embed Links and "
    "Read Message History here, or play in another channel."
)


class NotShown(Exception):
    """A change was stored, but showing it failed: the person is told that it was made, never
    that the game is unchanged. The failure is the exception's cause."""


def user_message(error: BaseException) -> str | None:
    """What to tell the person, or None if the error is a bug."""
    if isinstance(error, GameError):
        return refusal(error)
    if isinstance(error, TableError | LeagueError | NotShown):
        return str(error)  # written in the language of the person it was raised for
    if isinstance(error, discord.Forbidden):
        return t(NO_PERMISSION)
    return None


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was deferred; clipped to what one
    message holds, so a long quote of someone's typing never stops the answer."""
    if len(text) > CONTENT_MAX:
        text = text[: CONTENT_MAX - 1] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def report_error(
    interaction: discord.Interaction[Any], error: BaseException, what: str, table_id: int | None
) -> None:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    message = user_message(error)
    if message is None or isinstance(error, NotShown):
        log.error(
            "%s failed: table=%s user=%s channel=%s",
            what,
            table_id,
            interaction.user.id,
            interaction.channel_id,
            exc_info=error.__cause__ if isinstance(error, NotShown) else error,
        )
    else:
        log.debug("%s refused: table=%s user=%s: %s", what, table_id, interaction.user.id, error)
    if message is None:
        message = t(GENERIC)
    try:
        await tell(interaction, message)
    except discord.HTTPException:
        log.warning("could not answer %s: table=%s user=%s", what, table_id, interaction.user.id)


def speak_to(interaction: discord.Interaction[Any]) -> None:
    """Answer in the person's own Discord language for the rest of this interaction's task."""
    speak(from_discord(interaction.locale))


async def guarded(
    interaction: discord.Interaction[Any],
    what: str,
    table_id: int | None,
    action: Callable[[], Awaitable[None]],
) -> None:
    """Run a click's or modal's work in the person's language; errors are answered by
    ``report_error``."""
    speak_to(interaction)
    try:
        await action()
    except Exception as error:
        await report_error(interaction, error, what, table_id)
