"""The event loop the bot runs on: uvloop's where it is installed, else asyncio's own."""

from __future__ import annotations

import sys

import pytest
import uvloop

from bot.app import event_loop_factory
from bot.config import ConfigError


def test_uvloop_is_chosen_where_it_is_installed() -> None:
    assert event_loop_factory("auto") is uvloop.new_event_loop
    assert event_loop_factory("uvloop") is uvloop.new_event_loop


def test_asyncio_when_chosen_or_when_uvloop_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert event_loop_factory("asyncio") is None
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop now fails
    assert event_loop_factory("auto") is None
    with pytest.raises(ConfigError, match="uvloop is not installed"):
        event_loop_factory("uvloop")
