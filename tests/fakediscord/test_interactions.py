"""Interactions as Discord runs them: one answer within the deadline, tokens that expire,
ephemeral messages seen by one person only, components, modals, follow-ups, mentions."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from fakediscord import ActionError, FakeDiscord, Limits
from fakediscord.permissions import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL

from .conftest import HELP_COMMAND, Api, GatewayClient

pytestmark = pytest.mark.usefixtures("help_registered")

JOIN_ROW = {
    "type": 1,
    "components": [
        {"type": 2, "style": 1, "label": "Join", "custom_id": "table:join"},
        {"type": 2, "style": 2, "label": "Start", "custom_id": "table:start", "disabled": True},
    ],
}


async def test_ephemeral_reply_is_seen_only_by_its_user_and_stays_off_the_gateway(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    pending, interaction = await gateway.interaction(alice.slash("help"))
    status, body, _ = await api.answer(
        interaction, {"type": 4, "data": {"content": "psst", "flags": 64}}
    )
    assert status == 200
    assert body["interaction"]["response_message_ephemeral"] is True
    reply = await pending
    assert (reply.type, reply.ephemeral, reply.content, reply.error) == (4, True, "psst", None)
    assert alice.visible_messages() == [reply.message]
    assert bob.visible_messages() == []
    assert fake.messages() == []
    assert reply.message is not None
    status, body, _ = await api.call(
        "GET", f"/channels/{fake.channel.id}/messages/{reply.message.id}"
    )
    assert (status, body["code"]) == (404, 10008)
    await api.send(fake.channel.id, content="public")
    await gateway.next(t="MESSAGE_CREATE")
    assert [m["content"] for m in gateway.events("MESSAGE_CREATE")] == ["public"]


async def test_every_version_of_every_message_is_kept_as_it_was_seen(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(alice.slash("help"))
    await api.answer(interaction, {"type": 4, "data": {"content": "psst", "flags": 64}})
    await pending
    path = f"/webhooks/{fake.world.application_id}/{interaction['token']}/messages/@original"
    await api.call("PATCH", path, auth=False, json={"content": "edited", "components": [JOIN_ROW]})
    await api.send(fake.channel.id, content="public")
    seen = [(m.content, m.visible_to, len(m.components)) for m in fake.world.seen]
    assert seen == [("psst", alice.id, 0), ("edited", alice.id, 1), ("public", None, 0)]
    assert [m.edits for m in fake.world.seen] == [0, 1, 0]
    assert fake.world.seen[0].id == fake.world.seen[1].id  # one message, two versions


async def test_public_reply_is_a_message_everyone_sees(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    pending, interaction = await gateway.interaction(alice.slash("help"))
    await api.answer(interaction, {"type": 4, "data": {"content": "hello all"}})
    reply = await pending
    assert bob.visible_messages() == [reply.message]
    event = (await gateway.next(t="MESSAGE_CREATE"))["d"]
    assert event["content"] == "hello all"
    assert event["interaction_metadata"]["user"]["id"] == str(alice.id)
    assert event["type"] == 20


async def test_second_answer_is_40060(api: Api, fake: FakeDiscord, gateway: GatewayClient) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    status, _, _ = await api.answer(interaction, {"type": 5})
    assert status == 200
    status, body, _ = await api.answer(interaction, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)
    assert (await pending).interaction.rejections == [body]


@pytest.mark.parametrize("limits", [Limits(ack_deadline=0.3)])
async def test_answer_after_the_deadline_is_10062_and_the_user_sees_no_answer(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    reply = await pending
    assert reply.error == "The application did not respond"
    status, body, _ = await api.answer(interaction, {"type": 4, "data": {"content": "late"}})
    assert (status, body["code"], body["message"]) == (404, 10062, "Unknown interaction")
    assert "10062" in str(reply.error)


async def test_deferred_reply_is_filled_by_the_first_followup(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(alice.slash("help"))
    status, body, _ = await api.answer(interaction, {"type": 5, "data": {"flags": 64}})
    assert body["interaction"]["response_message_loading"] is True
    reply = await pending
    assert reply.message is not None and reply.message.loading
    first = api.followup(interaction, content="done")
    (status, message, _), settled = await asyncio.gather(first, reply.wait_message())
    assert status == 200
    assert message["id"] == str(settled.id) and settled.content == "done" and settled.ephemeral
    status, second, _ = await api.followup(interaction, content="more", flags=64)
    assert second["id"] != message["id"]
    assert [m.content for m in alice.visible_messages()] == ["done", "more"]
    assert reply.followups[0].content == "more"
    assert fake.user("bob").visible_messages() == []


async def test_followup_needs_an_answer_first_and_an_unexpired_token(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    status, body, _ = await api.followup(interaction, content="too early")
    assert (status, body["code"]) == (404, 10015)
    await api.answer(interaction, {"type": 4, "data": {"content": "ok"}})
    await pending
    path = f"/webhooks/{fake.world.application_id}/{interaction['token']}/messages/@original"
    status, body, _ = await api.call("PATCH", path, auth=False, json={"content": "edited"})
    assert (status, body["content"]) == (200, "edited")
    fake.limits.token_lifetime = 0.0  # its fifteen minutes are over, without waiting them out
    status, body, _ = await api.call("PATCH", path, auth=False, json={"content": "too late"})
    assert (status, body["code"]) == (401, 50027)


async def test_button_click_updates_the_message(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    posted = (await api.send(fake.channel.id, content="Lobby", components=[JOIN_ROW])).body
    board = fake.world.messages[int(posted["id"])]
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(alice.click(board, label="Join"))
    assert interaction["data"] == {"custom_id": "table:join", "component_type": 2}
    assert interaction["message"]["id"] == posted["id"]
    assert interaction["member"]["user"]["id"] == str(alice.id)
    await api.answer(interaction, {"type": 7, "data": {"content": "Lobby: Alice"}})
    reply = await pending
    assert reply.message is board and board.content == "Lobby: Alice" and board.edits == 1
    assert (await gateway.next(t="MESSAGE_UPDATE"))["d"]["content"] == "Lobby: Alice"
    with pytest.raises(ActionError, match="disabled"):
        await alice.click(board, label="Start")
    with pytest.raises(ActionError, match="0 buttons match"):
        await alice.click(board, label="Leave")


async def test_nobody_can_click_on_someone_elses_ephemeral_message(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    await api.answer(interaction, {"type": 4, "data": {"flags": 64, "components": [JOIN_ROW]}})
    hand = (await pending).message
    assert hand is not None
    with pytest.raises(ActionError, match="bob cannot see"):
        await fake.user("bob").click(hand, label="Join")
    pending, clicked = await gateway.interaction(fake.user("alice").click(hand, label="Join"))
    assert clicked["message"]["flags"] == 64


async def test_select_sends_the_picked_values(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    menu = {
        "type": 3,
        "custom_id": "play",
        "max_values": 2,
        "options": [{"label": c, "value": c} for c in ("7d", "Ac", "Kb")],
    }
    row = {"type": 1, "components": [menu]}
    posted = (await api.send(fake.channel.id, content="Hand", components=[row])).body
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(
        alice.select(int(posted["id"]), "play", ["7d", "Kb"])
    )
    assert interaction["data"] == {"custom_id": "play", "component_type": 3, "values": ["7d", "Kb"]}
    await api.answer(interaction, {"type": 6})
    assert (await pending).type == 6
    with pytest.raises(ActionError, match="cannot pick"):
        await alice.select(int(posted["id"]), "play", ["2s"])


async def test_modal_is_shown_and_submitted(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice = fake.user("alice")
    modal = {
        "custom_id": "bid",
        "title": "Your bid",
        "components": [
            {
                "type": 1,
                "components": [
                    {
                        "type": 4,
                        "custom_id": "amount",
                        "label": "Amount",
                        "style": 1,
                        "max_length": 3,
                    }
                ],
            },
            {
                "type": 18,
                "label": "Note",
                "component": {"type": 4, "custom_id": "note", "style": 2, "required": False},
            },
        ],
    }
    pending, interaction = await gateway.interaction(alice.slash("help"))
    await api.answer(interaction, {"type": 9, "data": modal})
    assert (await pending).modal == modal
    with pytest.raises(ActionError, match="3 characters"):
        await alice.submit_modal({"amount": "1000"})
    pending, submitted = await gateway.interaction(alice.submit_modal({"amount": "50"}))
    assert submitted["type"] == 5
    assert submitted["data"] == {
        "custom_id": "bid",
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "amount", "value": "50"}]},
            {"type": 18, "component": {"type": 4, "custom_id": "note", "value": ""}},
        ],
    }
    await api.answer(submitted, {"type": 4, "data": {"content": "Bid 50"}})
    assert (await pending).content == "Bid 50"
    with pytest.raises(ActionError, match="no modal is open"):
        await alice.submit_modal({"amount": "60"})


async def test_slash_options_subcommands_and_choices(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    game = {
        "type": 3,
        "name": "game",
        "description": "d",
        "required": True,
        "choices": [{"name": "Cento", "value": "cento"}],
    }
    seats = {"type": 4, "name": "seats", "description": "d", "min_value": 2, "max_value": 4}
    new = {"type": 1, "name": "new", "description": "d", "options": [game, seats]}
    await api.register({"name": "table", "description": "Tables", "options": [new]}, HELP_COMMAND)
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(
        alice.slash("table new", game="cento", seats=3)
    )
    assert interaction["data"]["name"] == "table"
    assert interaction["data"]["guild_id"] == str(fake.guild_id)
    assert interaction["data"]["options"] == [
        {
            "type": 1,
            "name": "new",
            "options": [
                {"type": 3, "name": "game", "value": "cento"},
                {"type": 4, "name": "seats", "value": 3},
            ],
        }
    ]
    pending.cancel()
    for call, problem in [
        (alice.slash("table new", game="poker"), "not a choice"),
        (alice.slash("table new", game="cento", seats=9), "out of range"),
        (alice.slash("table new", seats=3), "needs the options"),
        (alice.slash("table new", game="cento", colour="red"), "no option 'colour'"),
        (alice.slash("table"), "needs one of its subcommands"),
        (alice.slash("poker"), "no command /poker"),
    ]:
        with pytest.raises(ActionError, match=problem):
            await call


async def test_mentions_follow_allowed_mentions_and_edits_ping_nobody(
    api: Api, fake: FakeDiscord
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    content = f"{alice.mention} and {bob.mention}, your turn"
    only_alice = {"parse": [], "users": [str(alice.id)]}
    posted = (await api.send(fake.channel.id, content=content, allowed_mentions=only_alice)).body
    assert [u["id"] for u in posted["mentions"]] == [str(alice.id)]
    assert alice.pings() == [fake.world.messages[int(posted["id"])]] and bob.pings() == []
    path = f"/channels/{fake.channel.id}/messages/{posted['id']}"
    edit = {"content": f"{bob.mention}!", "allowed_mentions": {"parse": ["users"]}}
    edited = (await api.call("PATCH", path, json=edit)).body
    assert [u["id"] for u in edited["mentions"]] == [str(bob.id)]
    assert bob.pings() == []
    silent = (await api.send(fake.channel.id, content=bob.mention, flags=1 << 12)).body
    assert silent["mentions"] and bob.pings() == []
    await api.send(fake.channel.id, content=bob.mention)
    assert len(bob.pings()) == 1


async def test_files_upload_as_multipart_attachments(
    fake: FakeDiscord, session: aiohttp.ClientSession
) -> None:
    def form() -> aiohttp.FormData:
        data = aiohttp.FormData(quote_fields=False)
        data.add_field(
            "payload_json",
            '{"content": "scores", "attachments": [{"id": 0, "filename": "scores.csv"}]}',
        )
        data.add_field(
            "files[0]",
            b"a,1\nb,2\n",
            filename="scores.csv",
            content_type="application/octet-stream",
        )
        return data

    url = f"{fake.api_base}/channels/{fake.channel.id}/messages"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with session.post(url, data=form(), headers=headers) as response:
        message: dict[str, Any] = await response.json()
    (attachment,) = message["attachments"]
    assert (attachment["filename"], attachment["size"], attachment["content_type"]) == (
        "scores.csv",
        8,
        "text/csv",
    )
    async with session.get(attachment["url"]) as response:
        assert await response.read() == b"a,1\nb,2\n"
    fake.limits.max_file_size = 7
    async with session.post(url, data=form(), headers=headers) as response:
        assert (response.status, (await response.json())["code"]) == (413, 40005)
    fake.world.set_permissions(fake.channel, fake.guild.everyone, deny=ATTACH_FILES)
    async with session.post(url, data=form(), headers=headers) as response:
        assert (response.status, (await response.json())["code"]) == (403, 50013)


async def test_channel_permissions_give_50001_and_50013(api: Api, fake: FakeDiscord) -> None:
    everyone = fake.guild.everyone
    fake.world.set_permissions(fake.channel, everyone, deny=SEND_MESSAGES)
    status, body, _ = await api.send(fake.channel.id, content="hi")
    assert (status, body["code"]) == (403, 50013)
    fake.world.set_permissions(fake.channel, everyone, deny=VIEW_CHANNEL)
    status, body, _ = await api.send(fake.channel.id, content="hi")
    assert (status, body["code"]) == (403, 50001)
    assert fake.user("alice").visible_messages() == []


async def test_the_bot_cannot_edit_someone_elses_message(api: Api, fake: FakeDiscord) -> None:
    said = fake.world.post(fake.channel, fake.user("alice").user, {"content": "mine"})
    path = f"/channels/{fake.channel.id}/messages/{said.id}"
    status, body, _ = await api.call("PATCH", path, json={"content": "hacked"})
    assert (status, body["code"]) == (403, 50005)
    assert said.content == "mine"


async def test_user_channel_and_role_options_are_resolved_for_permitted_members(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    manage_guild = 1 << 5
    options = [
        {"type": 6, "name": "partner", "description": "d", "required": True},
        {"type": 7, "name": "where", "description": "d", "required": True},
        {"type": 8, "name": "team", "description": "d", "required": True},
    ]
    command = {"name": "invite", "description": "d", "options": options}
    await api.register({**command, "default_member_permissions": str(manage_guild)})
    alice, bob = fake.user("alice"), fake.user("bob")
    hosts = fake.world.add_role(fake.guild, "hosts", manage_guild)
    invite = alice.slash("invite", partner=bob, where=fake.channel, team=hosts)
    with pytest.raises(ActionError, match="lacks the permissions"):
        await invite
    fake.guild.members[alice.id].roles.append(hosts.id)
    pending, interaction = await gateway.interaction(
        alice.slash("invite", partner=bob, where=fake.channel, team=hosts)
    )
    pending.cancel()
    values = {o["name"]: o["value"] for o in interaction["data"]["options"]}
    assert values == {"partner": str(bob.id), "where": str(fake.channel.id), "team": str(hosts.id)}
    resolved = interaction["data"]["resolved"]
    assert resolved["users"][str(bob.id)]["username"] == "bob"
    assert "user" not in resolved["members"][str(bob.id)]
    assert resolved["channels"][str(fake.channel.id)]["name"] == "tavolo"
    assert resolved["roles"][str(hosts.id)]["name"] == "hosts"
    assert interaction["member"]["roles"] == [str(hosts.id)]
