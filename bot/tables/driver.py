"""The driver of a table: the task that moves for AI seats, makes the formalities, and times
people's turns (a warning, then the AI plays the turn), so no game ever stalls."""

from __future__ import annotations

import asyncio
import logging

from bot.games.turns import Formal, Over, next_move
from bot.storage.db import DatabaseBusy
from bot.storage.records import MoveBy
from bot.tables.ai_worker import AIWorkers
from bot.tables.commit import Commit
from bot.tables.errors import OutOfDate
from bot.tables.floor import Floor
from bot.tables.table import Table

log = logging.getLogger(__name__)


class Driver:
    def __init__(self, floor: Floor, commit: Commit, ai: AIWorkers) -> None:
        self.floor = floor
        self.commit = commit
        self.ai = ai
        # Seconds before a failed driver starts again (doubling with each failure in a row, up
        # to the second figure), and between tries of an AI move the database was too busy for.
        self.backoff = (1.0, 60.0)
        self.busy_backoff = (0.25, 5.0)

    def drive(self, table: Table) -> None:
        """(Re)start the task that moves for AI seats and times people's turns."""
        running = table.driver
        if running and not running.done() and running is not asyncio.current_task():
            running.cancel()
        table.driver = asyncio.create_task(self._run(table, table.record.moves))

    async def after_move(self, table: Table) -> None:
        """Drive the table on from a move, and tell a person that their turn has come."""
        if table.playing:
            self.drive(table)
            turn = table.rules.turn(table.state)
            listener = self.floor.listener
            if turn is not None and listener and not table.seats[turn].played_by_ai:
                await listener.turn_started(table, turn)

    async def _run(self, table: Table, moves: int) -> None:
        """Run the driver's step; if it fails, log it and start it again after a pause that
        doubles with each failure in a row, so a table never stalls silently and a lasting
        fault does not spin."""
        failures = 0
        while True:
            try:
                await self._step(table, moves)
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # asked to stop: it stops
                    log.exception("table %s: driver failed while stopping", table.id)
                    raise asyncio.CancelledError from None
                failures += 1
                first, most = self.backoff
                pause = min(first * 2 ** (failures - 1), most)
                log.exception(
                    "table %s: driver failed at move %d (%d in a row); starting it again in %.1f s",
                    table.id,
                    moves,
                    failures,
                    pause,
                )
            await self.floor.clock.sleep(pause)
            if table.driver is not asyncio.current_task() or not table.playing:
                return  # a new driver took over, or the table closed
            moves = table.record.moves

    async def _step(self, table: Table, moves: int) -> None:
        clock, settings = self.floor.clock, self.floor.settings
        asked: list[int] = []  # AI seats that let an optional move (a call-out) go
        while True:
            step = next_move(
                table.rules, table.state, lambda seat: table.seats[seat].played_by_ai, asked
            )
            if isinstance(step, Over):
                return
            if isinstance(step, Formal):
                await self._formality(table, step, moves)
                return
            if not step.ai:
                break
            # AI seats think first, like people, also before an optional move.
            await clock.sleep(settings.ai_delay)
            if await self._ai_move(table, step.seat, moves, "ai") or not step.optional:
                return
            asked.append(step.seat)
        timeout = settings.turn_timeout
        await clock.sleep(timeout * 0.75)
        listener = self.floor.listener
        if listener and table.record.moves == moves:
            await listener.turn_warning(table, step.seat, timeout * 0.25)
        await clock.sleep(timeout * 0.25)
        await self._ai_move(table, step.seat, moves, "timeout")

    async def _formality(self, table: Table, formal: Formal, moves: int) -> None:
        """Make a move that decides nothing for the seat at once (``bot.games.turns``): no
        timer, no ping. It is stored as the seat's own move (``person`` for a person)."""
        async with table.lock:
            if table.record.moves != moves or table.formality(formal.seat) != formal.action:
                return
            seat = table.seats[formal.seat]
            by: MoveBy = "ai" if seat.played_by_ai else "person"
            try:
                await self.commit.apply(table, formal.seat, formal.action, by)
            except OutOfDate:  # the stored table was ahead, and is taken in
                return
        await self.after_move(table)

    async def _ai_move(self, table: Table, seat: int, moves: int, by: MoveBy) -> bool:
        """Let the AI move for ``seat`` if nothing happened since move ``moves``."""
        if table.record.moves != moves or not table.playing:
            return False
        record = table.seats[seat]
        level = record.ai or "easy"
        view = table.view(seat)
        legal = table.rules.legal_actions(table.state, seat)
        if not legal:
            return False
        seed = f"{table.record.seed}:{moves}:{seat}"
        action = await self.ai.decide(table.game, level, view, legal, seed)
        if action is None:
            return False
        pause, most = self.busy_backoff
        while True:
            try:
                async with table.lock:
                    if table.record.moves != moves or not table.playing:
                        return False
                    await self.commit.apply(table, seat, action, by)
                break
            except OutOfDate:  # the stored table was ahead, and is taken in
                return True
            except DatabaseBusy:
                # Another program holds the database; the lock is free meanwhile for others.
                log.warning(
                    "table %s: the database is busy; seat %d's move is tried again in %.2f s",
                    table.id,
                    seat,
                    pause,
                )
                await self.floor.clock.sleep(pause)
                pause = min(pause * 2, most)
        await self.after_move(table)
        return True

    async def close(self, tables: list[Table]) -> None:
        """Stop the tables' drivers, and wait until they have stopped."""
        drivers = [t.driver for t in tables if t.driver and not t.driver.done()]
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
