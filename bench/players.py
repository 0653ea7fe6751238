"""Simulated people at one table each, for the load benchmark (``bench.load``).

Every action is a real interaction sent by the fake Discord (``RemoteUser``): slash commands,
suggestions, buttons, selects and modals, as people use them. Each action first waits for a
slot from a shared ``Pacer``, so all tables together act at the benchmark's rate; a table acts
again only once its last interaction was answered (closed loop per table, paced overall).

``TavoloTable`` plays a real game with Tavolo: it opens the table, seats four people and
starts; then the person on turn either presses **My hand** and a move in the hand (or picks
it in a select; a One Hundred chooser Ace asks for the total in a modal), or, one move in
four, types ``/play`` after asking for its suggestions. Who is on turn is read from the bot's
database (``Probe``: its SQLite file, or the PostgreSQL database its shard processes share),
read only, as the end-to-end tests do; the moves are those the hand offers.
A finished match is followed by a **Rematch** and a new start.

``FloorTable`` sends the same mix of interactions to the floor bot (``bench.floor_bot``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from bench.stats import Pacer
from bot.storage.postgres import numbered
from fakediscord import ActionError, RemoteFakeDiscord, RemoteUser
from tests.e2e.driver import TOTAL_FIELD, TableRow, table_row

log = logging.getLogger(__name__)

CHOOSERS = ("play:AS", "play:AC")
SLASH_EVERY = 4
AHEAD_TRIES = 40  # a person whose hand offers no move asks again, 50 ms apart, up to this

T = TypeVar("T")
"""One move in this many is made with ``/play`` (after its suggestions), the rest from a hand."""


@dataclass
class Counts:
    """What the simulated people did, over all tables."""

    interactions: int = 0
    moves: int = 0
    matches: int = 0
    errors: list[str] = field(default_factory=list)


class Probe:
    """The bot's database, read only: which table a channel has, and its state. A SQLite
    file (``Probe.open(path)``) or a PostgreSQL database (``Probe.open("postgresql://...")``),
    which several bot processes (shards) may share."""

    @staticmethod
    async def open(where: Path | str) -> Probe:
        if isinstance(where, str) and where.startswith(("postgresql://", "postgres://")):  # noqa: ASYNC240 (a str)
            return await PostgresProbe.connect(where)
        return SQLiteProbe(Path(where))

    async def close(self) -> None:
        raise NotImplementedError

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        """Rows of a query with ``?`` parameters; each row read by column name."""
        raise NotImplementedError

    async def latest(self, channel_id: int) -> TableRow | None:
        """The newest table of a channel, or None."""
        rows = await self.rows(
            "SELECT * FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id
        )
        return table_row(rows[0]) if rows else None

    async def moves(self, table_id: int) -> int:
        """How many moves the table has stored (a cheap query, for polling)."""
        (row,) = await self.rows("SELECT moves FROM game_tables WHERE id = ?", table_id)
        return int(row[0])

    async def table(self, table_id: int) -> TableRow:
        (row,) = await self.rows("SELECT * FROM game_tables WHERE id = ?", table_id)
        return table_row(row)


class SQLiteProbe(Probe):
    def __init__(self, path: Path) -> None:
        self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._conn.row_factory = sqlite3.Row

    async def close(self) -> None:
        self._conn.close()

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        return self._conn.execute(sql, args).fetchall()


class PostgresProbe(Probe):
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, url: str) -> PostgresProbe:
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=4,
            server_settings={
                "application_name": "tavolo-bench",
                "default_transaction_read_only": "on",
            },
        )
        return cls(pool)

    async def close(self) -> None:
        await self._pool.close()

    async def rows(self, sql: str, *args: Any) -> list[Any]:
        return list(await self._pool.fetch(numbered(sql), *args))


async def until(
    check: Callable[[], Awaitable[Any]], timeout: float, what: str, poll: float = 0.05
) -> Any:
    """Poll ``await check()`` until it gives something truthy; TimeoutError after ``timeout``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = await check()
        if result:
            return result
        if loop.time() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(poll)


