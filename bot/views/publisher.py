"""The tables' voice on Discord: the table manager's ``Listener``.

What it sends to a table's channel:

- one public board per table (``bot.views.board_posts``), drawn from the public view and
  edited, never more than needed: a burst of moves becomes one edit showing the latest state,
  at most one edit per ``board_edit_interval`` (a table that starts or ends is shown at once),
  and none when the board would look the same;
- the calls of ``bot.views.pings``: a turn's ping, when its person may have stopped
  watching, and the turn-timeout warning;
- results, and how they were scored, as messages of their own, in move order
  (``bot.views.news``).

All of it speaks the table's language (``language``): the one chosen for the channel with
/table language, else the server's own Discord language; and the board carries a picture of
the game unless the server turned pictures off (/table pictures).

It sends within the budgets of ``bot.views.outbox``. The board goes first: a result or a
ping waits for the edit that shows the change it is about (so neither shows what the board
does not show yet), then takes the budget's next slot while the next edit waits out its
interval, or before that edit once it has waited two intervals. But a board showing a later
move or deal than news still waiting goes after that news (which names its deal if the
next one has begun). When many tables are busy, boards coalesce further and a ping no
longer due is dropped, instead of the bot running into 429s. The manager calls the
listener under the table's lock, so those calls only note what is due and wake the
channel's sender task.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.games.base import Event
from bot.i18n import from_discord, speaking
from bot.tables import Choices, DamagedTable, Table, TableManager
from bot.tables.clock import REAL, Clock
from bot.views.board_posts import NOBODY, BoardPosts
from bot.views.ended import EndedTables
from bot.views.news import before_board, named, news_of
from bot.views.outbox import Budget, Call, News, Outbox, Windows
from bot.views.pings import Pings, due
from bot.views.render import first_message

UNKNOWN_CHANNEL = 10003  # Discord's error code for a channel deleted (or never there)

log = logging.getLogger(__name__)


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        manager: TableManager,
        choices: Choices,
        settings: Windows,
        shared: int,  # sends per global window, all channels together: outbox.global_sends()
        clock: Clock = REAL,
    ) -> None:
        self.client = client
        self.clock = clock
        self.manager = manager
        self.choices = choices
        self.settings = settings
        self.interval = manager.settings.board_edit_interval
        self._boxes: dict[int, Outbox] = {}
        self._shared = Budget(shared, settings.global_window, clock)
        self._pings = Pings(manager.settings.turn_ping_after, clock, self.language)
        self._deals: dict[int, int | None] = {}  # the deal each table is in, where known
        self.posts = BoardPosts(manager, choices, self.language, settings.drawn_store_delay, clock)
        self._ended = EndedTables(self._channel, self.channel_language)
        # Told of a channel a send found deleted (Unknown Channel): deleted while the bot was
        # away, or before the gateway said so.
        self.gone: Callable[[int], Coroutine[Any, Any, None]] | None = None
        self._going: set[asyncio.Task[None]] = set()

    def language(self, table: Table) -> str:
        """The language of a table's public messages."""
        return self.channel_language(table.record.channel_id, table.record.guild_id)

    def channel_language(self, channel_id: int, guild_id: int | None) -> str:
        """The language of the public messages in a channel: the one chosen for it with
        /table language, else the server's own."""
        chosen = self.choices.language(channel_id)
        if chosen is not None:
            return chosen
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        return from_discord(guild.preferred_locale) if guild is not None else "en"

    # -- what the manager tells ------------------------------------------------------------

    async def table_changed(self, table: Table, events: list[Event]) -> None:
        box = self._box(table)
        if table.record.board_message_id is not None:  # else open_board is posting it
            box.boards[table.id] = table
            self._hurry_if_new_status(table, box)
        with speaking(self.language(table)):
            news, self._deals[table.id] = news_of(
                table, events, self._deals.get(table.id), self.clock.now()
            )
        box.news += news
        if table.record.status not in ("lobby", "playing"):
            del self._deals[table.id]  # its last news is of the deal it ended in
        self._call(table, self._pings.changed(table))
        self._wake(box)

    async def turn_started(self, table: Table, seat: int) -> None:
        """Nothing to do: ``table_changed`` sees the turn pass to someone new (``Pings``)."""

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        self._call(table, self._pings.warning(table, seat, seconds))

    async def table_closed(self, table: Table) -> None:
        self._pings.forget(table)
        self._deals.pop(table.id, None)
        if table.record.board_message_id is None:  # its board was never posted
            return
        box = self._box(table)
        box.boards[table.id] = table
        self._hurry_if_new_status(table, box)
        self._wake(box)

    # -- for the commands and the start ---------------------------------------------------

    async def open_board(self, table: Table) -> None:
        """Post a new table's board (discord.Forbidden if the bot may not post there)."""
        async with self._box(table).slot():
            await self._post_board(table)

    async def summon(self, channel_id: int, text: str, user_ids: list[int]) -> None:
        """A message in the channel pinging ``user_ids`` (a tournament's players, called to
        their match's thread), within the channel's budget and the bot's."""
        mentioned = discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])
        async with self._box_of(channel_id).slot():
            await self._channel(channel_id).send(text, allowed_mentions=mentioned)

    def redraw(self, table: Table) -> None:
        """Draw a table's board again (its language or pictures were changed: the board to
        compare with differs, even from an edit still on its way)."""
        if table.record.board_message_id is None:
            return
        box = self._box(table)
        box.boards[table.id] = table
        self._wake(box)

    def restored(self, tables: list[Table]) -> None:
        """Redraw the boards of tables brought back after a restart (an edit may have been
        lost), without pinging again.

        The process before may have used the channel's whole budget just before it stopped,
        and Discord still counts those sends: so each restored channel starts with its budget
        spent, and sends again a full window after the restart. A board known to show the
        table's last move is left alone: a restart with many tables does not flood Discord."""
        for table in tables:
            self._pings.restored(table)
            if table.playing and table.record.board_moves == table.record.moves:
                continue  # its board already shows the last move
            box = self._box(table)
            box.spent()
            box.boards[table.id] = table
            self._wake(box)

    def ended(self, tables: list[DamagedTable]) -> None:
        """Tell each channel whose table ``restore`` ended why (its budget spent, as above)."""
        for damaged in tables:
            box = self._box_of(damaged.channel_id)
            box.spent()
            self._ended.tell(box, damaged)

    async def close(self) -> None:
        await self._ended.close()
        tasks = [box.task for box in self._boxes.values() if box.task and not box.task.done()]
        tasks += self._going
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.posts.close()

    # -- bookkeeping ------------------------------------------------------------------------

    def _box(self, table: Table) -> Outbox:
        return self._box_of(table.record.channel_id)

    def _box_of(self, channel_id: int) -> Outbox:
        box = self._boxes.get(channel_id)
        if box is None:
            sends, window = self.settings.channel_sends, self.settings.channel_window
            box = Outbox(channel_id, sends, window, self._shared, self.clock)
            self._boxes[channel_id] = box
        return box

    def _hurry_if_new_status(self, table: Table, box: Outbox) -> None:
        """A table that starts or ends is shown at once, not after the edit interval."""
        if self.posts.status.get(table.id, table.record.status) != table.record.status:
            box.hurry.set()

    def _wake(self, box: Outbox) -> None:
        if box.task is None or box.task.done():
            box.task = asyncio.create_task(self._run(box), name=f"publish-{box.channel_id}")

    def _call(self, table: Table, call: Call | None) -> None:
        """Queue a call, if one is due; an older one for the same table is out of date."""
        if call is None:
            return
        box = self._box(table)
        box.calls = [c for c in box.calls if c.table is not table] + [call]
        self._wake(box)

    def _tell_gone(self, channel_id: int) -> None:
        if self.gone is not None:
            task = asyncio.create_task(self.gone(channel_id))
            self._going.add(task)
            task.add_done_callback(self._going.discard)

    # -- sending ----------------------------------------------------------------------------

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def _run(self, box: Outbox) -> None:
        while box.busy():
            try:
                await box.room()  # choose what to send only once the channel may send
                now = self.clock.now()
                ready = box.board_ready_at(self.posts.status, self.interval)
                call = box.next_call()
                shown_news = bool(box.news) and box.news[0].queued <= box.last_board
                oldest = box.news[0].queued if shown_news else now
                waited = min(oldest, call.queued if call else now)
                # What the last edit shows (its result, its turn) goes while the next edit waits
                # for its interval, or once it has waited two; else the board goes first,
                # unless it would show a move or a deal after news still waiting.
                shown = ready > now or waited <= now - 2 * self.interval
                if shown and shown_news:
                    await self._send_news(box, lambda news: news.queued <= box.last_board)
                elif shown and call is not None:
                    await self._send_call(box, call)
                elif now < ready < math.inf:
                    box.hurry.clear()  # moves coalesce; a start or an end cuts the wait short
                    await self.clock.wait(box.hurry, ready - now)
                elif box.boards and box.news and before_board(box, self._deals)(box.news[0]):
                    await self._send_news(box, before_board(box, self._deals))
                elif box.boards:
                    await self._send_board(box)
                elif box.news:
                    await self._send_news(box, lambda news: True)
                else:
                    await self._send_call(box, box.calls[0])
            except asyncio.CancelledError:
                raise
            except discord.Forbidden:
                log.warning("channel %s: no permission to post; dropping an update", box.channel_id)
            except discord.NotFound as error:
                if error.code != UNKNOWN_CHANNEL:
                    log.exception("channel %s: publishing failed", box.channel_id)
                    continue
                log.warning("channel %s: deleted; dropping what was due there", box.channel_id)
                box.drop()
                self._tell_gone(box.channel_id)
            except Exception:
                log.exception("channel %s: publishing failed", box.channel_id)

    async def _send_news(self, box: Outbox, which: Callable[[News], bool]) -> None:
        """One message with the first news waiting, as many as fit of those ``which`` takes."""
        async with box.slot():
            taken: list[News] = []
            for news in box.news:
                if not which(news):
                    break
                taken.append(news)
            table = taken[0].table
            with speaking(self.language(table)):
                lines = [named(news, self._deals.get(news.table.id)) for news in taken]
            text, rest = first_message(lines)
            del box.news[: len(lines) - len(rest)]
            await self._channel(box.channel_id).send(text, allowed_mentions=NOBODY)

    async def _send_board(self, box: Outbox) -> None:
        table_id, table = next(iter(box.boards.items()))
        if self.posts.unchanged(table):
            del box.boards[table_id]
            return
        async with box.slot():
            box.boards.pop(table_id, None)  # from here on, a change means one more edit
            box.last_board = self.clock.now()
            message_id = table.record.board_message_id
            if message_id is None:
                await self._post_board(table)
                return
            try:
                await self.posts.edit(self._channel(box.channel_id), table, message_id)
                return
            except discord.NotFound as error:  # the board was deleted: post a new one
                if error.code == UNKNOWN_CHANNEL:
                    raise  # and its channel with it
                log.info("table %s: board %s is gone, posting a new one", table.id, message_id)
        async with box.slot():
            await self._post_board(table)

    async def _post_board(self, table: Table) -> None:
        if await self.posts.post(self._channel(table.record.channel_id), table):
            box = self._box(table)
            box.boards[table.id] = table
            self._wake(box)

    async def _send_call(self, box: Outbox, call: Call) -> None:
        box.calls.remove(call)
        mention = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False, users=[discord.Object(call.user_id)]
        )
        if due(call):
            async with box.slot():
                if due(call):  # still, after the wait for room
                    await self._channel(box.channel_id).send(call.text, allowed_mentions=mention)
                    return
        log.debug("table %s: call to seat %s no longer due", call.table.id, call.seat)
