"""Typed records of what the database holds (pydantic at the edge, as DESIGN.md asks)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Status = Literal["lobby", "playing", "finished", "abandoned"]
MoveBy = Literal["person", "ai", "timeout"]


class Seat(BaseModel):
    """One chair at a table: a person (``user_id``) or an AI (``ai`` = its level)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    user_id: int | None = None
    ai: str | None = None
    away: bool = False  # a person whose seat the AI plays until they type /table back
    timeouts: int = 0  # turns in a row the AI played for them
    acted: int = 0  # moves this seat has made: the counter in its buttons' custom ids
    penultima: bool = False  # said "penúltima" for its next play (Centocinque)

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def played_by_ai(self) -> bool:
        return self.user_id is None or self.away


class TableRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int
    channel_id: int
    game: str
    status: Status
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    state: dict[str, Any] | None
    moves: int
    board_message_id: int | None


class Move(BaseModel):
    n: int
    seat: int
    action: str
    by: MoveBy


class Score(BaseModel):
    """A score that happened at a move: a 105 penalty, a chip lost, a resto."""

    seat: int
    kind: Literal["penalty", "chip", "resti"]
    points: int
    total: int
