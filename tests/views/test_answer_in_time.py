"""An answer waiting on its picture is deferred before Discord's 3 seconds run out (on a
clock the test drives)."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

from bot.views.access import ANSWER_WITHIN, Interaction, in_time
from tests.clock import VirtualClock


class Response:
    """The part of an interaction's response ``in_time`` uses, recording each deferral."""

    def __init__(self) -> None:
        self.deferred: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.deferred)

    async def defer(self, **how: Any) -> None:
        self.deferred.append(how)


class Clicked:
    def __init__(self) -> None:
        self.response = Response()


def clicked() -> tuple[Interaction, Response]:
    interaction = Clicked()
    return cast(Interaction, interaction), interaction.response


async def test_work_done_in_time_is_answered_without_a_deferral() -> None:
    clock = VirtualClock()
    interaction, response = clicked()

    async def drawn_in_a_second() -> str:
        await clock.sleep(ANSWER_WITHIN - 0.5)
        return "hand"

    answer = asyncio.ensure_future(
        in_time(interaction, drawn_in_a_second(), edit=False, clock=clock)
    )
    await clock.run_until(answer.done)
    assert answer.result() == "hand"
    assert response.deferred == []


@pytest.mark.parametrize(
    ("edit", "how"), [(False, {"ephemeral": True, "thinking": True}), (True, {})]
)
async def test_slow_work_is_deferred_when_its_time_is_up_then_gives_its_result(
    edit: bool, how: dict[str, Any]
) -> None:
    clock = VirtualClock()
    interaction, response = clicked()
    order: list[str] = []

    async def slow() -> str:
        await clock.sleep(ANSWER_WITHIN + 2)
        order.append(f"drawn after {len(response.deferred)} deferral")
        return "hand"

    answer = asyncio.ensure_future(in_time(interaction, slow(), edit=edit, clock=clock))
    await clock.advance(ANSWER_WITHIN - 0.01)
    assert response.deferred == []  # not yet: the picture may still come in time
    await clock.advance(0.01)
    assert response.deferred == [how]
    await clock.run_until(answer.done)
    assert answer.result() == "hand"
    assert order == ["drawn after 1 deferral"]


async def test_an_interaction_already_answered_is_not_deferred_again() -> None:
    clock = VirtualClock()
    interaction, response = clicked()
    response.deferred.append({"already": True})

    async def slow() -> str:
        await clock.sleep(ANSWER_WITHIN * 2)
        return "hand"

    answer = asyncio.ensure_future(in_time(interaction, slow(), edit=True, clock=clock))
    await clock.run_until(answer.done)
    assert answer.result() == "hand"
    assert response.deferred == [{"already": True}]
