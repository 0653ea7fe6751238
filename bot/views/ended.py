"""The word to a channel whose table could not be brought back after a restart: its stored row
was damaged, so the table was ended (``TableManager.restore``) and the channel is free again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.i18n import speaking, tn
from bot.tables import DamagedTable
from bot.views.outbox import Outbox

log = logging.getLogger(__name__)


def ended_line(damaged: DamagedTable) -> str:
    """What the channel is told, in the current language."""
    return tn(
        "The table in this channel could not be brought back after a restart: what was stored "
        "of it is damaged. It has ended and counts for nothing in the league; its {n} stored "
        "move is kept for the bot's operator. `/table new` opens a new table.",
        "The table in this channel could not be brought back after a restart: what was stored "
        "of it is damaged. It has ended and counts for nothing in the league; its {n} stored "
        "moves are kept for the bot's operator. `/table new` opens a new table.",
        damaged.moves,
        n=damaged.moves,
    )


class EndedTables:
    """Sends each such channel its message, once, within the channel's budget."""

    def __init__(
        self,
        channel: Callable[[int], discord.PartialMessageable],
        language: Callable[[int, int], str],  # a channel's, in its guild (Publisher's)
    ) -> None:
        self._channel = channel
        self._language = language
        self._tasks: set[asyncio.Task[None]] = set()

    def tell(self, box: Outbox, damaged: DamagedTable) -> None:
        with speaking(self._language(damaged.channel_id, damaged.guild_id)):
            line = ended_line(damaged)
        task = asyncio.create_task(self._send(box, line), name=f"ended-{damaged.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _send(self, box: Outbox, line: str) -> None:
        try:
            async with box.slot():
                await self._channel(box.channel_id).send(
                    line, allowed_mentions=discord.AllowedMentions.none()
                )
        except discord.HTTPException as exc:  # the channel deleted, or no permission there
            log.warning("channel %s: could not be told its table ended: %s", box.channel_id, exc)
