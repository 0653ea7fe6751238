"""Rate limits: Discord's headers, 5 messages or edits per 5 s per channel, the global
limit, and 429 answers with ``retry_after``; interaction callbacks are exempt."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord, Limits

from .conftest import Api, GatewayClient, stop_the_clock


async def test_the_sixth_message_in_five_seconds_is_429(api: Api, fake: FakeDiscord) -> None:
    stop_the_clock(fake)
    remaining = []
    for i in range(5):
        status, _, headers = await api.send(fake.channel.id, content=f"m{i}")
        assert status == 200
        assert headers["X-RateLimit-Limit"] == "5"
        assert float(headers["X-RateLimit-Reset-After"]) == 5.0
        remaining.append(headers["X-RateLimit-Remaining"])
    assert remaining == ["4", "3", "2", "1", "0"]
    status, body, headers = await api.send(fake.channel.id, content="too many")
    assert status == 429
    assert body["global"] is False and body["retry_after"] == 5.0
    assert (
        headers["Via"] and headers["X-RateLimit-Scope"] == "user" and headers["Retry-After"] == "5"
    )
    assert len(fake.messages()) == 5
    assert [r.status for r in fake.rate_limited] == [429]
    other = fake.create_channel("other")
    assert (await api.send(other.id, content="elsewhere")).status == 200


async def test_edits_count_in_the_same_channel_bucket(api: Api, fake: FakeDiscord) -> None:
    stop_the_clock(fake)
    posted = [await api.send(fake.channel.id, content=f"m{i}") for i in range(3)]
    path = f"/channels/{fake.channel.id}/messages/{posted[0].body['id']}"
    edits = [await api.call("PATCH", path, json={"content": "e"}) for _ in range(3)]
    assert [e.status for e in edits] == [200, 200, 429]
    shared = {a.headers["X-RateLimit-Bucket"] for a in [*posted, *edits[:2]]}
    assert len(shared) == 1, "one bucket hash, so discord.py paces posts and edits together"
    own = (await api.call("GET", "/users/@me")).headers["X-RateLimit-Bucket"]
    assert own not in shared


@pytest.mark.parametrize("limits", [Limits(global_per_second=3)])
async def test_the_global_limit(api: Api, fake: FakeDiscord) -> None:
    stop_the_clock(fake)  # (the fixtures sent nothing)
    paths = [
        "/users/@me",
        "/oauth2/applications/@me",
        f"/channels/{fake.channel.id}",
        "/gateway/bot",
    ]
    answers = [await api.call("GET", path) for path in paths]
    assert [a.status for a in answers] == [200, 200, 200, 429]
    assert answers[3].body["global"] is True
    assert answers[3].headers["X-RateLimit-Global"] == "true"


@pytest.mark.parametrize("limits", [Limits(global_per_second=1)])
@pytest.mark.usefixtures("help_registered")
async def test_interaction_callbacks_are_not_rate_limited(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    stop_the_clock(fake)
    spent = [(await api.call("GET", "/users/@me")).status for _ in range(2)]
    assert spent[-1] == 429  # the second, if registering /help did not spend the one first
    for _ in range(3):
        pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
        assert (await api.answer(interaction, {"type": 4, "data": {"content": "ok"}})).status == 200
        assert (await pending).content == "ok"
    assert (await api.call("GET", "/users/@me")).status == 429
