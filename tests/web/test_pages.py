"""The league's pages over a real database: what a server that turned them on shows, what
nobody else gets (404s for servers, ids and parameters), escaping, headers and privacy."""

from __future__ import annotations

import asyncio
import re
from types import SimpleNamespace
from typing import cast

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import LeagueSettings, WebSettings
from bot.gallery import board_image
from bot.games import GAMES, SPECS
from bot.i18n import speaking
from bot.league import League
from bot.league.web import WebChoices
from bot.storage import Database, LeagueRepo, TableRepo, WebRepo
from bot.views.league_admin import server_changed
from bot.web.server import POLICY, make_app
from tests.league.helpers import finished
from tests.web.support import (
    GUILD,
    HOSTILE,
    PRIVATE,
    Client,
    a_live_table,
    move,
    next_event,
    page_at,
)


async def test_the_standings_list_people_by_points_in_the_server_s_language(
    client: Client,
) -> None:
    page = await page_at(client, f"/s/{GUILD}/?game=scopa")
    assert page.index(">P1<") < page.index(">P2<")  # P1: 3 wins; P2: 1; the third: 1
    assert '<html lang="it">' in page and "Pagina 1 di 1 · 3 giocatori" in page
    english = await page_at(client, f"/s/{GUILD}/?game=scopa&lang=en")
    assert "<h1>Standings</h1>" in english and 'href="/s/1/p/1?lang=en"' in english


async def test_names_are_shown_as_text_never_as_markup(client: Client) -> None:
    page = await page_at(client, f"/s/{GUILD}/?lang=en")
    assert HOSTILE not in page and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    assert "Circolo &lt;b&gt;Tavolo&lt;/b&gt;" in page and "<b>Tavolo</b>" not in page
    assert "<script" not in page  # no script on a standings page at all


@pytest.mark.parametrize(
    "path",
    [
        f"/s/{PRIVATE}/",  # matches stored, pages never turned on
        f"/s/{PRIVATE}/p/1",
        f"/s/{PRIVATE}/tables",
        "/s/999/",
        "/s/abc/",
        "/s/99999999999999999999999/",
        f"/s/{GUILD}/?game=poker",
        f"/s/{GUILD}/?season=0",
        f"/s/{GUILD}/?season=9",
        f"/s/{GUILD}/?season=1%27%20OR%201=1",
        f"/s/{GUILD}/?page=7",
        f"/s/{GUILD}/p/42",
        f"/s/{GUILD}/p/42/chart/scopa.png",  # nobody who played here
        f"/s/{GUILD}/p/1/chart/poker.png",
        f"/s/{GUILD}/t/5",
        f"/s/{GUILD}/t/5/board.png",
        f"/s/{GUILD}/t/5/events",
        "/",
        "/static/../bot/config.py",
        "/static/nothing.css",
    ],
)
async def test_anything_not_shown_is_the_same_404_page(client: Client, path: str) -> None:
    page = await page_at(client, path + ("&" if "?" in path else "?") + "lang=en", 404)
    assert "Nothing here" in page and "Traceback" not in page


async def test_every_error_is_the_site_s_page_in_the_server_s_language(client: Client) -> None:
    listing = await page_at(client, "/static/", 404)  # was aiohttp's text: a folder unlisted
    assert "Nothing here" in listing and '<html lang="en">' in listing
    posted = await client.post(f"/s/{GUILD}/")
    assert posted.status == 405 and "Nothing here" in await posted.text()
    assert posted.headers["Content-Security-Policy"] == POLICY
    for path in (f"/s/{GUILD}/p/42", f"/s/{GUILD}/?game=poker", f"/s/{GUILD}/?lang=xx"):
        italian = await page_at(client, path, 404)  # the server's pages are in Italian
        assert "Qui non c&#39;è niente" in italian and '<html lang="it">' in italian, path
    spanish = await page_at(client, f"/s/{GUILD}/p/42?lang=es", 404)
    assert "Aquí no hay nada" in spanish
    unknown = await page_at(client, f"/s/{PRIVATE}/p/1", 404)  # a server known to no page
    assert "Nothing here" in unknown and '<html lang="en">' in unknown


