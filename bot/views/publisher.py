"""The tables' voice on Discord: the table manager's ``Listener``.

What it sends to a table's channel:

- one public board per table, drawn from the public view and edited, never more than needed:
  a burst of moves becomes one edit showing the latest state, at most one edit per
  ``board_edit_interval`` (a table that starts or ends is shown at once), and none when the
  board would look the same;
- a new short message that pings only the person whose turn it now is, when they may have
  stopped watching: their first turn of a match, a turn after their last one ran out, or one
  that reached them ``turn_ping_after`` seconds or more after their previous turn ended
  (edits ping nobody, and a ping at every turn would flood the channel); and the turn-timeout
  warning, which always pings;
- results, and how they were scored, as messages of their own.

All of it speaks the table's language (``language``): the one chosen for the channel with
/table language, else the server's own Discord language; and the board carries a picture of
the game unless the server turned pictures off (/table pictures).

Everything sent to a channel shares one budget of ``SENDS`` messages or edits per ``WINDOW``
seconds, inside Discord's limit of five per five seconds. The board goes first: a result or a
ping waits for the edit that shows the change it is about (so neither shows what the board
does not show yet), then takes the budget's next slot while the next edit waits out its
interval, or before that edit once it has waited two intervals. All channels together share a
second budget per ``GLOBAL_WINDOW`` seconds, taken in turn, inside Discord's global limit of
50 requests a second (interaction answers do not count). That limit is the bot's, shared by
all its shards, so a process running some of them keeps to their share (``global_sends``).
When many tables are busy, boards coalesce further and a ping that is no longer due is
dropped, instead of the bot running into 429s. The manager calls the listener under the
table's lock, so those calls only note what is due and wake the channel's sender task.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
from collections import deque
from dataclasses import dataclass, field

import discord

from bot.games.base import Event
from bot.i18n import from_discord, speaking, t
from bot.tables import Choices, Table, TableManager
from bot.tables.clock import REAL, Clock
from bot.text import game_title
from bot.views.attach import board_files
from bot.views.board import board_view
from bot.views.render import board_embed, first_message, news_lines

log = logging.getLogger(__name__)

SENDS = 5
WINDOW = 5.25  # seconds; the slack covers requests that reach Discord later than sent

GLOBAL_PART = 0.8  # of Discord's global limit; the rest is left for the bot's other requests
GLOBAL_WINDOW = 1.05  # seconds

DRAWN_STORE_DELAY = 5.0  # seconds: the boards drawn meanwhile are stored in one write

NOBODY = discord.AllowedMentions.none()


def global_sends(rate_limit: int, share: float) -> int:
    """Sends per ``GLOBAL_WINDOW`` for a process running ``share`` of the bot's shards, when
    Discord allows the bot ``rate_limit`` requests a second."""
    return max(1, math.floor(rate_limit * GLOBAL_PART * share))


class _Budget:
    """At most ``sends`` messages or edits in any ``window`` seconds, granted in turn."""

    def __init__(self, sends: int, window: float, clock: Clock) -> None:
        self.sends = sends
        self.window = window
        self.clock = clock
        self.sent: deque[float] = deque()
        self._turn = asyncio.Lock()  # first come, first served

    async def take(self) -> None:
        async with self._turn:
            while True:
                now = self.clock.now()
                while self.sent and now - self.sent[0] >= self.window:
                    self.sent.popleft()
                if len(self.sent) < self.sends:
                    self.sent.append(now)
                    return
                await self.clock.sleep(self.window - (now - self.sent[0]))


@dataclass
class _Call:
    """A message naming one person: a turn's ping or its timeout warning."""

    table: Table
    seat: int
    user_id: int
    moves: int
    text: str
    queued: float  # when it was asked for
    warning: bool = False


