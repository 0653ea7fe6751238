"""The pages' fixtures: a stored league and the pages over it (tests/web/support.py); the fake
Discord and the real bot process (tests/e2e) serve the browser's live-board test."""

from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import LeagueSettings
from bot.storage import Database
from bot.web.server import make_app
from tests.databases import Backend
from tests.e2e.conftest import bot_process, discord
from tests.web.support import Client, a_league

__all__ = ["bot_process", "discord"]


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    opened = await backend.open()
    await a_league(opened)
    yield opened
    await opened.close()


@pytest.fixture
async def client(db: Database) -> AsyncIterator[Client]:
    async with TestClient(TestServer(make_app(db, LeagueSettings(), interval=0.01))) as made:
        yield made
