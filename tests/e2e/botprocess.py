"""The bot as people run it: ``python -m bot --config PATH``, as its own process.

``BotProcess`` writes a config pointing the bot at a fake Discord (in-process
``FakeDiscord`` or a ``RemoteFakeDiscord``), starts the bot, waits until it has
identified on the gateway and registered its commands, and stops it gracefully
(SIGTERM/SIGINT) or hard (SIGKILL). It can start again on the same database.
The bot's output goes to ``log_path``; failures quote its tail.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any, Protocol

from bot.storage.sqlite import sqlite_url
from fakediscord import Limits

from .driver import PostgresStore, SQLiteStore, Store

PROJECT_ROOT = Path(__file__).resolve().parents[2]

WINDOW_SLACK = 0.0
"""Seconds the bot's channel window exceeds its Discord's: none. The bot counts each send from
when its answer came back (``bot.views.outbox.Outbox.slot``), when the request has reached
Discord however late it was sent, so a window as long as the fake's keeps to the fake's limit
on a machine as busy as it may be."""


class FakeEndpoints(Protocol):
    """What the bot needs to know about a fake Discord, local or remote."""

    @property
    def api_base(self) -> str: ...
    @property
    def gateway_url(self) -> str: ...
    @property
    def token(self) -> str: ...
    @property
    def guild_id(self) -> int: ...

    async def status(self) -> dict[str, Any]: ...


def to_toml(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> str:
    """Scalars, lists and nested tables (``{"tables": {"turn_timeout": 5}}``) as TOML; a
    key set to None is left out (the setting's default)."""
    lines = [
        f"{k} = {json.dumps(str(v) if isinstance(v, Path) else v)}"
        for k, v in data.items()
        if not isinstance(v, dict) and v is not None
    ]
    for key, value in data.items():
        if isinstance(value, dict):
            table = (*prefix, key)
            lines += ["", f"[{'.'.join(table)}]", to_toml(value, table)]
    return "\n".join(lines)


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


class BotProcess:
    def __init__(
        self, fake: FakeEndpoints, workdir: Path, *, settings: dict[str, Any] | None = None
    ) -> None:
        self.fake = fake
        self.workdir = workdir
        self.config_path = workdir / "config.toml"
        self.db_path = workdir / "tavolo.sqlite3"
        self.database_url: str | None = None
        """A PostgreSQL database to use instead of the SQLite file ``db_path``."""
        self._store: Store | None = None
        self.log_path = workdir / "bot.log"
        self.heartbeat_file = workdir / "heartbeat"
        self.settings = settings or {}
        """Extra settings merged into the config (``{"tables": {"turn_timeout": 5}}``)."""
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def config(self) -> dict[str, Any]:
        fake = self.fake
        base = {
            "log_level": "INFO",
            "discord": {
                "token": fake.token,
                "api_base": fake.api_base,
                "gateway_url": fake.gateway_url,
                "sync_guild_id": fake.guild_id,
            },
            "database": {"url": self.database_url} if self.database_url else {"path": self.db_path},
            "health": {"heartbeat_file": self.heartbeat_file},
        }
        # The bot keeps to the channel limit its fake enforces (the e2e fixture's is shorter
        # than Discord's five seconds, so that tests do not wait them out).
        limits = getattr(fake, "limits", None)
        if isinstance(limits, Limits):
            channel = limits.channel_messages
            window = channel.per + WINDOW_SLACK
            base["sends"] = {"channel_sends": channel.limit, "channel_window": window}
        return _merge(base, self.settings)

    @property
    def database(self) -> str:
        """The bot's database, as ``Database.open`` takes it."""
        return self.database_url or sqlite_url(self.db_path)

    def store(self) -> Store:
        """The bot's database, to read what it stored."""
        if self._store is None:
            url = self.database_url
            self._store = PostgresStore(url) if url else SQLiteStore(self.db_path)
        return self._store

    def log(self) -> str:
        return (
            self.log_path.read_text(encoding="utf-8", errors="replace")
            if self.log_path.exists()
            else ""
        )

    async def start(self, timeout: float = 20.0) -> None:
        """Start the bot; return once it is on the gateway with its commands registered."""
        assert not self.running, "the bot is already running"
        self.config_path.write_text(to_toml(self.config()) + "\n", encoding="utf-8")
        before = await self.fake.status()
        self.starts += 1
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("TAVOLO_") and k != "DISCORD_TOKEN"
        }
        with self.log_path.open("a", encoding="utf-8") as log:
            log.write(f"--- start {self.starts} ---\n")
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bot",
                "--config",
                str(self.config_path),
                cwd=PROJECT_ROOT,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
                env={**env, "PYTHONUNBUFFERED": "1"},
            )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._ready(before, await self.fake.status()):
            if not self.running:
                raise RuntimeError(
                    f"the bot exited with {self.process.returncode}:\n{self.log()[-3000:]}"
                )
            if loop.time() > deadline:
                await self.kill()
                raise TimeoutError(f"the bot was not ready after {timeout}s:\n{self.log()[-3000:]}")
            await asyncio.sleep(0.05)

    @staticmethod
    def _ready(before: dict[str, Any], now: dict[str, Any]) -> bool:
        return bool(
            now["connected"]
            and now["identifies"] > before["identifies"]
            and now["command_syncs"] > before["command_syncs"]
        )

    async def stop(self, sig: signal.Signals = signal.SIGTERM, timeout: float = 10.0) -> int:
        """Ask the bot to stop with ``sig``; returns its exit code (it must stop in time)."""
        process = self.process
        assert process is not None and self.running, "the bot is not running"
        process.send_signal(sig)
        try:
            return await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            await self.kill()
            raise AssertionError(
                f"the bot ignored {sig.name} for {timeout}s:\n{self.log()[-3000:]}"
            ) from None

    async def kill(self) -> int:
        """SIGKILL: no goodbye, as when the machine dies."""
        assert self.process is not None
        if self.running:
            self.process.kill()
        return await self.process.wait()

    async def restart(self, *, hard: bool = False) -> None:
        """Stop (or kill) and start again on the same config and database."""
        if hard:
            await self.kill()
        else:
            await self.stop()
        await self.start()

    async def close(self) -> None:
        """Teardown: stop the bot if it still runs (an error if it has to be killed)."""
        if self._store is not None:
            self._store.close()
            self._store = None
        if self.running:
            await self.stop()
