"""A deal's record made when it ends (the table stores it with the move that ends it), and
revealed (its secret and seals added) once its match is over."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from bot.games import SPECS
from bot.games.base import Event
from bot.records.fair import commitment, match_seed, new_deal_id, seals
from bot.records.replay import DealSpan, Moved, play
from bot.records.schema import SCHEMA, DealRecord, Fairness, RecordMove, RecordSeat, Result


def tavolo_version() -> str:
    try:
        return version("tavolo")
    except PackageNotFoundError:  # run from a source tree never installed
        return "unknown"


def record_of(
    *,
    deal_id: str,
    game: str,
    where: tuple[int, int, int],
    span: DealSpan,
    finished_at: str,
    options: dict[str, Any],
    seats: Sequence[RecordSeat],
    fair: Fairness,
    moves: Sequence[RecordMove],
    events: list[Event],
    outcome: dict[str, Any] | None,
    secret: str | None,
) -> DealRecord:
    """The record of the deal ``span`` (ended) of the match whose moves are ``moves``, at the
    table ``where`` (guild, channel, table); ``events``: its last move's, ``outcome``: the
    match's if the deal ended it; sealed under the table's ``secret`` (if it committed to
    one), which stays out until ``reveal``."""
    assert span.end is not None
    guild, channel, table = where
    record = DealRecord(
        schema=SCHEMA,
        id=deal_id,
        game=game,
        version=tavolo_version(),
        guild=guild,
        channel=channel,
        table=table,
        deal=span.number,
        finished_at=finished_at,
        options=dict(options),
        seats=list(seats),
        fair=fair.model_copy(update={"secret": None}),
        earlier=list(moves[: span.start]),
        moves=list(moves[span.start : span.end]),
        dealt=span.dealt,
        result=Result(events=events, outcome=outcome),
    )
    if secret is None or fair.commitment is None:  # a table from before commitments
        return record
    return record.model_copy(update={"seal": seals(secret, record.document())})


def reveal(record: DealRecord, secret: str) -> DealRecord:
    """The record with its secret (a table from before commitments: its seed). A record of
    schema 1 is sealed now, as it always was: it was stored unsealed."""
    revealed = record.model_copy(update={"fair": record.fair.model_copy(update={"secret": secret})})
    if record.schema_version != 1 or record.fair.commitment is None:
        return revealed
    return revealed.model_copy(update={"seal": seals(secret, revealed.document())})


def match_records(
    *,
    game: str,
    where: tuple[int, int, int],
    seats: Sequence[RecordSeat],
    options: dict[str, Any],
    secret: str,
    moves: Sequence[RecordMove],
    finished_at: str,
    start: int | None = None,
    shown: int | None = None,
) -> list[DealRecord]:
    """Every finished deal of a match played from ``secret`` (and the Start interaction
    ``start``, after the board ``shown`` showed the commitment) at ``where`` (guild, channel,
    table), each revealed: the simulator's records."""
    guild, _, table = where
    fair = Fairness(commitment=commitment(secret, guild, table), start=start, shown=shown)
    made = ended_records(
        game=game,
        where=where,
        seats=seats,
        options=options,
        seed=match_seed(secret, start),
        fair=fair,
        moves=moves,
        finished_at=finished_at,
        secret=secret,
    )
    return [reveal(record, secret) for record in made]


def ended_records(
    *,
    game: str,
    where: tuple[int, int, int],
    seats: Sequence[RecordSeat],
    options: dict[str, Any],
    seed: int,
    fair: Fairness,
    moves: Sequence[RecordMove],
    finished_at: str,
    secret: str | None,
) -> list[DealRecord]:
    """The record of every deal ``moves`` end, in a match dealt from ``seed``, as each was made
    when it ended (sealed under ``secret``, not yet revealed)."""
    spec = SPECS[game]
    out = []
    last: Moved | None = None
    actions = [(m.seat, m.action) for m in moves]
    for item in play(spec, len(seats), seed, options, actions):
        if isinstance(item, Moved):
            last = item
        elif item.end is not None and last is not None:
            out.append(
                record_of(
                    deal_id=new_deal_id(),
                    game=game,
                    where=where,
                    span=item,
                    finished_at=finished_at,
                    options=options,
                    seats=seats,
                    fair=fair,
                    moves=moves,
                    events=last.events,
                    outcome=spec.rules.outcome(last.state),
                    secret=secret,
                )
            )
    return out
