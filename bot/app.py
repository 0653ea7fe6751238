"""The Discord client: opens the database, brings back the tables, loads the cogs and the
persistent buttons, syncs the slash commands; and closes it all again."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from typing import Any

import discord
from aiohttp import web
from discord import app_commands
from discord.ext import commands

from bot.cogs import all_cogs
from bot.cogs.language import Translator, Tree
from bot.config import ConfigError, Settings
from bot.endpoints import use_endpoints
from bot.health import record_heartbeats
from bot.heap import settle
from bot.league import League
from bot.storage import Database, LeagueRepo, SettingsRepo, TableRepo
from bot.storage.tournaments import TournamentRepo
from bot.tables import Choices, TableManager
from bot.tables.ai_worker import AIWorkers
from bot.tournaments import Tournaments
from bot.views.attach import drawn_for_the_web, warm_up
from bot.views.errors import report_error
from bot.views.league_admin import server_changed
from bot.views.outbox import global_sends
from bot.views.publisher import Publisher
from bot.views.registry import CLICKS, on_interaction
from bot.views.services import Services
from bot.views.tournament_host import TablesTold, TournamentHost
from bot.web.server import make_app, start

log = logging.getLogger(__name__)


INTENTS = discord.Intents(guilds=True)
"""The gateway events Tavolo asks Discord for: its servers and their channels (a server's
language names its tables' language). Everything people do reaches it as interactions, which
need no intent; so Discord sends it none of the servers' messages, typing, reactions, voice or
invites (not even its own boards' MESSAGE_CREATE and MESSAGE_UPDATE), which it would only
parse and drop."""


class TavoloBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, db: Database) -> None:
        # Nobody is mentioned unless a message names them (the turn's ping). No message or
        # member cache: the bot edits its boards by id and reads people from interactions.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            max_messages=None,
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=Tree,
            shard_count=settings.discord.shard_count,
            shard_ids=settings.discord.shard_ids,  # type: ignore[arg-type]  # None: all of them
        )
        self.settings = settings
        self.services: Services | None = None
        self._db: Database | None = db  # opened before the bot goes online; closed with it
        self._ai: AIWorkers | None = None
        self._publisher: Publisher | None = None
        self._heartbeats: asyncio.Task[None] | None = None
        self._tournaments: Tournaments | None = None
        self._host: TournamentHost | None = None
        self._web: web.AppRunner | None = None

    async def setup_hook(self) -> None:
        settings = self.settings
        assert self._db is not None, "the bot was closed"
        self._ai = AIWorkers(settings.tables.ai_workers)
        manager = TableManager(
            TableRepo(self._db), settings.tables, settings.rules, self._ai, settings.discord.runs
        )
        choices = Choices(SettingsRepo(self._db))
        await choices.load()
        sends = global_sends(settings.discord.global_rate_limit, settings.discord.share)
        publisher = Publisher(self, manager, choices, settings.sends, sends)
        self._publisher = publisher
        league = League(LeagueRepo(self._db), settings.league)
        league.web.address = settings.web.public_address
        publisher.posts.web = league.web
        tours = self._tournaments = Tournaments(
            TournamentRepo(self._db), manager, league, settings.discord.runs
        )
        tours.host = self._host = TournamentHost(self, publisher, tours, choices.pictures)

        async def match_finished(match_id: int) -> None:
            # A tournament may keep its matches out of the league; then it goes on.
            if await tours.counts_in_league(match_id):
                await league.record(match_id)
            await tours.table_finished(match_id)

        manager.match_finished = match_finished
        manager.listener = TablesTold(publisher, tours)
        publisher.gone = self._channel_gone
        self.services = Services(manager, publisher, league, choices, tours)
        await warm_up()
        log.info("heap: %d objects held from the start, out of the collector's reach", settle())
        await league.catch_up()
        await manager.restore()
        publisher.restored([*manager.by_id.values(), *manager.finished_at_restore])
        publisher.ended(manager.ended_at_restore)
        await tours.restore()
        if settings.web.in_bot:
            app = make_app(self._db, settings.league, drawn_for_the_web, settings=settings.web)
            self._web = await start(app, settings.web)

        self._heartbeats = asyncio.create_task(
            record_heartbeats(
                lambda: self.latencies, settings.heartbeat_file, settings.health.record_interval
            )
        )
        self.add_dynamic_items(*CLICKS)
        self.add_listener(on_interaction, "on_interaction")
        self.add_listener(self._thread_deleted, "on_raw_thread_delete")
        self.add_listener(self._channel_deleted, "on_guild_channel_delete")
        self.add_listener(self._guild_updated, "on_guild_update")
        self.tree.error(self._command_failed)
        await self.tree.set_translator(Translator())
        for cog in all_cogs():
            await self.add_cog(cog)
        guild_id = settings.discord.sync_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands (guild=%s)", len(synced), guild_id)

    async def _command_failed(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "command"
        table = None
        if self.services is not None and interaction.channel_id is not None:
            found = self.services.manager.by_channel.get(interaction.channel_id)
            table = found.id if found else None
        await report_error(interaction, error, f"/{command}", table)

    async def _thread_deleted(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_deleted(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A channel or a thread deleted: told by the gateway, or found so by a send to it
        (deleted while the bot was away). Its table ends as abandoned, its moves and its
        finished deals' records kept (``/replay`` still finds them on the server; a
        tournament's match is played again in a new thread), and a tournament run in it
        ends, cancelled."""
        if self.services is None:
            return
        if self._tournaments is not None:
            await self._tournaments.channel_gone(channel_id)
        manager = self.services.manager
        table = manager.by_channel.get(channel_id)
        if table is not None:
            await manager.set_board(table, None)  # gone with its channel: nothing to edit
            await manager.end(table)

    async def _guild_updated(self, before: discord.Guild, after: discord.Guild) -> None:
        """A server renamed, or its language changed: its league pages follow."""
        if self.services is not None:
            await server_changed(self.services.league.web, before, after)

    async def on_ready(self) -> None:
        log.info("ready as %s (id=%s)", self.user, self.user.id if self.user else None)

    async def close(self) -> None:
        """Stop the tables' timers and messages, then Discord, then the AI and the database."""
        if self._heartbeats is not None:
            self._heartbeats.cancel()  # the record stays, and grows old
            self._heartbeats = None
        if self._tournaments is not None:
            await self._tournaments.close()
            self._tournaments = None
        if self._host is not None:
            await self._host.close()
            self._host = None
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        if self.services is not None:
            await self.services.manager.close()
            self.services = None
        if self._publisher is not None:
            await self._publisher.close()
        await super().close()
        if self._ai is not None:
            self._ai.close()
            self._ai = None
        if self._db is not None:
            await self._db.close()
            self._db = None


LoopFactory = Callable[[], asyncio.AbstractEventLoop]


def event_loop_factory(choice: str) -> LoopFactory | None:
    """The event loop to run on: uvloop's (less CPU per request and gateway event) where it
    is installed and not turned off, else None, asyncio's own. ``choice`` is the setting
    ``event_loop``: "auto", "uvloop" (ConfigError without it) or "asyncio"."""
    if choice == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:
        if choice == "uvloop":
            raise ConfigError("event_loop = 'uvloop', but uvloop is not installed.") from None
        return None
    return uvloop.new_event_loop


def run_bot(settings: Settings) -> None:
    """Start the bot and block until it stops; SIGTERM or SIGINT closes it cleanly.

    Raises DatabaseUnusable, before anything goes online, if the database cannot be used,
    and ShardTaken if another process on the database runs one of its shards."""
    use_endpoints(settings.discord.api_base, settings.discord.gateway_url)
    with asyncio.Runner(loop_factory=event_loop_factory(settings.event_loop)) as runner:
        runner.run(_open_and_serve(settings))


async def _open_and_serve(settings: Settings) -> None:
    db = await Database.configured(settings.database)
    # Said once the database is open: a database that stops the bot leaves one line only.
    log.info("event loop: %s", type(asyncio.get_running_loop()).__module__.split(".")[0])
    try:
        count, shards = settings.discord.shard_count, settings.discord.shard_ids
        if shards is None and count is not None:
            shards = list(range(count))
        await db.claim_shards(count, shards or ())  # ShardTaken: another process runs one
        await serve(TavoloBot(settings, db), settings.discord.token.get_secret_value())
    finally:
        await db.close()  # if the bot did not (it failed before it could)


async def serve(bot: discord.Client, token: str) -> None:
    """Run a client until it stops or SIGTERM or SIGINT arrives; then close it cleanly.

    Once closed, the client has nothing left to do, and it is not waited for: discord.py's
    reconnection, while Discord cannot be reached, sleeps out its backoff (up to 17 minutes)
    before it looks whether the client was closed, which outlasts any stop's grace period."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token))
            stopping = asyncio.create_task(stop.wait())
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            stopping.cancel()
            if stop.is_set():
                log.info("stopping on signal")
            await bot.close()
            running.cancel()
            await asyncio.wait({running})
            if not running.cancelled():
                running.result()  # the error it stopped with, if any
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