@dataclass
class _Outbox:
    """What is due in one channel, and when it last sent."""

    channel_id: int
    shared: _Budget  # the budget of all channels together
    clock: Clock
    boards: dict[int, Table] = field(default_factory=dict)  # tables whose board is out of date
    news: list[str] = field(default_factory=list)
    calls: list[_Call] = field(default_factory=list)
    sent: deque[float] = field(default_factory=deque)
    last_board: float = -math.inf  # when the last board edit was drawn
    news_since: float = math.inf  # when the oldest news line waiting was queued
    hurry: asyncio.Event = field(default_factory=asyncio.Event)  # a table started or ended
    task: asyncio.Task[None] | None = None

    def busy(self) -> bool:
        return bool(self.boards or self.news or self.calls)

    def next_call(self) -> _Call | None:
        """The first call the last board edit already shows the state of (its turn), if any."""
        return next((c for c in self.calls if c.queued <= self.last_board), None)

    async def room(self) -> None:
        """Wait until the channel's budget allows one more message or edit (without taking it)."""
        while True:
            now = self.clock.now()
            while self.sent and now - self.sent[0] >= WINDOW:
                self.sent.popleft()
            if len(self.sent) < SENDS:
                return
            await self.clock.sleep(WINDOW - (now - self.sent[0]))

    async def slot(self) -> None:
        """Wait until the channel's budget allows one more message or edit, and take it; then
        wait for a slot of the budget all channels share."""
        await self.room()
        now = self.clock.now()
        self.sent.append(now)
        await self.shared.take()
        # Count the channel's slot from when it is really used, after the wait.
        with contextlib.suppress(ValueError):  # unless it has already run out meanwhile
            self.sent.remove(now)
        self.sent.append(self.clock.now())


