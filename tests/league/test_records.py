"""A person's record per game added up by the database (the player card and the web pages'
player page), streaks included, is the record added up from every match: SQLite and
PostgreSQL, every game."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.config import LeagueSettings
from bot.games import SPECS
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo
from tests.databases import Backend

from .helpers import Player, added_up, finished

KEYS = ("points", "resti", "combinations", "scope", "busts", "hands", "deals", "penalty")


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    opened = await backend.open()
    yield opened
    await opened.close()


async def test_the_database_s_sums_are_the_matches_records(db: Database) -> None:
    rng, tables = random.Random(3), TableRepo(db)
    for n in range(60):
        game = sorted(SPECS)[n % len(SPECS)]
        players: list[Player] = [7, 8, 9, 10]
        rng.shuffle(players)
        if SPECS[game].seats.sides:
            ranking = rng.choice([[[0, 2], [1, 3]], [[1, 3], [0, 2]], [[0, 1, 2, 3]]])
        else:
            ranking = [[s] for s in rng.sample(range(4), 4)]
        figures = [
            {"resti": rng.randint(-4, 4)} | {k: rng.randint(0, 20) for k in rng.sample(KEYS, 4)}
            for _ in players
        ]
        figures[0]["note"] = "not a figure"  # type: ignore[assignment]
        guild = 2 if n % 10 == 9 else 1  # another server's matches count elsewhere
        await finished(
            tables, game, players, ranking, guild=guild, stats=figures, abandoned=n % 7 == 6
        )
    league = League(LeagueRepo(db), LeagueSettings())
    for person in (7, 8):
        every = added_up(person, await league.repo.player_matches(1, person, 100))
        assert len(every) == len(SPECS)
        assert await league.stats(1, person) == every
        assert any(s.streak > 0 for s in every) and any(s.best_streak > 1 for s in every)
        assert await league.stats(1, person, "scopa") == [s for s in every if s.game == "scopa"]
    (minchiate,) = await league.stats(1, 7, "minchiate")
    assert minchiate.totals["resti_won"] > 0 and minchiate.totals["resti_lost"] > 0
    assert await league.stats(1, 99) == []
