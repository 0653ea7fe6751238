"""Fault injection: chosen requests answered with 5xx or 429, held back, or carried out
and then answered with an error."""

from __future__ import annotations

import time

import pytest

from fakediscord import FakeDiscord

from .conftest import Api, GatewayClient

MESSAGES = "POST /channels/{channel_id}/messages"


async def test_a_5xx_answer_then_normal_service(api: Api, fake: FakeDiscord) -> None:
    fake.faults.fail(MESSAGES, 502)
    first = await api.send(fake.channel.id, content="hello")
    second = await api.send(fake.channel.id, content="hello")
    assert (first.status, second.status) == (502, 200)
    assert [m.content for m in fake.messages()] == ["hello"]
    assert [r.injected for r in fake.requests] == [True, False]


async def test_an_injected_429_carries_retry_after(api: Api, fake: FakeDiscord) -> None:
    fake.faults.fail("POST /channels/*", 429, retry_after=0.25, times=2)
    answers = [await api.send(fake.channel.id, content="x") for _ in range(3)]
    assert [a.status for a in answers] == [429, 429, 200]
    assert answers[0].body["retry_after"] == 0.25 and answers[0].headers["Via"]
    assert fake.rate_limited == []


async def test_a_delayed_answer(api: Api, fake: FakeDiscord) -> None:
    fake.faults.delay("GET /users/@me", 0.3)
    started = time.monotonic()
    assert (await api.call("GET", "/users/@me")).status == 200
    assert time.monotonic() - started >= 0.3


@pytest.mark.usefixtures("help_registered")
async def test_an_answer_carried_out_but_reported_as_500_cannot_be_repeated(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    fake.faults.fail("POST /interactions/*/callback", 500, after_processing=True)
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    assert (await api.answer(interaction, {"type": 4, "data": {"content": "hi"}})).status == 500
    retry = await api.answer(interaction, {"type": 4, "data": {"content": "hi"}})
    assert (retry.status, retry.body["code"]) == (400, 40060)
    assert (await pending).content == "hi"
