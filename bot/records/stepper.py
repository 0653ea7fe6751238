"""A replay's steps and the way through them, as the Discord replay and the web pages both
step: clamped to the deal, and by the game's own step (a trick, a turn, a take); and what a
step shows face up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games import SPECS
from bot.records.replay import Step, step_ends, steps
from bot.records.schema import DealRecord


@dataclass(frozen=True)
class Stepper:
    """A deal's steps, replayed once, and where each step's neighbours are."""

    record: DealRecord
    steps: list[Step]
    ends: list[int]  # the steps that end one of the game's own steps

    @classmethod
    def of(cls, record: DealRecord, seed: int) -> Stepper:
        """The deal replayed from its match's start (``seed``: the engine's)."""
        played = steps(record, seed)
        return cls(record, played, step_ends(SPECS[record.game], played))

    @property
    def final(self) -> int:
        """The last step's index."""
        return len(self.steps) - 1

    @property
    def by_move(self) -> bool:
        """The game's own step is one move: no extra way through."""
        return SPECS[self.record.game].step.name == "move"

    def clamp(self, index: int) -> int:
        return min(max(index, 0), self.final)

    def back(self, index: int) -> int:
        """The step that ended the game's own step before ``index`` (or the first)."""
        return max((i for i in self.ends if i < index), default=0)

    def ahead(self, index: int) -> int:
        """The step that ends the game's own step after ``index`` (or the last)."""
        return min((i for i in self.ends if i > index), default=self.final)


def face_up(record: DealRecord, step: Step, last: bool) -> list[list[str]] | None:
    """Every seat's hand at a finished deal's step, face up (the deal is over), for the
    replay's text and picture alike; None at a deal's ``last`` step where a later deal of
    its match follows: the engine has dealt that deal's hands there."""
    if last and not record.match_over:
        return None
    rules = SPECS[record.game].rules
    views: list[Any] = [rules.view(step.state, seat) for seat in range(len(record.seats))]
    return [list(view.get("hand") or []) for view in views]


def board_of(record: DealRecord, step: Step) -> Any:
    """A step's public board (the engine's public view), as the table showed it."""
    return SPECS[record.game].rules.view(step.state, None)
