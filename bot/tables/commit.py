"""A move applied, stored, then shown: nothing in memory changes unless the move is stored,
and a move that ends the game is stored with its result (then the league is told)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.games import GameError, GameSpec
from bot.games.base import Json
from bot.games.moves import with_marks
from bot.records.replay import deal_ended
from bot.storage.records import GameResult, Move, MoveBy, Seat
from bot.storage.tables import StaleMove
from bot.tables.deals import ended_deal
from bot.tables.errors import OutOfDate
from bot.tables.floor import Floor
from bot.tables.scores import match_stats, scores_of
from bot.tables.table import Table
from bot.text import told

log = logging.getLogger(__name__)

RECENT = 6  # moves kept for the board (as events, told in each reader's language)


def result_of(spec: GameSpec[Any, Any, Any], outcome: Json, seats: list[Seat]) -> GameResult:
    """A finished game's result as stored: places, teams and each seat's statistics."""
    places = {s: place for place, group in enumerate(outcome["ranking"], 1) for s in group}
    return GameResult(
        outcome=outcome,
        places=places,
        teams=spec.seats.teams(len(seats)),
        stats=match_stats(spec, outcome, [s.counts for s in seats]),
    )


class Commit:
    def __init__(self, floor: Floor, drive: Callable[[Table], None]) -> None:
        self.floor = floor
        self.drive = drive  # a table taken as stored is driven on from there

    def with_marks(self, table: Table, seat: int, action: str) -> str:
        """A person's move with the marks they said for it, where the marked move is legal."""
        marks = table.seats[seat].marks
        if not marks:
            return action
        legal = table.rules.legal_actions(table.state, seat)
        return with_marks(table.spec.moves, legal, action, marks)

    async def apply(self, table: Table, seat: int, action: str, by: MoveBy) -> None:
        """Apply, store, then show: under the table's lock. Nothing in memory changes unless
        the move is stored; a move that ends the game is stored with its result."""
        rules = table.rules
        new_state, events = rules.apply(table.state, seat, action)  # GameError: nothing changed
        seats = [s.model_copy(deep=True) for s in table.seats]
        seats[seat].acted += 1
        kind = table.spec.moves.read(action).kind
        spent = {m.name for m in table.spec.inputs.marks if kind in m.rides_on}
        seats[seat].marks = [m for m in seats[seat].marks if m not in spent]
        if by == "person":
            seats[seat].timeouts = 0
            seats[seat].away = False
        elif by == "timeout":
            seats[seat].timeouts += 1
            if seats[seat].timeouts >= self.floor.settings.timeouts_before_ai:
                seats[seat].away = True
        for counted, added in table.spec.league.counts(events).items():
            kept = seats[counted].counts
            for kind, n in added.items():
                kept[kind] = kept.get(kind, 0) + n
        n = table.record.moves + 1
        outcome = rules.outcome(new_state)
        move = Move(n=n, seat=seat, action=action, by=by)
        deal = None
        if deal_ended(table.spec, new_state, events) is not None:
            stored = await self.floor.repo.moves(table.id)
            try:
                deal = ended_deal(table, stored, move, new_state, events)
            except Exception:  # the move matters more than its deal's record: make it
                log.exception("table %s: move %d ends a deal, but its record failed", table.id, n)
        try:
            match_id = await self.floor.repo.commit_move(
                table.id,
                move,
                rules.dump(new_state),
                seats,
                scores_of(table.spec, events),
                None if outcome is None else result_of(table.spec, outcome, seats),
                deal,
            )
        except StaleMove:
            await self._take_stored(table)
            raise OutOfDate from None
        table.state = new_state
        table.record.seats = seats
        table.record.moves = n
        table.recent = (table.recent + told(table.game, events, table.names))[-RECENT:]
        log.debug("table %s: move %d seat %d %s (%s)", table.id, n, seat, action, by)
        if match_id is not None:
            await self.finished(table, match_id)
        await self.floor.told(table, events)

    async def _take_stored(self, table: Table) -> None:
        """The database holds a move this copy of the table lacks: a commit whose answer was
        lost with its connection (PostgreSQL) may have been made after all. Take the table as
        stored, show it, and drive it on from there."""
        repo = self.floor.repo
        record = await repo.get(table.id)
        if record is None or record.moves <= table.record.moves:
            return
        log.warning(
            "table %s: the database has move %d, this process move %d; taking the stored table",
            table.id,
            record.moves,
            table.record.moves,
        )
        table.record = record
        if record.status == "playing":
            table.state = await self.load_state(table)
            self.drive(table)
        elif record.status == "finished":
            match_id = await repo.match_of(table.id)
            if match_id is not None:
                await self.finished(table, match_id)
        await self.floor.told(table, [])

    async def load_state(self, table: Table) -> Any:
        """The saved state; if it is damaged, rebuild it by replaying the stored moves."""
        record = table.record
        if record.state is not None:
            try:
                return table.rules.load(record.state)
            except GameError:
                log.warning("table %s: saved state damaged, replaying its moves", record.id)
        state = table.new_state()
        for move in await self.floor.repo.moves(record.id):
            state, _ = table.rules.apply(state, move.seat, move.action)
        return state

    async def finished(self, table: Table, match_id: int) -> None:
        """The table's result is stored (as match ``match_id``): close it, tell the league."""
        table.record.status = "finished"
        self.floor.forget(table)
        log.info("table %s: finished as match %s", table.id, match_id)
        if self.floor.match_finished is not None:
            try:
                await self.floor.match_finished(match_id)
            except Exception:  # the match is stored; the league catches up at the next start
                log.exception("table %s: match %s not yet in the league", table.id, match_id)

    async def finish_unrecorded(self, table: Table, outcome: Json) -> None:
        """A game over whose result was never stored (an older version stored the last move
        and the result in two steps, and may have stopped between them): store it now."""
        result = result_of(table.spec, outcome, table.seats)
        match_id = await self.floor.repo.finish(
            table.record, "finished", result.outcome, result.places, result.teams, result.stats
        )
        log.warning("table %s: its game was over but unrecorded; recorded now", table.id)
        await self.finished(table, match_id)