def move_options(hand: dict[str, Any]) -> dict[str, tuple[str, str | None]]:
    """The moves a hand message offers: token -> (custom id, None for a button or the token
    to pick in that select)."""
    found: dict[str, tuple[str, str | None]] = {}
    for row in hand.get("components") or []:
        for item in row.get("components") or []:
            custom_id = item.get("custom_id", "")
            if item["type"] == 2 and custom_id.startswith("tv:m:"):
                found[custom_id.split(":", 5)[5]] = (custom_id, None)
            elif item["type"] == 3 and custom_id.startswith("tv:ms:"):
                for option in item.get("options") or []:
                    found[option["value"]] = (custom_id, option["value"])
    return found


def careful(row: TableRow, seat: int, offered: list[str], rng: random.Random) -> str:
    """A move for ``seat``: in One Hundred the one keeping the total lowest, never a chooser Ace
    while something else is offered (matches last longer); in other games any offered move."""
    if row.game != "cento":
        return rng.choice(offered)
    plain = [t for t in offered if t not in CHOOSERS] or offered
    state = row.engine_state()

    def total_after(token: str) -> int:
        if token in CHOOSERS:
            return 0
        after, _ = row.rules.apply(state, seat, token)
        return int(row.rules.dump(after)["total"])

    return min(plain, key=total_after)


