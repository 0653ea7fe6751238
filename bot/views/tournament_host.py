"""The tournaments' host on Discord: it opens the matches' threads, says each step in the
channel, and keeps the tournament's message (its text, and the bracket or the standings as a
picture beside it) up to date; and the tables' listener that tells the tournaments of every
table closed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import Literal

import discord

from bot.games.base import Event
from bot.i18n import speaking, t
from bot.pictures.standings_table import standings_image
from bot.tables import Table
from bot.tables.clock import REAL, Clock
from bot.tables.floor import Listener
from bot.tournaments import ChannelGone, ThreadRefused, Tournament, Tournaments, words
from bot.views import tournament_board
from bot.views.attach import bracket_files, picture_files
from bot.views.errors import CONTENT_MAX
from bot.views.publisher import UNKNOWN_CHANNEL
from bot.views.render import pieces
from bot.views.services import Boards
from bot.views.tournament_signup import signup_buttons

log = logging.getLogger(__name__)

NOBODY = discord.AllowedMentions.none()
THREAD_ARCHIVE: Literal[1440] = 1440  # minutes a quiet match thread stays open
ACTIVE_THREADS = 1000  # Discord's limit of active threads in a server
STANDINGS_FILE = "standings.png"
FILE_LIMIT = 10 * 1024 * 1024  # what Discord lets any server send
GATHER = 0.5
"""Seconds an announcement or an edit of the tournament's message waits for what comes with
it (a round's results come together): the channel sends 5 messages or edits in 5 s."""


class TournamentHost:
    """``bot.tournaments.Host`` on Discord. The tournament's message is edited in a task of
    its own, to the tournament as stored when the edit is made: changes coming together
    make one edit."""

    def __init__(
        self,
        client: discord.Client,
        boards: Boards,
        tours: Tournaments,
        pictures: Callable[[int], bool],
        clock: Clock = REAL,
    ) -> None:
        self.client = client
        self.pictures = pictures  # whether a server shows pictures (/table pictures)
        self.clock = clock
        self.boards = boards
        self.tours = tours
        self._due: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self._said: dict[int, list[str]] = {}  # channel -> what is still to be said there
        self._senders: dict[int, asyncio.Task[None]] = {}

    def language(self, channel_id: int, guild_id: int) -> str:
        return self.boards.channel_language(channel_id, guild_id)

    async def open_thread(self, channel_id: int, name: str) -> int:
        # Brought back at a start, a tournament may open a round before its server has
        # arrived from the gateway: then its channels are known once the client is ready.
        # (Not waited for when they are known already: discord.py is ready only some
        # seconds after the last server has come, its guild_ready_timeout.)
        channel = self.client.get_channel(channel_id)
        if channel is None:
            await self.client.wait_until_ready()
            channel = self.client.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise ChannelGone(t("its channel is gone."))
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE,
            )
        except discord.Forbidden:
            raise ThreadRefused(
                t("I may not open threads here (Create Public Threads, Send Messages in Threads).")
            ) from None
        except discord.HTTPException as exc:
            if exc.code == 160006:
                raise ThreadRefused(
                    t("this server has reached Discord's limit of active threads; archive some.")
                ) from None
            raise
        return thread.id

    async def announce(self, channel_id: int, text: str) -> None:
        """Say ``text`` in the channel: what comes while a message is on its way (a round's
        results, say) goes out together in the next, so the channel stays inside its
        rate limit. A text longer than a message (a large field's final order) goes out in
        several, cut between lines."""
        self._said.setdefault(channel_id, []).extend(pieces(text, CONTENT_MAX))
        sender = self._senders.get(channel_id)
        if sender is None or sender.done():
            self._senders[channel_id] = asyncio.create_task(self._say(channel_id))

    async def _say(self, channel_id: int) -> None:
        await self.clock.sleep(GATHER)
        waiting = self._said.get(channel_id, [])
        while waiting:
            batch = [waiting.pop(0)]
            while waiting and len("\n".join([*batch, waiting[0]])) <= CONTENT_MAX:
                batch.append(waiting.pop(0))
            try:
                await self.client.get_partial_messageable(channel_id).send(
                    "\n".join(batch), allowed_mentions=NOBODY
                )
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    waiting.clear()
                    await self.tours.channel_gone(channel_id)
            except discord.HTTPException:
                log.warning("channel %s: a tournament announcement could not be sent", channel_id)

    async def summon(self, channel_id: int, text: str, user_ids: list[int]) -> None:
        try:
            await self.boards.summon(channel_id, text, user_ids)
        except discord.HTTPException:
            log.warning("thread %s: its players could not be called to it", channel_id)

    def thread_room(self, guild_id: int) -> int | None:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return None
        return ACTIVE_THREADS - sum(1 for thread in guild.threads if not thread.archived)

    async def show(self, tournament: Tournament) -> None:
        self._due.add(tournament.record.id)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._edit())

    async def open_board(self, table: Table) -> None:
        await self.boards.open_board(table)

    def recheck(self, table: Table) -> None:
        self.boards.redraw(table)  # a send to a deleted thread tells the bot (``gone``)

    async def _drawn(
        self, tour: Tournament
    ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """The tournament's message: its text, its buttons, and beside the text a picture
        (unless the server turned pictures off): a knockout's bracket, or the standings."""
        record = tour.record
        with speaking(self.language(record.channel_id, record.guild_id)):
            embed, buttons = tournament_board.embed(tour), signup_buttons(tour)
            title = words.title(tour)
            table = tournament_board.standings_table(tour)
        if not self.pictures(record.guild_id):
            return embed, buttons, []
        slots = tournament_board.bracket_slots(tour)
        if slots is not None:
            return embed, buttons, await bracket_files(title, slots[0], slots[1], embed)
        if table is None:
            return embed, buttons, []
        draw = partial(standings_image, title, table.subtitle, table.columns, table.rows)
        return embed, buttons, await picture_files(draw, STANDINGS_FILE, embed, self._limit(tour))

    def _limit(self, tour: Tournament) -> int:
        """The bytes a file may have in the tournament's server."""
        guild = self.client.get_guild(tour.record.guild_id)
        return guild.filesize_limit if guild is not None else FILE_LIMIT

    async def post(self, tour: Tournament) -> None:
        """The new tournament's message, posted and remembered."""
        embed, buttons, files = await self._drawn(tour)
        channel = self.client.get_partial_messageable(tour.record.channel_id)
        if buttons is None:
            message = await channel.send(embed=embed, files=files, allowed_mentions=NOBODY)
        else:
            message = await channel.send(
                embed=embed, view=buttons, files=files, allowed_mentions=NOBODY
            )
        await self.tours.set_message(tour.record.id, message.id)

    async def _edit(self) -> None:
        await self.clock.sleep(GATHER)
        while self._due:
            tour_id = self._due.pop()
            try:
                tour = await self.tours.get(tour_id)
                record = tour.record
                if record.message_id is None:
                    await self.post(tour)
                    continue
                embed, buttons, files = await self._drawn(tour)
                message = self.client.get_partial_messageable(
                    record.channel_id
                ).get_partial_message(record.message_id)
                await message.edit(embed=embed, view=buttons, attachments=files)
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    await self.tours.channel_gone(tour.record.channel_id)
                    continue
                log.info("tournament %s: its message is gone; posting it again", tour_id)
                await self.post(tour)
            except Exception:
                log.exception("tournament %s: its message could not be updated", tour_id)

    async def close(self) -> None:
        tasks = [*self._senders.values(), *([self._task] if self._task else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class TablesTold:
    """The tables' listener (``bot.tables.Listener``): the publisher, and the tournaments
    told of every table closed."""

    def __init__(self, publisher: Listener, tours: Tournaments) -> None:
        self.publisher = publisher
        self.tours = tours

    async def table_changed(self, table: Table, events: list[Event]) -> None:
        await self.publisher.table_changed(table, events)

    async def turn_started(self, table: Table, seat: int) -> None:
        await self.publisher.turn_started(table, seat)

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        await self.publisher.turn_warning(table, seat, seconds)

    async def table_closed(self, table: Table) -> None:
        await self.publisher.table_closed(table)
        self.tours.table_closed(table.id, table.record.status)