async def test_a_player_page_has_the_record_and_the_chart(
    client: Client,
) -> None:
    page = await page_at(client, f"/s/{GUILD}/p/1?lang=en")
    assert "<h1>P1</h1>" in page and 'src="/s/1/p/1/chart/scopa.png?lang=en"' in page
    chart = await client.get(f"/s/{GUILD}/p/1/chart/scopa.png")
    assert chart.status == 200 and (await chart.read()).startswith(b"\x89PNG")


DAMAGED = ("{not json", "[1, 2]", "7", '"rounds"', "")


async def test_a_damaged_statistics_row_is_logged_and_the_page_shows_the_rest(
    client: Client, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    tables, league = TableRepo(db), League(LeagueRepo(db), LeagueSettings())
    kept = {"rounds": 4, "scope": 2, "settebello": 1, "primiera": 1, "points": 11}
    lost = dict.fromkeys(kept, 100)
    ids = []
    for stats in [kept] + [lost] * len(DAMAGED):
        ids.append(await finished(tables, "scopa", [1, 2], [[0], [1]], stats=[stats, kept]))
        await league.record(ids[-1])
    async with db.transaction() as tx:
        await tx.executemany(
            "UPDATE match_players SET stats = ? WHERE match_id = ? AND seat = 0",
            list(zip(DAMAGED, ids[1:], strict=True)),
        )
    page = await page_at(client, f"/s/{GUILD}/p/1?lang=en")
    assert "Rounds played 4 · scope per round 0.50 · settebello taken 1" in page
    other = await page_at(client, f"/s/{GUILD}/p/2?lang=en")  # their seats are whole
    assert f"Rounds played {4 * len(ids)} · scope per round 0.50" in other
    (warning,) = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert f"{len(DAMAGED)} damaged" in warning and str(ids[1]) in warning


async def test_someone_who_played_only_on_another_server_has_no_page_nor_chart_here(
    client: Client, db: Database
) -> None:
    league = League(LeagueRepo(db), LeagueSettings())
    await league.record(await finished(TableRepo(db), "scopa", [7, 8], [[0], [1]], guild=PRIVATE))
    for path in (f"/s/{GUILD}/p/7", f"/s/{GUILD}/p/7/chart/scopa.png"):
        page = await page_at(client, path + "?lang=en", 404)
        assert "Nothing here" in page


async def test_a_player_who_hid_their_name_is_listed_without_it_and_has_no_page(
    client: Client, db: Database
) -> None:
    await WebRepo(db).set_hidden(GUILD, 1, True)
    page = await page_at(client, f"/s/{GUILD}/?lang=en")
    assert ">P1<" not in page and "keeps their name private" in page
    assert 'href="/s/1/p/1' not in page
    await page_at(client, f"/s/{GUILD}/p/1", 404)
    await page_at(client, f"/s/{GUILD}/p/1/chart/scopa.png", 404)
    await WebRepo(db).set_hidden(GUILD, 1, False)
    await page_at(client, f"/s/{GUILD}/p/1")


async def test_the_pages_follow_the_server_s_name_and_language_unless_the_admins_chose_one(
    client: Client, db: Database
) -> None:
    web = WebChoices(WebRepo(db))

    def guild(name: str, locale: discord.Locale) -> discord.Guild:
        return cast(discord.Guild, SimpleNamespace(id=GUILD, name=name, preferred_locale=locale))

    italian = guild("Circolo", discord.Locale.italian)
    spanish = guild("Club", discord.Locale.spain_spanish)
    await server_changed(web, italian, spanish)  # GUILD_UPDATE: renamed, and in Spanish
    page = await page_at(client, f"/s/{GUILD}/")
    assert '<html lang="es">' in page and '<p class="server">Club</p>' in page
    await web.turn_on(GUILD, "Club", "pt_BR", chosen=True)  # /league web on language:
    await server_changed(web, spanish, guild("Club 2", discord.Locale.italian))
    page = await page_at(client, f"/s/{GUILD}/")
    assert '<html lang="pt-BR">' in page and '<p class="server">Club 2</p>' in page


async def test_pages_turned_off_are_gone(client: Client, db: Database) -> None:
    assert await WebRepo(db).turn_off(GUILD)
    await page_at(client, f"/s/{GUILD}/", 404)
    assert not await WebRepo(db).turn_off(GUILD)


async def test_a_live_board_is_listed_and_follows_the_moves(client: Client, db: Database) -> None:
    table_id, state = await a_live_table(db)
    listed = await page_at(client, f"/s/{GUILD}/tables?lang=en")
    assert f'href="/s/1/t/{table_id}?lang=en"' in listed and "Ana, AI (easy)" in listed
    page = await page_at(client, f"/s/{GUILD}/t/{table_id}?lang=en")
    assert '<script src="/static/live.js" defer></script>' in page
    picture = await client.get(f"/s/{GUILD}/t/{table_id}/board.png?m=0")
    assert (await picture.read()).startswith(b"\x89PNG")

    events = await client.get(f"/s/{GUILD}/t/{table_id}/events")
    assert events.headers["Content-Type"] == "text/event-stream"
    assert events.headers["Content-Security-Policy"] == POLICY  # a stream is an answer too
    assert events.headers["X-Content-Type-Options"] == "nosniff"
    assert await next_event(events) == {"status": "playing", "moves": 0}
    await move(db, table_id, state, 1)
    assert await next_event(events) == {"status": "playing", "moves": 1}
    events.close()


async def test_a_live_board_and_its_picture_hold_no_card_of_any_hand(
    client: Client, db: Database
) -> None:
    table_id, state = await a_live_table(db)
    for n in range(1, 4):
        state = await move(db, table_id, state, n)
    rules, spec = GAMES["scopa"], SPECS["scopa"]
    hands = [card for seat in (0, 1) for card in rules.view(state, seat)["hand"]]
    assert len(hands) >= 3 and rules.outcome(state) is None  # the deal runs, cards in hand
    with speaking("en"):
        names = [spec.text.card_name(card) for card in hands]
    for path in (f"/s/{GUILD}/t/{table_id}?lang=en", f"/s/{GUILD}/tables?lang=en"):
        page = await page_at(client, path)
        assert not set(hands) & set(re.findall(r"[A-Za-z0-9]+", page)), path
        assert not [name for name in names if name in page], path
    picture = await client.get(f"/s/{GUILD}/t/{table_id}/board.png?m=3&lang=en")
    shown = await picture.read()
    seats = ["Ana", "AI (easy)"]
    with speaking("en"):
        public = rules.view(state, None)
        assert shown == board_image("scopa", public, seats)  # the channel's board, no more
        # A picture with one more card, a hand's, would differ: the comparison tells.
        leaked = {**public, "table": [*public["table"], hands[0]]}
        assert shown != board_image("scopa", leaked, seats)


async def test_a_picture_with_names_is_kept_by_no_shared_cache_and_asked_again_each_time(
    client: Client, db: Database
) -> None:
    table_id, _ = await a_live_table(db)
    path = f"/s/{GUILD}/t/{table_id}/board.png?m=0&lang=en"
    first = await client.get(path)
    assert first.headers["Cache-Control"] == "private, no-cache"
    tag = first.headers["ETag"]
    again = await client.get(path, headers={"If-None-Match": tag})
    assert again.status == 304 and await again.read() == b""
    await WebRepo(db).set_hidden(GUILD, 1, True)  # Ana hides her name: the picture changes
    hidden = await client.get(path, headers={"If-None-Match": tag})
    assert hidden.status == 200 and hidden.headers["ETag"] != tag
    assert await hidden.read() != await first.read()


async def test_a_board_s_stream_ends_when_the_server_turns_its_pages_off(
    client: Client, db: Database
) -> None:
    table_id, state = await a_live_table(db)
    events = await client.get(f"/s/{GUILD}/t/{table_id}/events")
    assert await next_event(events) == {"status": "playing", "moves": 0}
    await WebRepo(db).turn_off(GUILD)
    await move(db, table_id, state, 1)  # not told: the pages are off
    assert await next_event(events) == {"status": "gone", "moves": 0}
    assert await next_event(events) is None


@pytest.mark.parametrize(("per_address", "status"), [(0, 503), (1, 429)])
async def test_streams_past_the_cap_are_refused_with_a_page_until_one_closes(
    db: Database, per_address: int, status: int
) -> None:
    table_id, _ = await a_live_table(db)
    settings = WebSettings(streams=1 if not per_address else 5, streams_per_address=per_address)
    app = make_app(db, LeagueSettings(), interval=0.01, settings=settings)
    async with TestClient(TestServer(app)) as client:
        path = f"/s/{GUILD}/t/{table_id}/events"
        first = await client.get(path)
        assert await next_event(first) == {"status": "playing", "moves": 0}
        refused = await page_at(client, path + "?lang=en", status)
        assert "Too many live boards are being followed right now" in refused
        assert (await client.get(path)).headers["Retry-After"] == "60"
        first.close()
        for _ in range(100):  # until the server sees the first one gone
            answer = await client.get(path)
            if answer.status == 200:
                break
            await asyncio.sleep(0.01)
        assert answer.status == 200
        answer.close()


async def test_a_table_of_another_server_is_not_shown(client: Client, db: Database) -> None:
    table_id, _ = await a_live_table(db, guild=PRIVATE)
    await page_at(client, f"/s/{GUILD}/t/{table_id}", 404)
    await page_at(client, f"/s/{GUILD}/t/{table_id}/board.png", 404)


async def test_the_standings_pages_lead_to_each_other(client: Client, db: Database) -> None:
    tables, league = TableRepo(db), League(LeagueRepo(db), LeagueSettings())
    for user in range(10, 22):  # 12 more players: 15 in all, two pages of ten
        await league.record(await finished(tables, "scopa", [user, 1], [[0], [1]]))
    first = await page_at(client, f"/s/{GUILD}/?game=scopa&lang=en")
    assert "Page 1 of 2 · 15 players" in first and 'rel="prev"' not in first
    (after,) = re.findall(r'href="([^"]+)" rel="next"', first)
    second = await page_at(client, after.replace("&amp;", "&"))
    assert "Page 2 of 2 · 15 players" in second and 'rel="next"' not in second
    (back,) = re.findall(r'href="([^"]+)" rel="prev"', second)
    again = await page_at(client, back.replace("&amp;", "&"))

    def table(page: str) -> str:
        return page[page.index("<tbody>") : page.index("</tbody>")]

    assert table(again) == table(first) != table(second)
    rows = '<td class="n"><b>'  # a row's points
    assert first.count(rows) == 10 and second.count(rows) == 5


async def test_the_live_tables_are_listed_a_page_at_a_time(client: Client, db: Database) -> None:
    ids = [(await a_live_table(db, channel=100 + n))[0] for n in range(26)]  # a page: 25
    first = await page_at(client, f"/s/{GUILD}/tables?lang=en")
    listed = re.findall(rf'href="/s/{GUILD}/t/(\d+)\?lang=en"', first)
    assert listed == [str(i) for i in sorted(ids, reverse=True)[:25]]  # the latest first
    (after,) = re.findall(r'href="([^"]+)" rel="next"', first)
    second = await page_at(client, after.replace("&amp;", "&"))
    assert re.findall(rf'href="/s/{GUILD}/t/(\d+)\?lang=en"', second) == [str(min(ids))]
    assert 'rel="next"' not in second and 'rel="prev"' in second
    await page_at(client, f"/s/{GUILD}/tables?page=3", 404)
