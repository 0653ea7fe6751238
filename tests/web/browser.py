"""Headless Chromium driven by Playwright: the distribution's own browser (``chromium``,
which .ci/run installs where missing), as the tests run as root (no sandbox)."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, ConsoleMessage, Page, async_playwright

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHOTS = os.environ.get("TAVOLO_SCREENSHOTS")
"""Set (to anything): the pages' screenshots are written to docs/ as well."""


@dataclass
class Watched:
    """A page and every console error or uncaught exception it had."""

    page: Page
    errors: list[str] = field(default_factory=list)

    async def shot(self, name: str, folder: Path) -> Path:
        path = (DOCS if SHOTS else folder) / f"web-{name}.png"
        await self.page.screenshot(path=str(path), full_page=True)
        return path


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    path = shutil.which("chromium")
    assert path is not None, "no chromium: apt-get install -y chromium (.ci/run does)"
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


async def watched(browser: Browser) -> Watched:
    page = await browser.new_page(viewport={"width": 900, "height": 700})
    found = Watched(page)

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            found.errors.append(f"{message.text} ({message.location.get('url')})")

    page.on("console", console)
    page.on("pageerror", lambda error: found.errors.append(str(error)))
    return found


async def loaded(browser: Browser, address: str) -> Watched:
    """A new tab at ``address``: answered 200, every picture on it arrived and decoded."""
    tab = await watched(browser)
    answer = await tab.page.goto(address)
    assert answer is not None and answer.status == 200, address
    await tab.page.wait_for_load_state("networkidle")
    drawn = await tab.page.eval_on_selector_all(
        "img", "pictures => pictures.map(p => p.complete && p.naturalWidth > 0)"
    )
    assert all(drawn), (address, drawn)
    return tab
