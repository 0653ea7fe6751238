"""The table manager's tests' fixtures: AI workers for a module, a world on each database."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from bot.tables.ai_worker import AIWorkers
from tests.databases import Backend
from tests.tables.test_manager import World


@pytest.fixture(scope="module")
def workers() -> Iterator[AIWorkers]:
    pool = AIWorkers(1)
    yield pool
    pool.close()


@pytest.fixture
async def world(backend: Backend, workers: AIWorkers) -> AsyncIterator[World]:
    made = World(backend, workers)
    yield made
    await made.aclose()
