"""The live tables' boards as the channel sees them: the engine's public view of the stored
state (``view(state, None)``: no hand, no stock order, no seed), drawn by the game's
painter, and kept for the few watchers who ask for the same move."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import partial

from bot.gallery import board_image
from bot.games import GAMES
from bot.storage.web import LiveBoard

Painter = Callable[[Callable[[], bytes]], Awaitable[bytes]]
"""Draws a picture off the event loop, in the one thread that draws the process's pictures."""
KEPT = 64


def _drawn(board: LiveBoard, names: list[str]) -> bytes:
    rules = GAMES[board.game]
    assert board.state is not None
    return board_image(board.game, rules.view(rules.load(board.state), None), names)


class Boards:
    def __init__(self, painter: Painter) -> None:
        self.painter = painter
        self._kept: OrderedDict[tuple[int, int, str, tuple[str, ...]], bytes] = OrderedDict()

    async def picture(self, board: LiveBoard, names: list[str], language: str) -> bytes | None:
        """The board's PNG at its latest move (None before the first deal); drawn once per
        move, language and names however many watch it."""
        if board.state is None or board.game not in GAMES:
            return None
        key = (board.id, board.moves, language, tuple(names))
        found = self._kept.get(key)
        if found is None:
            found = await self.painter(partial(_drawn, board, names))
            self._kept[key] = found
            if len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return found
