"""A tournament's results: a match's table ended (with a result, recorded; without one, the
match played again in a new thread), a side that did not show within the grace time losing
by walkover, whether the league counts a match; each result stored, said, and the
tournament carried on."""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from functools import partial

from bot.games import SPECS
from bot.i18n import t
from bot.storage.tournaments import MatchRecord, Tournament, TournamentRecord
from bot.tournaments import rounds, words
from bot.tournaments.desk import Desk
from bot.tournaments.play import Play
from bot.tournaments.rounds import SIDES, entrant
from bot.tournaments.standings import LOSS, WIN

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Results:
    desk: Desk
    play: Play

    async def table_finished(self, match_id: int) -> None:
        """A table's result is stored: if it was a tournament's match, record it and go on
        (in a task of its own: the table that finished need not wait for the next round's
        threads)."""
        repo = self.desk.repo
        table_id = await repo.table_of_match(match_id)
        if table_id is None or await repo.match_of_table(table_id) is None:
            return
        self.desk.spawn(self.table_over(table_id))

    def table_closed(self, table_id: int, status: str) -> None:
        """A table was closed: one of a match ended without a result (``/table end``) has
        its match played again, in a new thread."""
        if status == "abandoned":
            self.desk.spawn(self.table_over(table_id))

    async def counts_in_league(self, match_id: int) -> bool:
        """Whether a stored match result goes to the league: not a tournament's that chose
        to keep out of it (then it is marked so, and the league never adds it)."""
        repo = self.desk.repo
        table_id = await repo.table_of_match(match_id)
        found = await repo.match_of_table(table_id) if table_id is not None else None
        if found is None:
            return True
        tour = await repo.get(found[0])
        if tour is None or tour.record.league:
            return True
        await repo.keep_out_of_league(match_id)
        return False

    async def table_over(self, table_id: int) -> None:
        desk = self.desk
        found = await desk.repo.match_of_table(table_id)
        if found is None:
            return
        tournament_id, number, n = found
        async with desk.held(tournament_id) as tour:
            match = next(m for m in tour.matches if m.round == number and m.n == n)
            if match.status != "playing" or match.table_id != table_id:
                return
            status, outcome = await desk.repo.table_ended(table_id)
            if status == "playing":
                return
            if outcome is None:  # ended without a result: played again, in a new thread
                await self._void_and_reopen(tour, match)
                return
            seating = SPECS[tour.record.game].seats
            match.points, match.margins = rounds.points_of(outcome, seating, tour.record.seats)
            match.status, match.result = "done", "played"
            await self.record(tour, match)

    async def record(self, tour: Tournament, match: MatchRecord) -> None:
        """Under the lock: store a match's result, say it, and carry on."""
        desk = self.desk
        desk.unarm_grace(tour.record.id, match)
        await desk.repo.save_match(tour.record.id, match)
        await desk.say(tour, partial(words.result_text, tour, match))
        if tour.record.status == "running":
            await self.play.carry_on(tour)
        else:
            await desk.show(tour)

    async def _void_and_reopen(self, tour: Tournament, match: MatchRecord) -> None:
        """A match stopped before its end is played again from a fresh seed: its players have
        seen the stopped deal, and whoever stopped it must not get to play it again knowing
        every hand."""
        match.status, match.thread_id, match.table_id, match.started_at = (
            "pending",
            None,
            None,
            None,
        )
        match.seed = secrets.randbits(48)
        await self.desk.repo.save_match(tour.record.id, match)
        await self.desk.say(
            tour,
            lambda: t(
                "Match {n} of round {round} was stopped before its end: it is played again"
                " from the start, in a new thread.",
                n=match.n,
                round=match.round,
            ),
        )
        if tour.record.status == "running":
            await self.play.open_matches(tour)

    # -- walkovers -------------------------------------------------------------------------

    def arm_grace(self, record: TournamentRecord, match: MatchRecord, seconds: float) -> None:
        graces = self.desk.graces
        key = (record.id, match.round, match.n)
        old = graces.pop(key, None)
        if old is not None:
            old.cancel()
        graces[key] = asyncio.create_task(self._grace(record.id, match, seconds))

    async def _grace(self, tournament_id: int, match: MatchRecord, seconds: float) -> None:
        """After the grace time, a side none of whose people has shown up (opened their
        hand, or made a move) loses by walkover to one that has; a side on turn cannot keep
        the other from showing. Neither showed: both lose (a knockout sends the better seed
        on)."""
        desk = self.desk
        await desk.clock.sleep(seconds)
        async with desk.lock(tournament_id):
            desk.graces.pop((tournament_id, match.round, match.n), None)
            tour = await desk.get(tournament_id)
            found = next(m for m in tour.matches if (m.round, m.n) == (match.round, match.n))
            if found.status != "playing" or found.table_id is None:
                return
            moved = await desk.repo.seats_moved(found.table_id)
            table = desk.tables.by_id.get(found.table_id)
            moved |= {s for s, seat in enumerate(table.seats if table else []) if seat.here}
            shown = [
                any(s in moved for s in range(side, tour.record.seats, SIDES))
                or not entrant(tour, found.sides[side]).user_ids
                or entrant(tour, found.sides[side]).dropped  # the AI stands in
                for side in range(SIDES)
            ]
            if all(shown):
                return
            await self.walkover(tour, found, shown)

    async def walkover(self, tour: Tournament, match: MatchRecord, shown: list[bool]) -> None:
        """Under the lock: the sides not ``shown`` lose the match."""
        table = self.desk.tables.by_id.get(match.table_id or 0)
        match.status, match.result = "done", "walkover"  # before the table ends: no replay
        match.points = [WIN if here else LOSS for here in shown]
        match.margins = [0.0, 0.0]
        if table is not None:
            await self.desk.tables.end(table)
        log.info(
            "tournament %s: walkover in round %s match %s", tour.record.id, match.round, match.n
        )
        await self.record(tour, match)
