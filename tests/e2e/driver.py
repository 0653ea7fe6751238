"""Driving Tavolo through the fake Discord: the tables as the bot stored them (read-only), the
board, and moves made through the same buttons, selects and modals people use."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

from bot.games import GAMES
from bot.records.fair import match_seed
from bot.storage.postgres import numbered
from bot.views.render import hand_choices
from fakediscord import Channel, FakeDiscord, Message, Reply, SimUser

TOTAL_FIELD = "New total (0 to 100)"
"""The total's field in the Ace's modal, by its label as an English speaker sees it."""
NUMBER_ID = "number"
"""The same field by its custom id, the same in every language (``bot.views.numbers``)."""

if TYPE_CHECKING:  # botprocess imports this module
    from .botprocess import BotProcess

T = TypeVar("T")


@dataclass
class TableRow:
    id: int
    game: str
    status: str
    host_id: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    """The engine's seed: the secret mixed with the Start interaction (bot.records.fair)."""
    state: dict[str, Any] | None
    moves: int
    board_message_id: int | None
    board_moves: int | None = None
    secret: str | None = None
    start_nonce: int | None = None
    shown_in: int | None = None

    @property
    def rules(self) -> Any:
        return GAMES[self.game]

    def engine_state(self) -> Any:
        assert self.state is not None
        return self.rules.load(self.state)

    def seat_of(self, user: SimUser) -> int:
        return next(i for i, s in enumerate(self.seats) if s["user_id"] == user.id)

    def turn(self) -> int | None:
        return self.rules.turn(self.engine_state()) if self.state is not None else None

    def legal(self, seat: int) -> list[str]:
        return list(self.rules.legal_actions(self.engine_state(), seat))

    def choices(self, seat: int) -> list[str]:
        """The moves the interface offers the seat (tokens)."""
        return [c.token for c in hand_choices(self.game, self.legal(seat))]

    def hand(self, seat: int) -> list[str]:
        assert self.state is not None
        return list(self.state["hands"][seat])


def seconds(moment: str) -> float:
    """A time as the database or the fake writes it (ISO 8601, UTC), in seconds."""
    return datetime.fromisoformat(moment.replace("Z", "+00:00")).timestamp()


def table_row(r: Any) -> TableRow:
    """A ``game_tables`` row, read as the tests read it."""
    return TableRow(
        id=r["id"],
        game=r["game"],
        status=r["status"],
        host_id=r["host_id"],
        options=json.loads(r["options"]),
        seats=json.loads(r["seats"]),
        seed=r["seed"] if r["secret"] is None else match_seed(r["secret"], r["start_nonce"]),
        state=json.loads(r["state"]) if r["state"] else None,
        moves=r["moves"],
        board_message_id=r["board_message_id"],
        board_moves=r["board_moves"],
        secret=r["secret"],
        start_nonce=r["start_nonce"],
        shown_in=r["shown_in"],
    )


