"""The links from Discord to the pages: the /replay embed's to the deal's step, the player
card's to the person's page (none once they hid their name), each opening that page."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.config import LeagueSettings
from bot.league import League
from bot.storage import Database, LeagueRepo, SettingsRepo, WebRepo
from bot.storage.deals import DealRepo
from bot.tables import Choices, TableManager
from bot.tables.history import History
from bot.views.league_card import show_stats
from bot.views.replay import _step_message
from bot.views.services import Boards, Services
from tests.web.support import GUILD, Client, briscola_deals, page_at

ADDRESS = "https://cards.example"


class Answer:
    """An interaction's response: what it was asked to send."""

    def __init__(self) -> None:
        self.sent: dict[str, Any] = {}

    async def send_message(self, **sent: Any) -> None:
        self.sent = sent


def an_interaction(db: Database, user_id: int) -> Any:
    """An interaction on GUILD by ``user_id``, the bot's services over ``db``, the pages at
    ADDRESS."""
    league = League(LeagueRepo(db), LeagueSettings())
    league.web.address = ADDRESS
    services = Services(
        # The card reads only the manager's history of deals: the real one over ``db``.
        manager=cast(TableManager, SimpleNamespace(history=History(DealRepo(db)))),
        publisher=cast(Boards, None),
        league=league,
        choices=Choices(SettingsRepo(db)),
    )
    return SimpleNamespace(
        client=SimpleNamespace(services=services),
        guild_id=GUILD,
        user=SimpleNamespace(id=user_id, display_name=f"P{user_id}"),
        filesize_limit=10 * 2**20,
        response=Answer(),
    )


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
