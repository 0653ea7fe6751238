"""Languages as Discord handles them: each person's client locale and the community's
preferred locale travel with every interaction."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord import FakeDiscord

from .conftest import Api, GatewayClient


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
