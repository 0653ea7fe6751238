"""The fake Discord and the real bot process (tests/e2e) serve the browser's live-board test."""

from tests.e2e.conftest import bot_process, discord

__all__ = ["bot_process", "discord"]
