"""One table in memory: its stored record, the engine state, and its lock."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.games import SPECS, GameSpec, Rules
from bot.games.base import Event, Json
from bot.games.turns import formality
from bot.i18n import N_, t
from bot.records.fair import commitment, match_seed
from bot.storage.records import Seat, TableRecord

NO_HOST = 0
"""The host of a table nobody hosts (a tournament's match: the organiser decides it with
/tournament); Discord's ids are never 0."""

# An AI seat is stored as "AI (easy) 2" and shown in the reader's language.
AI_NAMES = {"easy": N_("AI (easy)"), "hard": N_("AI (hard)")}


def seat_name(seat: Seat) -> str:
    """A person's name, or an AI seat's name in the current language."""
    if seat.is_ai and seat.ai in AI_NAMES:
        number = seat.name.rpartition(" ")[2]
        return f"{t(AI_NAMES[seat.ai])} {number}" if number.isdigit() else t(AI_NAMES[seat.ai])
    return seat.name


@dataclass
class Table:
    record: TableRecord
    state: Any = None  # the engine state while playing
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None  # AI moves and turn timers
    recent: list[Event] = field(default_factory=list)  # the last moves worth telling

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def spec(self) -> GameSpec[Any, Any, Any]:
        return SPECS[self.record.game]

    @property
    def rules(self) -> Rules[Any]:
        return self.spec.rules

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    @property
    def names(self) -> list[str]:
        return [seat_name(s) for s in self.record.seats]

    @property
    def playing(self) -> bool:
        return self.record.status == "playing"

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.record.seats):
            if seat.user_id == user_id:
                return i
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.record.seats if s.user_id is not None]

    def formality(self, seat: int) -> str | None:
        """The move the table makes for ``seat`` without asking: its only legal action, when
        the rules call it a formality and no other seat may act meanwhile (a call-out)."""
        formal = formality(self.rules, self.state) if self.playing else None
        return formal.action if formal is not None and formal.seat == seat else None

    @property
    def seed(self) -> int:
        """The engine's seed: the table's secret mixed with the Start interaction's id (a
        table from before commitments: its seed alone)."""
        record = self.record
        if record.secret is None:
            return record.seed
        return match_seed(record.secret, record.start_nonce)

    @property
    def commitment(self) -> str | None:
        """The commitment the board shows (None: a table from before commitments)."""
        record = self.record
        if record.secret is None:
            return None
        return commitment(record.secret, record.guild_id, record.id)

    def new_state(self) -> Any:
        """The game as dealt from the table's seed, seats and house rules."""
        record = self.record
        return self.rules.new_game(seats=len(record.seats), seed=self.seed, options=record.options)

    def view(self, seat: int | None) -> Json:
        return self.rules.view(self.state, seat)

    def outcome(self) -> Json | None:
        return self.rules.outcome(self.state) if self.state is not None else None
