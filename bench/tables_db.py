"""Running tables in a real database (a SQLite file, or a PostgreSQL URL), made by the bot's
own table manager.

Every table is opened, joined by four people, started and moved exactly as the bot does it
(``TableManager.create``/``join``/``start``/``act``), so what is stored is what the bot
stores. Nobody's turn ever times out and no seat is an AI, so a restored table stays still;
only a move that decides nothing (Minchiate's "do not declare" with nothing to declare) is
made by the table itself, at once, as the bot does.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from bot.config import TableSettings
from bot.storage import Database, TableRepo
from bot.tables import Table, TableManager
from bot.tables.ai_worker import AIWorkers

PEOPLE = 4
GAMES = ("centocinque", "cento", "minchiate")
GUILD = 1
QUIET = TableSettings(turn_timeout=86_400, ai_delay=0)
BOARD_IDS = 900_000_000  # made-up board message ids: boards that are up to date are not edited


def player_id(table_index: int, seat: int) -> int:
    return 1_000 + PEOPLE * table_index + seat


@asynccontextmanager
async def manager_on(
    where: Path | str, repo: type[TableRepo] = TableRepo
) -> AsyncIterator[TableManager]:
    """A table manager on the database at ``where`` (a SQLite file, or a database URL), not
    restored; closed on leaving."""
    db = await Database.open(where)
    ai = AIWorkers(1)  # its worker process starts only if an AI is asked, which never happens
    manager = TableManager(repo(db), QUIET, {}, ai)
    try:
        yield manager
    finally:
        await manager.close()
        await db.close()
        ai.close()


async def open_table(manager: TableManager, index: int, channel: int | None = None) -> Table:
    """Table ``index`` (in ``channel``, by default one of its own): its game by turns, four
    people, started."""
    game = GAMES[index % len(GAMES)]
    host = player_id(index, 0)
    channel_id = 10_000 + index if channel is None else channel
    table = await manager.create(GUILD, channel_id, host, "p0", game)
    for seat in range(1, PEOPLE):
        await manager.join(table, player_id(index, seat), f"p{seat}")
    await manager.start(table, host)
    return table


async def settled(table: Table) -> None:
    """Wait until the table has made the formality it owes, if any (``Table.formality``)."""
    while table.playing and (turn := table.rules.turn(table.state)) is not None:
        if table.formality(turn) is None:
            return
        await asyncio.sleep(0.001)


async def random_move(manager: TableManager, table: Table, rng: random.Random) -> None:
    """The person on turn makes a random legal move, as from a slash command (once the table
    has made any formality it owes; none if that formality ended the game)."""
    await settled(table)
    seat = table.rules.turn(table.state)
    if seat is None:  # a formality (Minchiate's last "do not declare"...) ended it
        return
    user = table.seats[seat].user_id
    assert user is not None
    action = rng.choice(table.rules.legal_actions(table.state, seat))
    await manager.act(table, user, action, None)


async def fill(
    where: Path | str,
    tables: int,
    moves: int,
    seed: int = 1,
    channels: Sequence[int] | None = None,
) -> None:
    """``tables`` running tables in the database at ``where`` (a SQLite file, or a URL),
    each ``moves`` random moves into its game (table ``i`` in ``channels[i]`` if given),
    each with a board message known to show its last move, as when the bot stopped with
    every board up to date."""
    rng = random.Random(seed)
    async with manager_on(where) as manager:
        for index in range(tables):
            table = await open_table(manager, index, channels[index] if channels else None)
            for _ in range(moves):
                await random_move(manager, table, rng)
            await settled(table)
            await manager.set_board(table, BOARD_IDS + index)
            await manager.boards_drawn({table.id: table.record.moves})
