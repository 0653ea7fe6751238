"""Pictures sent with boards and hands: PNG attachments the embeds show.

Drawing takes a few milliseconds, so it runs off the event loop, which keeps answering
interactions meanwhile; in one thread, as Pillow's shared fonts and cached cards are not
made to be drawn from several at once. The text stays in every embed (screen readers, and
servers that turn pictures off with /table pictures).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import itertools
import queue
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import discord

from bot.gallery import Slot, board_image, bracket_image, hand_image, prepare, replay_image
from bot.tables import Table

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
BRACKET_FILE = "bracket.png"

ANSWER, BOARD = 0, 1
"""Who waits for a picture: a person, for the answer to their click; or a board's edit."""


class _Painter:
    """The pictures thread, drawing the pictures asked for in turn, answers first: a hand
    waits for the picture being drawn, never for the boards queued behind it. A busy
    second's board edits are granted together, and drawn in turn they would hold up the
    hands of the moves made meanwhile by a board each (about 2.5 ms)."""

    def __init__(self) -> None:
        self._jobs: queue.PriorityQueue[tuple[int, int, Callable[[], None]]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    async def draw(self, draw: Callable[[], bytes], who: int) -> bytes:
        """``draw()`` in the pictures thread, in the caller's language, ``who`` (ANSWER,
        BOARD) saying how soon."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bytes] = loop.create_future()
        context = contextvars.copy_context()

        def job() -> None:
            result, error = None, None
            try:
                result = context.run(draw)
            except Exception as failed:
                error = failed
            # RuntimeError: the event loop is closed, nobody waits for the picture any more.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, done, result, error)

        self._jobs.put((who, next(self._order), job))
        self._start()
        return await done

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="pictures", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            _, _, job = self._jobs.get()
            job()


def _settle(done: asyncio.Future[Any], result: Any, error: Exception | None) -> None:
    if done.cancelled():
        return  # the caller stopped waiting (its interaction was cancelled)
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(result)


_painter = _Painter()


async def warm_up() -> None:
    """Choose the shared palette, in the pictures thread, before the bot goes online: read
    back from where the last start kept it, or learnt (about a second, drawing every card):
    else the first boards after a start would wait for it."""

    def prepared() -> bytes:
        prepare()
        return b""

    await _painter.draw(prepared, ANSWER)


def _attached(embed: discord.Embed, name: str, data: bytes) -> list[discord.File]:
    embed.set_image(url=f"attachment://{name}")
    return [discord.File(io.BytesIO(data), filename=name)]


async def board_files(table: Table, embed: discord.Embed) -> list[discord.File]:
    """The board's picture (a game in play or just over), shown as ``embed``'s image."""
    if table.state is None or table.record.status not in ("playing", "finished"):
        return []
    view, names = table.view(None), table.names
    data = await _painter.draw(partial(board_image, table.game, view, names), BOARD)
    return _attached(embed, BOARD_FILE, data)


async def replay_files(
    game: str,
    view: dict[str, Any],
    names: list[str],
    hands: list[list[str]] | None,
    embed: discord.Embed,
) -> list[discord.File]:
    """A replay's step drawn as ``embed``'s image: the board from its public ``view`` and
    every seat's hand face up below it (``hands``; None: the board alone)."""
    data = await _painter.draw(partial(replay_image, game, view, names, hands), ANSWER)
    return _attached(embed, BOARD_FILE, data)


async def bracket_files(
    title: str, rounds: list[list[Slot]], size: int, embed: discord.Embed
) -> list[discord.File]:
    """A knockout's bracket as a picture, shown as ``embed``'s image beside its text."""
    data = await _painter.draw(partial(bracket_image, title, rounds, size), BOARD)
    return _attached(embed, BRACKET_FILE, data)


async def hand_files(table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
    """``seat``'s hand as a picture, shown as ``embed``'s image: on the seat's turn its
    playable cards are raised and the others dimmed."""
    cards = list(table.view(seat).get("hand") or [])
    if not cards:
        return []
    on_turn = table.playing and seat in table.rules.to_act(table.state)
    legal = (
        table.spec.moves.cards(table.rules.legal_actions(table.state, seat)) if on_turn else None
    )
    data = await _painter.draw(partial(hand_image, table.game, cards, legal), ANSWER)
    return _attached(embed, HAND_FILE, data)


async def picture_files(
    draw: Callable[[], bytes], name: str, embed: discord.Embed, limit: int
) -> list[discord.File]:
    """Another picture (the league's) drawn by ``draw`` for an answer, shown as ``embed``'s
    image; none if it is over ``limit`` bytes (the server's file size limit: the text says
    it all)."""
    data = await _painter.draw(draw, ANSWER)
    return _attached(embed, name, data) if len(data) <= limit else []


async def drawn_for_the_web(draw: Callable[[], bytes]) -> bytes:
    """A picture for the league's web pages served inside the bot, drawn in the pictures
    thread behind the answers (like a board)."""
    return await _painter.draw(draw, BOARD)
