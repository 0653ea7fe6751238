"""The pages in a real browser (headless Chromium): each loads with no console error, the
chart is drawn, a hostile name shows as text, a server that did not turn its pages on is a
404, and the live board follows a move made on the fake Discord."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser

from bot.config import LeagueSettings, WebSettings
from bot.storage import Database
from bot.web.server import make_app
from fakediscord import FakeDiscord
from fakediscord.permissions import MANAGE_GUILD
from tests.databases import SQLiteBackend
from tests.e2e.botprocess import BotProcess
from tests.e2e.driver import (
    add_ai,
    answered,
    board_of,
    hand_on_turn,
    new_table,
    start,
    wait_turn,
    whole_move,
)
from tests.web.browser import chromium, loaded, watched
from tests.web.support import (
    GUILD,
    HOSTILE,
    PRIVATE,
    a_league,
    a_live_table,
    a_tournament,
    briscola_deals,
    move,
)


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[tuple[str, Database, int]]:
    """The pages over a stored league and a live table, on a real port; their address, the
    database and the table's id."""
    db = await SQLiteBackend(tmp_path / "web.sqlite3").open()
    await a_league(db)
    table_id, state = await a_live_table(db)
    for n in range(1, 4):
        state = await move(db, table_id, state, n)
    server = TestServer(make_app(db, LeagueSettings(), interval=0.05))
    await server.start_server()
    yield str(server.make_url("")).rstrip("/"), db, table_id
    await server.close()
    await db.close()


async def test_every_page_loads_without_a_console_error_and_draws_its_pictures(
    browser: Browser, site: tuple[str, Database, int], tmp_path: Path
) -> None:
    address, _, table_id = site
    pages = {
        "standings": f"/s/{GUILD}/?game=scopa&lang=en",
        "player": f"/s/{GUILD}/p/1?lang=en",
        "tables": f"/s/{GUILD}/tables?lang=en",
        "board": f"/s/{GUILD}/t/{table_id}?lang=en",
        "italian": f"/s/{GUILD}/?game=scopa",
    }
    for name, path in pages.items():
        tab = await loaded(browser, address + path)  # its pictures too (a chart, a board)
        await tab.shot(name, tmp_path)
        assert tab.errors == [], (path, tab.errors)
        await tab.page.close()


async def test_the_chart_is_drawn_and_a_hostile_name_is_only_text(
    browser: Browser, site: tuple[str, Database, int]
) -> None:
    address = site[0]
    tab = await watched(browser)
    await tab.page.goto(f"{address}/s/{GUILD}/p/1?lang=en")
    size = await tab.page.eval_on_selector("img.chart", "p => [p.naturalWidth, p.naturalHeight]")
    assert size == [640, 150]
    await tab.page.goto(f"{address}/s/{GUILD}/?lang=en")
    assert await tab.page.locator("#standings").get_by_text(HOSTILE, exact=True).count() == 1
    assert await tab.page.evaluate("document.querySelectorAll('main script').length") == 0
    assert tab.errors == []


async def test_a_board_past_the_streams_cap_says_to_reload_and_keeps_its_board(
    browser: Browser, tmp_path: Path
) -> None:
    db = await SQLiteBackend(tmp_path / "web.sqlite3").open()
    await a_league(db)
    table_id, _ = await a_live_table(db)
    app = make_app(db, LeagueSettings(), interval=0.05, settings=WebSettings(streams=1))
    server = TestServer(app)
    await server.start_server()
    try:
        board = f"{str(server.make_url('')).rstrip('/')}/s/{GUILD}/t/{table_id}?lang=en"
        first = await loaded(browser, board)  # holds the one stream there is
        await first.page.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('The board')"
        )
        second = await loaded(browser, board)
        await second.page.wait_for_function(
            "() => document.getElementById('status').textContent.startsWith('Reload')"
        )
        assert await second.page.evaluate("document.getElementById('board').naturalWidth") > 0
        assert all("503" in error for error in second.errors), second.errors  # the refusal
        assert first.errors == []
    finally:
        await server.close()
        await db.close()


