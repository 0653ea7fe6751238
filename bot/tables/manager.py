"""The table manager: one table per channel, a lock per table, every move stored before it is
shown, AI seats that play on their own, and turn timers so no game ever stalls.

It is made of parts that can be read alone: the open tables and what they share
(``floor``), the lobby and the seats (``lobby``), a move and its commit (``commit``), and
the driver of AI seats and turn timers (``driver``). This module composes them and brings
the tables back at a start (``restore``).

It knows nothing of Discord: a ``Listener`` (the Discord layer) is told what happened.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.config import TableSettings
from bot.games import SPECS, GameError
from bot.i18n import t
from bot.storage.db import DatabaseBusy
from bot.storage.deals import DealRepo
from bot.storage.records import DamagedTable
from bot.storage.tables import TableRepo
from bot.tables.ai_worker import AIWorkers
from bot.tables.clock import REAL, Clock
from bot.tables.commit import Commit
from bot.tables.driver import Driver
from bot.tables.errors import OutOfDate, TableError
from bot.tables.floor import Floor, Listener
from bot.tables.history import History
from bot.tables.lobby import Lobby, need_seated
from bot.tables.table import Table

log = logging.getLogger(__name__)


class TableManager:
    def __init__(
        self,
        repo: TableRepo,
        settings: TableSettings,
        defaults: dict[str, dict[str, Any]],
        ai: AIWorkers,
        runs: Callable[[int], bool] = lambda guild_id: True,
        clock: Clock = REAL,
    ) -> None:
        self.floor = floor = Floor(repo, settings, clock)
        self.repo = repo
        self.settings = settings
        # Whether this process runs a guild's tables: other processes (shards) run the rest.
        self.runs = runs
        self.commit = Commit(floor, drive=lambda table: self.driver.drive(table))
        self._history: History | None = None
        self.driver = Driver(floor, self.commit, ai)
        self.lobby = lobby = Lobby(floor, defaults, self.driver.drive)
        self.by_channel = floor.by_channel
        self.by_id = floor.by_id
        # Tables whose result ``restore`` stored: their boards still show the game running.
        self.finished_at_restore: list[Table] = []
        # Tables ``restore`` could not bring back and ended: their channels are told why.
        self.ended_at_restore: list[DamagedTable] = []
        # What the cogs ask of a table: the parts answer.
        self.in_channel, self.by_table_id = floor.in_channel, floor.by_table_id
        self.set_board, self.boards_drawn = floor.set_board, floor.boards_drawn
        self.create, self.rematch, self.join = lobby.create, lobby.rematch, lobby.join
        self.add_ai, self.set_options, self.start = lobby.add_ai, lobby.set_options, lobby.start
        self.leave, self.kick, self.back = lobby.leave, lobby.kick, lobby.back
        self.end, self.say, self.seated = lobby.end, lobby.say, lobby.seated
        self.here = lobby.here

    @property
    def history(self) -> History:
        """Finished deals and their records (made when first asked for)."""
        if self._history is None:
            self._history = History(DealRepo(self.repo.db))
        return self._history

    @property
    def listener(self) -> Listener | None:
        return self.floor.listener

    @listener.setter
    def listener(self, listener: Listener | None) -> None:
        self.floor.listener = listener

    @property
    def match_finished(self) -> Callable[[int], Awaitable[None]] | None:
        """Told the id of each match stored with a result (the league adds it to its tables)."""
        return self.floor.match_finished

    @match_finished.setter
    def match_finished(self, told: Callable[[int], Awaitable[None]] | None) -> None:
        self.floor.match_finished = told

    # -- start and stop -------------------------------------------------------------------

    async def restore(self) -> int:
        """Bring back every open table of the guilds this process runs; return how many.
        A table that cannot be brought back is ended (``ended_at_restore``)."""
        for damaged in await self.repo.damaged_tables():
            if self.runs(damaged.guild_id):
                await self._end_damaged(damaged)
        for record in await self.repo.open_tables():
            if not self.runs(record.guild_id):
                continue  # another shard's process runs it
            if record.game not in SPECS:  # a game this version does not have
                reason = f"game: no game {record.game!r}"
                await self._end_damaged(DamagedTable.of(record, reason))
                continue
            table = Table(record)
            if record.status == "playing":
                try:
                    table.state = await self.commit.load_state(table)
                except GameError as exc:
                    log.exception("table %s: cannot be restored; abandoned", record.id)
                    await self.repo.finish(record, "abandoned", None, None)
                    self.ended_at_restore.append(DamagedTable.of(record, str(exc)))
                    continue
                outcome = table.rules.outcome(table.state)
                if outcome is not None:
                    await self.commit.finish_unrecorded(table, outcome)
                    self.finished_at_restore.append(table)
                    continue
            self.floor.index(table)
            if table.playing:
                self.driver.drive(table)
        log.info("restored %d tables", len(self.by_id))
        return len(self.by_id)

    async def _end_damaged(self, damaged: DamagedTable) -> None:
        """End an open table whose stored row cannot be read, so that its channel is free."""
        if not await self.repo.end_damaged(damaged.id):
            return  # another process ended it meanwhile
        log.error(
            "table %s (channel %s): its stored row is damaged (%s): ended as abandoned, its %d"
            " moves kept. To look at it: SELECT * FROM game_tables WHERE id = %s; SELECT *"
            " FROM moves WHERE table_id = %s ORDER BY n",
            damaged.id,
            damaged.channel_id,
            damaged.reason,
            damaged.moves,
            damaged.id,
            damaged.id,
        )
        self.ended_at_restore.append(damaged)

    async def close(self) -> None:
        """Stop every table's AI moves and timers, and wait until they have stopped."""
        await self.driver.close(list(self.by_id.values()))

    # -- a person's move ------------------------------------------------------------------

    async def act(self, table: Table, user_id: int, action: str, counter: int | None) -> None:
        """A person's move. ``counter`` is the seat's move counter the button was made for
        (``None`` for a slash command, which always means "now")."""
        async with table.lock:
            if not table.playing:
                raise TableError(t("There is no game running at this table."))
            seat = need_seated(table, user_id)
            if counter is not None and counter != table.seats[seat].acted:
                raise OutOfDate
            action = self.commit.with_marks(table, seat, action)
            try:
                await self.commit.apply(table, seat, action, "person")
            except DatabaseBusy:
                log.warning(
                    "table %s: a move of seat %d refused, the database is busy", table.id, seat
                )
                raise TableError(
                    t(
                        "Your move was not made: the database is busy just now. "
                        "Nothing changed; try again in a moment."
                    )
                ) from None
        await self.driver.after_move(table)