class TableBase:
    """One table's people: paced actions, counted; errors kept, not raised."""

    def __init__(
        self,
        fake: RemoteFakeDiscord,
        channel_id: int,
        people: list[str],
        pacer: Pacer,
        counts: Counts,
    ) -> None:
        self.fake = fake
        self.channel_id = channel_id
        self.people = [fake.user(name) for name in people]
        self.pacer = pacer
        self.counts = counts

    async def act(self, call: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """Wait for a slot, then run one user action."""
        await self.pacer.wait()
        reply = await call()
        self.counts.interactions += 1
        return reply

    async def press(
        self, user: RemoteUser, message_id: str, label: str, timeout: float = 15.0
    ) -> dict[str, Any]:
        """Press a button once it is shown: a board's buttons change with its next edit, which
        the bot paces, so a person may have to wait for it (no interaction is sent meanwhile)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                return await self.act(lambda: user.click(message_id, label=label))
            except ActionError:
                if loop.time() > deadline:
                    raise
                await asyncio.sleep(0.1)

    async def play_for(self, seconds: float) -> None:
        """Make moves until ``seconds`` have passed (an error pauses this table briefly)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline:
            try:
                await self.move()
            except (ActionError, TimeoutError, AssertionError, KeyError) as error:
                self.counts.errors.append(f"channel {self.channel_id}: {error!r}")
                await asyncio.sleep(0.5)

    async def open(self) -> None:
        """Get the table ready to play."""
        raise NotImplementedError

    async def move(self) -> None:
        """One move (two or three interactions)."""
        raise NotImplementedError


class TavoloTable(TableBase):
    """Four people playing one real game of ``game`` with Tavolo in one channel."""

    def __init__(
        self,
        fake: RemoteFakeDiscord,
        channel_id: int,
        people: list[str],
        pacer: Pacer,
        counts: Counts,
        *,
        probe: Probe,
        user_ids: dict[str, int],
        game: str = "cento",
        seed: int = 0,
    ) -> None:
        super().__init__(fake, channel_id, people, pacer, counts)
        self.probe = probe
        self.by_id = {user_ids[u.name]: u for u in self.people}
        self.game = game
        self.rng = random.Random(seed)
        self.table_id = 0
        self.turns = 0

    async def row(self) -> TableRow:
        return await self.probe.table(self.table_id)

    async def _seated(self) -> bool:
        return len((await self.row()).seats) == len(self.people)

    async def _playing(self) -> bool:
        return (await self.row()).status == "playing"

    async def _new_table(self, than: int) -> TableRow | None:
        """The channel's newest table if it is newer than ``than`` and has its board."""
        found = await self.probe.latest(self.channel_id)
        return found if found and found.id > than and found.board_message_id else None

    async def open(self) -> None:
        """Open the table, seat everyone and start the game."""
        host, *guests = self.people
        before = await self.probe.latest(self.channel_id)
        opened = await self.act(
            lambda: host.slash("table new", channel_id=self.channel_id, game=self.game)
        )
        assert opened["error"] is None, f"/table new in {self.channel_id}: {opened['error']}"
        row = await until(
            lambda: self._new_table(before.id if before else 0),
            10,
            f"a lobby in channel {self.channel_id}",
        )
        self.table_id = row.id
        board = str(row.board_message_id)
        for guest in guests:
            await self.press(guest, board, "Join")
        await until(self._seated, 10, "everyone seated")
        await self.press(host, board, "Start")
        await until(self._playing, 10, "the game to start")

    async def _rematch(self, row: TableRow) -> None:
        """After a finished match: Rematch, then Start the new table."""
        self.counts.matches += 1
        user = self.people[0]
        board = str(row.board_message_id)
        await self.press(user, board, "Rematch")
        new = await until(lambda: self._new_table(row.id), 10, "the rematch's lobby")
        self.table_id = new.id
        start = str(new.board_message_id)
        await self.press(user, start, "Start")
        await until(self._playing, 10, "the rematch to start")

    async def move(self) -> None:
        """The person on turn makes one move; returns once the bot has stored it."""
        row = await self.row()
        if row.status == "finished":
            await self._rematch(row)
            return
        seat = row.turn()
        assert seat is not None, f"nobody on turn at table {row.id}"
        user = self.by_id[row.seats[seat]["user_id"]]
        self.turns += 1
        if self.turns % SLASH_EVERY == 0:
            await self._play_command(user, row, seat)
        else:
            await self._play_from_hand(user, row, seat)

        async def stored() -> bool:
            return await self.probe.moves(row.id) > row.moves

        await until(stored, 10, f"move {row.moves + 1}")
        self.counts.moves += 1

    async def _until_offered(
        self, ask: Callable[[], Awaitable[T]], offers: Callable[[T], Any]
    ) -> T:
        """Ask for the seat's moves until some are offered. The people read turns from the
        database, and may ask in the moment between a move's commit and the bot taking it
        in (a person reads the board, which comes after): then they ask again."""
        for _ in range(AHEAD_TRIES):
            answer = await ask()
            if offers(answer):
                return answer
            await asyncio.sleep(0.05)
        raise AssertionError(f"no move offered after {AHEAD_TRIES} tries")

    async def _play_from_hand(self, user: RemoteUser, row: TableRow, seat: int) -> None:
        board = str(row.board_message_id)

        async def open_hand() -> dict[str, Any]:
            shown = await self.press(user, board, "My hand")
            hand: dict[str, Any] | None = shown["message"]
            assert shown["error"] is None, shown["error"]
            assert hand is not None
            return hand

        hand = await self._until_offered(open_hand, move_options)
        options = move_options(hand)
        token = careful(row, seat, list(options), self.rng)
        custom_id, value = options[token]
        if value is None:
            reply = await self.act(lambda: user.click(hand["id"], custom_id=custom_id))
        else:
            reply = await self.act(lambda: user.select(hand["id"], custom_id, [value]))
        if reply["modal"] is not None:  # a chooser Ace: the new total
            await self.act(
                lambda: user.submit_modal(
                    {TOTAL_FIELD: "10"}, interaction_id=reply["interaction_id"]
                )
            )

    async def _play_command(self, user: RemoteUser, row: TableRow, seat: int) -> None:
        channel = self.channel_id
        suggested = await self._until_offered(
            lambda: self.act(lambda: user.autocomplete("play", "card", "", channel_id=channel)),
            lambda answer: answer["choices"],
        )
        offered = [c["value"] for c in suggested["choices"]]
        token = careful(row, seat, offered, self.rng)
        extra = {"value": 10} if token in CHOOSERS else {}
        await self.act(lambda: user.slash("play", channel_id=channel, card=token, **extra))


class FloorTable(TableBase):
    """The same mix of interactions, sent to the floor bot: a board from ``/table new``, then
    **My hand** and its move button, and one move in four as suggestions and ``/play``."""

    board = ""
    turns = 0

    async def open(self) -> None:
        host = self.people[0]
        reply = await self.act(
            lambda: host.slash("table new", channel_id=self.channel_id, game="cento")
        )
        self.board = reply["message"]["id"]

    async def move(self) -> None:
        user = self.people[self.turns % len(self.people)]
        self.turns += 1
        channel = self.channel_id
        if self.turns % SLASH_EVERY == 0:
            await self.act(lambda: user.autocomplete("play", "card", "", channel_id=channel))
            await self.act(lambda: user.slash("play", channel_id=channel, card="play:7D"))
        else:
            hand = (await self.act(lambda: user.click(self.board, label="My hand")))["message"]
            await self.act(lambda: user.click(hand["id"], label="7D"))
        self.counts.moves += 1
