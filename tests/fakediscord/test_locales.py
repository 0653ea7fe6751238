"""Languages as Discord handles them: each person's client locale and the community's
preferred locale travel with every interaction, and people type commands by the names the
bot gave them in their language."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import ActionError, FakeDiscord

from .conftest import Api, GatewayClient

TABLE = {
    "name": "table",
    "description": "Tables",
    "name_localizations": {"pt-BR": "mesa", "it": "tavolo"},
    "description_localizations": {"pt-BR": "Mesas"},
    "options": [
        {
            "type": 1,
            "name": "new",
            "description": "Open a table",
            "name_localizations": {"pt-BR": "nova"},
            "description_localizations": {"pt-BR": "Abrir uma mesa"},
            "options": [
                {
                    "type": 3,
                    "name": "game",
                    "description": "Which game",
                    "required": True,
                    "name_localizations": {"pt-BR": "jogo"},
                    "choices": [
                        {"name": "Cento", "value": "cento"},
                        {
                            "name": "One Hundred",
                            "value": "centocinque",
                            "name_localizations": {"pt-BR": "Cem"},
                        },
                    ],
                },
                {
                    "type": 3,
                    "name": "seat",
                    "description": "Where to sit",
                    "autocomplete": True,
                    "name_localizations": {"pt-BR": "lugar"},
                },
            ],
        }
    ],
}
COLOUR = {"name": "color", "description": "d", "name_localizations": {"en-GB": "colour"}}


async def _answered(api: Api, gateway: GatewayClient, action: Any) -> dict[str, Any]:
    """The INTERACTION_CREATE a user's action sent, once the bot has answered it."""
    pending, interaction = await gateway.interaction(action)
    await api.answer(interaction, {"type": 4, "data": {"content": "ok", "flags": 64}})
    await pending
    return interaction


@pytest.mark.usefixtures("help_registered")
async def test_interactions_carry_the_users_and_the_guilds_locale(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob", locale="pt-BR")
    first = await _answered(api, gateway, alice.slash("help"))
    assert (first["locale"], first["guild_locale"], first["guild"]["locale"]) == (
        "en-US",
        "en-US",
        "en-US",
    )
    fake.world.set_guild_locale(fake.guild, "it")
    update = (await gateway.next(t="GUILD_UPDATE"))["d"]
    assert (update["id"], update["preferred_locale"]) == (str(fake.guild_id), "it")
    assert fake.world.guild_create_payload(fake.guild)["preferred_locale"] == "it"
    second = await _answered(api, gateway, bob.slash("help"))
    assert (second["locale"], second["guild_locale"], second["guild"]["locale"]) == (
        "pt-BR",
        "it",
        "it",
    )
    alice.locale = "de"
    assert (await _answered(api, gateway, alice.slash("help")))["locale"] == "de"
    assert fake.user("alice").locale == "de", "asking for a user again keeps their locale"


def test_locales_discord_does_not_have_are_refused_at_once(fake: FakeDiscord) -> None:
    with pytest.raises(ValueError, match="pt_BR"):
        fake.user("carol", locale="pt_BR")
    with pytest.raises(ValueError, match="'en'"):
        fake.user("alice").locale = "en"
    with pytest.raises(ValueError, match="'pt'"):
        fake.world.set_guild_locale(fake.guild, "pt")
    assert fake.user("alice").locale == fake.guild.preferred_locale == "en-US"


async def test_people_type_commands_by_their_names_in_their_language(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    assert (await api.register(TABLE, COLOUR)).status == 200
    alice, bob = fake.user("alice"), fake.user("bob", locale="pt-BR")
    pending, interaction = await gateway.interaction(bob.slash("mesa nova", jogo="centocinque"))
    assert interaction["data"]["name"] == "table", "the bot hears the default names"
    (new,) = interaction["data"]["options"]
    assert (new["name"], new["options"]) == (
        "new",
        [{"type": 3, "name": "game", "value": "centocinque"}],
    )
    await api.answer(interaction, {"type": 4, "data": {"content": "ok"}})
    await pending
    pending, interaction = await gateway.interaction(bob.slash("table new", game="cento"))
    assert interaction["data"]["options"][0]["options"][0]["name"] == "game"
    await api.answer(interaction, {"type": 4, "data": {"content": "ok"}})
    await pending
    with pytest.raises(ActionError, match=r"registered: \['colour', 'table'\]"):
        await alice.slash("mesa nova", jogo="cento")  # en-US reads en-GB's "colour"
    with pytest.raises(ActionError, match=r"needs the options \['jogo'\]"):
        await bob.slash("mesa nova")
    pending, interaction = await gateway.interaction(alice.slash("colour"))
    assert interaction["data"]["name"] == "color", "en-US falls back to en-GB"
    await api.answer(interaction, {"type": 4, "data": {"content": "ok"}})
    await pending


async def test_autocomplete_by_a_localized_option_name_focuses_the_option(
    api: Api, fake: FakeDiscord, gateway: GatewayClient
) -> None:
    await api.register(TABLE)
    bob = fake.user("bob", locale="pt-BR")
    pending, interaction = await gateway.interaction(
        bob.autocomplete("mesa nova", "lugar", "no", jogo="cento")
    )
    assert interaction["data"]["options"][0]["options"] == [
        {"type": 3, "name": "game", "value": "cento"},
        {"type": 3, "name": "seat", "value": "no", "focused": True},
    ]
    await api.answer(interaction, {"type": 8, "data": {"choices": []}})
    assert (await pending).choices == []


async def test_registered_commands_keep_their_localizations(api: Api, fake: FakeDiscord) -> None:
    status, body, _ = await api.register(TABLE)
    assert status == 200, body
    assert body[0]["name_localizations"] == {"pt-BR": "mesa", "it": "tavolo"}
    (table,) = fake.commands()
    assert table.data["options"][0]["name_localizations"] == {"pt-BR": "nova"}
    seen = table.localized("pt-BR")
    (new,) = seen["options"]
    assert (seen["name"], seen["description"], new["name"], new["description"]) == (
        "mesa",
        "Mesas",
        "nova",
        "Abrir uma mesa",
    )
    assert [c["name"] for c in new["options"][0]["choices"]] == ["Cento", "Cem"]
    assert table.localized("it")["description"] == "Tables", "no localization: the default"
    assert "name_localizations" not in table.localized("it")


async def test_listing_commands_gives_the_requesters_language_unless_all_are_asked_for(
    api: Api, fake: FakeDiscord
) -> None:
    await api.register(TABLE)
    path = f"/applications/{fake.world.application_id}/guilds/{fake.guild_id}/commands"
    (plain,) = (await api.call("GET", path)).body
    assert "name_localizations" not in plain and "name_localized" not in plain
    assert plain["name"] == "table"
    headers = {"X-Discord-Locale": "pt-BR"}
    (listed,) = (await api.call("GET", path, headers=headers)).body
    assert (listed["name"], listed["name_localized"], listed["description_localized"]) == (
        "table",
        "mesa",
        "Mesas",
    )
    choice = listed["options"][0]["options"][0]["choices"][1]
    assert (choice["name"], choice["name_localized"]) == ("One Hundred", "Cem")
    (full,) = (await api.call("GET", path, params={"with_localizations": "true"})).body
    assert full["name_localizations"] == TABLE["name_localizations"]
    assert "name_localized" not in full
