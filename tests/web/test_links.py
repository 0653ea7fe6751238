"""The links from Discord to the pages: the /replay embed's to the deal's step, the player
card's to the person's page (none once they hid their name), each opening that page."""

from __future__ import annotations

from typing import Any

import discord

from bot.storage import Database, WebRepo
from bot.storage.deals import DealRepo
from bot.tables.history import History
from bot.views.league_card import show_stats
from bot.views.replay import _step_message
from tests.league.helpers import card_interaction
from tests.web.support import GUILD, Client, briscola_deals, page_at

ADDRESS = "https://cards.example"


def an_interaction(db: Database, user_id: int) -> Any:
    """The card's interaction on GUILD by ``user_id``, the pages at ADDRESS."""
    interaction = card_interaction(db, GUILD, user_id)
    interaction.client.services.league.web.address = ADDRESS
    return interaction


def on_the_site(url: str | None) -> str:
    assert url is not None and url.startswith(ADDRESS + "/"), url
    return url.removeprefix(ADDRESS)


async def test_the_replay_s_link_opens_the_deal_at_the_step_shown(
    client: Client, db: Database
) -> None:
    deal = (await briscola_deals(db, 10, over=True))[0]
    found = await History(DealRepo(db)).find(GUILD, deal)
    interaction = an_interaction(db, 100)
    first, _, _ = await _step_message(interaction, found, 0)
    assert first.url == f"{ADDRESS}/s/{GUILD}/r/{deal}"
    embed, _, _ = await _step_message(interaction, found, 3)
    assert embed.url == f"{ADDRESS}/s/{GUILD}/r/{deal}?step=3"
    page = await page_at(client, on_the_site(embed.url))
    assert '<div id="replay" data-step="3">' in page and f"/r/{deal}/3.png" in page
    await WebRepo(db).turn_off(GUILD)
    off, _, _ = await _step_message(interaction, found, 3)
    assert off.url is None


async def test_the_player_card_links_to_their_page_unless_they_hid_their_name(
    client: Client, db: Database
) -> None:
    interaction = an_interaction(db, 1)
    await show_stats(interaction, None, None)
    card: discord.Embed = interaction.response.sent["embed"]
    assert card.url == f"{ADDRESS}/s/{GUILD}/p/1"
    assert "<h1>P1</h1>" in await page_at(client, on_the_site(card.url))
    await WebRepo(db).set_hidden(GUILD, 1, True)
    await show_stats(interaction, None, None)
    assert interaction.response.sent["embed"].url is None  # their page is a 404 now
    assert interaction.response.sent["embed"].fields  # the card itself is as before
