"""A record checked from its own fields alone: the commitment recomputed from the revealed
secret, the deal dealt again from the seed, every move replayed through the engine, the
result compared, the seals of what the engine cannot check (the seats' names, who moved)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games import SPECS, GameError
from bot.records import text
from bot.records.errors import RecordError
from bot.records.fair import commitment, seals
from bot.records.replay import DealSpan, Moved, deal_ended, play, seed_of
from bot.records.schema import DealRecord


@dataclass
class Verdict:
    """What ``verify`` found: ``problems`` (each a field that does not match; empty: the record
    holds), and ``notes`` on what it could not prove."""

    problems: list[RecordError] = field(default_factory=list)
    notes: list[RecordError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(record: DealRecord) -> Verdict:
    """The record checked: each problem names its field (a seal's failures first, each naming
    the item edited, then the first thing the engine finds wrong)."""
    verdict = Verdict()
    try:
        _verify(record, verdict)
    except RecordError as exc:
        verdict.problems.append(exc)
    return verdict


def _verify(record: DealRecord, verdict: Verdict) -> None:
    fair = record.fair
    spec = SPECS.get(record.game)
    if spec is None:
        raise RecordError("game", text.UNKNOWN_GAME, game=record.game)
    if fair.secret is None:
        raise RecordError("fair.secret", text.NOT_REVEALED)
    if fair.commitment is None:
        verdict.notes.append(RecordError("fair.commitment", text.NO_COMMITMENT))
    elif commitment(fair.secret, record.guild, record.table) != fair.commitment:
        raise RecordError("fair.commitment", text.COMMITMENT_DIFFERS)
    else:
        _check_order(record, verdict)
    if fair.commitment is not None:
        _check_seals(record, verdict)  # what the engine cannot check: names, who moved
    seed = seed_of(record)
    assert seed is not None
    moves = [(m.seat, m.action) for m in (*record.earlier, *record.moves)]
    first = len(record.earlier)
    span: DealSpan | None = None
    last: Moved | None = None
    try:
        for item in play(spec, len(record.seats), seed, record.options, moves):
            if isinstance(item, Moved):
                last = item
                continue
            if item.end is None and item.start == first:
                span = item
            if item.end is not None and item.start == first:
                break
    except GameError as exc:
        index = last.index + 1 if last is not None else 0
        where = f"earlier[{index}]" if index < first else f"moves[{index - first}]"
        raise RecordError(where, text.ILLEGAL_MOVE, why=exc) from None
    if span is None or span.number != record.deal:
        raise RecordError("earlier", text.NOT_THIS_DEAL, deal=record.deal)
    if span.dealt != record.dealt:
        raise RecordError("dealt", text.DEALT_DIFFERS)
    if last is None or last.index + 1 != len(moves):
        raise RecordError("moves", text.DEAL_NOT_OVER)
    ended = deal_ended(spec, last.state, last.events)
    if ended is None:
        raise RecordError("moves", text.DEAL_NOT_OVER)
    if last.events != record.result.events:
        raise RecordError("result.events", text.RESULT_DIFFERS)
    if spec.rules.outcome(last.state) != record.result.outcome:
        raise RecordError("result.outcome", text.RESULT_DIFFERS)


def _check_order(record: DealRecord, verdict: Verdict) -> None:
    """The interaction that pressed Start came after the board showing the commitment:
    Discord's ids grow with time, so the shuffle's second half was unknown when committing."""
    fair = record.fair
    if fair.start is None or fair.shown is None:
        verdict.notes.append(RecordError("fair.start", text.NO_START))
    elif fair.start <= fair.shown:
        raise RecordError("fair.start", text.START_BEFORE_SHOWN)


def _check_seals(record: DealRecord, verdict: Verdict) -> None:
    assert record.fair.secret is not None
    if record.seal is None:
        verdict.problems.append(RecordError("seal", text.NO_SEAL))
        return
    expected = seals(record.fair.secret, record.document())
    for key, value in expected.items():
        if record.seal.get(key) != value:
            verdict.problems.append(RecordError(key, text.SEAL_DIFFERS))
    if set(record.seal) - set(expected):
        verdict.problems.append(RecordError("seal", text.SEAL_DIFFERS))
