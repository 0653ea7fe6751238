"""Finished deals' replays and the tournaments on the pages (SQLite and PostgreSQL): each
step a page of its own with links to the others, the same picture as /replay; a deal of a
match still played refused as on Discord; tournaments with their bracket or standings;
hidden names kept hidden, hostile ones escaped, anything else a 404."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import cast

import discord
import pytest

from bot.league.web import WebChoices
from bot.storage import Database, WebRepo
from bot.storage.deals import DealRepo
from bot.tables import Table
from bot.views.board_message import result_link
from tests.web.support import GUILD, HOSTILE, PRIVATE, Client, a_tournament, briscola_deals, page_at


async def test_a_finished_deal_is_stepped_through_one_page_a_step(
    client: Client, db: Database
) -> None:
    deal = (await briscola_deals(db, 10, over=True))[0]
    first = await page_at(client, f"/s/{GUILD}/r/{deal}?lang=en")
    final = int(re.findall(r'data-to-last="(\d+)"', first)[0])
    assert final > 10 and "The deal as dealt." in first
    assert '<script src="/static/replay.js" defer></script>' in first
    assert f'src="/s/1/r/{deal}/0.png?lang=en"' in first
    # Without script, the turns are links to the step's neighbours, and every step is listed.
    assert f'href="/s/1/r/{deal}?step=1&amp;lang=en" data-turn="next"' in first
    assert first.count("data-goto=") == final + 1
    # The turns' labels in characters every browser's fonts hold (⏮ and ⏭ showed as boxes).
    turns = re.findall(r'data-turn="\w+"(?: aria-disabled="true")?>([^<]+)</a>', first)
    assert len(turns) == 6 and "« First" in turns and "Last »" in turns
    assert all(ord(c) < 0x100 or c in "◀▶" for label in turns for c in label), turns
    third = await page_at(client, f"/s/{GUILD}/r/{deal}?step=3&lang=en")
    assert f'href="/s/1/r/{deal}?step=2&amp;lang=en" data-turn="back"' in third
    assert re.search(r'id="step-3"[^>]*data-to-next="4"[^>]*>', third)
    assert re.search(r'id="step-3"[^>]*data-to-next="4"[^>]*hidden>', third) is None
    assert "Every hand, face up:" in third and re.search(r"(Ann|Bob) played:", third)
    picture = await client.get(f"/s/{GUILD}/r/{deal}/3.png")
    assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG")
    assert picture.headers["Cache-Control"] == "private, no-cache"  # names in it: see privacy
    italian = await page_at(client, f"/s/{GUILD}/r/{deal}?step={final}")
    assert '<html lang="it">' in italian and "Replica della smazzata" in italian
    assert "Tutte le mani, scoperte:" in italian  # the match is over: its last step shows them


async def test_a_deal_of_a_match_still_played_is_refused_as_on_discord(
    client: Client, db: Database
) -> None:
    deal = (await briscola_deals(db, 11, over=False))[0]
    page = await page_at(client, f"/s/{GUILD}/r/{deal}?lang=en", 403)
    assert "still being played" in page and "face up" not in page
    await page_at(client, f"/s/{GUILD}/r/{deal}/0.png", 404)


async def test_a_hidden_name_is_replaced_by_the_seat_in_the_steps_and_the_pictures(
    client: Client, db: Database
) -> None:
    deal = (await briscola_deals(db, 10, over=True))[0]
    await WebRepo(db).set_hidden(GUILD, 101, True)
    page = await page_at(client, f"/s/{GUILD}/r/{deal}?step=2&lang=en")
    assert "Bob" not in page and "Seat 2" in page and "Ann" in page


@pytest.mark.parametrize(
    "path",
    [
        f"/s/{GUILD}/r/zzzzzzzz",
        f"/s/{GUILD}/r/0'%20OR%201=1",
        f"/s/{GUILD}/r/DEAL?step=999",
        f"/s/{GUILD}/r/DEAL?step=-1",
        f"/s/{GUILD}/r/DEAL?step=x",
        f"/s/{GUILD}/r/DEAL/999.png",
        f"/s/{PRIVATE}/r/DEAL",
        f"/s/{GUILD}/tournaments/999",
        f"/s/{GUILD}/tournaments/abc",
        f"/s/{GUILD}/tournaments/OTHER",
        f"/s/{GUILD}/tournaments/SWISS/bracket.png",
        f"/s/{PRIVATE}/tournaments",
    ],
)
async def test_anything_else_is_a_404(client: Client, db: Database, path: str) -> None:
    deal = (await briscola_deals(db, 10, over=True))[0]
    swiss, other = await a_tournament(db, "swiss"), await a_tournament(db, "knockout", PRIVATE)
    path = path.replace("DEAL", deal).replace("SWISS", str(swiss)).replace("OTHER", str(other))
    page = await page_at(client, path + ("&" if "?" in path else "?") + "lang=en", 404)
    assert "Nothing here" in page and "Traceback" not in page


async def test_a_knockout_shows_its_bracket_and_a_swiss_its_standings(
    client: Client, db: Database
) -> None:
    knockout, swiss = await a_tournament(db, "knockout"), await a_tournament(db, "swiss")
    listed = await page_at(client, f"/s/{GUILD}/tournaments?lang=en")
    assert listed.index(f"/tournaments/{swiss}?") < listed.index(f"/tournaments/{knockout}?")
    page = await page_at(client, f"/s/{GUILD}/tournaments/{knockout}?lang=en")
    assert "Champion: <b>Ana</b>" in page
    assert f'src="/s/1/tournaments/{knockout}/bracket.png?lang=en"' in page
    assert HOSTILE not in page and "&lt;script&gt;" in page
    assert "Dario" not in page and "Entrant 4" in page  # Dario hid his name
    bracket = await client.get(f"/s/{GUILD}/tournaments/{knockout}/bracket.png")
    assert (await bracket.read()).startswith(b"\x89PNG")
    assert bracket.headers["Cache-Control"] == "private, no-cache"
    table = await page_at(client, f"/s/{GUILD}/tournaments/{swiss}?lang=en")
    rows = re.findall(r"<tr><td class=\"n\">(\d)</td><td>([^<]+)</td>", table)
    assert rows[0] == ("1", "Ana") and len(rows) == 4 and "bracket.png" not in table


async def test_a_finished_table_lists_its_deals_replays_and_its_result_links_there(
    client: Client, db: Database
) -> None:
    deals = await briscola_deals(db, 10, over=True)
    running = await briscola_deals(db, 11, over=False)
    table_id = (await DealRepo(db).get(GUILD, deals[0])).table_id  # type: ignore[union-attr]
    page = await page_at(client, f"/s/{GUILD}/t/{table_id}?lang=en")
    listed = re.findall(r'href="/s/1/r/([a-z0-9]+)\?lang=en"', page)
    assert listed == deals and "Deal 1 (" in page
    other = (await DealRepo(db).get(GUILD, running[0])).table_id  # type: ignore[union-attr]
    assert "/r/" not in await page_at(client, f"/s/{GUILD}/t/{other}?lang=en")
    # The match's result on Discord links to that page (the pages on, with an address).
    web = WebChoices(WebRepo(db), "https://cards.example")
    embed = discord.Embed(title="over")
    ended = SimpleNamespace(id=table_id, record=SimpleNamespace(status="finished", guild_id=GUILD))
    await result_link(cast(Table, ended), embed, web)
    assert embed.url == f"https://cards.example/s/{GUILD}/t/{table_id}"
    playing = SimpleNamespace(id=other, record=SimpleNamespace(status="playing", guild_id=GUILD))
    embed = discord.Embed(title="playing")
    await result_link(cast(Table, playing), embed, web)
    assert embed.url is None
    await WebRepo(db).turn_off(GUILD)
    embed = discord.Embed(title="off")
    await result_link(cast(Table, ended), embed, web)
    assert embed.url is None
