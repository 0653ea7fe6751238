"""Pictures sent with boards and hands: PNG attachments the embeds show.

Drawing takes a few milliseconds, so it runs off the event loop, which keeps answering
interactions meanwhile; in one thread, as Pillow's shared fonts and card pictures are not
made to be drawn from several at once. The text stays in every embed (screen readers, and
servers that turn pictures off with /table pictures).
"""

from __future__ import annotations

import asyncio
import contextvars
import io
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import discord

from bot.pictures import board_image, hand_image, prepare
from bot.tables import Table

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"

_painter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


async def warm_up() -> None:
    """Draw every card and make the shared palette, in the pictures thread (about a second,
    before the bot goes online): else the first boards after a start would wait for it."""
    await asyncio.get_running_loop().run_in_executor(_painter, prepare)


async def _draw(draw: Callable[[], bytes]) -> bytes:
    """``draw()`` in the pictures thread, speaking the caller's language."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(_painter, partial(context.run, draw))


def _attached(embed: discord.Embed, name: str, data: bytes) -> list[discord.File]:
    embed.set_image(url=f"attachment://{name}")
    return [discord.File(io.BytesIO(data), filename=name)]


async def board_files(table: Table, embed: discord.Embed) -> list[discord.File]:
    """The board's picture (a game in play or just over), shown as ``embed``'s image."""
    if table.state is None or table.record.status not in ("playing", "finished"):
        return []
    view, names = table.view(None), table.names
    data = await _draw(partial(board_image, table.game, view, names))
    return _attached(embed, BOARD_FILE, data)


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
    data = await _draw(partial(hand_image, table.game, cards, legal))
    return _attached(embed, HAND_FILE, data)