class Publisher:
    def __init__(
        self,
        client: discord.Client,
        manager: TableManager,
        choices: Choices,
        interval: float,
        sends: int,  # per GLOBAL_WINDOW, all channels together: global_sends()
        clock: Clock = REAL,
    ) -> None:
        self.client = client
        self.clock = clock
        self.manager = manager
        self.choices = choices
        self.interval = interval
        self._ping_after = manager.settings.turn_ping_after
        self._boxes: dict[int, _Outbox] = {}
        self._shared = _Budget(sends, GLOBAL_WINDOW, clock)
        self._turns: dict[int, int | None] = {}  # the seat on turn when last told, per table
        # Per table: when each person's last turn ended (absent: none yet in this match), and
        # the seat whose turn is a formality the table is making for it (no ping, no wait).
        self._turn_ended: dict[int, dict[int, float]] = {}
        self._formal: dict[int, int] = {}
        self._shown: dict[int, str] = {}  # the board last sent, per table
        self._shown_status: dict[int, str] = {}  # the table's status on that board
        self._drawn: dict[int, int] = {}  # boards drawn at a move, not yet stored
        self._storing: asyncio.Task[None] | None = None

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
            lines = news_lines(table, events)
        if lines and not box.news:
            box.news_since = self.clock.now()
        box.news += lines
        self._note_turn(table, box)
        self._wake(box)

    async def turn_started(self, table: Table, seat: int) -> None:
        """Nothing to do: ``table_changed`` sees the turn before and after every change, so it
        pings only when the turn passes to someone new."""

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        user_id = table.seats[seat].user_id
        if user_id is None:
            return
        with speaking(self.language(table)):
            text = t(
                "<@{user}>, your turn ends in {n} s; then the AI plays it for you.",
                user=user_id,
                n=math.ceil(seconds),
            )
        call = _Call(table, seat, user_id, table.record.moves, text, self.clock.now(), warning=True)
        self._call(table, call)

    async def table_closed(self, table: Table) -> None:
        self._forget_turns(table)
        if table.record.board_message_id is None:  # its board was never posted
            return
        box = self._box(table)
        box.boards[table.id] = table
        self._hurry_if_new_status(table, box)
        self._wake(box)

    # -- for the commands and the start ---------------------------------------------------

    async def open_board(self, table: Table) -> None:
        """Post a new table's board (discord.Forbidden if the bot may not post there)."""
        box = self._box(table)
        await box.slot()
        await self._post_board(table)

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
        now = self.clock.now()
        for table in tables:
            self._turns[table.id] = table.rules.turn(table.state) if table.playing else None
            if table.playing and table.record.board_moves == table.record.moves:
                continue  # its board already shows the last move
            box = self._box(table)
            box.sent = deque([now] * SENDS)
            box.boards[table.id] = table
            self._wake(box)

    async def close(self) -> None:
        tasks = [box.task for box in self._boxes.values() if box.task and not box.task.done()]
        if self._storing is not None:
            tasks.append(self._storing)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._store_drawn()

    # -- bookkeeping ------------------------------------------------------------------------

    def _box(self, table: Table) -> _Outbox:
        channel_id = table.record.channel_id
        box = self._boxes.get(channel_id)
        if box is None:
            box = self._boxes[channel_id] = _Outbox(channel_id, self._shared, self.clock)
        return box

    def _hurry_if_new_status(self, table: Table, box: _Outbox) -> None:
        """A table that starts or ends is shown at once, not after the edit interval."""
        if self._shown_status.get(table.id, table.record.status) != table.record.status:
            box.hurry.set()

    def _wake(self, box: _Outbox) -> None:
        if box.task is None or box.task.done():
            box.task = asyncio.create_task(self._run(box), name=f"publish-{box.channel_id}")

    def _forget_turns(self, table: Table) -> None:
        self._turns.pop(table.id, None)
        self._turn_ended.pop(table.id, None)
        self._formal.pop(table.id, None)

    def _note_turn(self, table: Table, box: _Outbox) -> None:
        if not table.playing:
            self._forget_turns(table)
            return
        turn = table.rules.turn(table.state)
        before = self._turns.get(table.id)
        self._turns[table.id] = turn
        if turn == before:
            return
        now = self.clock.now()
        ended = self._turn_ended.get(table.id)
        if ended is None:
            ended = self._turn_ended[table.id] = {}
            host = table.seat_of(table.record.host_id)
            if table.record.moves == 0 and host is not None:
                ended[host] = now  # the host has just pressed Start: watching
        if before is not None and self._formal.pop(table.id, None) != before:
            ended[before] = now  # a formality made for the seat is no turn of theirs
        if turn is None:
            return
        if table.formality(turn) is not None:  # the table makes it at once: nobody to call
            self._formal[table.id] = turn
            return
        seat = table.seats[turn]
        if seat.user_id is None or seat.played_by_ai:
            return
        last = ended.get(turn)
        if last is not None and not seat.timeouts and now - last < self._ping_after:
            return  # their previous turn was a moment ago: they are most likely watching
        with speaking(self.language(table)):
            text = t(
                "<@{user}>, it is your turn at {game} (table {id}): open **My hand** on the "
                "board or type /hand.",
                user=seat.user_id,
                game=game_title(table.game),
                id=table.id,
            )
        self._call(table, _Call(table, turn, seat.user_id, table.record.moves, text, now))

    def _call(self, table: Table, call: _Call) -> None:
        """Queue a call; an older one for the same table is out of date."""
        box = self._box(table)
        box.calls = [c for c in box.calls if c.table is not table] + [call]
        self._wake(box)

    @staticmethod
    def _due(call: _Call) -> bool:
        table = call.table
        if not table.playing or table.rules.turn(table.state) != call.seat:
            return False
        if call.warning and table.record.moves != call.moves:
            return False
        return not table.seats[call.seat].played_by_ai

    # -- sending ----------------------------------------------------------------------------

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def _run(self, box: _Outbox) -> None:
        while box.busy():
            try:
                await box.room()  # choose what to send only once the channel may send
                now = self.clock.now()
                ready = self._board_ready_at(box)
                call = box.next_call()
                shown_news = bool(box.news) and box.news_since <= box.last_board
                waited = min(box.news_since if shown_news else now, call.queued if call else now)
                # What the last edit shows (its result, its turn) goes while the next edit waits
                # for its interval, or once it has waited two; else the board goes first.
                shown = ready > now or waited <= now - 2 * self.interval
                if shown and shown_news:
                    await self._send_news(box)
                elif shown and call is not None:
                    await self._send_call(box, call)
                elif now < ready < math.inf:
                    box.hurry.clear()  # moves coalesce; a start or an end cuts the wait short
                    await self.clock.wait(box.hurry, ready - now)
                elif box.boards:
                    await self._send_board(box)
                elif box.news:
                    await self._send_news(box)
                else:
                    await self._send_call(box, box.calls[0])
            except asyncio.CancelledError:
                raise
            except discord.Forbidden:
                log.warning("channel %s: no permission to post; dropping an update", box.channel_id)
            except Exception:
                log.exception("channel %s: publishing failed", box.channel_id)

    def _board_ready_at(self, box: _Outbox) -> float:
        """When the next board edit may go (``inf``: no board is due): one edit interval after
        the last, or at once for a table that has started or ended since."""
        if not box.boards:
            return math.inf
        table_id, table = next(iter(box.boards.items()))
        if self._shown_status.get(table_id) != table.record.status:
            return -math.inf
        return box.last_board + self.interval

    async def _send_news(self, box: _Outbox) -> None:
        await box.slot()
        text, box.news = first_message(box.news)
        if not box.news:
            box.news_since = math.inf
        await self._channel(box.channel_id).send(text, allowed_mentions=NOBODY)

    async def _send_board(self, box: _Outbox) -> None:
        table_id, table = next(iter(box.boards.items()))
        if self._shown.get(table_id) == self._render(table)[2]:
            del box.boards[table_id]
            return
        await box.slot()
        box.boards.pop(table_id, None)  # from here on, a change means one more edit
        box.last_board = self.clock.now()
        message_id = table.record.board_message_id
        if message_id is None:
            await self._post_board(table)
            return
        embed, view, payload = self._render(table)
        files = await self._pictures(table, embed)
        moves = table.record.moves
        message = self._channel(box.channel_id).get_partial_message(message_id)
        try:
            await message.edit(embed=embed, view=view, attachments=files)
        except discord.NotFound:  # the board was deleted: post a new one
            log.info("table %s: board %s is gone, posting a new one", table.id, message_id)
            await box.slot()
            await self._post_board(table)
            return
        self._shown[table_id] = payload
        self._shown_status[table_id] = table.record.status
        self._note_drawn(table, moves)
        if table.record.status not in ("lobby", "playing"):  # its last board
            del self._shown[table_id], self._shown_status[table_id]

    async def _post_board(self, table: Table) -> None:
        embed, view, payload = self._render(table)
        files = await self._pictures(table, embed)
        moves = table.record.moves
        channel = self._channel(table.record.channel_id)
        if view is None:
            message = await channel.send(embed=embed, files=files, allowed_mentions=NOBODY)
        else:
            message = await channel.send(
                embed=embed, view=view, files=files, allowed_mentions=NOBODY
            )
        self._shown[table.id] = payload
        self._shown_status[table.id] = table.record.status
        await self.manager.set_board(table, message.id)
        self._note_drawn(table, moves)
        if self._render(table)[2] != payload:  # it changed while the board was being posted
            box = self._box(table)
            box.boards[table.id] = table
            self._wake(box)

    async def _send_call(self, box: _Outbox, call: _Call) -> None:
        box.calls.remove(call)
        if self._due(call):
            await box.slot()
        if not self._due(call):
            log.debug("table %s: call to seat %s no longer due", call.table.id, call.seat)
            return
        mention = discord.AllowedMentions(
            everyone=False, roles=False, replied_user=False, users=[discord.Object(call.user_id)]
        )
        await self._channel(box.channel_id).send(call.text, allowed_mentions=mention)

    async def _pictures(self, table: Table, embed: discord.Embed) -> list[discord.File]:
        """The board's picture, unless its server turned pictures off: then none, and an
        edit removes the one shown before."""
        if not self.choices.pictures(table.record.guild_id):
            return []
        with speaking(self.language(table)):
            return await board_files(table, embed)

    def _note_drawn(self, table: Table, moves: int) -> None:
        """Remember that the table's board shows move ``moves``; stored a few seconds later,
        many boards in one write (a board drawn but not yet stored is just redrawn after a
        restart)."""
        if table.record.status != "playing":
            return
        self._drawn[table.id] = moves
        if self._storing is None or self._storing.done():
            self._storing = asyncio.create_task(self._store_drawn(DRAWN_STORE_DELAY))

    async def _store_drawn(self, delay: float = 0) -> None:
        await self.clock.sleep(delay)
        drawn, self._drawn = self._drawn, {}
        if drawn:
            try:
                await self.manager.boards_drawn(drawn)
            except Exception:
                log.exception("could not store which moves %d boards show", len(drawn))

    def _render(self, table: Table) -> tuple[discord.Embed, discord.ui.View | None, str]:
        """The board's embed and buttons, and the two as one string to compare boards by,
        with whether it has a picture (which shows what its text does)."""
        with speaking(self.language(table)):
            embed, view = board_embed(table), board_view(table)
        components = view.to_components() if view is not None else []
        pictures = self.choices.pictures(table.record.guild_id)
        payload = json.dumps([embed.to_dict(), components, pictures], sort_keys=True, default=str)
        return embed, view, payload
