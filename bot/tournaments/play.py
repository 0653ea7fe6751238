"""A tournament's rounds played: each drawn once the last is over, its matches opened (a
table in a thread of its own), a pause when they cannot be, and the end after the last.
Everything here runs under the tournament's lock."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from bot.i18n import t, tn
from bot.storage.records import Seat
from bot.storage.tournaments import MatchRecord, Tournament, TournamentRecord
from bot.tournaments import rounds, words
from bot.tournaments.desk import Desk
from bot.tournaments.host import ChannelGone, ThreadRefused
from bot.tournaments.rounds import SIDES, entrant

log = logging.getLogger(__name__)

THREADS_NEAR = 100  # threads left before Discord's limit of active ones: the channel is warned
AI_LEVEL = "easy"  # the AI that fills a missing seat

ArmGrace = Callable[[TournamentRecord, MatchRecord, float], None]
"""Start a match's grace time, of so many seconds (``Results.arm_grace``)."""


@dataclass(eq=False)
class Play:
    desk: Desk
    arm_grace: ArmGrace

    async def carry_on(self, tour: Tournament) -> None:
        """Open what is waiting, start the next round once one is over, or end the
        tournament after its last."""
        desk, record = self.desk, tour.record
        while record.status == "running":
            if record.round and not rounds.round_over(tour):
                await self.open_matches(tour)
                break
            if record.round >= (record.rounds or 0) or (
                record.format == "knockout" and record.round and _one_left(tour)
            ):
                await self._finish(tour)
                break
            # A Swiss round of 256 is a matching over 32,640 pairs: seconds of work, done off
            # the event loop, which keeps answering interactions meanwhile.
            try:
                matches = await asyncio.to_thread(rounds.next_round, tour)
            except Exception:
                log.exception("tournament %s: round %s not drawn", record.id, record.round + 1)
                await self.pause(
                    tour,
                    lambda: t(
                        "Round {round} could not be drawn (the log says why). The tournament is"
                        " paused; the organiser resumes it with /tournament start.",
                        round=record.round + 1,
                    ),
                )
                break
            record.round += 1
            await desk.repo.add_round(record, matches)
            tour.matches += matches
            text = partial(words.round_text, tour, matches)
            await desk.say(tour, text)
        await desk.show(tour)

    async def open_matches(self, tour: Tournament) -> None:
        """The round's matches not opened yet, each in a thread: none if the server has not
        the threads for them all; the tournament paused at the first that fails."""
        assert self.desk.host is not None
        waiting = [
            m for m in tour.matches if m.round == tour.record.round and m.status == "pending"
        ]
        room = self.desk.host.thread_room(tour.record.guild_id)
        if room is not None and room < len(waiting):
            await self.pause(
                tour,
                lambda: t(
                    "Round {round} needs {threads}, and Discord's limit of active threads"
                    " leaves this server room for {room}. Archive some, then resume with"
                    " /tournament start.",
                    round=tour.record.round,
                    threads=tn("{n} thread", "{n} threads", len(waiting)),
                    room=tn("{n} thread", "{n} threads", room),
                ),
            )
            return
        if room is not None and waiting and room - len(waiting) < THREADS_NEAR:
            await self.desk.say(
                tour,
                lambda: tn(
                    "Round {round} leaves this server {n} thread before Discord's limit of"
                    " active threads: archive some, or a later round may have to wait.",
                    "Round {round} leaves this server {n} threads before Discord's limit of"
                    " active threads: archive some, or a later round may have to wait.",
                    room - len(waiting),
                    round=tour.record.round,
                ),
            )
        for match in tour.matches:
            if match.round != tour.record.round or match.status != "pending":
                continue
            try:
                await self._open(tour, match)
            except ChannelGone:
                log.info("tournament %s: its channel is gone; cancelled", tour.record.id)
                await self.cancel(tour, gone=True)
                return
            except ThreadRefused as exc:
                await self.pause(tour, partial(words.not_opened, match, str(exc)))
                return
            except Exception:  # Discord's 5xx, a table that could not be seated...
                log.exception(
                    "tournament %s: round %s match %s not opened",
                    tour.record.id,
                    match.round,
                    match.n,
                )
                await self.pause(tour, partial(words.not_opened, match, None))
                return

    async def _open(self, tour: Tournament, match: MatchRecord) -> None:
        """A match's thread and table: seats side by side (seat ``s`` plays for side
        ``s % 2``), the table started at once."""
        desk, record = self.desk, tour.record
        assert desk.host is not None
        sides = [entrant(tour, n) for n in match.sides]
        names = " – ".join(e.name for e in sides)
        with desk.speaking(record):
            title = t("Round {round}: {names}", round=match.round, names=names)
        if match.thread_id is None:
            match.thread_id = await desk.host.open_thread(record.channel_id, title[:100])
            # Kept at once: opened again after a failure below, or a restart, the match
            # takes the same thread (and a table already seated there), leaving none behind.
            await desk.repo.save_match(record.id, match)
        thread = match.thread_id
        seats = []
        for s in range(record.seats):
            side = sides[s % SIDES]
            member = side.members[s // SIDES]
            if member.user_id is None or side.dropped:  # a duplicate's AI stand-in, too
                seats.append(Seat(name=f"{member.name} {s + 1}", ai=AI_LEVEL))
            else:
                seats.append(Seat(name=member.name, user_id=member.user_id))
        table = desk.tables.by_channel.get(thread) or await desk.tables.seated(
            record.guild_id, thread, record.game, record.options, seats, match.seed
        )
        match.table_id, match.status = table.id, "playing"
        match.started_at = f"{datetime.now(UTC).timestamp():.0f}"
        await desk.repo.save_match(record.id, match)
        await desk.host.open_board(table)
        self.arm_grace(record, match, float(record.grace))
        people = [u for e in sides if not e.dropped for u in e.user_ids]
        with desk.speaking(record):
            text = words.summons(match, people, int(match.started_at) + record.grace)
        await desk.host.summon(thread, text, people)

    async def _finish(self, tour: Tournament) -> None:
        desk, record = self.desk, tour.record
        record.status = "finished"
        record.champion = rounds.champion(tour)
        await desk.repo.save(record)
        order = rounds.final_order(tour)
        with desk.speaking(record):
            lines = [
                t("The tournament is over. Champion: **{name}**.", name=words.name(tour, order[0]))
            ]
            lines += [f"{place}. {words.name(tour, e)}" for place, e in enumerate(order, 1)]
        await desk.announce(tour, "\n".join(lines))
        log.info("tournament %s: finished, champion %s", record.id, record.champion)

    async def pause(self, tour: Tournament, why: Callable[[], str]) -> None:
        """No new round, nor match, is opened until the organiser resumes; the channel is
        told ``why``."""
        tour.record.status = "paused"
        await self.desk.repo.save(tour.record)
        await self.desk.say(tour, why)

    async def cancel(self, tour: Tournament, gone: bool = False) -> None:
        """The tournament ends, cancelled; the matches being played are void, their tables
        ended (``gone``: their threads with them)."""
        desk = self.desk
        tour.record.status = "cancelled"
        await desk.repo.save(tour.record)
        for match in tour.matches:
            if match.status == "playing":
                match.status, match.result = "void", "void"
                desk.unarm_grace(tour.record.id, match)
                await desk.repo.save_match(tour.record.id, match)
                if (table := desk.tables.by_id.get(match.table_id or 0)) is not None:
                    if gone:
                        await desk.tables.set_board(table, None)
                    await desk.tables.end(table)
        desk.unarm_start(tour.record.id)


def _one_left(tour: Tournament) -> bool:
    last = [m for m in tour.matches if m.round == tour.record.round]
    return len(last) == 1 and not last[0].bye
