"""Typed records of what the database holds (pydantic at the edge, as DESIGN.md asks)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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
    here: bool = False  # the person has opened their hand here: shown up (a tournament's grace)
    # The game's marks (``bot.games.moves.Mark``) said for the seat's next move, by name.
    marks: list[str] = Field(default_factory=list)
    # Counts kept move by move for the league's statistics (e.g. penúltima missed).
    counts: dict[str, int] = Field(default_factory=dict)

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
    board_moves: int | None = None  # the move the board message last showed
    # Commit, then reveal (bot/records): the secret committed to on the lobby's board (None:
    # a table from before commitments, dealt from ``seed`` alone), the Start interaction's
    # id mixed into its shuffle, and the board message that showed the commitment then.
    secret: str | None = None
    start_nonce: int | None = None
    shown_in: int | None = None


class DamagedTable(BaseModel):
    """An open table whose row cannot be read as a ``TableRecord`` (a field the model refuses):
    what is known of it, to end it and tell its channel why."""

    id: int
    guild_id: int
    channel_id: int
    game: str
    moves: int
    reason: str
    """What the model refused, for the operator's log."""

    @classmethod
    def of(cls, record: TableRecord, reason: str) -> DamagedTable:
        """A readable table that cannot be brought back all the same (its game is gone, its
        moves no longer replay)."""
        known = record.model_dump(include=set(cls.model_fields) - {"reason"})
        return cls(**known, reason=reason)


class Move(BaseModel):
    n: int
    seat: int
    action: str
    by: MoveBy


class GameResult(BaseModel):
    """How a game ended, stored with its last move: the engine's outcome, each seat's place,
    partnership (default: each seat its own) and scores for the league."""

    outcome: dict[str, Any]
    places: dict[int, int]
    teams: list[int] | None = None
    stats: list[dict[str, Any]] | None = None


class Score(BaseModel):
    """A score that happened at a move: a 105 penalty, a chip lost, a resto."""

    seat: int
    kind: Literal["penalty", "chip", "resti"]
    points: int
    total: int


# -- the league -------------------------------------------------------------------------------


class Season(BaseModel):
    id: int
    guild_id: int
    number: int
    name: str
    started_at: str
    ended_at: str | None
    matches: int = 0  # finished matches that count, when listed


class MatchSeat(BaseModel):
    """One seat of a finished match, as the league stores it."""

    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    place: int | None
    team: int
    stats: dict[str, Any] = Field(default_factory=dict)
    points: int | None = None

    @property
    def player(self) -> str:
        """The rating key: a person by id, an AI by its level."""
        return f"u:{self.user_id}" if self.user_id is not None else f"ai:{self.ai_level}"


class MatchResult(BaseModel):
    """A finished (or abandoned) match with every seat."""

    id: int
    guild_id: int
    season_id: int | None
    game: str
    abandoned: bool
    humans: int
    finished_at: str
    seats: list[MatchSeat]


class Standing(BaseModel):
    user_id: int
    played: int
    won: int
    points: int


class Rating(BaseModel):
    mu: float
    sigma: float
    matches: int = 0


class ServerChoices(BaseModel):
    """What servers chose with /table pictures and /table language."""

    no_pictures: set[int] = Field(default_factory=set)  # guilds that turned pictures off
    languages: dict[int, str] = Field(default_factory=dict)  # channel -> board language