async def test_a_server_that_did_not_turn_its_pages_on_is_a_404(
    browser: Browser, site: tuple[str, Database, int]
) -> None:
    tab = await watched(browser)
    for path, said in (
        (f"/s/{PRIVATE}/", "Nothing here"),
        (f"/s/{PRIVATE}/p/1", "Nothing here"),
        (f"/s/{GUILD}/p/999", "Qui non c'è niente"),  # a server known: in its language
    ):
        answer = await tab.page.goto(site[0] + path)
        assert answer is not None and answer.status == 404
        assert await tab.page.inner_text("h1") == said


@pytest.fixture
async def held(site: tuple[str, Database, int]) -> tuple[str, int, int]:
    """A finished Briscola match's first deal, a knockout and a Swiss tournament, on the site:
    the deal's id and the tournaments'."""
    db = site[1]
    deal = (await briscola_deals(db, 10, over=True))[0]
    return deal, await a_tournament(db, "knockout"), await a_tournament(db, "swiss")


async def test_the_replay_steps_forward_and_back_in_place(
    browser: Browser, site: tuple[str, Database, int], held: tuple[str, int, int], tmp_path: Path
) -> None:
    address, deal = site[0], held[0]
    tab = await watched(browser)
    await tab.page.goto(f"{address}/s/{GUILD}/r/{deal}?lang=en")
    visible = "document.querySelector('section.step:not([hidden])').id"
    board = "new URL(document.getElementById('step-board').src).pathname"
    assert await tab.page.evaluate(visible) == "step-0"
    for _ in range(3):
        await tab.page.click("a[data-turn=next]")
    assert await tab.page.evaluate(visible) == "step-3"
    assert await tab.page.evaluate(board) == f"/s/{GUILD}/r/{deal}/3.png"
    assert tab.page.url.endswith(f"/r/{deal}?step=3&lang=en")  # the address follows
    await tab.page.click("a[data-turn=back]")
    await tab.page.keyboard.press("ArrowLeft")
    assert await tab.page.evaluate(visible) == "step-1"
    await tab.page.click("a[data-turn=step_ahead]")  # to the end of the trick
    assert await tab.page.evaluate(visible) == "step-2"
    await tab.page.click("a[data-turn=last]")
    final = await tab.page.evaluate(visible)
    assert await tab.page.get_attribute("a[data-turn=next]", "aria-disabled") == "true"
    await tab.page.click("a[data-goto='5']")
    assert await tab.page.evaluate(visible) == "step-5" != final
    await tab.page.wait_for_function(
        "() => document.getElementById('step-board').complete"
        " && document.getElementById('step-board').naturalWidth > 0"
    )
    await tab.shot("replay", tmp_path)
    assert await tab.page.evaluate(OVERLAPS) == []  # the list's numbers clear the text
    assert tab.errors == []


# The steps listed in columns whose number (the list's marker, left of its step) falls on the
# text of a step in the column before: each as "step n on step m".
OVERLAPS = """() => {
  const items = [...document.querySelectorAll("ol.steps li")];
  const probe = document.createElement("span");
  probe.textContent = `${items.length - 1}.`;
  items[0].append(probe);
  const number = probe.getBoundingClientRect().width;
  probe.remove();
  const column = (li) => Math.round(li.getBoundingClientRect().left);
  const lefts = [...new Set(items.map(column))].sort((a, b) => a - b);
  const found = [];
  items.forEach((li, n) => {
    const box = li.getBoundingClientRect();
    const before = lefts.indexOf(column(li)) - 1;
    if (before < 0) return;
    items.forEach((other, m) => {
      if (lefts.indexOf(column(other)) !== before) return;
      for (const text of other.querySelector("a").getClientRects()) {
        if (text.right > box.left - number && text.left < box.left
            && text.bottom > box.top && text.top < box.bottom) found.push(`step ${n} on step ${m}`);
      }
    });
  });
  return found;
}"""


