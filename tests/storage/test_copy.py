"""``python -m bot db copy``: every row moves, ids and all, from SQLite to PostgreSQL and back;
a target that holds rows, or a source the code cannot read, is refused with nothing written."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.config import LeagueSettings
from bot.league import League
from bot.storage import (
    Database,
    DatabaseUnusable,
    LeagueRepo,
    SettingsRepo,
    TableRepo,
    WebRepo,
)
from bot.storage.copy import TABLES, CopyRefused, copy_database
from bot.storage.db import migrations
from bot.storage.deals import NewDeal
from bot.storage.records import Move, Score, Seat
from bot.storage.tournaments import (
    EntrantRecord,
    MatchRecord,
    Member,
    TournamentRepo,
)
from tests.databases import PostgresBackend, SQLiteBackend
from tests.league.helpers import finished
from tests.tournaments.test_storage import a_tournament

ROOT = Path(__file__).resolve().parents[2]
SNOWFLAKE = 1_234_567_890_123_456_789  # Discord ids need 64 bits


async def bot_data(url: str) -> None:
    """A database as a running bot leaves it: a lobby, a game under way with moves and
    scores, finished and abandoned matches in the league over two seasons, server choices."""
    db = await Database.open(url)
    tables, league = TableRepo(db), League(LeagueRepo(db), LeagueSettings())
    seats = [Seat(name="Ann", user_id=SNOWFLAKE), Seat(name="AI", ai="easy")]
    await tables.create(SNOWFLAKE, 11, "cento", SNOWFLAKE, {"min_players": 2}, seats, seed=1)
    playing = await tables.create(1, 12, "centocinque", SNOWFLAKE, {}, seats, seed=2**47)
    await tables.start(playing.id, seats, {"turn": 0}, SNOWFLAKE + 2, SNOWFLAKE + 1)
    for n in (1, 2):
        score = Score(seat=n % 2, kind="penalty", points=n, total=n * 2)
        deal = NewDeal(  # the second move ends a deal: its record
            short_id="k3m9x2qa",
            deal=1,
            game="centocinque",
            user_ids=[SNOWFLAKE],
            record={"finished_at": "2026-12-01T10:00:00.000Z", "moves": []},
        )
        await tables.commit_move(
            playing.id,
            Move(n=n, seat=n % 2, action="draw", by="ai"),
            {"n": n},
            seats,
            [score],
            deal=deal if n == 2 else None,
        )
    await tables.set_board(playing.id, SNOWFLAKE + 1)
    await tables.boards_drawn({playing.id: 2})
    for ranking in ([[0], [1], [2]], [[2], [1], [0]]):
        await league.record(await finished(tables, "cento", [1, 2, "hard"], ranking))
    await league.new_season(1, "Spring")
    await league.record(await finished(tables, "minchiate", [1, 2, 3, 4], [[0, 2], [1, 3]]))
    await finished(tables, "cento", [3, 4, 5], [], abandoned=True)
    settings = SettingsRepo(db)
    await settings.set_pictures(SNOWFLAKE, False)
    await settings.set_language(1, SNOWFLAKE, "it")
    await a_tournament_under_way(db, playing.id)
    await WebRepo(db).turn_on(SNOWFLAKE, "Café", "it")
    await WebRepo(db).set_hidden(SNOWFLAKE, SNOWFLAKE, True)
    await db.close()


async def a_tournament_under_way(db: Database, table_id: int) -> None:
    repo = TournamentRepo(db)
    record = await repo.create(a_tournament(guild_id=SNOWFLAKE, organiser_id=SNOWFLAKE))
    members = [Member(user_id=SNOWFLAKE, name="Ann")]
    await repo.set_entrants(record.id, [EntrantRecord(n=1, name="Ann", members=members)])
    record.status, record.round = "running", 1
    await repo.add_round(record, [MatchRecord(round=1, n=1, sides=[1, 2], table_id=table_id)])


async def every_row(url: str) -> dict[str, list[tuple[Any, ...]]]:
    db = await Database.open(url)
    try:
        return {
            table: [tuple(r) for r in await db.fetch_all(f"SELECT * FROM {table} ORDER BY {order}")]  # noqa: S608
            for table, order in TABLES.items()
        }
    finally:
        await db.close()


async def test_a_copy_to_postgresql_and_back_keeps_every_row_and_id(
    tmp_path: Path, postgres: PostgresBackend
) -> None:
    source, back = SQLiteBackend(tmp_path / "a.sqlite3"), SQLiteBackend(tmp_path / "b.sqlite3")
    await bot_data(source.url)
    rows = await every_row(source.url)
    assert all(rows.values())  # every table has something to copy

    counts = await copy_database(source.url, postgres.url)
    assert counts == {table: len(found) for table, found in rows.items()}
    assert await every_row(postgres.url) == rows
    await copy_database(postgres.url, back.url)
    assert await every_row(back.url) == rows

    # New rows on PostgreSQL get ids past the ones copied.
    db = await postgres.open()
    try:
        created = await TableRepo(db).create(1, 99, "cento", 1, {}, [], seed=3)
        assert created.id == max(r[0] for r in rows["game_tables"]) + 1
        _, opened = await LeagueRepo(db).new_season(1, "Summer")
        assert opened.id == max(r[0] for r in rows["seasons"]) + 1
        match_id = await finished(TableRepo(db), "cento", [1, 2, 3], [[0], [1], [2]])
        assert match_id == max(r[0] for r in rows["matches"]) + 1
    finally:
        await db.close()


async def test_a_target_that_holds_rows_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres: PostgresBackend
) -> None:
    source = SQLiteBackend(tmp_path / "a.sqlite3")
    await bot_data(source.url)
    db = await postgres.open()
    await SettingsRepo(db).set_pictures(5, False)
    await db.close()
    before = await every_row(postgres.url)
    with pytest.raises(CopyRefused, match=r"already holds rows \(in guild_settings\)"):
        await copy_database(source.url, postgres.url)
    assert await every_row(postgres.url) == before


async def test_a_source_from_a_newer_version_or_no_source_at_all_is_refused(
    tmp_path: Path, postgres: PostgresBackend
) -> None:
    source = SQLiteBackend(tmp_path / "a.sqlite3")
    await bot_data(source.url)
    await source.set_version(migrations()[-1][0] + 1)
    with pytest.raises(DatabaseUnusable, match="newer version"):
        await copy_database(source.url, postgres.url)
    with pytest.raises(CopyRefused, match="no SQLite file"):
        await copy_database(f"sqlite:///{tmp_path}/typo.sqlite3", postgres.url)
    with pytest.raises(CopyRefused, match="the same database"):
        await copy_database(postgres.url, postgres.url)


async def test_the_command_copies_and_says_what(tmp_path: Path, postgres: PostgresBackend) -> None:
    source = SQLiteBackend(tmp_path / "a.sqlite3")
    await bot_data(source.url)
    command = [sys.executable, "-m", "bot", "db", "copy", "--from", source.url, "--to"]
    done = await asyncio.to_thread(
        subprocess.run, [*command, postgres.url], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "  moves: 2 rows" in done.stdout and f"rows in {len(TABLES)} tables" in done.stdout
    again = await asyncio.to_thread(
        subprocess.run, [*command, postgres.url], cwd=ROOT, capture_output=True, text=True
    )
    assert again.returncode == 2 and again.stderr.startswith("tavolo: the target")
    assert again.stderr.count("\n") == 1
