"""Tournaments on Discord: /tournament's steps, the sign-up message's Join and Leave, and the
host that opens the matches' threads and keeps the tournament's message up to date. The
tournaments themselves are ``bot.tournaments``."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Literal

import discord
from discord.ui import Button

from bot.games.base import Event
from bot.i18n import speaking, t
from bot.tables import Table, TableError
from bot.tables.clock import REAL, Clock
from bot.tables.floor import Listener
from bot.text import game_title
from bot.tournaments import Member, Plan, ThreadRefused, Tournament, Tournaments
from bot.views import tournament_board
from bot.views.access import thinking
from bot.views.attach import bracket_files
from bot.views.click import Click, Interaction
from bot.views.components import GREEN, GREY, button, view
from bot.views.errors import CONTENT_MAX, tell
from bot.views.services import Boards, services

log = logging.getLogger(__name__)

NOBODY = discord.AllowedMentions.none()
THREAD_ARCHIVE: Literal[1440] = 1440  # minutes a quiet match thread stays open
ACTIVE_THREADS = 1000  # Discord's limit of active threads in a server
GATHER = 0.5
"""Seconds an announcement or an edit of the tournament's message waits for what comes with
it (a round's results come together): the channel sends 5 messages or edits in 5 s."""
# What the bot needs in a tournament's channel, beyond a table's: its matches' threads.
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "read_message_history": "Read Message History",
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}
TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def _tournaments(interaction: Interaction) -> Tournaments:
    found = services(interaction).tournaments
    assert found is not None, "the tournaments were not set up"
    return found


def _home(interaction: Interaction) -> int:
    """The channel a tournament is run in: in a match's thread, the thread's channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tournaments are run in a server's text channels."))
    return interaction.channel_id


def house_rules(text: str | None) -> dict[str, Any]:
    """``name=value, name=value`` as the house rules' options (the game checks them)."""
    found: dict[str, Any] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise TableError(
                t(
                    "House rules are written name=value, separated by commas: “{part}” is not.",
                    part=part.strip(),
                )
            )
        if value.lower() in TRUE:
            found[name] = True
        elif value.lower() in FALSE:
            found[name] = False
        elif value.lstrip("-").isdigit():
            found[name] = int(value)
        else:
            found[name] = value
    return found


# -- the commands ----------------------------------------------------------------------------


async def new(
    interaction: Interaction,
    game: str,
    format: str,
    seats: int,
    rules: str | None,
    rounds: int | None,
    starts_in: int | None,
    ai_fill: bool,
    league: bool,
    grace: int,
) -> None:
    if interaction.guild_id is None or isinstance(interaction.channel, discord.Thread):
        raise TableError(t("Tournaments are run in a server's text channels, not in threads."))
    perms = interaction.app_permissions
    missing = [name for flag, name in NEEDED.items() if not getattr(perms, flag)]
    if missing:
        await tell(
            interaction,
            t(
                "I cannot run a tournament in this channel: I need {missing} here.",
                missing=", ".join(missing),
            ),
        )
        return
    await thinking(interaction)
    plan = Plan(
        guild_id=interaction.guild_id,
        channel_id=_home(interaction),
        organiser_id=interaction.user.id,
        game=game,
        format=format,  # type: ignore[arg-type]  # the command's choices
        seats=seats,
        options=house_rules(rules),
        rounds=rounds,
        ai_fill=ai_fill,
        league=league,
        grace=grace,
        starts_in=starts_in,
    )
    tour = await _tournaments(interaction).new(plan)
    host = _host(interaction)
    await host.post(tour)
    await tell(
        interaction,
        t(
            "Your {game} tournament is open: players press **Join** on its message; start it"
            " with /tournament start.",
            game=game_title(game),
        ),
    )


async def join(
    interaction: Interaction,
    tournament_id: int | None = None,
    partner: discord.abc.User | None = None,
) -> None:
    await thinking(interaction)
    tours = _tournaments(interaction)
    tour_id = tournament_id or (await tours.in_channel(_home(interaction))).record.id
    with_partner = None
    if partner is not None:
        if partner.bot:
            raise TableError(t("Your partner must be a person: the AI fills seats by itself."))
        with_partner = Member(user_id=partner.id, name=partner.display_name)
    await tours.join(tour_id, interaction.user.id, interaction.user.display_name, with_partner)
    await tell(interaction, t("You are signed up."))


async def leave(interaction: Interaction, tournament_id: int | None = None) -> None:
    await thinking(interaction)
    tours = _tournaments(interaction)
    tour = (
        await tours.get(tournament_id)
        if tournament_id
        else await tours.in_channel(_home(interaction))
    )
    started = tour.record.status != "signup"
    await tours.leave(tour.record.id, interaction.user.id)
    await tell(
        interaction,
        t("You left the tournament: a match you were playing is lost by walkover.")
        if started
        else t("You are no longer signed up."),
    )


