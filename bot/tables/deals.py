"""The record of a deal the move being committed ends: made from the table's stored moves and
this one, replayed through the engine, and stored in the move's own transaction (a restart
never loses it)."""

from __future__ import annotations

from typing import Any

from bot.games.base import Event
from bot.records.build import record_of
from bot.records.fair import new_deal_id
from bot.records.replay import DealSpan, play
from bot.records.schema import Fairness, RecordMove, RecordSeat
from bot.storage.db import now
from bot.storage.deals import NewDeal
from bot.storage.records import Move
from bot.tables.table import Table


def ended_deal(
    table: Table, stored: list[Move], move: Move, state: Any, events: list[Event]
) -> NewDeal | None:
    """The record of the deal ``move`` ends (leading to ``state``, telling ``events``; the
    caller checked ``deal_ended``); ``stored``: the table's moves before it. None if the
    database holds moves this copy of the table lacks: then the commit is refused as stale."""
    spec = table.spec
    if len(stored) != move.n - 1:
        return None
    moves = [*stored, move]
    span: DealSpan | None = None
    for item in play(
        spec,
        len(table.seats),
        table.seed,
        table.record.options,
        [(m.seat, m.action) for m in moves],
    ):
        if isinstance(item, DealSpan) and item.end == len(moves):
            span = item
    assert span is not None, f"table {table.id}: move {move.n} ends no deal on replay"
    record = table.record
    fair = Fairness(commitment=table.commitment, start=record.start_nonce, shown=record.shown_in)
    document = record_of(
        deal_id=new_deal_id(),
        game=table.game,
        where=(record.guild_id, record.channel_id, record.id),
        span=span,
        finished_at=now(),
        options=record.options,
        seats=[RecordSeat(name=s.name, user_id=s.user_id, ai=s.ai) for s in record.seats],
        fair=fair,
        moves=[RecordMove(seat=m.seat, action=m.action, by=m.by) for m in moves],
        events=events,
        outcome=spec.rules.outcome(state),
        secret=record.secret,
    )
    return NewDeal(
        short_id=document.id,
        deal=span.number,
        game=table.game,
        user_ids=table.humans(),
        record=document.document(),
    )
