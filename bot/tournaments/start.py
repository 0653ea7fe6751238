"""A tournament's start: at the organiser's word or at its time, the field drawn (teams made,
the AI filling where allowed, the entrants seeded), and its first round played; a paused one
resumed."""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.i18n import t, tn
from bot.records.fair import derived_seed, tournament_seed
from bot.storage.tournaments import EntrantRecord, Member, Tournament
from bot.tables import TableError
from bot.tournaments import rounds, words
from bot.tournaments.desk import Desk
from bot.tournaments.pairing import seeding
from bot.tournaments.play import Play
from bot.tournaments.rounds import SIDES, team_size

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Start:
    desk: Desk
    play: Play

    async def start(self, tournament_id: int) -> Tournament:
        """Start (or, paused, resume) the tournament."""
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            record = tour.record
            if record.status == "paused":
                record.status = "running"
                await desk.repo.save(record)
                await desk.say(tour, lambda: t("The tournament resumes."))
                await self.play.carry_on(tour)
                return tour
            if record.status != "signup":
                raise TableError(t("The tournament is already under way."))
            if record.secret is not None:  # the deals follow from what the sign-up showed
                record.seed = tournament_seed(record.secret, record.message_id)
            await self._draw_the_field(tour)
            record.status = "running"
            asked, record.rounds = record.rounds, rounds.rounds_of(tour)
            await desk.repo.save(record)
            desk.unarm_start(record.id)
            log.info("tournament %s: started with %d entrants", record.id, len(tour.entrants))
            await desk.say(
                tour,
                lambda: t(
                    "The tournament starts: {entrants}, {rounds}.",
                    entrants=tn("{n} entrant", "{n} entrants", len(tour.entrants)),
                    rounds=tn("{n} round", "{n} rounds", record.rounds or 0),
                ),
            )
            if asked is not None and record.format == "swiss" and asked > record.rounds:
                await desk.say(
                    tour,
                    lambda: t(
                        "{asked} rounds were asked for, but {entrants} can play no more than"
                        " {rounds} without meeting twice.",
                        asked=asked,
                        entrants=tn("{n} entrant", "{n} entrants", len(tour.entrants)),
                        rounds=tn("{n} round", "{n} rounds", record.rounds or 0),
                    ),
                )
            await self.play.carry_on(tour)
        return tour

    async def _draw_the_field(self, tour: Tournament) -> None:
        """Teams drawn (partnership games: those who signed up alone), AI filling where
        allowed, and the entrants numbered
        in seeding order (a knockout: by league rating, the unrated drawn)."""
        record = tour.record
        rng = random.Random(derived_seed(record.seed, "draw"))  # noqa: S311  # repeatable
        size = team_size(record)
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
                await self.desk.league.rating(record.guild_id, record.game, m.user_id)
                for m in group
                if m.user_id is not None
            ]
            known = [r for r in found if r is not None]
            ratings[i] = sum(known) / len(known) if known else None
        order = seeding(ratings, rng) if record.format == "knockout" else list(range(len(groups)))
        tour.entrants = [
            EntrantRecord(n=n, name=words.team(groups[i]), members=groups[i], rating=ratings[i])
            for n, i in enumerate(order, 1)
        ]
        await self.desk.repo.set_entrants(record.id, tour.entrants)

    # -- the start time --------------------------------------------------------------------

    def arm(self, tour: Tournament) -> None:
        """A tournament with a start time starts by itself then."""
        if tour.record.starts_at is None:
            return
        wait = float(tour.record.starts_at) - datetime.now(UTC).timestamp()
        self.desk.starts[tour.record.id] = asyncio.create_task(self._at(tour.record.id, wait))

    async def _at(self, tournament_id: int, wait: float) -> None:
        desk = self.desk
        await desk.clock.sleep(max(0.0, wait))
        desk.starts.pop(tournament_id, None)
        try:
            await self.start(tournament_id)
        except TableError as exc:
            why = str(exc)
            tour = await desk.get(tournament_id)
            await desk.say(tour, lambda: t("The tournament could not start: {why}", why=why))
