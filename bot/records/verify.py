"""A record checked from its own fields alone: the seals of every field recomputed under the
revealed secret, the commitment recomputed from it, the deal dealt again from the seed, every
move replayed through the engine, the result compared."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games import SPECS, GameError, GameSpec
from bot.games.base import parse_options
from bot.records import text
from bot.records.errors import RecordError
from bot.records.fair import (
    commitment,
    derived_seed,
    seals,
    sections,
    tournament_commitment,
    tournament_seed,
)
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
    """The record checked: each problem names its field. The seals name each field edited
    since the record was made (what the engine would find next follows from those edits);
    where they hold, the engine names the first thing that does not follow from the seed."""
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
    if record.seal is None and fair.commitment is not None:
        verdict.problems.append(RecordError("seal", text.NO_SEAL))  # the engine checks the rest
    edited = _edited(record, fair.secret)
    if fair.commitment is not None:
        if commitment(fair.secret, record.guild, record.table) != fair.commitment:
            if edited == ALL:
                raise RecordError("fair.secret", text.SECRET_DIFFERS)
            raise RecordError("fair.commitment", text.COMMITMENT_DIFFERS)
        _check_order(record, verdict)
    if edited == ALL:  # the secret is the committed one
        raise RecordError("seal", text.SEAL_FOREIGN)
    if edited:
        verdict.problems += [RecordError(name, text.SEAL_DIFFERS) for name in edited]
        return
    seed = seed_of(record)
    assert seed is not None
    if fair.commitment is None and fair.tournament is not None:
        _check_tournament(record, seed, verdict)
    elif fair.commitment is None:
        verdict.notes.append(RecordError("fair.commitment", text.NO_COMMITMENT))
    _replay(spec, record, seed)


ALL = ["*"]  # no seal holds: none was made with this secret


def _edited(record: DealRecord, secret: str) -> list[str]:
    """The sealed fields that no longer match their seal, or are gone (a list's items past
    its end), ``seal`` if it seals something that is no field; ``ALL`` if no seal holds.
    None for an unsealed record."""
    if record.seal is None:
        return []
    document = record.document()
    expected = seals(secret, document)
    edited = [name for name, value in expected.items() if record.seal.get(name) != value]
    if len(edited) == len(expected):
        return ALL
    sealed = sections(document)
    for name in sorted(record.seal.keys() - expected.keys()):
        edited.append(name if name.partition("[")[0] in sealed else "seal")
    return list(dict.fromkeys(edited))


def _check_order(record: DealRecord, verdict: Verdict) -> None:
    """The interaction that pressed Start came after the board showing the commitment:
    Discord's ids grow with time, so the shuffle's second half was unknown when committing."""
    fair = record.fair
    if fair.start is None:
        verdict.notes.append(RecordError("fair.start", text.NO_START))
    elif fair.shown is None:
        verdict.notes.append(RecordError("fair.shown", text.NOT_SHOWN))
    elif fair.start <= fair.shown:
        raise RecordError("fair.start", text.START_BEFORE_SHOWN)


def _check_tournament(record: DealRecord, seed: int, verdict: Verdict) -> None:
    """A tournament's table: its seed follows from the tournament's revealed secret, mixed
    with the sign-up message that showed its commitment, and the parts naming its deal."""
    dealt = record.fair.tournament
    assert dealt is not None
    if dealt.secret is None:
        verdict.notes.append(RecordError("fair.tournament.secret", text.TOURNAMENT_NOT_REVEALED))
        return
    if tournament_commitment(dealt.secret, record.guild, dealt.id) != dealt.commitment:
        raise RecordError("fair.tournament.commitment", text.TOURNAMENT_COMMITMENT_DIFFERS)
    if derived_seed(tournament_seed(dealt.secret, dealt.shown), *dealt.parts) != seed:
        raise RecordError("fair.tournament.parts", text.TOURNAMENT_SEED_DIFFERS)
    if dealt.shown is None:
        verdict.notes.append(RecordError("fair.tournament.shown", text.TOURNAMENT_NOT_SHOWN))


def _replay(spec: GameSpec[Any, Any, Any], record: DealRecord, seed: int) -> None:
    """The match replayed from its seed to the deal's end, compared field by field."""
    try:
        parse_options(spec.rules.options_model, record.options)
    except GameError as exc:
        raise RecordError("options", text.CANNOT_PLAY, why=exc) from None
    moves = [(m.seat, m.action) for m in (*record.earlier, *record.moves)]
    first = len(record.earlier)
    span: DealSpan | None = None
    last: Moved | None = None
    dealt = False
    try:
        for item in play(spec, len(record.seats), seed, record.options, moves):
            dealt = True
            if isinstance(item, Moved):
                last = item
                continue
            if item.end is None and item.start == first:
                span = item
            if item.end is not None and item.start == first:
                break
    except GameError as exc:
        if not dealt:  # the house rules are valid: the seats are not
            raise RecordError("seats", text.CANNOT_PLAY, why=exc) from None
        index = last.index + 1 if last is not None else 0
        where = f"earlier[{index}]" if index < first else f"moves[{index - first}]"
        raise RecordError(where, text.ILLEGAL_MOVE, why=exc) from None
    if span is None:
        raise RecordError("earlier", text.NOT_THIS_DEAL)
    if span.number != record.deal:
        raise RecordError("deal", text.DEAL_DIFFERS, found=span.number)
    if span.dealt != record.dealt:
        raise RecordError("dealt", text.DEALT_DIFFERS)
    if last is None or last.index + 1 != len(moves):
        raise RecordError("moves", text.DEAL_NOT_OVER)
    if deal_ended(spec, last.state, last.events) is None:
        raise RecordError("moves", text.DEAL_NOT_OVER)
    if last.events != record.result.events:
        raise RecordError("result.events", text.RESULT_DIFFERS)
    if spec.rules.outcome(last.state) != record.result.outcome:
        raise RecordError("result.outcome", text.RESULT_DIFFERS)
