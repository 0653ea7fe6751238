"""Whose move a game waits for, and the moves the table makes by itself.

Everything that plays a game (the table manager, the terminal, the simulator, the
benchmarks) asks ``next_move`` what comes next, so all of them agree on three things:

- the end: ``Over``, with the rules' outcome;
- a formality: a move that decides nothing (``Rules.formalities``, e.g. Minchiate's
  ``nodeclare`` with nothing to declare), made for the seat without asking when it is that
  seat's only legal action and nobody else may act meanwhile: ``Formal``;
- otherwise ``Wanted``: first each AI seat off turn that may act now (a call-out), once, as
  an optional move it may decline; then the seat on turn.

``next_move`` is a pure function of the rules and the state; ``Turns`` carries a game
through it for the callers that play a whole game in one go.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from bot.games.base import Event, Json, Rules

S = TypeVar("S")


@dataclass(frozen=True)
class Over:
    """The game has ended."""

    outcome: Json


@dataclass(frozen=True)
class Formal:
    """A move the table makes for ``seat`` at once: no question, no timer, no ping."""

    seat: int
    action: str


@dataclass(frozen=True)
class Wanted:
    """The move of ``seat`` is wanted: an AI seat's, or a person's."""

    seat: int
    ai: bool
    optional: bool = False
    """Off turn (a call-out): the seat may decline, and is not asked again this turn."""


Next = Over | Formal | Wanted


def formality(rules: Rules[S], state: S) -> Formal | None:
    """The move the table makes for a seat without asking, if one is due now."""
    acting = rules.to_act(state)
    if len(acting) != 1:
        return None
    legal = rules.legal_actions(state, acting[0])
    if len(legal) == 1 and legal[0] in rules.formalities:
        return Formal(acting[0], legal[0])
    return None


def next_move(
    rules: Rules[S],
    state: S,
    ai: Callable[[int], bool],
    asked: Collection[int] = (),
    ai_formalities: bool = True,
) -> Next:
    """What the game waits for: its end, a formality, or a seat's move.

    ``ai`` tells the seats the AI plays; ``asked``, the AI seats already asked this turn
    for an optional move. With ``ai_formalities`` off, an AI seat chooses even a formality
    itself (as the simulator's players always have, so a seed plays as it was measured).
    """
    outcome = rules.outcome(state)
    if outcome is not None:
        return Over(outcome)
    formal = formality(rules, state)
    if formal is not None and (ai_formalities or not ai(formal.seat)):
        return formal
    turn = rules.turn(state)
    for seat in rules.to_act(state):
        if seat != turn and seat not in asked and ai(seat):
            return Wanted(seat, ai=True, optional=True)
    if turn is None:  # the contract: only an ended game has nobody on turn
        raise ValueError("nobody is on turn in a game that has not ended")
    return Wanted(turn, ai(turn))


@dataclass(frozen=True)
class Made:
    """A move made, with its events."""

    seat: int
    action: str
    events: list[Event]


@dataclass
class Turns(Generic[S]):
    """One game driven to its end by a caller that chooses the wanted moves itself.

    ``ready()`` makes the formalities due (returned with their events, in order) and says
    what is wanted next; ``play`` makes a chosen move. An optional move the AI declines
    needs nothing: the seat counts as asked until the next turn.
    """

    rules: Rules[S]
    state: S
    ai: Callable[[int], bool]
    ai_formalities: bool = True
    asked: set[int] = field(default_factory=set)

    def ready(self) -> tuple[list[Made], Over | Wanted]:
        made: list[Made] = []
        while True:
            step = next_move(self.rules, self.state, self.ai, self.asked, self.ai_formalities)
            if not isinstance(step, Formal):
                if isinstance(step, Wanted) and step.optional:
                    self.asked.add(step.seat)
                return made, step
            made.append(self.play(step.seat, step.action))

    def play(self, seat: int, action: str) -> Made:
        """Make ``seat``'s move (GameError if it is not legal: nothing changes)."""
        on_turn = self.rules.turn(self.state) == seat
        self.state, events = self.rules.apply(self.state, seat, action)
        if on_turn:
            self.asked.clear()  # a new turn: the seats off turn may be asked again
        return Made(seat, action, events)
