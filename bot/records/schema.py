"""A deal's record as a JSON document, version ``SCHEMA`` (docs/records.md describes every
field): what ``/replay file:True`` attaches, ``python -m bot verify`` checks and ``python -m bot
replay`` plays back."""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA = 3
SCHEMAS = range(1, SCHEMA + 1)
"""The versions read: 1 sealed a record's moves, seats and result when its secret was revealed;
2 seals every field (but the secret) when the record is made; 3 adds ``fair.tournament``."""


class RecordSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str  # as the board showed it (an AI seat in English: "AI (easy) 2")
    user_id: int | None = None
    ai: str | None = None


class RecordMove(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: int
    action: str
    by: Literal["person", "ai", "timeout"]


class Fairness(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    commitment: str | None
    """SHA-256 (hex) over the secret and the table's identity; None: a table opened before
    commitments (its seed alone dealt it)."""
    secret: str | None = None
    """Revealed once the match is over (None before); a table from before commitments: its
    seed, in decimal."""
    start: int | None = None
    """The id of the interaction that pressed Start, mixed into the shuffle."""
    shown: int | None = None
    """The id of the board message that first showed the commitment (before ``start``)."""
    tournament: TournamentFairness | None = None
    """A tournament's table (schema 3): what its seed was derived from."""


class TournamentFairness(BaseModel):
    """What a tournament's table was dealt from: the tournament's committed secret, mixed
    with the id of the sign-up message that showed the commitment, and the parts naming the
    table's deal (``bot.records.fair.derived_seed``)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: int
    commitment: str
    """SHA-256 (hex) over the tournament's secret and its identity, shown at its sign-up."""
    shown: int | None
    """The id of the sign-up message that showed the commitment."""
    parts: list[str | int]
    secret: str | None = None
    """Revealed once the tournament is over (its secret deals every one of its tables)."""


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    events: list[dict[str, Any]]
    """The events of the deal's last move: how it ended and was scored."""
    outcome: dict[str, Any] | None = None
    """The match's outcome, when this deal ended it."""


class DealRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    schema_version: int = Field(alias="schema")
    id: str
    game: str
    version: str  # the Tavolo that played it
    guild: int
    channel: int
    table: int
    deal: int  # its number in the match, from 1
    finished_at: str
    options: dict[str, Any]
    seats: list[RecordSeat]
    fair: Fairness
    earlier: list[RecordMove]
    """The match's moves before this deal (a later deal is dealt from the state they reach)."""
    moves: list[RecordMove]
    dealt: list[list[str]]
    """Each seat's hand as the deal began."""
    result: Result
    seal: dict[str, str] | None = None
    """Each section's ``fair.seal``: made with the record (schema 1: when the secret was
    revealed); None for a table from before commitments."""

    def document(self) -> dict[str, Any]:
        found = self.model_dump(mode="json", by_alias=True)
        if found["fair"]["tournament"] is None:  # a table's own deal: as schema 2 wrote it
            del found["fair"]["tournament"]
        return found

    def dumps(self) -> str:
        return json.dumps(self.document(), ensure_ascii=False, indent=1)

    @property
    def match_over(self) -> bool:
        return self.result.outcome is not None
