"""Tournaments run: sign-up, the rounds, each match a table in a thread of its own, results,
walkovers, the organiser's steps, the champion. Everything is stored before it is shown, so a
restart carries on from the database (``restore``).

It knows nothing of Discord: a ``Host`` (the Discord layer) opens threads, posts and edits
the tournament's message and says what happened in its channel.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from functools import partial
from typing import Any

from bot.games import SPECS, GameError
from bot.games.base import parse_options
from bot.i18n import speaking, t, tn
from bot.league import League
from bot.storage.records import Seat
from bot.storage.tournaments import (
    DuplicateTournament,
    EntrantRecord,
    MatchRecord,
    Member,
    Tournament,
    TournamentRecord,
    TournamentRepo,
    TournamentTerms,
)
from bot.tables import TableError, TableManager
from bot.tables.clock import REAL, Clock
from bot.text import game_title
from bot.tournaments import rounds, words
from bot.tournaments.host import ChannelGone, Host, ThreadRefused
from bot.tournaments.pairing import seeding
from bot.tournaments.rounds import SIDES, entrant
from bot.tournaments.standings import LOSS, WIN

log = logging.getLogger(__name__)

MOST_ENTRANTS = 256
THREADS_NEAR = 100  # threads left before Discord's limit of active ones: the channel is warned
AI_LEVEL = "easy"  # the AI that fills a missing seat


class Plan(TournamentTerms):
    """What ``/tournament new`` asks for."""

    starts_in: int | None  # minutes; None: the organiser starts it


def _field(signed: list[EntrantRecord], size: int) -> int:
    """The entrants the sign-ups make: a team signed up together is one, and those who
    signed up alone are drawn into teams of ``size`` (the last one filled by the AI)."""
    alone = sum(len(e.members) for e in signed if len(e.members) < size)
    return sum(1 for e in signed if len(e.members) == size) + -(-alone // size)


def _team(members: list[Member]) -> str:
    return " & ".join(m.name for m in members)


class Tournaments:
    def __init__(
        self,
        repo: TournamentRepo,
        tables: TableManager,
        league: League,
        runs: Callable[[int], bool] = lambda guild_id: True,
        clock: Clock = REAL,
    ) -> None:
        self.repo = repo
        self.tables = tables
        self.league = league
        self.runs = runs  # whether this process runs a guild (its shard)
        self.clock = clock
        self.host: Host | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[tuple[int, int, int], asyncio.Task[None]] = {}
        self._starts: dict[int, asyncio.Task[None]] = {}
        self._work: set[asyncio.Task[None]] = set()

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- finding one -------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> Tournament:
        found = await self.repo.get(tournament_id)
        if found is None:
            raise TableError(t("There is no such tournament."))
        return found

    async def in_channel(self, channel_id: int) -> Tournament:
        found = await self.repo.open_in_channel(channel_id)
        if found is None:
            raise TableError(
                t("There is no tournament in this channel. Open one with /tournament new.")
            )
        return await self.get(found)

    async def plays_at(self, table_id: int) -> bool:
        """Whether the table is a tournament's match."""
        return await self.repo.match_of_table(table_id) is not None

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the message that shows the tournament."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            tour.record.message_id = message_id
            await self.repo.save(tour.record)

    # -- sign-up -----------------------------------------------------------------------------

    async def new(self, plan: Plan) -> Tournament:
        spec = SPECS.get(plan.game)
        if spec is None:
            raise TableError(t("Unknown game “{game}”.", game=plan.game))
        options = parse_options(spec.rules.options_model, plan.options)  # GameError
        seating = spec.seats
        if plan.seats not in seating.seat_range(options) or (
            plan.seats != SIDES
            and not (seating.partnered(plan.seats) and seating.side_count(plan.seats) == SIDES)
        ):
            allowed = [
                n
                for n in seating.seat_range(options)
                if n == SIDES or (seating.partnered(n) and seating.side_count(n) == SIDES)
            ]
            raise TableError(
                t(
                    "A tournament's matches are between two sides: {game} can be played at"
                    " {seats} seats in a tournament.",
                    game=game_title(plan.game),
                    seats=", ".join(map(str, allowed)) or "—",
                )
            )
        if plan.format == "swiss" and not plan.rounds:
            raise TableError(t("A Swiss tournament needs its number of rounds (rounds:)."))
        starts_at = None
        if plan.starts_in is not None:
            starts_at = datetime.now(UTC).timestamp() + plan.starts_in * 60
        record = TournamentRecord(
            **plan.model_dump(exclude={"starts_in", "rounds"}),
            id=0,
            rounds=plan.rounds if plan.format != "knockout" else None,
            starts_at=None if starts_at is None else f"{starts_at:.0f}",
            status="signup",
            round=0,
            seed=secrets.randbits(48),
            message_id=None,
            champion=None,
        )
        try:
            record = await self.repo.create(record)
        except DuplicateTournament:
            raise TableError(
                t(
                    "This channel already has a tournament: finish it, or /tournament cancel"
                    " it, first."
                )
            ) from None
        tournament = Tournament(record=record)
        log.info("tournament %s: %s %s opened", record.id, plan.format, plan.game)
        self._arm_start(tournament)
        return tournament

    def team_size(self, record: TournamentRecord) -> int:
        return record.seats // SIDES

    async def join(
        self, tournament_id: int, user_id: int, name: str, partner: Member | None = None
    ) -> Tournament:
        """Sign up; in a partnership game, with a ``partner`` (a team signed up together)
        or alone (drawn into a team at the start)."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            if tour.record.status != "signup":
                raise TableError(t("The tournament has already started: sign-up is closed."))
            members = [Member(user_id=user_id, name=name)]
            if partner is not None:
                if self.team_size(tour.record) == 1:
                    raise TableError(
                        t("This tournament's matches are one against one: no partners.")
                    )
                if partner.user_id == user_id:
                    raise TableError(t("Your partner must be someone else."))
                members.append(partner)
            for member in members:
                if any(member.user_id in e.user_ids for e in tour.entrants):
                    raise TableError(
                        t("You are already signed up.")
                        if member.user_id == user_id
                        else t("{name} is already signed up.", name=member.name)
                    )
            n = max((e.n for e in tour.entrants), default=0) + 1
            signed = [*tour.entrants, EntrantRecord(n=n, name=_team(members), members=members)]
            if _field(signed, self.team_size(tour.record)) > MOST_ENTRANTS:
                raise TableError(
                    t(
                        "The tournament is full: it has the most entrants a tournament may"
                        " have, {n} (a team is one).",
                        n=MOST_ENTRANTS,
                    )
                )
            tour.entrants = signed
            await self.repo.set_entrants(tournament_id, tour.entrants)
        await self._show(tour)
        return tour

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Leave before the start; after it, the same as being dropped (a walkover)."""
        tour = await self.get(tournament_id)
        if tour.record.status != "signup":
            return await self.drop(tournament_id, user_id)
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            kept = [e for e in tour.entrants if user_id not in e.user_ids]
            if len(kept) == len(tour.entrants):
                raise TableError(t("You are not signed up."))
            tour.entrants = kept
            await self.repo.set_entrants(tournament_id, kept)
        await self._show(tour)
        return tour

    # -- the start and the rounds ----------------------------------------------------------

    async def start(self, tournament_id: int) -> Tournament:
        """Start (or, paused, resume) the tournament."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            record = tour.record
            if record.status == "paused":
                record.status = "running"
                await self.repo.save(record)
                await self._say(tour, lambda: t("The tournament resumes."))
                await self._carry_on(tour)
                return tour
            if record.status != "signup":
                raise TableError(t("The tournament is already under way."))
            await self._draw_the_field(tour)
            record.status = "running"
            record.rounds = rounds.rounds_of(tour)
            await self.repo.save(record)
            self._unarm_start(record.id)
            log.info("tournament %s: started with %d entrants", record.id, len(tour.entrants))
            await self._say(
                tour,
                lambda: t(
                    "The tournament starts: {entrants}, {rounds}.",
                    entrants=tn("{n} entrant", "{n} entrants", len(tour.entrants)),
                    rounds=tn("{n} round", "{n} rounds", record.rounds or 0),
                ),
            )
            await self._carry_on(tour)
        return tour

    async def _draw_the_field(self, tour: Tournament) -> None:
        """Teams drawn (partnership games: those who signed up alone), AI filling where
        allowed, and the entrants numbered
        in seeding order (a knockout: by league rating, the unrated drawn)."""
        record = tour.record
        rng = random.Random(rounds.derived_seed(record.seed, "draw"))  # noqa: S311  # repeatable
        size = self.team_size(record)
        together = [e.members for e in tour.entrants if len(e.members) == size]
        people = [m for e in tour.entrants if len(e.members) < size for m in e.members]
        rng.shuffle(people)
        groups = together + [people[i : i + size] for i in range(0, len(people), size)]
        if groups and len(groups[-1]) < size:
            if not record.ai_fill:
                raise TableError(
                    tn(
                        "Teams are of {size}: {n} person signed up. One more, or a tournament"
                        " where the AI may fill a seat.",
                        "Teams are of {size}: {n} people signed up. One more, or a tournament"
                        " where the AI may fill a seat.",
                        len(people),
                        size=size,
                    )
                )
            groups[-1] += [Member(user_id=None, name=t("AI"))] * (size - len(groups[-1]))
        if record.format == "duplicate" and len(groups) % SIDES:
            if not record.ai_fill:
                raise TableError(
                    tn(
                        "A duplicate tournament seats its entrants two by two: {n} entrant."
                        " One more, or a tournament where the AI may fill a seat.",
                        "A duplicate tournament seats its entrants two by two: {n} entrants."
                        " One more, or a tournament where the AI may fill a seat.",
                        len(groups),
                    )
                )
            groups.append([Member(user_id=None, name=t("AI"))] * size)
        if len(groups) < SIDES:
            raise TableError(
                t("A tournament needs at least two entrants: {n} so far.", n=len(groups))
            )
        ratings: dict[int, float | None] = {}
        for i, group in enumerate(groups):
            found = [
                await self.league.rating(record.guild_id, record.game, m.user_id)
                for m in group
                if m.user_id is not None
            ]
            known = [r for r in found if r is not None]
            ratings[i] = sum(known) / len(known) if known else None
        order = seeding(ratings, rng) if record.format == "knockout" else list(range(len(groups)))
        tour.entrants = [
            EntrantRecord(n=n, name=_team(groups[i]), members=groups[i], rating=ratings[i])
            for n, i in enumerate(order, 1)
        ]
        await self.repo.set_entrants(record.id, tour.entrants)

    async def _carry_on(self, tour: Tournament) -> None:
        """Under the tournament's lock: open what is waiting, start the next round once one
        is over, or end the tournament after its last."""
        record = tour.record
        while record.status == "running":
            if record.round and not rounds.round_over(tour):
                await self._open_matches(tour)
                break
            if record.round >= (record.rounds or 0) or (
                record.format == "knockout" and record.round and self._one_left(tour)
            ):
                await self._finish(tour)
                break
            # A Swiss round of 256 is a matching over 32,640 pairs: seconds of work, done off
            # the event loop, which keeps answering interactions meanwhile.
            try:
                matches = await asyncio.to_thread(rounds.next_round, tour)
            except Exception:
                log.exception("tournament %s: round %s not drawn", record.id, record.round + 1)
                await self._pause(
                    tour,
                    lambda: t(
                        "Round {round} could not be drawn (the log says why). The tournament is"
                        " paused; the organiser resumes it with /tournament start.",
                        round=record.round + 1,
                    ),
                )
                break
            record.round += 1
            await self.repo.add_round(record, matches)
            tour.matches += matches
            text = partial(words.round_text, tour, matches)
            await self._say(tour, text)
        await self._show(tour)

    def _one_left(self, tour: Tournament) -> bool:
        last = [m for m in tour.matches if m.round == tour.record.round]
        return len(last) == 1 and not last[0].bye

    async def _open_matches(self, tour: Tournament) -> None:
        assert self.host is not None
        waiting = [
            m for m in tour.matches if m.round == tour.record.round and m.status == "pending"
        ]
        room = self.host.thread_room(tour.record.guild_id)
        if room is not None and room < len(waiting):
            await self._pause(
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
            await self._say(
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
                await self._cancel(tour, gone=True)
                return
            except ThreadRefused as exc:
                await self._pause(tour, partial(words.not_opened, match, str(exc)))
                return
            except Exception:  # Discord's 5xx, a table that could not be seated...
                log.exception(
                    "tournament %s: round %s match %s not opened",
                    tour.record.id,
                    match.round,
                    match.n,
                )
                await self._pause(tour, partial(words.not_opened, match, None))
                return

    async def _open(self, tour: Tournament, match: MatchRecord) -> None:
        """A match's thread and table: seats side by side (seat ``s`` plays for side
        ``s % 2``), the table started at once."""
        assert self.host is not None
        record = tour.record
        sides = [entrant(tour, n) for n in match.sides]
        names = " – ".join(e.name for e in sides)
        with self._speaking(record):
            title = t("Round {round}: {names}", round=match.round, names=names)
        if match.thread_id is None:
            match.thread_id = await self.host.open_thread(record.channel_id, title[:100])
            # Kept at once: opened again after a failure below, or a restart, the match
            # takes the same thread (and a table already seated there), leaving none behind.
            await self.repo.save_match(record.id, match)
        thread = match.thread_id
        seats = []
        for s in range(record.seats):
            side = sides[s % SIDES]
            member = side.members[s // SIDES]
            if member.user_id is None or side.dropped:  # a duplicate's AI stand-in, too
                seats.append(Seat(name=f"{member.name} {s + 1}", ai=AI_LEVEL))
            else:
                seats.append(Seat(name=member.name, user_id=member.user_id))
        table = self.tables.by_channel.get(thread) or await self.tables.seated(
            record.guild_id, thread, record.game, record.options, seats, match.seed
        )
        match.table_id, match.status = table.id, "playing"
        match.started_at = f"{datetime.now(UTC).timestamp():.0f}"
        await self.repo.save_match(record.id, match)
        await self.host.open_board(table)
        self._arm_grace(record, match, float(record.grace))
        people = [u for e in sides if not e.dropped for u in e.user_ids]
        with self._speaking(record):
            text = words.summons(match, people, int(match.started_at) + record.grace)
        await self.host.summon(thread, text, people)

    async def _finish(self, tour: Tournament) -> None:
        record = tour.record
        record.status = "finished"
        record.champion = rounds.champion(tour)
        await self.repo.save(record)
        order = rounds.final_order(tour)
        with self._speaking(record):
            lines = [
                t("The tournament is over. Champion: **{name}**.", name=words.name(tour, order[0]))
            ]
            lines += [f"{place}. {words.name(tour, e)}" for place, e in enumerate(order, 1)]
        await self._announce(tour, "\n".join(lines))
        log.info("tournament %s: finished, champion %s", record.id, record.champion)

    # -- results ---------------------------------------------------------------------------

    async def table_finished(self, match_id: int) -> None:
        """A table's result is stored: if it was a tournament's match, record it and go on
        (in a task of its own: the table that finished need not wait for the next round's
        threads)."""
        table_id = await self.repo.table_of_match(match_id)
        if table_id is None or await self.repo.match_of_table(table_id) is None:
            return
        self._spawn(self._table_over(table_id))

    async def counts_in_league(self, match_id: int) -> bool:
        """Whether a stored match result goes to the league: not a tournament's that chose
        to keep out of it (then it is marked so, and the league never adds it)."""
        table_id = await self.repo.table_of_match(match_id)
        found = await self.repo.match_of_table(table_id) if table_id is not None else None
        if found is None:
            return True
        tour = await self.repo.get(found[0])
        if tour is None or tour.record.league:
            return True
        await self.repo.keep_out_of_league(match_id)
        return False

    async def _table_over(self, table_id: int) -> None:
        found = await self.repo.match_of_table(table_id)
        if found is None:
            return
        tournament_id, number, n = found
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            match = next(m for m in tour.matches if m.round == number and m.n == n)
            if match.status != "playing" or match.table_id != table_id:
                return
            status, outcome = await self.repo.table_ended(table_id)
            if status == "playing":
                return
            if outcome is None:  # ended without a result: played again, in a new thread
                await self._void_and_reopen(tour, match)
                return
            seating = SPECS[tour.record.game].seats
            match.points, match.margins = rounds.points_of(outcome, seating, tour.record.seats)
            match.status, match.result = "done", "played"
            await self._record(tour, match)

    async def _record(self, tour: Tournament, match: MatchRecord) -> None:
        """Under the lock: store a match's result, say it, and carry on."""
        self._unarm_grace(tour.record.id, match)
        await self.repo.save_match(tour.record.id, match)
        await self._say(tour, partial(words.result_text, tour, match))
        if tour.record.status == "running":
            await self._carry_on(tour)
        else:
            await self._show(tour)

    async def _void_and_reopen(self, tour: Tournament, match: MatchRecord) -> None:
        """A match stopped before its end is played again from a fresh seed: its players have
        seen the stopped deal, and whoever stopped it must not get to play it again knowing
        every hand."""
        match.status, match.thread_id, match.table_id, match.started_at = (
            "pending",
            None,
            None,
            None,
        )
        match.seed = secrets.randbits(48)
        await self.repo.save_match(tour.record.id, match)
        await self._say(
            tour,
            lambda: t(
                "Match {n} of round {round} was stopped before its end: it is played again"
                " from the start, in a new thread.",
                n=match.n,
                round=match.round,
            ),
        )
        if tour.record.status == "running":
            await self._open_matches(tour)

    def table_closed(self, table_id: int, status: str) -> None:
        """A table was closed: one of a match ended without a result (``/table end``) has
        its match played again, in a new thread."""
        if status == "abandoned":
            self._spawn(self._table_over(table_id))

    # -- walkovers -------------------------------------------------------------------------

    def _arm_grace(self, record: TournamentRecord, match: MatchRecord, seconds: float) -> None:
        key = (record.id, match.round, match.n)
        old = self._timers.pop(key, None)
        if old is not None:
            old.cancel()
        self._timers[key] = asyncio.create_task(self._grace(record.id, match, seconds))

    def _unarm_grace(self, tournament_id: int, match: MatchRecord) -> None:
        timer = self._timers.pop((tournament_id, match.round, match.n), None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    async def _grace(self, tournament_id: int, match: MatchRecord, seconds: float) -> None:
        """After the grace time, a side none of whose people has shown up (opened their
        hand, or made a move) loses by walkover to one that has; a side on turn cannot keep
        the other from showing. Neither showed: both lose (a knockout sends the better seed
        on)."""
        await self.clock.sleep(seconds)
        async with self.lock(tournament_id):
            self._timers.pop((tournament_id, match.round, match.n), None)
            tour = await self.get(tournament_id)
            found = next(m for m in tour.matches if (m.round, m.n) == (match.round, match.n))
            if found.status != "playing" or found.table_id is None:
                return
            moved = await self.repo.seats_moved(found.table_id)
            table = self.tables.by_id.get(found.table_id)
            moved |= {s for s, seat in enumerate(table.seats if table else []) if seat.here}
            shown = [
                any(s in moved for s in range(side, tour.record.seats, SIDES))
                or not entrant(tour, found.sides[side]).user_ids
                or entrant(tour, found.sides[side]).dropped  # the AI stands in
                for side in range(SIDES)
            ]
            if all(shown):
                return
            await self._walkover(tour, found, shown)

    async def _walkover(self, tour: Tournament, match: MatchRecord, shown: list[bool]) -> None:
        table = self.tables.by_id.get(match.table_id or 0)
        match.status, match.result = "done", "walkover"  # before the table ends: no replay
        match.points = [WIN if here else LOSS for here in shown]
        match.margins = [0.0, 0.0]
        if table is not None:
            await self.tables.end(table)
        log.info(
            "tournament %s: walkover in round %s match %s", tour.record.id, match.round, match.n
        )
        await self._record(tour, match)

    # -- the organiser's steps -------------------------------------------------------------

    async def pause(self, tournament_id: int) -> None:
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            if tour.record.status != "running":
                raise TableError(t("Only a running tournament can be paused."))
            await self._pause(
                tour,
                lambda: t(
                    "The tournament is paused: the matches being played go on, and no new"
                    " round starts until /tournament start."
                ),
            )
            await self._show(tour)

    async def _pause(self, tour: Tournament, why: Callable[[], str]) -> None:
        """Under the lock: no new round, nor match, is opened until the organiser resumes;
        the channel is told ``why``."""
        tour.record.status = "paused"
        await self.repo.save(tour.record)
        await self._say(tour, why)

    async def cancel(self, tournament_id: int) -> None:
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            await self._cancel(tour)
            await self._say(
                tour, lambda: t("The tournament is cancelled; its results so far are kept.")
            )
            await self._show(tour)

    async def channel_gone(self, channel_id: int) -> None:
        """The tournament's channel was deleted (or found so, deleted while the bot was
        away): it ends, cancelled, its results so far kept, and its matches' tables (in
        threads gone with the channel) end; there is nowhere left to say so."""
        found = await self.repo.open_in_channel(channel_id)
        if found is None:
            return
        async with self.lock(found):
            tour = await self.get(found)
            if tour.record.open:
                log.info("tournament %s: its channel is gone; cancelled", found)
                await self._cancel(tour, gone=True)

    async def _cancel(self, tour: Tournament, gone: bool = False) -> None:
        """Under the lock: the tournament ends, cancelled; the matches being played are
        void, their tables ended (``gone``: their threads with them)."""
        tour.record.status = "cancelled"
        await self.repo.save(tour.record)
        for match in tour.matches:
            if match.status == "playing":
                match.status, match.result = "void", "void"
                self._unarm_grace(tour.record.id, match)
                await self.repo.save_match(tour.record.id, match)
                if (table := self.tables.by_id.get(match.table_id or 0)) is not None:
                    if gone:
                        await self.tables.set_board(table, None)
                    await self.tables.end(table)
        self._unarm_start(tour.record.id)

    async def drop(self, tournament_id: int, user_id: int) -> Tournament:
        """Take a person's entrant out: a match they are playing is lost by walkover, and they
        are paired no more."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            if tour.record.status not in ("running", "paused"):
                raise TableError(t("Only a tournament under way has players to drop."))
            found = next((e for e in tour.entrants if user_id in e.user_ids), None)
            if found is None or found.dropped:
                raise TableError(t("That player is not in the tournament."))
            found.dropped = True
            await self.repo.set_entrants(tournament_id, tour.entrants)
            await self._say(tour, lambda: t("{name} is out of the tournament.", name=found.name))
            for match in tour.matches:
                if match.status == "playing" and found.n in match.sides:
                    await self._drop_from(tour, match, found.n)
                    break
            else:
                await self._show(tour)
        return tour

    async def _drop_from(self, tour: Tournament, match: MatchRecord, dropped: int) -> None:
        """A dropped entrant's match being played: in a duplicate where the AI may fill a
        seat, the AI plays its seats to the end (the opponent's margin still compares with
        the same cards); else the opponent wins by walkover."""
        table = self.tables.by_id.get(match.table_id or 0)
        if tour.record.format == "duplicate" and tour.record.ai_fill and table is not None:
            side = match.sides.index(dropped)
            for seat in range(side, tour.record.seats, SIDES):
                await self.tables.kick(table, seat)
            await self._say(
                tour,
                lambda: t(
                    "The AI plays {name}'s seats to the end of the match.",
                    name=entrant(tour, dropped).name,
                ),
            )
            await self._show(tour)
            return
        await self._walkover(tour, match, [n != dropped for n in match.sides])

    async def settle(self, tournament_id: int, number: int, n: int, winner: int | None) -> None:
        """The organiser decides a match: ``winner`` an entrant of it, None a draw."""
        async with self.lock(tournament_id):
            tour = await self.get(tournament_id)
            match = next((m for m in tour.matches if (m.round, m.n) == (number, n)), None)
            if match is None or match.bye:
                raise TableError(t("There is no match {n} in round {round}.", n=n, round=number))
            if winner is not None and winner not in match.sides:
                raise TableError(t("That entrant does not play in this match."))
            if match.round != tour.record.round and tour.record.format == "knockout":
                raise TableError(t("Only a match of the round being played can be settled."))
            if tour.record.status not in ("running", "paused"):
                raise TableError(t("Only a tournament under way can have a match settled."))
            table = self.tables.by_id.get(match.table_id or 0)
            match.status, match.result = "done", "settled"
            match.points = [
                WIN if winner == e else 1 if winner is None else LOSS for e in match.sides
            ]
            match.margins = match.margins or [0.0, 0.0]
            if table is not None:
                await self.tables.end(table)
            await self._record(tour, match)

    async def history(self, guild_id: int) -> list[Tournament]:
        return await self.repo.history(guild_id)

    # -- the start time --------------------------------------------------------------------

    def _arm_start(self, tour: Tournament) -> None:
        if tour.record.starts_at is None:
            return
        wait = float(tour.record.starts_at) - datetime.now(UTC).timestamp()
        self._starts[tour.record.id] = asyncio.create_task(self._start_at(tour.record.id, wait))

    def _unarm_start(self, tournament_id: int) -> None:
        task = self._starts.pop(tournament_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _start_at(self, tournament_id: int, wait: float) -> None:
        await self.clock.sleep(max(0.0, wait))
        self._starts.pop(tournament_id, None)
        try:
            await self.start(tournament_id)
        except TableError as exc:
            why = str(exc)
            tour = await self.get(tournament_id)
            await self._say(tour, lambda: t("The tournament could not start: {why}", why=why))

    # -- a restart -------------------------------------------------------------------------

    async def restore(self) -> int:
        """Carry on every open tournament of the guilds this process runs."""
        count = 0
        for tournament_id, guild_id in await self.repo.open_ids():
            if not self.runs(guild_id):
                continue
            count += 1
            tour = await self.get(tournament_id)
            await self._show(tour)  # an edit lost at the stop; a channel deleted meanwhile
            if tour.record.status == "signup":
                self._arm_start(tour)
                continue
            for match in tour.matches:
                if match.status != "playing" or match.table_id is None:
                    continue
                if (table := self.tables.by_id.get(match.table_id)) is not None:
                    if self.host is not None:  # its thread may have been deleted meanwhile
                        self.host.recheck(table)
                    begun = float(match.started_at or 0)
                    left = tour.record.grace - (datetime.now(UTC).timestamp() - begun)
                    self._arm_grace(tour.record, match, max(0.0, left))
                else:  # it ended while the bot was away
                    self._spawn(self._table_over(match.table_id))
            if tour.record.status == "running" and tour.record.round:
                # The next round, or the round's matches not opened yet (stored, and the bot
                # stopped before their threads were).
                self._spawn(self._resume(tournament_id))
        log.info("restored %d tournaments", count)
        return count

    async def _resume(self, tournament_id: int) -> None:
        async with self.lock(tournament_id):
            await self._carry_on(await self.get(tournament_id))

    async def close(self) -> None:
        tasks = [*self._timers.values(), *self._starts.values(), *self._work]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- telling ---------------------------------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(self._logged(work))
        self._work.add(task)
        task.add_done_callback(self._work.discard)

    async def _logged(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except (TableError, GameError):
            log.exception("tournament work refused")
        except Exception:
            log.exception("tournament work failed")

    def _speaking(self, record: TournamentRecord) -> Any:
        language = self.host.language(record.channel_id, record.guild_id) if self.host else "en"
        return speaking(language)

    async def _say(self, tour: Tournament, make: Callable[[], str]) -> None:
        """Say in the tournament's channel what ``make`` words, in the channel's language."""
        with self._speaking(tour.record):
            text = make()
        await self._announce(tour, text)

    async def _announce(self, tour: Tournament, text: str) -> None:
        if self.host is not None:
            await self.host.announce(tour.record.channel_id, text)

    async def _show(self, tour: Tournament) -> None:
        if self.host is not None:
            await self.host.show(tour)
