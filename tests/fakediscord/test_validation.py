"""Each Discord limit: a payload at the limit is accepted, one past it gets 50035 with the
error at the right place in the tree, as Discord answers."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import FakeDiscord

from .conftest import Api, GatewayClient


def _button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _select(options: int, *, label: str = "o", value: str | None = None) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": "pick",
        "options": [{"label": label, "value": value or f"v{i}"} for i in range(options)],
    }


def _fields(count: int, *, name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"title": "t", "fields": [{"name": name, "value": value}] * count}


# (case, accepted payload, rejected payload, error path, error code)
MESSAGE_CASES = [
    (
        "content",
        {"content": "x" * 2000},
        {"content": "x" * 2001},
        ["content"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed count",
        {"embeds": [{"title": "t"}] * 10},
        {"embeds": [{"title": "t"}] * 11},
        ["embeds"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed total size",
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2000}]},
        {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]},
        ["embeds"],
        "MAX_EMBED_SIZE_EXCEEDED",
    ),
    (
        "embed title",
        {"embeds": [{"title": "x" * 256}]},
        {"embeds": [{"title": "x" * 257}]},
        ["embeds", "0", "title"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed description",
        {"embeds": [{"description": "x" * 4096}]},
        {"embeds": [{"description": "x" * 4097}]},
        ["embeds", "0", "description"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed fields",
        {"embeds": [_fields(25)]},
        {"embeds": [_fields(26)]},
        ["embeds", "0", "fields"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "field name",
        {"embeds": [_fields(1, name="x" * 256)]},
        {"embeds": [_fields(1, name="x" * 257)]},
        ["embeds", "0", "fields", "0", "name"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "field value",
        {"embeds": [_fields(1, value="x" * 1024)]},
        {"embeds": [_fields(1, value="x" * 1025)]},
        ["embeds", "0", "fields", "0", "value"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "footer",
        {"embeds": [{"footer": {"text": "x" * 2048}}]},
        {"embeds": [{"footer": {"text": "x" * 2049}}]},
        ["embeds", "0", "footer", "text"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "embed image url scheme",
        {"embeds": [{"image": {"url": "attachment://board.png"}}]},
        {"embeds": [{"image": {"url": "attachments://board.png"}}]},
        ["embeds", "0", "image", "url"],
        "URL_TYPE_INVALID_SCHEME",
    ),
    (
        "embed thumbnail url without a scheme",
        {"embeds": [{"thumbnail": {"url": "https://example.com/seat.png"}}]},
        {"embeds": [{"thumbnail": {"url": "seat.png"}}]},
        ["embeds", "0", "thumbnail", "url"],
        "URL_TYPE_INVALID_URL",
    ),
    (
        "action rows",
        {"components": [_row(_button(f"b{i}")) for i in range(5)]},
        {"components": [_row(_button(f"b{i}")) for i in range(6)]},
        ["components"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "buttons in a row",
        {"components": [_row(*(_button(f"b{i}") for i in range(5)))]},
        {"components": [_row(*(_button(f"b{i}") for i in range(6)))]},
        ["components", "0", "components"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "select alone in its row",
        {"components": [_row(_select(3)), _row(_button("b"))]},
        {"components": [_row(_select(3), _button("b"))]},
        ["components", "0", "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    (
        "select with too many options",
        {"components": [_row(_select(25))]},
        {"components": [_row(_select(26))]},
        ["components", "0", "components", "0", "options"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "select without options",
        {"components": [_row(_select(1))]},
        {"components": [_row(_select(0))]},
        ["components", "0", "components", "0", "options"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "option label",
        {"components": [_row(_select(1, label="x" * 100))]},
        {"components": [_row(_select(1, label="x" * 101))]},
        ["components", "0", "components", "0", "options", "0", "label"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "option value",
        {"components": [_row(_select(1, value="x" * 100))]},
        {"components": [_row(_select(1, value="x" * 101))]},
        ["components", "0", "components", "0", "options", "0", "value"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "select that may be left empty is not required",
        {"components": [_row({**_select(2), "min_values": 0, "max_values": 2})]},
        {"components": [_row({**_select(2), "min_values": 0, "max_values": 2, "required": True})]},
        ["components", "0", "components", "0", "min_values"],
        "SELECT_COMPONENT_REQUIRED_ZERO_MIN_VALUES",
    ),
    (
        "custom id",
        {"components": [_row(_button("x" * 100))]},
        {"components": [_row(_button("x" * 101))]},
        ["components", "0", "components", "0", "custom_id"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "custom ids unique in a message",
        {"components": [_row(_button("a")), _row(_button("b"))]},
        {"components": [_row(_button("a")), _row(_button("a"))]},
        ["components", "1", "components", "0", "custom_id"],
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    (
        "button label",
        {"components": [_row(_button("b", "x" * 80))]},
        {"components": [_row(_button("b", "x" * 81))]},
        ["components", "0", "components", "0", "label"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "allowed mentions",
        {"content": "hi", "allowed_mentions": {"parse": [], "users": ["1"]}},
        {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}},
        ["allowed_mentions"],
        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
    ),
]


def _error_at(body: dict[str, Any], path: list[str]) -> str:
    node = body["errors"]
    for key in path:
        node = node[key]
    return str(node["_errors"][0]["code"])


@pytest.mark.parametrize(
    ("accepted", "rejected", "path", "code"),
    [case[1:] for case in MESSAGE_CASES],
    ids=[case[0] for case in MESSAGE_CASES],
)
async def test_message_limits(
    api: Api,
    fake: FakeDiscord,
    accepted: dict[str, Any],
    rejected: dict[str, Any],
    path: list[str],
    code: str,
) -> None:
    status, body, _ = await api.send(fake.channel.id, **accepted)
    assert status == 200, body
    status, body, _ = await api.send(fake.channel.id, **rejected)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert _error_at(body, path) == code
    assert len(fake.messages()) == 1


async def test_empty_message_is_50006_and_an_edit_to_empty_changes_nothing(
    api: Api, fake: FakeDiscord
) -> None:
    status, body, _ = await api.send(fake.channel.id, content="")
    assert (status, body["code"]) == (400, 50006)
    posted = (await api.send(fake.channel.id, content="hi")).body
    path = f"/channels/{fake.channel.id}/messages/{posted['id']}"
    status, body, _ = await api.call("PATCH", path, json={"content": ""})
    assert (status, body["code"]) == (400, 50006)
    assert [(m.content, m.edits) for m in fake.messages()] == [("hi", 0)]


def _option(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "d", **extra}


def _localized(name: str, **names: str) -> dict[str, Any]:
    """A string option with localized names (``it="gioco"``; ``pt_BR`` for ``pt-BR``)."""
    return _option(name, name_localizations={k.replace("_", "-"): v for k, v in names.items()})


def _choices(count: int) -> list[dict[str, str]]:
    return [{"name": f"c{i}", "value": f"c{i}"} for i in range(count)]


GOOD_TABLE = {
    "name": "table",
    "description": "Tables",
    "options": [
        {
            "type": 2,
            "name": "house",
            "description": "House rules",
            "options": [{"type": 1, "name": "set", "description": "d", "options": [_option("x")]}],
        },
        {
            "type": 1,
            "name": "new",
            "description": "Open a table",
            "options": [
                _option("game", required=True, choices=_choices(25)),
                *(_option(f"o{i}") for i in range(24)),
            ],
        },
    ],
}

# (case, definitions, error path, error code)
COMMAND_CASES = [
    (
        "upper-case name",
        [{"name": "Help", "description": "d"}],
        ["0", "name"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "name with a space",
        [{"name": "two words", "description": "d"}],
        ["0", "name"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "name too long",
        [{"name": "x" * 33, "description": "d"}],
        ["0", "name"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "description too long",
        [{"name": "help", "description": "x" * 101}],
        ["0", "description"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "too many options",
        [{"name": "help", "description": "d", "options": [_option(f"o{i}") for i in range(26)]}],
        ["0", "options"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "required after optional",
        [
            {
                "name": "help",
                "description": "d",
                "options": [_option("a"), _option("b", required=True)],
            }
        ],
        ["0", "options"],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ),
    (
        "too many choices",
        [{"name": "help", "description": "d", "options": [_option("a", choices=_choices(26))]}],
        ["0", "options", "0", "choices"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "subcommands mixed with options",
        [
            {
                "name": "help",
                "description": "d",
                "options": [{"type": 1, "name": "s", "description": "d"}, _option("a")],
            }
        ],
        ["0", "options"],
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ),
    (
        "duplicate names",
        [{"name": "help", "description": "d"}, {"name": "help", "description": "e"}],
        ["1", "name"],
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
    ),
    (
        "localization for a locale Discord lacks",
        [{"name": "help", "description": "d", "name_localizations": {"pt_BR": "ajuda"}}],
        ["0", "name_localizations", "pt_BR"],
        "BASE_TYPE_CHOICES",
    ),
    (
        "localizations not a dictionary",
        [{"name": "help", "description": "d", "description_localizations": ["ajuda"]}],
        ["0", "description_localizations"],
        "DICT_TYPE_CONVERT",
    ),
    (
        "upper-case localized command name, reported on the dictionary",
        [{"name": "help", "description": "d", "name_localizations": {"pt-BR": "Ajuda"}}],
        ["0", "name_localizations"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized option name with a space, reported at its locale",
        [{"name": "help", "description": "d", "options": [_localized("a", de="zwei worte")]}],
        ["0", "options", "0", "name_localizations", "de"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized option name too long",
        [{"name": "help", "description": "d", "options": [_localized("a", de="x" * 33)]}],
        ["0", "options", "0", "name_localizations", "de"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    (
        "localized description too long",
        [{"name": "help", "description": "d", "description_localizations": {"it": "x" * 101}}],
        ["0", "description_localizations", "it"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "empty localized description",
        [{"name": "help", "description": "d", "description_localizations": {"it": ""}}],
        ["0", "description_localizations", "it"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "localized choice name too long",
        [
            {
                "name": "help",
                "description": "d",
                "options": [
                    _option(
                        "a",
                        choices=[
                            {"name": "c", "value": "c", "name_localizations": {"fr": "x" * 101}}
                        ],
                    )
                ],
            }
        ],
        ["0", "options", "0", "choices", "0", "name_localizations", "fr"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "localized option name that is another option's name",
        [
            {
                "name": "help",
                "description": "d",
                "options": [_option("game"), _localized("seat", it="game")],
            }
        ],
        ["0", "options", "1", "name_localizations", "it"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ),
    (
        "two options with one localized name",
        [
            {
                "name": "help",
                "description": "d",
                "options": [_localized("game", it="gioco"), _localized("seat", it="gioco")],
            }
        ],
        ["0", "options", "0", "name_localizations", "it"],
        "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
    ),
    (
        "localized context menu name too long",
        [{"type": 3, "name": "Pin", "description": "", "name_localizations": {"it": "x" * 33}}],
        ["0", "name_localizations", "it"],
        "BASE_TYPE_BAD_LENGTH",
    ),
]


async def test_valid_commands_are_registered_with_ids(api: Api, fake: FakeDiscord) -> None:
    status, body, _ = await api.register(GOOD_TABLE, {"name": "help", "description": "Help"})
    assert status == 200, body
    assert [c["name"] for c in body] == ["table", "help"]
    assert all(c["guild_id"] == str(fake.guild_id) for c in body)
    ids = [c["id"] for c in body]
    status, again, _ = await api.register({"name": "help", "description": "Help again"})
    assert again[0]["id"] == ids[1], "overwriting a command keeps its id"
    assert [c.name for c in fake.commands()] == ["help"]


async def test_localized_names_follow_discords_naming_rule_in_every_script(
    api: Api, fake: FakeDiscord
) -> None:
    names = {
        "pt-BR": "ação",
        "de": "straße",
        "el": "βοήθεια",
        "ru": "помощь",
        "hi": "सहायता",  # Devanagari vowel signs are marks, not letters
        "th": "ช่วยเหลือ",  # so are Thai tone marks
        "ja": "ヘルプ",  # no case at all
        "zh-CN": "帮助",
        "ko": "도움말",
        "fr": "l'aide-2",
    }
    command = {
        "name": "help",
        "description": "d",
        "name_localizations": names,
        "description_localizations": {locale: "x" * 100 for locale in names},
        "options": [_localized("topic", **{k.replace("-", "_"): v for k, v in names.items()})],
    }
    status, body, _ = await api.register(command)
    assert status == 200, body
    assert fake.commands()[0].data["options"][0]["name_localizations"] == names
    for upper in ("Ação", "Βοήθεια", "Помощь"):
        command["name_localizations"] = {"it": upper}
        status, body, _ = await api.register(command)
        assert _error_at(body, ["0", "name_localizations"]) == "APPLICATION_COMMAND_INVALID_NAME"


async def test_only_the_longest_localization_counts_toward_the_command_size(
    api: Api, fake: FakeDiscord
) -> None:
    def command(default: int, localized: int) -> dict[str, Any]:
        """3 options of 25 choices: 536 + 75 x the longest choice name, in characters."""
        choice_names = {"it": "n" * localized, "de": "n" * localized, "fr": "n" * localized}
        choices = [
            {"name": "n" * default, "value": f"v{j:02d}", "name_localizations": choice_names}
            for j in range(25)
        ]
        options = [_option(f"o{i}", description="x" * 100, choices=choices) for i in range(3)]
        return {"name": "help", "description": "d", "options": options}

    status, body, _ = await api.register(command(default=99, localized=99))
    assert status == 200, "7961 characters, however many locales repeat them"
    status, body, _ = await api.register(command(default=10, localized=100))
    assert _error_at(body, ["0"]) == "APPLICATION_COMMAND_TOO_LARGE", "8036 characters"


@pytest.mark.parametrize(
    ("commands", "path", "code"),
    [case[1:] for case in COMMAND_CASES],
    ids=[case[0] for case in COMMAND_CASES],
)
async def test_command_definitions_are_validated(
    api: Api, fake: FakeDiscord, commands: list[dict[str, Any]], path: list[str], code: str
) -> None:
    status, body, _ = await api.register(*commands)
    assert (status, body["code"]) == (400, 50035)
    assert _error_at(body, path) == code
    assert fake.commands() == []


def _text_input(custom_id: str) -> dict[str, Any]:
    return _row({"type": 4, "custom_id": custom_id, "label": "Amount", "style": 1})


# (case, callback body, error path, error code): answers to a slash command
CALLBACK_CASES = [
    (
        "reply content",
        {"type": 4, "data": {"content": "x" * 2001}},
        ["data", "content"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    (
        "modal title",
        {
            "type": 9,
            "data": {"custom_id": "m", "title": "x" * 46, "components": [_text_input("a")]},
        },
        ["data", "title"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "modal inputs",
        {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "Bid",
                "components": [_text_input(f"a{i}") for i in range(6)],
            },
        },
        ["data", "components"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    (
        "update on a command",
        {"type": 7, "data": {"content": "x"}},
        ["type"],
        "INTERACTION_RESPONSE_TYPE_INVALID",
    ),
    ("deferred update on a command", {"type": 6}, ["type"], "INTERACTION_RESPONSE_TYPE_INVALID"),
]


@pytest.mark.parametrize(
    ("body", "path", "code"),
    [case[1:] for case in CALLBACK_CASES],
    ids=[case[0] for case in CALLBACK_CASES],
)
@pytest.mark.usefixtures("help_registered")
async def test_interaction_answers_are_validated(
    api: Api,
    fake: FakeDiscord,
    gateway: GatewayClient,
    body: dict[str, Any],
    path: list[str],
    code: str,
) -> None:
    pending, interaction = await gateway.interaction(fake.user("alice").slash("help"))
    status, error, _ = await api.answer(interaction, body)
    assert (status, error["code"]) == (400, 50035)
    assert _error_at(error, path) == code
    status, _, _ = await api.answer(interaction, {"type": 4, "data": {"content": "fine"}})
    assert status == 200, "a rejected answer does not use up the interaction"
    assert (await pending).content == "fine"


async def test_autocomplete_offers_at_most_25_choices(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    await api.register(
        {"name": "play", "description": "d", "options": [_option("card", autocomplete=True)]}
    )
    alice = fake.user("alice")
    pending, interaction = await gateway.interaction(alice.autocomplete("play", "card", "7"))
    assert interaction["data"]["options"] == [
        {"type": 3, "name": "card", "value": "7", "focused": True}
    ]
    status, error, _ = await api.answer(interaction, {"type": 8, "data": {"choices": _choices(26)}})
    assert (status, _error_at(error, ["data", "choices"])) == (400, "BASE_TYPE_MAX_LENGTH")
    status, _, _ = await api.answer(interaction, {"type": 8, "data": {"choices": _choices(25)}})
    assert status == 200
    assert [c["value"] for c in (await pending).choices or []] == [f"c{i}" for i in range(25)]


async def test_flags_a_channel_message_may_not_use(api: Api, fake: FakeDiscord) -> None:
    ephemeral = await api.send(fake.channel.id, content="hi", flags=64)
    assert _error_at(ephemeral.body, ["flags"]) == "MESSAGE_FLAGS_INVALID"
    layout = await api.send(
        fake.channel.id, flags=1 << 15, components=[{"type": 10, "content": "x"}]
    )
    assert _error_at(layout.body, ["components"]) == "FAKE_UNSUPPORTED"
