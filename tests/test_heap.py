"""The garbage collector as the bot sets it: what is held from the start frozen, and a larger
youngest generation, so that full collections (which stop the event loop) come rarely."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.heap import YOUNG, settle


@pytest.fixture
def collector() -> Iterator[None]:
    """Nothing frozen before the test, and Python's collector as it was after it (the test
    process goes on)."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


@pytest.mark.usefixtures("collector")
def test_settle_freezes_what_is_held_and_raises_the_youngest_threshold() -> None:
    held = Node()
    frozen = settle()
    assert frozen == gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == YOUNG > 700
    assert not any(o is held for o in gc.get_objects())  # out of the collector's reach

    # What is made afterwards is collected as before.
    later = Node()
    assert any(o is later for o in gc.get_objects())
    del later
    assert gc.collect() >= 1 and gc.get_freeze_count() == frozen


@pytest.mark.usefixtures("collector")
def test_garbage_made_before_is_collected_not_frozen() -> None:
    garbage = weakref.ref(Node())  # a cycle nobody holds
    assert garbage() is not None
    settle()
    assert garbage() is None  # collected first, so not frozen for the life of the process
