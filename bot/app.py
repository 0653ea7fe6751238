"""The Discord client: connects, loads the cogs, syncs the slash commands."""

from __future__ import annotations

import asyncio
import logging
import signal

import discord
from discord.ext import commands

from bot.cogs.help import HelpCog
from bot.config import Settings
from bot.endpoints import use_endpoints

log = logging.getLogger(__name__)


class TavoloBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # Only non-privileged intents: everything Tavolo does comes through interactions.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.settings = settings

    async def setup_hook(self) -> None:
        await self.add_cog(HelpCog())
        guild_id = self.settings.discord.sync_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands (guild=%s)", len(synced), guild_id)

    async def on_ready(self) -> None:
        log.info("ready as %s (id=%s)", self.user, self.user.id if self.user else None)


def run_bot(settings: Settings) -> None:
    """Start the bot and block until it stops; SIGTERM or SIGINT closes it cleanly."""
    use_endpoints(settings.discord.api_base, settings.discord.gateway_url)
    asyncio.run(_serve(TavoloBot(settings), settings.discord.token))


async def _serve(bot: TavoloBot, token: str) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(token))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if stop.is_set():
            log.info("stopping on signal")
        await bot.close()
        await running
