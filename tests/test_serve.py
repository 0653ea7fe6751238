"""How the bot's process stops: at once on SIGTERM or SIGINT, even while discord.py sleeps out
a reconnection's backoff (Discord unreachable); an error the client stopped with is raised;
and the signals are the process's own again afterwards. (The real bot stopping on a signal:
tests/e2e/test_smoke.py.)"""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import discord
import pytest

from bot.app import serve

BACKOFF = 3600.0
"""Longer than any stop's grace period (discord.py's backoff reaches 1,024 s)."""


class _Unreachable(discord.Client):
    """A client whose Discord cannot be reached: it sleeps out a reconnection's backoff, as
    discord.py does before it looks whether it was closed."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.waiting = asyncio.Event()

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        self.waiting.set()
        await asyncio.sleep(BACKOFF)


class _Refused(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")


def _handlers_gone(loop: asyncio.AbstractEventLoop) -> bool:
    return not any(loop.remove_signal_handler(sig) for sig in (signal.SIGTERM, signal.SIGINT))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_a_signal_stops_a_client_asleep_in_its_reconnection_backoff(
    sig: signal.Signals,
) -> None:
    client = _Unreachable()
    serving = asyncio.create_task(serve(client, "token"))
    await asyncio.wait_for(client.waiting.wait(), 60)  # its handlers are in place by then
    signal.raise_signal(sig)
    await asyncio.wait_for(serving, 60)  # a guard against a hang only: the backoff is an hour
    assert client.is_closed()
    assert _handlers_gone(asyncio.get_running_loop())


async def test_the_error_a_client_stopped_with_is_raised(caplog: Any) -> None:
    with pytest.raises(discord.LoginFailure, match="Improper token"):
        await serve(_Refused(), "token")
    assert "stopping on signal" not in caplog.text
    assert _handlers_gone(asyncio.get_running_loop())