class Store:
    """The bot's database, read as a person inspecting it would: ``SQLiteStore`` or
    ``PostgresStore`` (``BotProcess.store()`` gives the one the bot uses)."""

    def _query(self, sql: str, *args: Any) -> list[Any]:
        """Rows that can be read by column name; ``sql`` with ``?`` parameters."""
        raise NotImplementedError

    def execute(self, sql: str, *args: Any) -> None:
        """Change the database (while the bot is stopped, as an administrator would)."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the database."""

    def count(self, table: str) -> int:
        """How many rows a table of the database holds."""
        return int(self._query(f"SELECT count(*) AS n FROM {table}")[0]["n"])  # noqa: S608

    def statuses(self) -> list[str]:
        """Each table's status, by id (read even where the rest of its row is damaged)."""
        return [r["status"] for r in self._query("SELECT status FROM game_tables ORDER BY id")]

    def tables(self) -> list[TableRow]:
        return [table_row(r) for r in self._query("SELECT * FROM game_tables ORDER BY id")]

    def table(self, table_id: int | None = None) -> TableRow:
        tables = self.tables()
        return tables[-1] if table_id is None else next(t for t in tables if t.id == table_id)

    def moves(self, table_id: int) -> list[tuple[int, int, str, str]]:
        rows = self._query(
            "SELECT n, seat, action, by FROM moves WHERE table_id = ? ORDER BY n", table_id
        )
        return [(r["n"], r["seat"], r["action"], r["by"]) for r in rows]

    def move_times(self, table_id: int) -> list[tuple[int, float]]:
        """Each move's seat and when the bot stored it (seconds since the epoch), in order."""
        rows = self._query("SELECT seat, at FROM moves WHERE table_id = ? ORDER BY n", table_id)
        return [(r["seat"], seconds(r["at"])) for r in rows]

    def deals(self, table_id: int) -> list[tuple[str, int, dict[str, Any]]]:
        """The table's finished deals' records: (public id, number, record), in order."""
        rows = self._query(
            "SELECT short_id, deal, record FROM deal_records WHERE table_id = ? ORDER BY deal",
            table_id,
        )
        return [(r["short_id"], r["deal"], json.loads(r["record"])) for r in rows]

    def scores(self, table_id: int) -> list[tuple[int, int, str, int, int]]:
        rows = self._query(
            "SELECT move_n, seat, kind, points, total FROM hand_scores WHERE table_id = ?"
            " ORDER BY move_n, seat",
            table_id,
        )
        return [(r["move_n"], r["seat"], r["kind"], r["points"], r["total"]) for r in rows]

    def channel_language(self, channel_id: int) -> str | None:
        """The language chosen for a channel's boards (/table language); None: its server's."""
        rows = self._query("SELECT language FROM channel_settings WHERE channel_id = ?", channel_id)
        return rows[0]["language"] if rows else None

    def web_server(self, guild_id: int) -> tuple[str, str, bool] | None:
        """A server's league pages: their name, their language and whether the admins
        chose it; None while the pages are off."""
        rows = self._query(
            "SELECT name, language, chosen FROM league_web WHERE guild_id = ?", guild_id
        )
        return (rows[0]["name"], rows[0]["language"], bool(rows[0]["chosen"])) if rows else None

    def match(self, table_id: int) -> tuple[dict[str, Any], dict[int, int]]:
        """The stored outcome of a finished match, and each seat's place."""
        (row,) = self._query("SELECT id, outcome FROM matches WHERE table_id = ?", table_id)
        players = self._query(
            "SELECT seat, place FROM match_players WHERE match_id = ? ORDER BY seat", row["id"]
        )
        return json.loads(row["outcome"]), {p["seat"]: p["place"] for p in players}


