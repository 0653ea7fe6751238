"""The player card (``/league me``, ``/league player``) of a long career reads what it shows,
not the career: the chart its last ``CHART_MATCHES`` ratings, the record and the game's
figures added up by the database (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord
import pytest

from bot.league import League
from bot.league.service import CHART_MATCHES
from bot.pictures.league import Chart
from bot.storage import Database, TableRepo
from bot.views import league_card
from tests.databases import Backend

from .helpers import card_interaction, finished

LONG = CHART_MATCHES + 5


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    opened = await backend.open()
    yield opened
    await opened.close()


class Counted:
    """Each read of ``db`` and the rows it fetched."""

    def __init__(self, db: Database) -> None:
        self.reads: list[tuple[str, int]] = []
        fetch_all, fetch_one = db.fetch_all, db.fetch_one

        async def all_rows(sql: str, params: Sequence[Any] = ()) -> Any:
            rows = await fetch_all(sql, params)
            self.reads.append((sql, len(rows)))
            return rows

        async def one_row(sql: str, params: Sequence[Any] = ()) -> Any:
            row = await fetch_one(sql, params)
            self.reads.append((sql, int(row is not None)))
            return row

        db.fetch_all, db.fetch_one = all_rows, one_row  # type: ignore[method-assign]

    def rows(self, part: str = "") -> list[int]:
        return [n for sql, n in self.reads if part in sql]


async def test_a_long_career_s_card_reads_the_chart_s_points_and_the_database_s_sums(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables, interaction = TableRepo(db), card_interaction(db, 1, 1)
    league: League = interaction.client.services.league
    for n in range(LONG):  # a loss in every fourth match, the last one too
        ranking = [[1], [0]] if n % 4 == 0 else [[0], [1]]
        stats = [{"busts": 1, "chips_lost": 2}, {"busts": 0}]
        await league.record(await finished(tables, "cento", [1, 2], ranking, stats=stats))
    for _ in range(2):
        await league.record(await finished(tables, "scopa", [1, 2], [[0], [1]]))
    charts: list[Chart] = []

    def drawn(title: str, subtitle: str, lines: list[str], shown: list[Chart]) -> bytes:
        charts.extend(shown)
        return b"\x89PNG"

    monkeypatch.setattr(league_card, "_card_png", drawn)
    counted = Counted(db)
    await league_card.show_stats(interaction, None, None)

    assert [len(c.ratings) for c in charts] == [CHART_MATCHES, 2]
    assert counted.rows("p.rating IS NOT NULL") == [CHART_MATCHES, 2]
    # Besides those: a few rows per game and the card's settings and deals, not the career.
    assert sum(counted.rows()) <= CHART_MATCHES + 2 + 20, counted.reads
    card: discord.Embed = interaction.response.sent["embed"]
    cento, scopa = card.fields[:2]
    assert cento.value is not None and scopa.value is not None
    assert cento.value.startswith(f"Played {LONG} · won {LONG - 52} (75%) · streak 0 (best 3)")
    assert "Played 2 · won 2 (100%) · streak 2 (best 2)" in scopa.value
