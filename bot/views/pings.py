"""Who is called by name: the person whose turn it now is, when they may have stopped
watching (their first turn of a match, a turn after their last one ran out, or one that
reached them ``turn_ping_after`` seconds or more after their previous turn ended), and the
turn-timeout warning, which always calls. Edits ping nobody, and a ping at every turn would
flood the channel."""

from __future__ import annotations

import math
from collections.abc import Callable

from bot.i18n import speaking, t
from bot.tables import Table
from bot.tables.clock import Clock
from bot.text import game_title
from bot.views.outbox import Call


class Pings:
    def __init__(self, ping_after: float, clock: Clock, language: Callable[[Table], str]) -> None:
        self.ping_after = ping_after
        self.clock = clock
        self.language = language  # a table's public language
        self._turns: dict[int, int | None] = {}  # the seat on turn when last told, per table
        # Per table: when each person's last turn ended (absent: none yet in this match), and
        # the seat whose turn is a formality the table is making for it (no ping, no wait).
        self._turn_ended: dict[int, dict[int, float]] = {}
        self._formal: dict[int, int] = {}

    def restored(self, table: Table) -> None:
        """A table brought back after a restart: its turn now is no news."""
        self._turns[table.id] = table.rules.turn(table.state) if table.playing else None

    def forget(self, table: Table) -> None:
        self._turns.pop(table.id, None)
        self._turn_ended.pop(table.id, None)
        self._formal.pop(table.id, None)

    def changed(self, table: Table) -> Call | None:
        """The call due now that the table changed: only when the turn passed to someone new
        who may have stopped watching."""
        if not table.playing:
            self.forget(table)
            return None
        turn = table.rules.turn(table.state)
        before = self._turns.get(table.id)
        self._turns[table.id] = turn
        if turn == before:
            return None
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
            return None
        if table.formality(turn) is not None:  # the table makes it at once: nobody to call
            self._formal[table.id] = turn
            return None
        seat = table.seats[turn]
        if seat.user_id is None or seat.played_by_ai:
            return None
        last = ended.get(turn)
        if last is not None and not seat.timeouts and now - last < self.ping_after:
            return None  # their previous turn was a moment ago: they are most likely watching
        with speaking(self.language(table)):
            text = t(
                "<@{user}>, it is your turn at {game} (table {id}): open **My hand** on the "
                "board or type /hand.",
                user=seat.user_id,
                game=game_title(table.game),
                id=table.id,
            )
        return Call(table, turn, seat.user_id, table.record.moves, text, now)

    def warning(self, table: Table, seat: int, seconds: float) -> Call | None:
        """The call that the seat's turn runs out in ``seconds`` (none for an AI seat)."""
        user_id = table.seats[seat].user_id
        if user_id is None:
            return None
        with speaking(self.language(table)):
            text = t(
                "<@{user}>, your turn ends in {n} s; then the AI plays it for you.",
                user=user_id,
                n=math.ceil(seconds),
            )
        return Call(table, seat, user_id, table.record.moves, text, self.clock.now(), warning=True)


def due(call: Call) -> bool:
    """Whether a call still means something: its seat is on turn, played by its person (and
    a warning: no move was made since)."""
    table = call.table
    if not table.playing or table.rules.turn(table.state) != call.seat:
        return False
    if call.warning and table.record.moves != call.moves:
        return False
    return not table.seats[call.seat].played_by_ai