async def _organised(interaction: Interaction) -> tuple[Tournaments, Tournament]:
    """The channel's tournament, for its organiser (or someone who may manage the server)."""
    tours = _tournaments(interaction)
    tour = await tours.in_channel(_home(interaction))
    if interaction.user.id != tour.record.organiser_id and not interaction.permissions.manage_guild:
        raise TableError(
            t("Only the organiser, or someone who may manage the server, can do that.")
        )
    await thinking(interaction)
    return tours, tour


async def start(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.start(tour.record.id)
    await tell(interaction, t("The tournament is under way."))


async def pause(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.pause(tour.record.id)
    await tell(interaction, t("The tournament is paused."))


async def cancel(interaction: Interaction) -> None:
    tours, tour = await _organised(interaction)
    await tours.cancel(tour.record.id)
    await tell(interaction, t("The tournament is cancelled."))


async def drop(interaction: Interaction, player: discord.abc.User) -> None:
    tours, tour = await _organised(interaction)
    await tours.drop(tour.record.id, player.id)
    await tell(interaction, t("{name} is dropped from the tournament.", name=player.display_name))


async def settle(
    interaction: Interaction, number: int, match: int, winner: discord.abc.User | None
) -> None:
    tours, tour = await _organised(interaction)
    entrant = None
    if winner is not None:
        found = next((e for e in tour.entrants if winner.id in e.user_ids), None)
        if found is None:
            raise TableError(t("{name} is not in the tournament.", name=winner.display_name))
        entrant = found.n
    await tours.settle(tour.record.id, number, match, entrant)
    await tell(interaction, t("The match is settled."))


async def history(interaction: Interaction) -> None:
    if interaction.guild_id is None:
        raise TableError(t("Tournaments are run in a server's text channels."))
    await thinking(interaction)
    found = await _tournaments(interaction).history(interaction.guild_id)
    lines = []
    for tour in found:
        champion = next((e.name for e in tour.entrants if e.n == tour.record.champion), None)
        lines.append(
            t(
                "{title} · {date} · {result}",
                title=tournament_board.title(tour),
                date=tour.record.created_at[:10],
                result=t("champion {name}", name=champion) if champion else t("cancelled"),
            )
        )
    await tell(interaction, "\n".join(lines) or t("This server has had no tournament yet."))


# -- the sign-up message's buttons -----------------------------------------------------------


class JoinButton(Click[Button[Any]], layout="tv:tour:{tournament}:join", what="tournament join"):
    async def clicked(self, interaction: Interaction) -> None:
        await join(interaction, self.number("tournament"))


class LeaveButton(Click[Button[Any]], layout="tv:tour:{tournament}:leave", what="tournament leave"):
    async def clicked(self, interaction: Interaction) -> None:
        await leave(interaction, self.number("tournament"))


CLICKS = (JoinButton, LeaveButton)


def _buttons(tour: Tournament) -> discord.ui.View | None:
    if tour.record.status != "signup":
        return None
    tid = tour.record.id
    return view(
        button(JoinButton.make_id(tournament=tid), t("Join"), GREEN),
        button(LeaveButton.make_id(tournament=tid), t("Leave"), GREY),
    )


# -- the host --------------------------------------------------------------------------------


def _host(interaction: Interaction) -> TournamentHost:
    host = _tournaments(interaction).host
    assert isinstance(host, TournamentHost)
    return host


class TournamentHost:
    """``bot.tournaments.Host`` on Discord. The tournament's message is edited in a task of
    its own, to the tournament as stored when the edit is made: changes coming together
    make one edit."""

    def __init__(
        self,
        client: discord.Client,
        boards: Boards,
        tours: Tournaments,
        pictures: Callable[[int], bool],
        clock: Clock = REAL,
    ) -> None:
        self.client = client
        self.pictures = pictures  # whether a server shows pictures (/table pictures)
        self.clock = clock
        self.boards = boards
        self.tours = tours
        self._due: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self._said: dict[int, list[str]] = {}  # channel -> what is still to be said there
        self._senders: dict[int, asyncio.Task[None]] = {}

    def language(self, channel_id: int, guild_id: int) -> str:
        return self.boards.channel_language(channel_id, guild_id)

    async def open_thread(self, channel_id: int, name: str) -> int:
        # Brought back at a start, a tournament may open a round before the server's channels
        # have arrived from the gateway: they are known once the client is ready.
        await self.client.wait_until_ready()
        channel = self.client.get_channel(channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise ThreadRefused(t("its channel is gone."))
        try:
            thread = await channel.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE,
            )
        except discord.Forbidden:
            raise ThreadRefused(
                t("I may not open threads here (Create Public Threads, Send Messages in Threads).")
            ) from None
        except discord.HTTPException as exc:
            if exc.code == 160006:
                raise ThreadRefused(
                    t("this server has reached Discord's limit of active threads; archive some.")
                ) from None
            raise
        return thread.id

    async def announce(self, channel_id: int, text: str) -> None:
        """Say ``text`` in the channel: what comes while a message is on its way (a round's
        results, say) goes out together in the next, so the channel stays inside its
        rate limit."""
        self._said.setdefault(channel_id, []).append(text[:CONTENT_MAX])
        sender = self._senders.get(channel_id)
        if sender is None or sender.done():
            self._senders[channel_id] = asyncio.create_task(self._say(channel_id))

    async def _say(self, channel_id: int) -> None:
        await self.clock.sleep(GATHER)
        waiting = self._said.get(channel_id, [])
        while waiting:
            batch = [waiting.pop(0)]
            while waiting and len("\n".join([*batch, waiting[0]])) <= CONTENT_MAX:
                batch.append(waiting.pop(0))
            try:
                await self.client.get_partial_messageable(channel_id).send(
                    "\n".join(batch), allowed_mentions=NOBODY
                )
            except discord.HTTPException:
                log.warning("channel %s: a tournament announcement could not be sent", channel_id)

    def thread_room(self, guild_id: int) -> int | None:
        guild = self.client.get_guild(guild_id)
        if guild is None:
            return None
        return ACTIVE_THREADS - sum(1 for thread in guild.threads if not thread.archived)

    async def show(self, tournament: Tournament) -> None:
        self._due.add(tournament.record.id)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._edit())

    async def open_board(self, table: Table) -> None:
        await self.boards.open_board(table)

    async def _drawn(
        self, tour: Tournament
    ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """The tournament's message: its text, its buttons, and a knockout's bracket as a
        picture beside the text (unless the server turned pictures off)."""
        record = tour.record
        with speaking(self.language(record.channel_id, record.guild_id)):
            embed, buttons = tournament_board.embed(tour), _buttons(tour)
            title = tournament_board.title(tour)
        slots = tournament_board.bracket_slots(tour)
        if slots is None or not self.pictures(record.guild_id):
            return embed, buttons, []
        return embed, buttons, await bracket_files(title, slots[0], slots[1], embed)

    async def post(self, tour: Tournament) -> None:
        """The new tournament's message, posted and remembered."""
        embed, buttons, files = await self._drawn(tour)
        channel = self.client.get_partial_messageable(tour.record.channel_id)
        if buttons is None:
            message = await channel.send(embed=embed, files=files, allowed_mentions=NOBODY)
        else:
            message = await channel.send(
                embed=embed, view=buttons, files=files, allowed_mentions=NOBODY
            )
        await self.tours.set_message(tour.record.id, message.id)

    async def _edit(self) -> None:
        await self.clock.sleep(GATHER)
        while self._due:
            tour_id = self._due.pop()
            try:
                tour = await self.tours.get(tour_id)
                record = tour.record
                if record.message_id is None:
                    await self.post(tour)
                    continue
                embed, buttons, files = await self._drawn(tour)
                message = self.client.get_partial_messageable(
                    record.channel_id
                ).get_partial_message(record.message_id)
                await message.edit(embed=embed, view=buttons, attachments=files)
            except discord.NotFound:
                log.info("tournament %s: its message is gone; posting it again", tour_id)
                await self.post(tour)
            except Exception:
                log.exception("tournament %s: its message could not be updated", tour_id)

    async def close(self) -> None:
        tasks = [*self._senders.values(), *([self._task] if self._task else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class TablesTold:
    """The tables' listener (``bot.tables.Listener``): the publisher, and the tournaments
    told of every table closed."""

    def __init__(self, publisher: Listener, tours: Tournaments) -> None:
        self.publisher = publisher
        self.tours = tours

    async def table_changed(self, table: Table, events: list[Event]) -> None:
        await self.publisher.table_changed(table, events)

    async def turn_started(self, table: Table, seat: int) -> None:
        await self.publisher.turn_started(table, seat)

    async def turn_warning(self, table: Table, seat: int, seconds: float) -> None:
        await self.publisher.turn_warning(table, seat, seconds)

    async def table_closed(self, table: Table) -> None:
        await self.publisher.table_closed(table)
        self.tours.table_closed(table.id, table.record.status)
