"""Ratings over time: each seat keeps the rating its player had after the match, the same
whether the match was recorded as it finished or by a rebuild; the charts and the standings'
movement over the week read them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.config import LeagueSettings
from bot.league import League
from bot.league.ratings import new_player, rate, shown
from bot.storage import Database, LeagueRepo, TableRepo
from bot.storage.records import Rating
from tests.databases import Backend
from tests.league.helpers import finished, result

NOW = datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    opened = await backend.open()
    yield opened
    await opened.close()


async def _play(db: Database, league: League, ranking: list[list[int]], when: str) -> int:
    match_id = await finished(TableRepo(db), "cento", [1, 2, 3], ranking)
    async with db.transaction() as tx:
        await tx.execute("UPDATE matches SET finished_at = ? WHERE id = ?", (when, match_id))
    await league.record(match_id)
    return match_id


async def _series(db: Database, league: League) -> list[list[int]]:
    rankings = [[[0], [1], [2]], [[0], [2], [1]], [[1], [0], [2]], [[0], [1], [2]]]
    days = ["2026-11-20", "2026-11-24", "2026-11-30", "2026-12-02"]
    for ranking, day in zip(rankings, days, strict=True):
        await _play(db, league, ranking, f"{day}T10:00:00.000Z")
    return [[r[0][0], r[1][0], r[2][0]] for r in rankings]


def _expected(orders: list[list[int]]) -> list[float]:
    """Person 1's rating after each match, computed here from the model itself."""
    rated: dict[str, Rating] = {}
    after = []
    for order in orders:
        places = [order.index(seat) + 1 for seat in range(3)]
        rated.update(rate(result("cento", [1, 2, 3], places), rated))
        after.append(shown(rated.get("u:1", new_player())))
    return after


async def test_the_chart_is_the_rating_after_each_match_and_a_rebuild_keeps_it(
    db: Database,
) -> None:
    league = League(LeagueRepo(db), LeagueSettings(), now=lambda: NOW)
    orders = await _series(db, league)
    history = await league.rating_history(1, 1, "cento")
    assert [when[:10] for when, _ in history] == [
        "2026-11-20",
        "2026-11-24",
        "2026-11-30",
        "2026-12-02",
    ]
    assert [r for _, r in history] == pytest.approx(_expected(orders))
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_players SET rating = NULL")
    assert await league.rating_history(1, 1, "cento") == []
    await league.rebuild(1)
    rebuilt = await league.rating_history(1, 1, "cento")
    assert [w for w, _ in rebuilt] == [w for w, _ in history]
    assert [r for _, r in rebuilt] == pytest.approx([r for _, r in history])
    assert await league.rating_history(1, 1, "scopa") == []


async def test_standings_show_how_far_each_rating_moved_in_the_last_week(db: Database) -> None:
    league = League(LeagueRepo(db), LeagueSettings(), now=lambda: NOW)
    await _series(db, league)
    page = await league.standings(1, "cento", None, 0)
    by_user = {row.user_id: row for row in page.rows}
    history = {u: [r for _, r in await league.rating_history(1, u, "cento")] for u in (1, 2, 3)}
    for user, ratings in history.items():
        # A week before NOW falls between the second match (24 Nov) and the third (30 Nov).
        assert by_user[user].rating == pytest.approx(ratings[-1])
        assert by_user[user].moved == pytest.approx(ratings[-1] - ratings[1])
    every_game = await league.standings(1, None, None, 0)
    assert all(row.moved is None and row.rating is None for row in every_game.rows)


async def test_a_newcomer_of_the_week_moved_from_a_newcomer_s_rating(db: Database) -> None:
    league = League(LeagueRepo(db), LeagueSettings(), now=lambda: NOW)
    await _play(db, league, [[0], [1], [2]], "2026-12-01T10:00:00.000Z")
    page = await league.standings(1, "cento", None, 0)
    assert all(row.moved == pytest.approx(row.rating) for row in page.rows)
    assert await league.names(1, [1, 2, 99]) == {1: "P1", 2: "P2"}