class SQLiteStore(Store):
    """A SQLite file, opened read-only for each query."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _query(self, sql: str, *args: Any) -> list[sqlite3.Row]:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            return list(conn.execute(sql, args))
        finally:
            conn.close()

    def execute(self, sql: str, *args: Any) -> None:
        with contextlib.closing(sqlite3.connect(self.path)) as conn, conn:
            conn.execute(sql, args)


class PostgresStore(Store):
    """A PostgreSQL database, through one connection on a thread of its own: the tests read it
    from synchronous conditions (``discord.wait_for``) inside their own event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._conn: asyncpg.Connection | None = None

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=30)

    async def _connection(self) -> asyncpg.Connection:
        if self._conn is None:
            self._conn = await asyncpg.connect(self.url)
        return self._conn

    def _query(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async def fetch() -> list[asyncpg.Record]:
            return list(await (await self._connection()).fetch(numbered(sql), *args))

        return self._run(fetch())

    def execute(self, sql: str, *args: Any) -> None:
        async def execute() -> None:
            await (await self._connection()).execute(numbered(sql), *args)

        self._run(execute())

    def close(self) -> None:
        if self._conn is not None:
            self._run(self._conn.close())
            self._conn = None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


# -- the board and hands -----------------------------------------------------------------------


def board_of(discord: FakeDiscord, table_id: int, channel: Channel | None = None) -> Message:
    """The table's current public board (the last message footed with its number), in
    ``channel`` (the default one)."""
    boards = [
        m
        for m in discord.messages(channel)
        if m.embeds and m.embeds[0].get("footer", {}).get("text") == f"Table {table_id}"
    ]
    assert boards, f"no board for table {table_id}"
    return boards[-1]


def is_hand(message: Message) -> bool:
    return bool(message.embeds) and message.embeds[0].get("title", "").startswith("Your hand")


async def answered(reply: Reply) -> str:
    """The text of an ephemeral answer (filled in after a deferral, or a follow-up)."""
    assert reply.error is None, reply.error
    if reply.type == 6:  # a deferred update: the answer comes as a follow-up
        await reply.world.wait_for(lambda: reply.followups, what="a follow-up")
        return "\n".join(m.text for m in reply.followups)
    return (await reply.wait_message()).text


async def new_table(
    discord: FakeDiscord, store: Store, host: SimUser, game: str, *, join: tuple[SimUser, ...] = ()
) -> int:
    reply = await host.slash("table new", game=game)
    assert "table is open" in await answered(reply)
    table_id = store.table().id
    board = board_of(discord, table_id)
    for user in join:
        assert "You joined" in await answered(await user.click(board, label="Join"))
    return table_id


async def reseed(bot_process: BotProcess, store: Store, table_id: int, seed: int) -> None:
    """Choose a lobby's deal: set the table's secret seed while the bot is stopped (as an
    administrator would), then start the bot again. A scenario that needs a deal long enough,
    or a card in a hand, is then the same at every run. Its secret goes: the table is dealt
    from the seed alone, as one opened before commitments (bot/records)."""
    await bot_process.stop()
    store.execute("UPDATE game_tables SET seed = ?, secret = NULL WHERE id = ?", seed, table_id)
    await bot_process.start()


async def add_ai(user: SimUser, board: Message, level: str = "easy") -> None:
    label = "Add AI (easy)" if level == "easy" else "Add AI (hard)"
    assert "sits down" in await answered(await user.click(board, label=label))


async def start(discord: FakeDiscord, store: Store, host: SimUser, table_id: int) -> TableRow:
    board = board_of(discord, table_id)
    assert "The game is on" in await answered(await host.click(board, label="Start"))
    await discord.wait_for(lambda: "· playing" in board_of(discord, table_id).text, timeout=10)
    return store.table(table_id)


async def wait_turn(
    discord: FakeDiscord, store: Store, table_id: int, seat: int, timeout: float = 20
) -> TableRow:
    """Wait until ``seat`` is on turn, or its turn can no longer come: the match is over, or
    the seat is out of it (One Hundred's last chip lost). The stored table then."""

    def ready() -> TableRow | None:
        row = store.table(table_id)
        if row.status != "playing" or row.turn() == seat:
            return row
        return None if row.rules.plays(row.engine_state(), seat) else row

    return await discord.wait_for(ready, timeout, f"seat {seat}'s turn at table {table_id}")


async def moved(
    discord: FakeDiscord, store: Store, table_id: int, before: int, timeout: float = 5.0
) -> TableRow:
    """Wait for a move after move number ``before``; the stored table then."""

    def after() -> TableRow | None:
        row = store.table(table_id)
        return row if row.moves > before else None

    return await discord.wait_for(after, timeout, f"a move after move {before}")


async def open_hand(user: SimUser, board: Message) -> Message:
    reply = await user.click(board, label="My hand")
    assert reply.error is None and reply.ephemeral, (reply.error, reply.content)
    assert reply.message is not None and is_hand(reply.message)
    return reply.message


def _move_id(token: str) -> re.Pattern[str]:
    return re.compile(rf"tv:m:\d+:\d+:\d+:{re.escape(token)}")


def offered(hand: Message) -> list[str]:
    """The move tokens a hand message offers, buttons and selects alike."""
    tokens = [
        b["custom_id"].split(":", 5)[5] for b in hand.buttons if b["custom_id"].startswith("tv:m:")
    ]
    tokens += [o["value"] for s in hand.selects for o in s["options"]]
    return tokens


async def hand_on_turn(discord: FakeDiscord, user: SimUser, table_id: int) -> Message:
    """The person's hand on their turn, as the stored table has it: it offers moves (a hand
    opened while a move is being stored waits for it, ``bot.views.hand``)."""
    hand = await open_hand(user, board_of(discord, table_id))
    assert offered(hand), "the hand offers no move on the person's turn"
    return hand


async def whole_move(discord: FakeDiscord, user: SimUser, hand: Message, row: TableRow) -> None:
    """The first move the person's hand offers, made whole: a card of several moves (Scopa's
    takes) shows them in the hand in place of the cards, and the first of them is made."""
    seat = row.seat_of(user)
    token = row.choices(seat)[0]
    assert (await make_move(user, hand, token)).error is None
    if token not in row.legal(seat):

        def its_moves() -> bool:
            shown = offered(hand)
            return bool(shown) and all(t.startswith(f"{token}:") for t in shown)

        await discord.wait_for(its_moves, what=f"the moves of {token}")
        assert (await make_move(user, hand, offered(hand)[0])).error is None


def pings_ahead_of_the_board(discord: FakeDiscord, table_id: int, since: int = 0) -> int:
    """Turn pings that reached the channel while the table's board, as last sent, did not yet
    show the turn on the person pinged (read from the fake's request log, in arrival order,
    from request number ``since``)."""
    footer = f"Table {table_id}"
    board = ""
    ahead = 0
    for request in discord.requests[since:]:
        payload = request.payload if isinstance(request.payload, dict) else {}
        embeds = payload.get("embeds") or []
        if request.status >= 300:
            continue
        if embeds and embeds[0].get("footer", {}).get("text") == footer:
            board = embeds[0].get("description", "")
        elif "it is your turn at" in (content := payload.get("content") or ""):
            name = discord.world.users[int(content[2 : content.index(">")])].global_name
            on_turn = (f"▶ {name}", f"{name} is discarding", f"{name} declares or passes")
            ahead += not any(words in board for words in on_turn)
    return ahead


def a_play(row: TableRow, seat: int) -> str:
    """A move the seat's hand offers: a plain card if there is one, else One Hundred's Ace,
    whose total ``make_move`` then gives (near 100 it may be the only card that keeps the pile
    from going over). The hand offers the Ace without its total, so this reads the offered
    tokens (``choices``), never the engine's ``play:AC:<total>``."""
    choices = row.choices(seat)
    return next((c for c in choices if c not in ("play:AS", "play:AC")), choices[0])


async def make_move(user: SimUser, hand: Message, token: str, total: int | None = None) -> Reply:
    """Pick ``token`` in a hand message; a One Hundred Ace asks for ``total`` in a modal,
    filled in by its field's custom id, as the modal is in the person's language."""
    for button in hand.buttons:
        if _move_id(token).fullmatch(button["custom_id"]):
            reply = await user.click(hand, custom_id=button["custom_id"])
            break
    else:
        select = next(s for s in hand.selects if token in [o["value"] for o in s["options"]])
        reply = await user.select(hand, select["custom_id"], [token])
    if reply.modal is not None:
        assert total is not None, f"{token} asks for a total"
        reply = await user.submit_modal({NUMBER_ID: str(total)})
    return reply


async def restart_mid_deal(
    discord: FakeDiscord, bot_process: BotProcess, table_id: int, user: SimUser
) -> None:
    """A trick-taking game (Briscola, Tressette) of ``user`` and the AI: a few tricks into the
    first deal the bot is killed and started again, with ``user`` on turn. The stored table is
    the same, the hand opened before shows the same cards and its button makes a move, and the
    AI plays on."""
    store = bot_process.store()
    board = board_of(discord, table_id)
    seat = store.table(table_id).seat_of(user)
    for _ in range(4):  # a card each time: an accuso offered first would not take a trick
        row = await wait_turn(discord, store, table_id, seat)
        hand = await open_hand(user, board)
        await make_move(user, hand, next(t for t in offered(hand) if t.startswith("play:")))
        await moved(discord, store, table_id, row.moves)
    row = await wait_turn(discord, store, table_id, seat)
    assert row.state is not None and row.state["deal_no"] == 1 and row.state["tricks"]
    hand = await open_hand(user, board)
    cards = [line for line in hand.text.splitlines() if line.startswith("Your hand")]

    await bot_process.kill()
    await bot_process.start()

    after = store.table(table_id)
    assert (after.state, after.moves, after.seats) == (row.state, row.moves, row.seats)
    again = await open_hand(user, board)  # the board from before the restart
    assert [line for line in again.text.splitlines() if line.startswith("Your hand")] == cards
    token = after.choices(seat)[-1]
    assert (await make_move(user, hand, token)).error is None  # the old hand's button
    await moved(discord, store, table_id, after.moves)
    assert store.moves(table_id)[after.moves][1:] == (seat, token, "person")
    # The AI plays on after the restart. The user's card may have won the trick, so that they
    # lead the next one themselves: then their lead is the AI's to answer (a trick needs both).
    for _ in range(2):
        await wait_turn(discord, store, table_id, seat)
        later = store.moves(table_id)[after.moves + 1 :]
        if any(s != seat for _, s, _, _ in later):
            break
        hand = await open_hand(user, board)
        await make_move(user, hand, offered(hand)[0])
        await moved(discord, store, table_id, after.moves + 1 + len(later))
    assert {by for _, s, _, by in later if s != seat} == {"ai"}
