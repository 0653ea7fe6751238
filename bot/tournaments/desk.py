"""What every part of the tournaments shares: the repository, the tables, the league, the
Discord host, a lock per tournament, the timers and the work done in the background; finding
a tournament, and telling its channel."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

from bot.games import GameError
from bot.i18n import speaking, t
from bot.league import League
from bot.storage.tournaments import MatchRecord, Tournament, TournamentRecord, TournamentRepo
from bot.tables import TableError, TableManager
from bot.tables.clock import Clock
from bot.tournaments.host import Host

log = logging.getLogger(__name__)

Grace = tuple[int, int, int]
"""A match's grace timer, by its tournament, round and number."""


class Desk:
    def __init__(
        self,
        repo: TournamentRepo,
        tables: TableManager,
        league: League,
        runs: Callable[[int], bool],
        clock: Clock,
    ) -> None:
        self.repo = repo
        self.tables = tables
        self.league = league
        self.runs = runs  # whether this process runs a guild (its shard)
        self.clock = clock
        self.host: Host | None = None
        self.graces: dict[Grace, asyncio.Task[None]] = {}
        self.starts: dict[int, asyncio.Task[None]] = {}  # the timed starts
        self._locks: dict[int, asyncio.Lock] = {}
        self._work: set[asyncio.Task[None]] = set()

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    @asynccontextmanager
    async def held(self, tournament_id: int) -> AsyncIterator[Tournament]:
        """The tournament, read under its lock: no other change to it runs until the block
        ends."""
        async with self.lock(tournament_id):
            yield await self.get(tournament_id)

    # -- finding one -------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> Tournament:
        found = await self.repo.get(tournament_id)
        if found is None:
            raise TableError(t("There is no such tournament."))
        return found

    async def in_channel(self, channel_id: int) -> Tournament:
        found = await self.repo.open_in_channel(channel_id)
        if found is None:
            raise TableError(
                t("There is no tournament in this channel. Open one with /tournament new.")
            )
        return await self.get(found)

    async def plays_at(self, table_id: int) -> bool:
        """Whether the table is a tournament's match."""
        return await self.repo.match_of_table(table_id) is not None

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the message that shows the tournament."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            tour.record.message_id = message_id
            await self.repo.save(tour.record)

    async def history(self, guild_id: int) -> list[Tournament]:
        return await self.repo.history(guild_id)

    # -- timers and work in the background -------------------------------------------------

    def unarm_grace(self, tournament_id: int, match: MatchRecord) -> None:
        timer = self.graces.pop((tournament_id, match.round, match.n), None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def unarm_start(self, tournament_id: int) -> None:
        task = self.starts.pop(tournament_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(self._logged(work))
        self._work.add(task)
        task.add_done_callback(self._work.discard)

    async def _logged(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except (TableError, GameError):
            log.exception("tournament work refused")
        except Exception:
            log.exception("tournament work failed")

    async def close(self) -> None:
        tasks = [*self.graces.values(), *self.starts.values(), *self._work]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- telling ---------------------------------------------------------------------------

    def speaking(self, record: TournamentRecord) -> Any:
        """The channel's language, for the texts made in it."""
        language = self.host.language(record.channel_id, record.guild_id) if self.host else "en"
        return speaking(language)

    async def say(self, tour: Tournament, make: Callable[[], str]) -> None:
        """Say in the tournament's channel what ``make`` words, in the channel's language."""
        with self.speaking(tour.record):
            text = make()
        await self.announce(tour, text)

    async def announce(self, tour: Tournament, text: str) -> None:
        if self.host is not None:
            await self.host.announce(tour.record.channel_id, text)

    async def show(self, tour: Tournament) -> None:
        if self.host is not None:
            await self.host.show(tour)
