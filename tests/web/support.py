"""A server's league and tables stored as the bot stores them, and the web pages over them."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from aiohttp import ClientResponse, web
from aiohttp.test_utils import TestClient

from bot.config import LeagueSettings, TableSettings
from bot.games import GAMES
from bot.league import League
from bot.storage import Database, LeagueRepo, TableRepo, WebRepo
from bot.storage.deals import DealRepo
from bot.storage.records import Move, Seat
from bot.storage.tournaments import EntrantRecord, Format, MatchRecord, Member, TournamentRepo
from bot.tables import TableManager
from bot.tables.ai_worker import AIWorkers
from bot.web.server import POLICY
from tests.clock import VirtualClock
from tests.games.support import seat_on_turn
from tests.league.helpers import finished
from tests.tournaments.test_storage import a_tournament as stored_tournament

Client = TestClient[web.Request, web.Application]
GUILD = 1
PRIVATE = 2  # a server that never turned its pages on
HOSTILE = '<script>alert("x")</script>'
START = 1_400_000_000_000_000_000  # a Start interaction's id


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


async def a_live_table(db: Database, guild: int = GUILD, channel: int = 77) -> tuple[int, Any]:
    """A Scopa table in play for person 1 and an AI in ``channel``; its id and the engine's
    state."""
    repo = TableRepo(db)
    seats = [Seat(name="Ana", user_id=1), Seat(name="AI (easy)", ai="easy")]
    record = await repo.create(guild, channel, "scopa", 1, {}, seats, seed=5)
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


async def briscola_deals(db: Database, channel: int, over: bool) -> list[str]:
    """A Briscola match of Ann (person 100) and Bob (101) in GUILD's ``channel``, played by
    people to its end (``over``) or until its first deal is recorded; its deals' ids, the
    first first."""
    workers = AIWorkers(1)
    try:
        settings = TableSettings(ai_delay=0, turn_timeout=60)
        manager = TableManager(TableRepo(db), settings, {}, workers, clock=VirtualClock())
        await manager.restore()
        table = await manager.create(GUILD, channel, 100, "Ann", "briscola")
        await manager.join(table, 101, "Bob")
        await manager.start(table, 100, START)
        deals = DealRepo(db)
        for _ in range(2000):
            if not table.playing or (not over and await deals.count_in_channel(channel)):
                break
            seat = seat_on_turn(table.rules, table.state)
            assert seat is not None
            user = table.seats[seat].user_id
            assert user is not None
            await manager.act(table, user, table.rules.legal_actions(table.state, seat)[0], None)
        assert table.playing != over
        await manager.close()
    finally:
        workers.close()
    return [d.short_id for d in reversed(await deals.in_channel(channel, 0, 100))]


async def a_tournament(db: Database, form: Format, guild: int = GUILD) -> int:
    """A finished four-entrant tournament of ``form`` on ``guild`` (the second entrant's name
    hostile, the fourth person hid theirs): two rounds, the first entrant the champion; its
    id."""
    repo = TournamentRepo(db)
    planned = stored_tournament(channel_id=30 + len(form), guild_id=guild)
    changed = {"game": "scopa", "format": form, "rounds": 2, "ai_fill": False, "seed": 7}
    record = await repo.create(planned.model_copy(update=changed))
    record.status, record.round = "running", 2
    people = ["Ana", HOSTILE, "Carla", "Dario"]
    await repo.set_entrants(
        record.id,
        [
            EntrantRecord(n=n, name=name, members=[Member(user_id=40 + n, name=name)])
            for n, name in enumerate(people, 1)
        ],
    )
    Pair = tuple[int, int, list[int]]  # the two entrants and their points, in halves
    firsts: list[Pair] = [(1, 4, [4, 0]), (2, 3, [3, 1] if form == "knockout" else [1, 3])]
    seconds: list[Pair] = (
        [(1, 2, [2, 0])] if form == "knockout" else [(1, 3, [2, 0]), (2, 4, [2, 0])]
    )
    for number, pairs in ((1, firsts), (2, seconds)):
        await repo.add_round(
            record,
            [
                MatchRecord(
                    round=number,
                    n=n,
                    sides=[home, away],
                    status="done",
                    result="played",
                    points=points,
                    margins=[(points[0] - points[1]) / 2, (points[1] - points[0]) / 2],
                )
                for n, (home, away, points) in enumerate(pairs, 1)
            ],
        )
    record.status, record.champion = "finished", 1
    await repo.save(record)
    await WebRepo(db).set_hidden(guild, 44, True)
    return record.id


async def page_at(client: Client, path: str, status: int = 200) -> str:
    """The page at ``path``, answered with ``status`` and the pages' headers."""
    response = await client.get(path)
    assert response.status == status, path
    assert response.headers["Content-Security-Policy"] == POLICY
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    return await response.text()


async def next_event(events: ClientResponse) -> dict[str, object] | None:
    """The stream's next event; None once it has ended."""
    while True:
        line = (await asyncio.wait_for(events.content.readline(), 10)).decode()
        if not line:
            return None
        if line.startswith("data: "):
            found: dict[str, object] = json.loads(line[6:])
            return found
