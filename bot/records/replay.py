"""A match replayed through its engine, move by move: where each deal begins and ends (the
table writes a deal's record at its end), and a deal's steps (the replay shows them)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import SPECS, GameSpec
from bot.games.base import Event
from bot.i18n import N_
from bot.records.errors import RecordError
from bot.records.fair import match_seed
from bot.records.schema import DealRecord, RecordMove

OLD_SEED = re.compile(r"[0-9]{1,20}")  # a table's seed before commitments: 48 bits, in decimal
NO_COMMITMENT_TO_SECRET = N_(
    "Missing, but the secret is a committed table's secret, not the seed (a number) of a "
    "table from before commitments."
)


@dataclass(frozen=True)
class Moved:
    """One move replayed: its index in the match, and the state and events after it."""

    index: int
    seat: int
    action: str
    state: Any
    events: list[Event]


@dataclass(frozen=True)
class DealSpan:
    """A deal of a match: its number, its first move's index, the hands it dealt, and (once
    it has ended) the index after its last move."""

    number: int
    start: int
    dealt: list[list[str]]
    end: int | None = None


def hands(state: Any) -> list[list[str]]:
    """Every seat's hand in a state (each engine's state has ``hands``)."""
    return [list(hand) for hand in state.hands]


def deal_ended(spec: GameSpec[Any, Any, Any], state: Any, events: Sequence[Event]) -> int | None:
    """After a move: the number of the deal it began (the one before has ended), 0 if it ended
    the match, None if the deal goes on."""
    if spec.rules.outcome(state) is not None:
        return 0
    for event in events:
        begun = spec.text.deal_begun(event)
        if begun is not None:
            return begun
    return None


def play(
    spec: GameSpec[Any, Any, Any],
    seats: int,
    seed: int,
    options: dict[str, Any],
    moves: Sequence[tuple[int, str]],
) -> Iterator[Moved | DealSpan]:
    """The match replayed: each deal's span as it begins (the first before any move), each
    move, and each deal's span again as it ends. GameError if a move is not legal (its index
    is ``Moved.index`` of the last move yielded, plus one)."""
    rules = spec.rules
    state = rules.new_game(seats=seats, seed=seed, options=options)
    span = DealSpan(1, 0, hands(state))
    yield span
    for index, (seat, action) in enumerate(moves):
        state, events = rules.apply(state, seat, action)
        yield Moved(index, seat, action, state, events)
        ended = deal_ended(spec, state, events)
        if ended is None:
            continue
        yield DealSpan(span.number, span.start, span.dealt, index + 1)
        if ended == 0:
            return
        span = DealSpan(ended, index + 1, hands(state))
        yield span


@dataclass(frozen=True)
class Step:
    """A deal's step: ``index`` 0 is the deal as dealt, ``k`` the state after its ``k``-th
    move (``move``, its ``events``)."""

    index: int
    state: Any
    move: RecordMove | None
    events: list[Event]


def seed_of(record: DealRecord) -> int | None:
    """The engine's seed, where the record reveals its secret."""
    fair = record.fair
    if fair.secret is None:
        return None
    if fair.commitment is None:  # a table from before commitments: its seed, in decimal
        if not OLD_SEED.fullmatch(fair.secret):
            raise RecordError("fair.commitment", NO_COMMITMENT_TO_SECRET)
        return int(fair.secret)
    return match_seed(fair.secret, fair.start)


def steps(record: DealRecord, seed: int) -> list[Step]:
    """The deal's steps, replayed from the match's start (``seed``: the record's, or the
    table's while its match runs). GameError if a stored move is not legal."""
    spec = SPECS[record.game]
    rules = spec.rules
    state = rules.new_game(seats=len(record.seats), seed=seed, options=record.options)
    for move in record.earlier:
        state, _ = rules.apply(state, move.seat, move.action)
    out = [Step(0, state, None, [])]
    for i, move in enumerate(record.moves, 1):
        state, events = rules.apply(state, move.seat, move.action)
        out.append(Step(i, state, move, events))
    return out


def step_ends(spec: GameSpec[Any, Any, Any], steps: Sequence[Step]) -> list[int]:
    """The indices of the steps that end one of the game's own steps (a trick, a turn, a take:
    ``GameSpec.step``), the deal as dealt and its last step included."""
    ends = [0]
    for i, step in enumerate(steps[1:], 1):
        last = i == len(steps) - 1
        following = steps[i + 1].move if not last else None
        assert step.move is not None
        after = following.seat if following is not None else None
        if last or spec.step.ends(step.move.seat, step.events, after):
            ends.append(i)
    return ends
