"""The floor: a bare discord.py bot that only acknowledges each interaction.

    python -m bench.floor_bot --api-base URL --gateway-url URL --token T --guild-id ID

It registers commands with Tavolo's names (``/table new``, ``/play`` with suggestions, ...),
so the fake Discord accepts the same interactions, and answers each in the cheapest way that
keeps the same shape as Tavolo's answer: ``/table new`` posts a public "board" with a
**My hand** button; **My hand** answers with an ephemeral "hand" holding one move button; a
move is a deferred update; other commands get a short ephemeral reply; suggestions are one
fixed choice. No database, no game, no other request: whatever latency it shows is the cost
of discord.py, the event loop and the fake Discord themselves, which Tavolo cannot go under.

``FloorProcess`` runs it as its own process against a fake Discord and waits until it is on
the gateway with its commands registered, as ``tests.e2e.botprocess.BotProcess`` does for
the real bot.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.app import serve
from bot.endpoints import use_endpoints
from tests.e2e.botprocess import PROJECT_ROOT, FakeEndpoints

HAND = "floor:hand"
MOVE = "floor:move"

COMMANDS: list[dict[str, Any]] = [
    {
        "name": "table",
        "description": "The card table in this channel",
        "options": [
            {
                "type": 1,
                "name": name,
                "description": name,
                "options": (
                    [{"type": 3, "name": "game", "description": "The game", "required": True}]
                    if name == "new"
                    else []
                ),
            }
            for name in ("new", "join", "leave", "start", "status")
        ],
    },
    {"name": "hand", "description": "Your cards"},
    {
        "name": "play",
        "description": "Play a card",
        "options": [
            {
                "type": 3,
                "name": "card",
                "description": "Your move",
                "required": True,
                "autocomplete": True,
            },
            {"type": 4, "name": "value", "description": "A total", "min_value": 0},
        ],
    },
]
SUGGESTION = app_commands.Choice(name="Seven of Diamonds", value="play:7D")


def _buttons(custom_id: str, label: str) -> discord.ui.View:
    """A view with one button, stopped so discord.py does not keep it for dispatching."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=label, custom_id=custom_id))
    view.stop()
    return view


def _data(interaction: discord.Interaction[Any]) -> dict[str, Any]:
    return dict(interaction.data or {})


def _subcommand(interaction: discord.Interaction[Any]) -> str:
    data = _data(interaction)
    options = data.get("options") or []
    sub = options[0]["name"] if options and options[0].get("type") == 1 else ""
    return f"{data.get('name')} {sub}".strip()


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Answer one interaction as cheaply as its kind allows (see the module's docstring)."""
    response = interaction.response
    kind = interaction.type
    if kind is discord.InteractionType.autocomplete:
        await response.autocomplete([SUGGESTION])
    elif kind is discord.InteractionType.application_command:
        if _subcommand(interaction) == "table new":
            await response.send_message("Board", view=_buttons(HAND, "My hand"))
        else:
            await response.send_message("Done.", ephemeral=True)
    elif kind is discord.InteractionType.component:
        if _data(interaction).get("custom_id") == HAND:
            await response.send_message("Your hand", view=_buttons(MOVE, "7D"), ephemeral=True)
        else:
            await response.defer()
    elif kind is discord.InteractionType.modal_submit:
        await response.defer()


class FloorBot(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default())
        self.guild_id = guild_id

    async def setup_hook(self) -> None:
        assert self.application_id is not None
        await self.http.bulk_upsert_guild_commands(self.application_id, self.guild_id, COMMANDS)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledge(interaction)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.floor_bot", description=__doc__)
    parser.add_argument("--api-base", required=True)
    parser.add_argument("--gateway-url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--guild-id", type=int, required=True)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    use_endpoints(args.api_base, args.gateway_url)
    asyncio.run(serve(FloorBot(args.guild_id), args.token))


class FloorProcess:
    """``python -m bench.floor_bot`` against a fake Discord, as its own process."""

    def __init__(self, fake: FakeEndpoints, log_path: Path) -> None:
        self.fake = fake
        self.log_path = log_path
        self.process: asyncio.subprocess.Process | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self, timeout: float = 20.0) -> None:
        """Start it; return once it has identified and registered its commands."""
        before = await self.fake.status()
        fake = self.fake
        with self.log_path.open("a", encoding="utf-8") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bench.floor_bot",
                "--api-base",
                fake.api_base,
                "--gateway-url",
                fake.gateway_url,
                "--token",
                fake.token,
                "--guild-id",
                str(fake.guild_id),
                cwd=PROJECT_ROOT,
                stdout=log,
                stderr=asyncio.subprocess.STDOUT,
            )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            now = await fake.status()
            if now["identifies"] > before["identifies"] and (
                now["command_syncs"] > before["command_syncs"]
            ):
                return
            if self.process.returncode is not None or loop.time() > deadline:
                await self.stop()
                raise RuntimeError(f"the floor bot did not start:\n{self.log_path.read_text()}")
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


if __name__ == "__main__":
    main(sys.argv[1:])
