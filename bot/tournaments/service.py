"""Tournaments run: sign-up, the rounds, each match a table in a thread of its own, results,
walkovers, the organiser's steps, the champion. Everything is stored before it is shown, so a
restart carries on from the database (``restore``).

It knows nothing of Discord: a ``Host`` (the Discord layer) opens threads, posts and edits
the tournament's message and says what happened in its channel.

It is made of parts that can be read alone: what they all share (``desk``), the sign-up
(``signup``), the start and the draw of the field (``start``), the rounds played and their
tables (``play``), the results and walkovers (``results``) and the organiser's steps
(``organiser``). This module composes them and carries on at a start (``restore``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime

from bot.league import League
from bot.storage.tournaments import TournamentRepo
from bot.tables import TableManager
from bot.tables.clock import REAL, Clock
from bot.tournaments.desk import Desk
from bot.tournaments.host import Host
from bot.tournaments.organiser import Organiser
from bot.tournaments.play import Play
from bot.tournaments.results import Results
from bot.tournaments.signup import SignUp
from bot.tournaments.start import Start

log = logging.getLogger(__name__)


class Tournaments:
    def __init__(
        self,
        repo: TournamentRepo,
        tables: TableManager,
        league: League,
        runs: Callable[[int], bool] = lambda guild_id: True,
        clock: Clock = REAL,
    ) -> None:
        self.desk = desk = Desk(repo, tables, league, runs, clock)
        self.repo, self.tables, self.league = repo, tables, league
        # A match opened arms its grace time, whose walkover is a result: the two parts
        # call each other, so the results are found when a match is opened.
        self.play = Play(desk, lambda record, match, s: self.results.arm_grace(record, match, s))
        self.results = results = Results(desk, self.play)
        self.starting = starting = Start(desk, self.play)
        self.organiser = organiser = Organiser(desk, self.play, results)
        signup = SignUp(desk, starting, organiser)
        # What the Discord layer asks of the tournaments: the parts answer.
        self.get, self.in_channel, self.plays_at = desk.get, desk.in_channel, desk.plays_at
        self.set_message, self.history, self.close = desk.set_message, desk.history, desk.close
        self.new, self.join, self.leave = signup.new, signup.join, signup.leave
        self.start = starting.start
        self.pause, self.cancel, self.drop = organiser.pause, organiser.cancel, organiser.drop
        self.settle, self.channel_gone = organiser.settle, organiser.channel_gone
        self.table_finished, self.table_closed = results.table_finished, results.table_closed
        self.counts_in_league = results.counts_in_league

    @property
    def host(self) -> Host | None:
        return self.desk.host

    @host.setter
    def host(self, host: Host | None) -> None:
        self.desk.host = host

    async def restore(self) -> int:
        """Carry on every open tournament of the guilds this process runs."""
        desk = self.desk
        count = 0
        for tournament_id, guild_id in await desk.repo.open_ids():
            if not desk.runs(guild_id):
                continue
            count += 1
            tour = await desk.get(tournament_id)
            await desk.show(tour)  # an edit lost at the stop; a channel deleted meanwhile
            if tour.record.status == "signup":
                self.starting.arm(tour)
                continue
            for match in tour.matches:
                if match.status != "playing" or match.table_id is None:
                    continue
                if (table := desk.tables.by_id.get(match.table_id)) is not None:
                    if desk.host is not None:  # its thread may have been deleted meanwhile
                        desk.host.recheck(table)
                    begun = float(match.started_at or 0)
                    left = tour.record.grace - (datetime.now(UTC).timestamp() - begun)
                    self.results.arm_grace(tour.record, match, max(0.0, left))
                else:  # it ended while the bot was away
                    desk.spawn(self.results.table_over(match.table_id))
            if tour.record.status == "running" and tour.record.round:
                # The next round, or the round's matches not opened yet (stored, and the bot
                # stopped before their threads were).
                desk.spawn(self._resume(tournament_id))
        log.info("restored %d tournaments", count)
        return count

    async def _resume(self, tournament_id: int) -> None:
        async with self.desk.held(tournament_id) as tour:
            await self.play.carry_on(tour)