async def test_the_replay_and_the_tournaments_work_without_script(
    browser: Browser, site: tuple[str, Database, int], held: tuple[str, int, int], tmp_path: Path
) -> None:
    address, (deal, knockout, swiss) = site[0], held
    context = await browser.new_context(java_script_enabled=False)
    page = await context.new_page()
    await page.goto(f"{address}/s/{GUILD}/r/{deal}?lang=en")
    await page.click("a[data-turn=next]")  # a link: the next step's page
    assert page.url.endswith(f"/r/{deal}?step=1&lang=en")
    assert await page.locator("section.step:visible").get_attribute("id") == "step-1"
    await context.close()
    for name, path in (
        ("tournaments", f"/s/{GUILD}/tournaments?lang=en"),
        ("bracket", f"/s/{GUILD}/tournaments/{knockout}?lang=en"),
        ("swiss", f"/s/{GUILD}/tournaments/{swiss}?lang=en"),
    ):
        tab = await loaded(browser, address + path)
        if name != "tournaments":  # an entrant's hostile name shown as text
            assert await tab.page.get_by_text(HOSTILE, exact=True).count() >= 1, path
        await tab.shot(name, tmp_path)
        assert tab.errors == [], (path, tab.errors)
    for path in (f"/s/{GUILD}/r/zzzzzzzz", f"/s/{GUILD}/tournaments/999", f"/s/{PRIVATE}/r/{deal}"):
        answer = await tab.page.goto(address + path)
        assert answer is not None and answer.status == 404, path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.e2e
async def test_the_live_board_changes_when_a_move_is_made_on_discord(
    browser: Browser, discord: FakeDiscord, bot_process: BotProcess, tmp_path: Path
) -> None:
    port = _free_port()
    bot_process.settings = {
        "tables": {"ai_delay": 0.01, "turn_timeout": 60},
        "web": {"in_bot": True, "port": port, "public_address": f"http://127.0.0.1:{port}"},
    }
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[alice.id].roles.append(admins.id)
    said = await answered(await alice.slash("league web on"))
    assert f"http://127.0.0.1:{port}/s/{discord.guild.id}/" in said

    standings = await (await alice.slash("league standings", game="scopa")).wait_message()
    link = f"http://127.0.0.1:{port}/s/{discord.guild.id}/?game=scopa&season=1"
    assert standings.embeds[0]["url"] == link  # the standings link to their page
    answer = await (await watched(browser)).page.goto(link)
    assert answer is not None and answer.status == 200

    table_id = await new_table(discord, store, alice, "scopa")
    await add_ai(alice, board_of(discord, table_id))
    await start(discord, store, alice, table_id)
    row = await wait_turn(discord, store, table_id, 0)
    hand = await hand_on_turn(discord, alice, table_id)
    tab = await watched(browser)
    await tab.page.goto(f"http://127.0.0.1:{port}/s/{discord.guild.id}/t/{table_id}?lang=en")
    shown = await tab.page.get_attribute("#board", "src")
    assert shown is not None and f"m={row.moves}" in shown

    await whole_move(discord, alice, hand, row)
    # The page hears of the move and shows the board after it, without a reload.
    # (Functions, not strings: the pages' policy forbids evaluating a string as a script.)
    await tab.page.wait_for_function(
        "before => new URL(document.getElementById('board').src).searchParams.get('m')"
        " !== String(before)",
        arg=row.moves,
        timeout=15_000,
    )
    await tab.page.wait_for_function(
        "() => document.getElementById('board').complete", timeout=10_000
    )
    assert int(await tab.page.inner_text("#moves")) > row.moves
    await tab.shot("live", tmp_path)
    assert tab.errors == []

    # A person hides their name; an admin takes the pages down, and they are gone.
    assert "hidden" in await answered(await alice.slash("league privacy"))
    assert "are off" in await answered(await alice.slash("league web off"))
    refused = await discord.user("bob").slash("league web on")
    assert "manage the server" in await answered(refused)
    answer = await tab.page.goto(f"http://127.0.0.1:{port}/s/{discord.guild.id}/")
    assert answer is not None and answer.status == 404
