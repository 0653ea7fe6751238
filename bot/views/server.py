"""What a server or a channel chooses: the language of a channel's tables, and pictures."""

from __future__ import annotations

from bot.i18n import LANGUAGES, t
from bot.tables import TableError
from bot.views.access import manager, thinking
from bot.views.click import Interaction
from bot.views.errors import tell
from bot.views.services import services

SERVER_LANGUAGE = "server"  # /table language: back to the server's own


async def set_language(interaction: Interaction, language: str) -> None:
    """/table language: the channel's boards, pings and results in ``language`` (or the
    server's own). Each person's own answers and hands stay in their own language."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if language != SERVER_LANGUAGE and language not in LANGUAGES:
        raise TableError(t("Tavolo does not speak that language."))
    table = manager(interaction).by_channel.get(interaction.channel_id)
    host = table is not None and table.record.host_id == interaction.user.id
    if not (host or interaction.permissions.manage_channels):
        raise TableError(
            t(
                "Only the table's host, or someone who may manage this channel, can choose its "
                "language."
            )
        )
    await thinking(interaction)
    chosen = None if language == SERVER_LANGUAGE else language
    await services(interaction).choices.set_language(
        interaction.guild_id, interaction.channel_id, chosen
    )
    if table is not None:
        services(interaction).publisher.redraw(table)
    if chosen is None:
        await tell(interaction, t("This channel's tables now speak the server's language."))
    else:
        await tell(
            interaction,
            t("This channel's tables now speak {language}.", language=LANGUAGES[chosen]),
        )


async def set_pictures(interaction: Interaction, show: bool) -> None:
    """/table pictures: boards and hands with pictures of the cards, or text only, server-wide."""
    if interaction.guild_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if not interaction.permissions.manage_guild:
        raise TableError(t("Only someone who may manage the server can turn pictures on or off."))
    await thinking(interaction)
    await services(interaction).choices.set_pictures(interaction.guild_id, show)
    for table in list(manager(interaction).by_id.values()):
        if table.record.guild_id == interaction.guild_id:
            services(interaction).publisher.redraw(table)
    if show:
        await tell(
            interaction, t("Boards and hands now show the cards as pictures, with the text.")
        )
    else:
        await tell(interaction, t("Boards and hands now show text only."))
