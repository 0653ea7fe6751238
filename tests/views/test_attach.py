"""The pictures thread: answers are drawn before the board edits queued ahead of them."""

from __future__ import annotations

import asyncio
import threading
from functools import partial

import pytest

from bot.views.attach import ANSWER, BOARD, _Painter


async def test_an_answer_is_drawn_before_the_boards_queued_ahead_of_it() -> None:
    painter = _Painter()
    release, order = threading.Event(), list[str]()

    def busy() -> bytes:
        release.wait(10)  # a guard only: the test releases it at once
        return b"busy"

    def picture(name: str) -> bytes:
        order.append(name)
        return name.encode()

    first = asyncio.ensure_future(painter.draw(busy, BOARD))
    await asyncio.sleep(0)
    boards = [asyncio.ensure_future(painter.draw(partial(picture, n), BOARD)) for n in "ab"]
    await asyncio.sleep(0)
    hand = asyncio.ensure_future(painter.draw(partial(picture, "hand"), ANSWER))
    await asyncio.sleep(0)
    release.set()
    assert await asyncio.gather(first, *boards, hand) == [b"busy", b"a", b"b", b"hand"]
    assert order == ["hand", "a", "b"]


async def test_a_failed_picture_raises_for_its_caller_and_the_thread_goes_on() -> None:
    painter = _Painter()

    def broken() -> bytes:
        raise ValueError("no such card")

    with pytest.raises(ValueError, match="no such card"):
        await painter.draw(broken, ANSWER)
    assert await painter.draw(lambda: b"ok", BOARD) == b"ok"
