"""The tournament repository on both databases: a tournament, its entrants and its rounds
stored and read back whole; one open tournament per channel."""

from __future__ import annotations

import pytest

from bot.storage.tournaments import (
    DuplicateTournament,
    EntrantRecord,
    MatchRecord,
    Member,
    TournamentRecord,
    TournamentRepo,
)
from tests.databases import Backend


def a_tournament(
    channel_id: int = 20, guild_id: int = 10, organiser_id: int = 1
) -> TournamentRecord:
    return TournamentRecord(
        id=0,
        guild_id=guild_id,
        channel_id=channel_id,
        organiser_id=organiser_id,
        game="briscola",
        format="swiss",
        seats=2,
        options={"swap_seven": True},
        rounds=3,
        ai_fill=True,
        league=False,
        grace=120,
        starts_at=None,
        status="signup",
        round=0,
        seed=2**47 + 5,
        message_id=None,
        champion=None,
    )


async def test_a_tournament_its_entrants_and_rounds_come_back_whole(backend: Backend) -> None:
    db = await backend.open()
    repo = TournamentRepo(db)
    record = await repo.create(a_tournament())
    assert record.status == "signup" and record.options == {"swap_seven": True}
    assert record.seed == 2**47 + 5 and not record.league and record.ai_fill
    entrants = [
        EntrantRecord(n=1, name="Alice", members=[Member(user_id=1, name="Alice")]),
        EntrantRecord(
            n=2,
            name="Bob & AI",
            members=[Member(user_id=2, name="Bob"), Member(user_id=None, name="AI")],
            rating=12.5,
        ),
    ]
    await repo.set_entrants(record.id, entrants)
    record.status, record.round, record.message_id = "running", 1, 555
    await repo.save(record)
    await repo.add_round(
        record,
        [
            MatchRecord(round=1, n=1, sides=[1, 2], seed=77),
            MatchRecord(round=1, n=2, sides=[3], status="done", result="bye", points=[2]),
        ],
    )
    found = await repo.get(record.id)
    assert found is not None
    assert found.record.status == "running" and found.record.message_id == 555
    assert [e.name for e in found.entrants] == ["Alice", "Bob & AI"]
    assert found.entrants[1].members[1].user_id is None and found.entrants[1].rating == 12.5
    assert [m.sides for m in found.matches] == [[1, 2], [3]]
    assert found.matches[1].bye and found.matches[1].points == [2]
    match = found.matches[0]
    match.status, match.thread_id, match.points, match.margins = "done", 99, [0, 2], [-3.0, 3.0]
    match.result = "played"
    await repo.save_match(record.id, match)
    again = await repo.get(record.id)
    assert again is not None and again.matches[0] == match
    assert await repo.open_ids() == [(record.id, 10)]
    assert [t.record.id for t in await repo.open_in(10, 5)] == [record.id]
    assert await repo.open_in(11, 5) == [] and await repo.open_in(10, 0) == []  # one server's
    record.status = "finished"
    await repo.save(record)
    assert await repo.open_ids() == [] and await repo.open_in(10, 5) == []
    assert [t.record.id for t in await repo.history(10)] == [record.id]
    await db.close()


async def test_a_channel_holds_one_open_tournament(backend: Backend) -> None:
    db = await backend.open()
    repo = TournamentRepo(db)
    first = await repo.create(a_tournament())
    with pytest.raises(DuplicateTournament):
        await repo.create(a_tournament())
    await repo.create(a_tournament(channel_id=21))  # another channel may
    first.status = "cancelled"
    await repo.save(first)
    await repo.create(a_tournament())  # and this one again, once the first is over
    await db.close()
