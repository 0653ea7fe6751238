"""A person's statistics added up by the database from their matches (SQLite and PostgreSQL):
totals, win rates, streaks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.config import LeagueSettings
from bot.games import SPECS
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo
from tests.databases import Backend

from .helpers import Player, finished


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    opened = await backend.open()
    yield opened
    await opened.close()


async def _play(db: Database, game: str, ranking: list[list[int]], **stats: Any) -> None:
    """A match of person 7 (seat 0) and others, 7's seat with ``stats``."""
    people: list[Player] = [7, 8, 9, 10]
    players = people[: sum(len(g) for g in ranking)]
    figures = [stats] + [{}] * (len(players) - 1)
    await finished(TableRepo(db), game, players, ranking, stats=figures)


async def test_streaks_win_rates_and_game_figures(db: Database) -> None:
    won, lost = [[0], [1]], [[1], [0]]
    await _play(db, "centocinque", won, hands=5, hands_won=3, penalty=20, missed=1)
    await _play(db, "centocinque", won, hands=4, hands_won=2, penalty=10, eliminated=0)
    await _play(db, "centocinque", lost, hands=6, hands_won=1, penalty=110, eliminated=1)
    await _play(db, "cento", lost, busts=3, chips_lost=3)
    await _play(db, "centocinque", won, hands=5, hands_won=3, penalty=5, called_out=2)
    stats = {s.game: s for s in await League(LeagueRepo(db), LeagueSettings()).stats(1, 7)}
    c = stats["centocinque"]
    assert (c.played, c.won, c.streak, c.best_streak) == (4, 3, 1, 2)
    assert c.win_rate == 0.75
    assert c.totals == dict(
        hands_won=9, hands=20, penalty=145, eliminated=1, missed=1, called_out=2
    )
    lines = SPECS["centocinque"].text.stats_lines(c.totals, c.played)
    assert "tally per hand 7.2" in lines[0]  # 145 penalty points in 20 hands
    cento = stats["cento"]
    assert (cento.played, cento.won, cento.streak, cento.totals["busts"]) == (1, 0, 0, 3)


async def test_minchiate_resti_won_and_lost_and_a_draw_is_no_win(db: Database) -> None:
    await _play(db, "minchiate", [[0, 2], [1, 3]], points=60, resti=3, combinations=2)
    await _play(db, "minchiate", [[1, 3], [0, 2]], points=40, resti=-1)
    await _play(db, "minchiate", [[0, 1, 2, 3]], points=50, resti=0)
    (m,) = await League(LeagueRepo(db), LeagueSettings()).stats(1, 7)
    assert (m.played, m.won, m.totals["resti_won"], m.totals["resti_lost"]) == (3, 1, 3, 1)
    assert m.totals["points"] / m.played == 50
    assert m.totals["combinations"] == 2 and (m.streak, m.best_streak) == (0, 1)
    (line,) = SPECS["minchiate"].text.stats_lines(m.totals, m.played)
    assert line == "Resti won 3, lost 1 · average points 50.0 · combinations declared 2"
