"""The rest of the REST API: identity, gateway discovery, reading and deleting messages,
the interaction webhook's messages, commands, and Discord's generic errors."""

from __future__ import annotations

import pytest

from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_MESSAGES

from .conftest import Api, GatewayClient


async def test_identity_and_gateway_discovery(api: Api, fake: FakeDiscord) -> None:
    me = (await api.call("GET", "/users/@me")).body
    app = (await api.call("GET", "/applications/@me")).body
    assert me["id"] == app["id"] == str(fake.world.application_id) and me["bot"] is True
    assert app["bot"]["username"] == "tavolo" and app["flags"] == 0
    assert (await api.call("GET", "/gateway", auth=False)).body == {"url": fake.gateway_url}
    bot_gateway = (await api.call("GET", "/gateway/bot")).body
    assert bot_gateway["shards"] == 1 and bot_gateway["session_start_limit"]["max_concurrency"] == 1
    alice = fake.user("alice")
    assert (await api.call("GET", f"/users/{alice.id}")).body["username"] == "alice"
    assert (await api.call("GET", "/users/1")).body["code"] == 10013


@pytest.mark.parametrize(
    ("method", "path", "auth", "status", "code"),
    [
        ("GET", "/users/@me", False, 401, 0),
        ("GET", "/nowhere", True, 404, 0),
        ("POST", "/users/@me", True, 405, 0),
        ("GET", "/channels/1", True, 404, 10003),
    ],
    ids=["no token", "unknown route", "wrong method", "unknown channel"],
)
async def test_generic_errors(
    api: Api, method: str, path: str, auth: bool, status: int, code: int
) -> None:
    answer = await api.call(method, path, auth=auth)
    assert (answer.status, answer.body["code"]) == (status, code)


async def test_history_fetch_and_delete(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    ids = [(await api.send(fake.channel.id, content=f"m{i}")).body["id"] for i in range(4)]
    history = f"/channels/{fake.channel.id}/messages"
    newest = (await api.call("GET", history, params={"limit": "2"})).body
    assert [m["content"] for m in newest] == ["m3", "m2"]
    before = (await api.call("GET", history, params={"before": ids[2]})).body
    assert [m["content"] for m in before] == ["m1", "m0"]
    after = (await api.call("GET", history, params={"after": ids[0], "limit": "2"})).body
    assert [m["content"] for m in after] == ["m2", "m1"]
    assert (await api.call("GET", f"{history}/{ids[1]}")).body["content"] == "m1"
    assert (await api.call("DELETE", f"{history}/{ids[1]}")).status == 204
    assert (await api.call("GET", f"{history}/{ids[1]}")).body["code"] == 10008
    deleted = (await gateway.next(t="MESSAGE_DELETE"))["d"]
    assert deleted == {
        "id": ids[1],
        "channel_id": str(fake.channel.id),
        "guild_id": str(fake.guild_id),
    }
    theirs = fake.world.post(fake.channel, fake.user("alice").user, {"content": "mine"})
    assert (await api.call("DELETE", f"{history}/{theirs.id}")).body["code"] == 50013
    moderator = fake.world.add_role(fake.guild, "moderator", MANAGE_MESSAGES)
    fake.guild.members[fake.world.bot.id].roles.append(moderator.id)
    assert (await api.call("DELETE", f"{history}/{theirs.id}")).status == 204


@pytest.mark.usefixtures("help_registered")
async def test_reading_and_deleting_through_the_interaction_token(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    await api.answer(interaction, {"type": 4, "data": {"content": "first"}})
    await pending
    webhook = f"/webhooks/{fake.world.application_id}/{interaction['token']}"
    followup = (await api.followup(interaction, content="second")).body
    original = (await api.call("GET", f"{webhook}/messages/@original", auth=False)).body
    assert original["content"] == "first"
    assert (await api.call("GET", f"{webhook}/messages/{followup['id']}", auth=False)).body[
        "content"
    ] == "second"
    assert (await api.call("DELETE", f"{webhook}/messages/@original", auth=False)).status == 204
    gone = await api.call("GET", f"{webhook}/messages/@original", auth=False)
    assert (gone.status, gone.body["code"]) == (404, 10008)
    assert [m.content for m in fake.messages()] == ["second"]
    wrong_app = await api.call(
        "GET", f"/webhooks/1/{interaction['token']}/messages/@original", auth=False
    )
    assert wrong_app.body["code"] == 10015


async def test_commands_can_be_listed_and_global_ones_are_capped(
    api: Api, fake: FakeDiscord
) -> None:
    await api.register({"name": "help", "description": "d"})
    path = f"/applications/{fake.world.application_id}/guilds/{fake.guild_id}/commands"
    assert [c["name"] for c in (await api.call("GET", path)).body] == ["help"]
    global_path = f"/applications/{fake.world.application_id}/commands"
    many = [{"name": f"c{i}", "description": "d"} for i in range(101)]
    answer = await api.call("PUT", global_path, json=many)
    assert answer.body["errors"]["_errors"][0]["code"] == "APPLICATION_COMMANDS_TOO_MANY"
    assert (await api.call("PUT", global_path, json=many[:100])).status == 200
    assert len(fake.commands()) == 101
    other_app = f"/applications/1/guilds/{fake.guild_id}/commands"
    assert (await api.call("PUT", other_app, json=[])).body["code"] == 50001
