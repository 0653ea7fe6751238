"""The table manager: one table per channel, a lock per table, every move stored before it is
shown, AI seats that play on their own, and turn timers so no game ever stalls.

It knows nothing of Discord: a ``Listener`` (the Discord layer) is told what happened.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.config import TableSettings
from bot.games import GAMES, GameError, GameSpec
from bot.games.ai import LEVELS
from bot.games.base import Event, Json, parse_options
from bot.games.errors import echo
from bot.games.moves import Mark, with_marks
from bot.games.turns import Formal, Over, next_move
from bot.i18n import t
from bot.storage.db import DatabaseBusy
from bot.storage.records import GameResult, Move, MoveBy, Seat
from bot.storage.tables import DuplicateTable, StaleMove, TableRepo
from bot.tables.ai_worker import AIWorkers
from bot.tables.clock import REAL, Clock
from bot.tables.errors import OutOfDate, TableError
from bot.tables.scores import match_stats, scores_of
from bot.tables.table import AI_NAMES, Table
from bot.text import game_title, told

log = logging.getLogger(__name__)

RECENT = 6  # moves kept for the board (as events, told in each reader's language)


class Listener(Protocol):
    """What the Discord layer is told. Each call must return quickly (schedule, don't wait)."""

    async def table_changed(self, table: Table, events: list[Event]) -> None: ...

    async def turn_started(self, table: Table, seat: int) -> None: ...

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None: ...

    async def table_closed(self, table: Table) -> None: ...


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
        self.repo = repo
        self.settings = settings
        self.defaults = defaults
        self.ai = ai
        # Whether this process runs a guild's tables: other processes (shards) run the rest.
        self.runs = runs
        self.clock = clock  # turn timers, the AI's pause, retries
        self.listener: Listener | None = None
        # Told the id of each match stored with a result (the league adds it to its tables).
        self.match_finished: Callable[[int], Awaitable[None]] | None = None
        self.by_channel: dict[int, Table] = {}
        self.by_id: dict[int, Table] = {}
        # Tables whose result ``restore`` stored: their boards still show the game running.
        self.finished_at_restore: list[Table] = []
        # Seconds before a failed driver starts again (doubling with each failure in a row, up
        # to the second figure), and between tries of an AI move the database was too busy for.
        self.driver_backoff = (1.0, 60.0)
        self.busy_backoff = (0.25, 5.0)

    # -- start and stop -------------------------------------------------------------------

    async def restore(self) -> int:
        """Bring back every open table of the guilds this process runs; return how many."""
        for record in await self.repo.open_tables():
            if not self.runs(record.guild_id):
                continue  # another shard's process runs it
            table = Table(record)
            if record.status == "playing":
                try:
                    table.state = await self._load_state(table)
                except GameError:
                    log.exception("table %s: cannot be restored; abandoned", record.id)
                    await self.repo.finish(record, "abandoned", None, None)
                    continue
                outcome = table.rules.outcome(table.state)
                if outcome is not None:
                    await self._finish_restored(table, outcome)
                    continue
            self._index(table)
            if table.playing:
                self._drive(table)
        log.info("restored %d tables", len(self.by_id))
        return len(self.by_id)

    async def _finish_restored(self, table: Table, outcome: Json) -> None:
        """A game over whose result was never stored (an older version stored the last move
        and the result in two steps, and may have stopped between them): store it now."""
        result = self._result(table.spec, outcome, table.seats)
        match_id = await self.repo.finish(
            table.record, "finished", result.outcome, result.places, result.teams, result.stats
        )
        log.warning("table %s: its game was over but unrecorded; recorded now", table.id)
        self.finished_at_restore.append(table)
        await self._finished(table, match_id)

    async def _load_state(self, table: Table) -> Any:
        """The saved state; if it is damaged, rebuild it by replaying the stored moves."""
        record = table.record
        if record.state is not None:
            try:
                return table.rules.load(record.state)
            except GameError:
                log.warning("table %s: saved state damaged, replaying its moves", record.id)
        state = self._new_state(table)
        for move in await self.repo.moves(record.id):
            state, _ = table.rules.apply(state, move.seat, move.action)
        return state

    def _new_state(self, table: Table) -> Any:
        record = table.record
        return table.rules.new_game(
            seats=len(record.seats), seed=record.seed, options=record.options
        )

    async def close(self) -> None:
        """Stop every table's AI moves and timers, and wait until they have stopped."""
        drivers = [t.driver for t in self.by_id.values() if t.driver and not t.driver.done()]
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)

    def _index(self, table: Table) -> None:
        self.by_channel[table.record.channel_id] = table
        self.by_id[table.id] = table

    def _forget(self, table: Table) -> None:
        self.by_channel.pop(table.record.channel_id, None)
        self.by_id.pop(table.id, None)
        if table.driver and table.driver is not asyncio.current_task():
            table.driver.cancel()

    # -- finding tables -------------------------------------------------------------------

    def in_channel(self, channel_id: int) -> Table:
        table = self.by_channel.get(channel_id)
        if table is None:
            raise TableError(t("There is no table in this channel. Start one with /table new."))
        return table

    def by_table_id(self, table_id: int) -> Table:
        table = self.by_id.get(table_id)
        if table is None:
            raise TableError(t("That table is closed."))
        return table

    # -- the lobby ------------------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any] | None = None,
    ) -> Table:
        if game not in GAMES:
            raise TableError(t("Unknown game “{game}”.", game=echo(game)))
        chosen = {**self.defaults.get(game, {}), **(options or {})}
        seats = [Seat(name=host_name, user_id=host_id)]
        return await self._open(guild_id, channel_id, host_id, game, chosen, seats)

    async def rematch(self, table_id: int, user_id: int, channel_id: int | None) -> Table:
        """A new lobby in the same channel with the finished match's seats, game and house
        rules; the person asking (in ``channel_id``) is its host."""
        old = await self.repo.get(table_id)
        if old is None or old.status != "finished":
            raise TableError(t("Only a match that has ended can be played again."))
        if old.channel_id != channel_id:
            raise TableError(t("That table is played in another channel."))
        if all(seat.user_id != user_id for seat in old.seats):
            raise TableError(t("Only the players of that match can ask for a rematch."))
        seats = [Seat(name=s.name, user_id=s.user_id, ai=s.ai) for s in old.seats]
        return await self._open(old.guild_id, old.channel_id, user_id, old.game, old.options, seats)

    async def _open(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[Seat],
    ) -> Table:
        if channel_id in self.by_channel:
            raise TableError(
                t("This channel already has a table. Finish it or /table end it first.")
            )
        parse_options(GAMES[game].options_model, options)  # GameError names a bad option
        try:
            record = await self.repo.create(
                guild_id, channel_id, game, host_id, options, seats, secrets.randbits(48)
            )
        except DuplicateTable:
            raise TableError(t("This channel already has a table.")) from None
        table = Table(record)
        self._index(table)
        log.info("table %s: %s opened in channel %s", record.id, game, channel_id)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        async with table.lock:
            self._need_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError(t("You are already at this table."))
            if len(table.seats) >= table.spec.seats.most:
                raise TableError(t("This table is full."))
            table.seats.append(Seat(name=name, user_id=user_id))
            await self._save_lobby(table)

    async def add_ai(self, table: Table, user_id: int, level: str) -> None:
        async with table.lock:
            self._need_lobby(table)
            self._need_seated(table, user_id)
            if level not in LEVELS or level == "random":
                raise TableError(t("AI level must be easy or hard."))
            if len(table.seats) >= table.spec.seats.most:
                raise TableError(t("This table is full."))
            count = sum(1 for s in table.seats if s.ai) + 1
            table.seats.append(Seat(name=f"{AI_NAMES[level]} {count}", ai=level))
            await self._save_lobby(table)

    async def set_options(self, table: Table, user_id: int, options: dict[str, Any]) -> None:
        """The host changes the house rules in the lobby; GameError names a bad option."""
        async with table.lock:
            self._need_lobby(table)
            if user_id != table.record.host_id:
                raise TableError(t("Only the host can change the house rules."))
            parse_options(table.rules.options_model, options)
            table.record.options = dict(options)
            await self._save_lobby(table)

    async def leave(self, table: Table, user_id: int) -> bool:
        """Leave the lobby, or hand your seat in a running game to the AI: True if the AI
        now plays the seat."""
        async with table.lock:
            seat = self._need_seated(table, user_id)
            if table.playing:
                table.seats[seat].away = True
                await self.repo.save_seats(table.id, table.seats)
                self._drive(table)
                return True
            del table.seats[seat]
            if not table.humans():
                await self._close_lobby(table)
                return False
            if table.record.host_id == user_id:
                table.record.host_id = table.humans()[0]
            await self._save_lobby(table)
            return False

    async def kick(self, table: Table, target_seat: int) -> None:
        """Remove a seat from the lobby, or give it to the AI in a running game.
        The caller checks that the kicker is the host or a moderator."""
        async with table.lock:
            if not 0 <= target_seat < len(table.seats):
                raise TableError(t("There is no such seat."))
            if table.playing:
                table.seats[target_seat].away = True
                await self.repo.save_seats(table.id, table.seats)
                self._drive(table)
                return
            self._need_lobby(table)
            if table.seats[target_seat].user_id == table.record.host_id:
                raise TableError(t("The host cannot be kicked; the host can /table end the table."))
            del table.seats[target_seat]
            await self._save_lobby(table)

    async def start(self, table: Table, user_id: int) -> None:
        async with table.lock:
            self._need_lobby(table)
            if user_id != table.record.host_id:
                raise TableError(t("Only the host can start the game."))
            if table.spec.seats.fill:
                self._fill_seats(table, table.spec.seats.fill)
            elif len(table.seats) < self._min_players(table):
                raise TableError(
                    t(
                        "{game} needs at least {n} players: invite friends or add an AI.",
                        game=game_title(table.game),
                        n=self._min_players(table),
                    )
                )
            table.state = self._new_state(table)
            table.record.status = "playing"
            await self.repo.start(table.id, table.seats, table.rules.dump(table.state))
            log.info("table %s: started with %d seats", table.id, len(table.seats))
        await self._told(table, [])
        self._drive(table)

    def _min_players(self, table: Table) -> int:
        """The seats a game needs to start (One Hundred's house rules may allow two)."""
        options = parse_options(table.rules.options_model, table.record.options)
        return table.spec.seats.fewest_with(options)

    def _fill_seats(self, table: Table, order: tuple[int, ...]) -> None:
        """People first, at the seats ``order`` names in turn (Minchiate: 0 and 2, partners
        opposite each other, then 1 and 3); AI players in every seat left empty."""
        people = [s for s in table.seats if s.user_id is not None]
        ais = [s for s in table.seats if s.user_id is None]
        seats: list[Seat | None] = [None] * len(order)
        for person, at in zip(people, order, strict=False):
            seats[at] = person
        for at in order:
            if seats[at] is None:
                seats[at] = ais.pop(0) if ais else Seat(name=f"{AI_NAMES['easy']} {at}", ai="easy")
        table.record.seats = [s for s in seats if s is not None]

    async def end(self, table: Table) -> None:
        """Close the table without a result (the caller checks who may)."""
        async with table.lock:
            if table.playing:
                await self.repo.finish(table.record, "abandoned", None, None)
            else:
                await self.repo.cancel_lobby(table.id)
            table.record.status = "abandoned"
            self._forget(table)
        if self.listener:
            await self.listener.table_closed(table)

    async def back(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = self._need_seated(table, user_id)
            if not table.seats[seat].away:
                raise TableError(t("You are already playing your seat."))
            table.seats[seat].away = False
            table.seats[seat].timeouts = 0
            await self.repo.save_seats(table.id, table.seats)
        self._drive(table)

    async def say(self, table: Table, user_id: int, mark: Mark) -> None:
        """Keep ``mark`` for the person's next move it rides on (``bot.games.moves.Mark``)."""
        async with table.lock:
            seat = self._need_seated(table, user_id)
            if not table.playing or mark not in table.spec.inputs.marks:
                raise TableError(t(mark.elsewhere))
            if mark.name not in table.seats[seat].marks:
                table.seats[seat].marks.append(mark.name)
            await self.repo.save_seats(table.id, table.seats)

    async def set_board(self, table: Table, message_id: int | None) -> None:
        """Remember the message that shows the table's board."""
        table.record.board_message_id = message_id
        await self.repo.set_board(table.id, message_id)

    async def boards_drawn(self, drawn: dict[int, int]) -> None:
        """Remember the move each table's board message shows (``{table id: move}``), so a
        restart redraws only the boards that are behind."""
        for table_id, moves in drawn.items():
            if table_id in self.by_id:
                self.by_id[table_id].record.board_moves = moves
        await self.repo.boards_drawn(drawn)

    def _need_lobby(self, table: Table) -> None:
        if table.record.status != "lobby":
            raise TableError(t("The game has already started."))

    def _need_seated(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError(t("You are not seated at this table."))
        return seat

    async def _save_lobby(self, table: Table) -> None:
        await self.repo.save_lobby(table.id, table.record.options, table.seats)
        await self._told(table, [])

    async def _close_lobby(self, table: Table) -> None:
        await self.repo.cancel_lobby(table.id)
        table.record.status = "abandoned"
        self._forget(table)
        if self.listener:
            await self.listener.table_closed(table)

    # -- playing --------------------------------------------------------------------------

    async def act(self, table: Table, user_id: int, action: str, counter: int | None) -> None:
        """A person's move. ``counter`` is the seat's move counter the button was made for
        (``None`` for a slash command, which always means "now")."""
        async with table.lock:
            if not table.playing:
                raise TableError(t("There is no game running at this table."))
            seat = self._need_seated(table, user_id)
            if counter is not None and counter != table.seats[seat].acted:
                raise OutOfDate
            try:
                await self._apply(table, seat, self._with_marks(table, seat, action), "person")
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
        await self._after_move(table)

    def _with_marks(self, table: Table, seat: int, action: str) -> str:
        """A person's move with the marks they said for it, where the marked move is legal."""
        marks = table.seats[seat].marks
        if not marks:
            return action
        legal = table.rules.legal_actions(table.state, seat)
        return with_marks(table.spec.moves, legal, action, marks)

    async def _apply(self, table: Table, seat: int, action: str, by: MoveBy) -> None:
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
            if seats[seat].timeouts >= self.settings.timeouts_before_ai:
                seats[seat].away = True
        for counted, added in table.spec.league.counts(events).items():
            kept = seats[counted].counts
            for kind, n in added.items():
                kept[kind] = kept.get(kind, 0) + n
        n = table.record.moves + 1
        outcome = rules.outcome(new_state)
        try:
            match_id = await self.repo.commit_move(
                table.id,
                Move(n=n, seat=seat, action=action, by=by),
                rules.dump(new_state),
                seats,
                scores_of(table.spec, events),
                None if outcome is None else self._result(table.spec, outcome, seats),
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
            await self._finished(table, match_id)
        await self._told(table, events)

    async def _take_stored(self, table: Table) -> None:
        """The database holds a move this copy of the table lacks: a commit whose answer was
        lost with its connection (PostgreSQL) may have been made after all. Take the table as
        stored, show it, and drive it on from there."""
        record = await self.repo.get(table.id)
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
            table.state = await self._load_state(table)
            self._drive(table)
        elif record.status == "finished":
            match_id = await self.repo.match_of(table.id)
            if match_id is not None:
                await self._finished(table, match_id)
        await self._told(table, [])

    async def _told(self, table: Table, events: list[Event]) -> None:
        if self.listener:
            await self.listener.table_changed(table, events)

    @staticmethod
    def _result(spec: GameSpec[Any, Any, Any], outcome: Json, seats: list[Seat]) -> GameResult:
        places = {s: place for place, group in enumerate(outcome["ranking"], 1) for s in group}
        return GameResult(
            outcome=outcome,
            places=places,
            teams=spec.seats.teams(len(seats)),
            stats=match_stats(spec, outcome, [s.counts for s in seats]),
        )

    async def _finished(self, table: Table, match_id: int) -> None:
        """The table's result is stored (as match ``match_id``): close it, tell the league."""
        table.record.status = "finished"
        self._forget(table)
        log.info("table %s: finished as match %s", table.id, match_id)
        if self.match_finished is not None:
            try:
                await self.match_finished(match_id)
            except Exception:  # the match is stored; the league catches up at the next start
                log.exception("table %s: match %s not yet in the league", table.id, match_id)

    async def _after_move(self, table: Table) -> None:
        if table.playing:
            self._drive(table)
            turn = table.rules.turn(table.state)
            if turn is not None and self.listener and not table.seats[turn].played_by_ai:
                await self.listener.turn_started(table, turn)

    # -- AI seats and turn timers ------------------------------------------------------------

    def _drive(self, table: Table) -> None:
        """(Re)start the task that moves for AI seats and times people's turns."""
        running = table.driver
        if running and not running.done() and running is not asyncio.current_task():
            running.cancel()
        table.driver = asyncio.create_task(self._run_driver(table, table.record.moves))

    async def _run_driver(self, table: Table, moves: int) -> None:
        """Run the driver's step; if it fails, log it and start it again after a pause that
        doubles with each failure in a row, so a table never stalls silently and a lasting
        fault does not spin."""
        failures = 0
        while True:
            try:
                await self._driver_step(table, moves)
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # asked to stop: it stops
                    log.exception("table %s: driver failed while stopping", table.id)
                    raise asyncio.CancelledError from None
                failures += 1
                first, most = self.driver_backoff
                pause = min(first * 2 ** (failures - 1), most)
                log.exception(
                    "table %s: driver failed at move %d (%d in a row); starting it again in %.1f s",
                    table.id,
                    moves,
                    failures,
                    pause,
                )
            await self.clock.sleep(pause)
            if table.driver is not asyncio.current_task() or not table.playing:
                return  # a new driver took over, or the table closed
            moves = table.record.moves

    async def _driver_step(self, table: Table, moves: int) -> None:
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
            await self.clock.sleep(self.settings.ai_delay)
            if await self._ai_move(table, step.seat, moves, "ai") or not step.optional:
                return
            asked.append(step.seat)
        timeout = self.settings.turn_timeout
        await self.clock.sleep(timeout * 0.75)
        if self.listener and table.record.moves == moves:
            await self.listener.turn_warning(table, step.seat, timeout * 0.25)
        await self.clock.sleep(timeout * 0.25)
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
                await self._apply(table, formal.seat, formal.action, by)
            except OutOfDate:  # the stored table was ahead, and is taken in (_take_stored)
                return
        await self._after_move(table)

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
                    await self._apply(table, seat, action, by)
                break
            except OutOfDate:  # the stored table was ahead, and is taken in (_take_stored)
                return True
            except DatabaseBusy:
                # Another program holds the database; the lock is free meanwhile for others.
                log.warning(
                    "table %s: the database is busy; seat %d's move is tried again in %.2f s",
                    table.id,
                    seat,
                    pause,
                )
                await self.clock.sleep(pause)
                pause = min(pause * 2, most)
        await self._after_move(table)
        return True
