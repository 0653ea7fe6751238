"""An answer waiting on its picture is deferred before Discord's 3 seconds run out."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from bot.views.access import Interaction, in_time


class Response:
    """The part of an interaction's response ``in_time`` uses, recording each deferral."""

    def __init__(self) -> None:
        self.deferred: list[dict[str, Any]] = []
        self.answered = asyncio.Event()

    def is_done(self) -> bool:
        return bool(self.deferred)

    async def defer(self, **how: Any) -> None:
        self.deferred.append(how)
        self.answered.set()


class Clicked:
    def __init__(self) -> None:
        self.response = Response()


def clicked() -> tuple[Interaction, Response]:
    interaction = Clicked()
    return cast(Interaction, interaction), interaction.response


async def test_work_done_in_time_is_answered_without_a_deferral() -> None:
    interaction, response = clicked()

    async def quick() -> str:
        return "hand"

    assert await in_time(interaction, quick(), edit=False, within=5.0) == "hand"
    assert response.deferred == []


@pytest.mark.parametrize(
    ("edit", "how"), [(False, {"ephemeral": True, "thinking": True}), (True, {})]
)
async def test_slow_work_defers_first_then_gives_its_result(
    edit: bool, how: dict[str, Any]
) -> None:
    interaction, response = clicked()
    drawn = asyncio.Event()
    order: list[str] = []

    async def slow() -> str:
        await drawn.wait()
        order.append(f"drawn after {len(response.deferred)} deferral")
        return "hand"

    pending = asyncio.ensure_future(in_time(interaction, slow(), edit=edit, within=0.0))
    await asyncio.wait_for(response.answered.wait(), 10)  # a guard: never deferred, it fails
    drawn.set()
    assert await pending == "hand"
    assert response.deferred == [how]
    assert order == ["drawn after 1 deferral"]


async def test_an_interaction_already_answered_is_not_deferred_again() -> None:
    interaction, response = clicked()
    response.deferred.append({"already": True})
    drawn = asyncio.Event()

    async def slow() -> str:
        await drawn.wait()
        return "hand"

    pending = asyncio.ensure_future(in_time(interaction, slow(), edit=True, within=0.0))
    await asyncio.sleep(0)
    drawn.set()
    assert await pending == "hand"
    assert response.deferred == [{"already": True}]
