"""Every request is checked against Discord's OpenAPI description (``fakediscord/spec.py``):
one that breaks it is refused and recorded with its endpoint, field and rule."""

from __future__ import annotations

from fakediscord import FakeDiscord
from fakediscord.spec import SpecViolation, discord_api

from .conftest import Api, png

MESSAGES = "POST /channels/{channel_id}/messages"


def _error_at(body: dict[str, object], *keys: str) -> str:
    node = body["errors"]
    for key in keys:
        assert isinstance(node, dict)
        node = node[key]
    assert isinstance(node, dict)
    return str(node["_errors"][0]["code"])


async def test_a_body_field_of_the_wrong_type_is_refused_naming_it(
    api: Api, fake: FakeDiscord
) -> None:
    status, body, _ = await api.send(fake.channel.id, content="hi", tts="yes")
    assert (status, body["code"], _error_at(body, "tts")) == (400, 50035, "OPENAPI_TYPE")
    (violation,) = fake.spec_violations
    assert (violation.endpoint, violation.location, violation.pointer, violation.rule) == (
        MESSAGES,
        "body",
        "/tts",
        'type: ["boolean", "null"]',
    )
    assert str(violation).startswith(f'{MESSAGES}: body /tts: type: ["boolean", "null"]')
    assert fake.rejections[0].violations == [violation] and fake.messages() == []


async def test_a_route_discord_does_not_have_is_refused(api: Api, fake: FakeDiscord) -> None:
    status, _, _ = await api.call("GET", f"/tables/{fake.channel.id}")
    assert status == 404
    assert fake.spec_violations == [
        SpecViolation(
            f"GET /tables/{fake.channel.id}",
            "route",
            "",
            "paths: Discord's API has no such route",
        )
    ]


async def test_query_parameters_are_checked(api: Api, fake: FakeDiscord) -> None:
    path = f"/channels/{fake.channel.id}/messages"
    status, body, _ = await api.call("GET", path, params={"limit": "many", "befor": "1"})
    assert (status, body["code"], _error_at(body, "limit")) == (400, 50035, "OPENAPI_TYPE")
    assert [(v.location, v.pointer, v.rule) for v in fake.spec_violations] == [
        ("query", "/limit", 'type: "integer"'),
        ("query", "/befor", "parameters: no query parameter 'befor'"),
    ]
    status, _, _ = await api.call("GET", path, params={"limit": "100", "before": "1"})
    assert status == 200 and len(fake.spec_violations) == 2


async def test_a_union_none_of_whose_members_matches_is_refused(
    api: Api, fake: FakeDiscord
) -> None:
    status, body, _ = await api.send(fake.channel.id, components=[{"type": 99}])
    assert (status, body["code"]) == (400, 50035)
    (violation,) = fake.spec_violations
    assert (violation.pointer, violation.rule) == (
        "/components/0",
        "oneOf: matches none of its 7 members",
    )


def test_a_union_member_is_chosen_by_its_type() -> None:
    """Callbacks are a union told apart by ``type``: the errors are those of the member the
    answer is meant as; a type no member has matches none."""
    api, path = discord_api(), "/interactions/1/token/callback"
    meant = api.check("POST", path, {}, ("application/json", {"type": 4, "data": {"tts": 1}}))
    assert [(v.pointer, v.rule, v.detail) for v in meant] == [
        (
            "/data",
            "oneOf: matches none of its 2 members",
            "closest: /tts: 1 is not of type 'boolean', 'null'",
        )
    ]
    (none,) = api.check("POST", path, {}, ("application/json", {"type": 99}))
    assert (none.pointer, none.rule) == ("", "anyOf: matches none of its 7 members")


async def test_valid_requests_pass(api: Api, fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    button = {"type": 2, "style": 1, "label": "Join", "custom_id": "join"}
    status, posted, _ = await api.send(
        fake.channel.id,
        content="A table",
        embeds=[{"title": "Cento", "fields": [{"name": "Seats", "value": "2", "inline": True}]}],
        components=[{"type": 1, "components": [button]}],
        allowed_mentions={"parse": [], "users": [str(alice.id)]},
    )
    assert status == 200, posted
    edit = {"attachments": [{"id": 0, "filename": "board.png"}], "embeds": []}
    path = f"/channels/{fake.channel.id}/messages/{posted['id']}"
    status, _, _ = await api.with_files("PATCH", path, edit, ("board.png", png(2, 2)))
    assert status == 200
    command = {"name": "league", "description": "d", "default_member_permissions": "32"}
    assert (await api.register(command)).status == 200
    assert (await api.call("GET", f"/channels/{fake.channel.id}/messages?limit=5")).status == 200
    assert fake.spec_violations == [] and fake.rejections == []


async def test_snowflakes_may_be_integers(api: Api, fake: FakeDiscord) -> None:
    alice = fake.user("alice")
    mentions: dict[str, list[int | str]] = {"parse": [], "users": [alice.id]}
    status, _, _ = await api.send(fake.channel.id, content="hi", allowed_mentions=mentions)
    assert status == 200 and fake.spec_violations == []
    mentions["users"] = ["alice"]
    status, body, _ = await api.send(fake.channel.id, content="hi", allowed_mentions=mentions)
    assert (status, _error_at(body, "allowed_mentions")) == (400, "OPENAPI_ONEOF")


async def test_the_documented_rules_answer_first_and_apply_where_the_spec_is_looser(
    api: Api, fake: FakeDiscord
) -> None:
    status, body, _ = await api.send(fake.channel.id, content="x" * 2001)  # the spec: 4,000
    assert (status, _error_at(body, "content")) == (400, "BASE_TYPE_MAX_LENGTH")
    assert fake.spec_violations == []
    status, body, _ = await api.send(fake.channel.id, embeds=[{"title": "x" * 257}])
    assert (status, _error_at(body, "embeds", "0", "title")) == (400, "BASE_TYPE_MAX_LENGTH")
    assert [v.rule for v in fake.spec_violations] == ["maxLength: 256"]
