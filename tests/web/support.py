"""A server's league and tables stored as the bot stores them, and the web pages over them."""

from __future__ import annotations

import random
from typing import Any

from bot.config import LeagueSettings
from bot.games import GAMES
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo, WebRepo
from bot.storage.records import Move, Seat
from tests.league.helpers import finished

GUILD = 1
PRIVATE = 2  # a server that never turned its pages on
HOSTILE = '<script>alert("x")</script>'


async def a_league(db: Database) -> None:
    """Scopa matches on both servers among people 1, 2 and 3 (whose name is hostile), and
    GUILD's pages turned on."""
    tables, league = TableRepo(db), League(LeagueRepo(db), LeagueSettings())
    for guild in (GUILD, PRIVATE):
        for ranking in ([[0], [1]], [[1], [0]], [[0], [1]]):
            await league.record(await finished(tables, "scopa", [1, 3], ranking, guild=guild))
        await league.record(await finished(tables, "scopa", [2, 1], [[0], [1]], guild=guild))
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_players SET name = ? WHERE user_id = 3", (HOSTILE,))
    await WebRepo(db).turn_on(GUILD, "Circolo <b>Tavolo</b>", "it")


async def a_live_table(db: Database, guild: int = GUILD) -> tuple[int, Any]:
    """A Scopa table in play for person 1 and an AI; its id and the engine's state."""
    repo = TableRepo(db)
    seats = [Seat(name="Ana", user_id=1), Seat(name="AI (easy)", ai="easy")]
    record = await repo.create(guild, 77, "scopa", 1, {}, seats, seed=5)
    state = GAMES["scopa"].new_game(seats=2, seed=5)
    await repo.start(record.id, seats, GAMES["scopa"].dump(state))
    return record.id, state


async def move(db: Database, table_id: int, state: Any, n: int) -> Any:
    """Move ``n`` of the table, a random legal one, stored; the state after it."""
    rules = GAMES["scopa"]
    seat = rules.turn(state)
    assert seat is not None
    action = random.Random(n).choice(rules.legal_actions(state, seat))
    state, _ = rules.apply(state, seat, action)
    seats = [Seat(name="Ana", user_id=1), Seat(name="AI (easy)", ai="easy")]
    await TableRepo(db).commit_move(
        table_id, Move(n=n, seat=seat, action=action, by="person"), rules.dump(state), seats, []
    )
    return state
