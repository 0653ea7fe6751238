"""A tournament's sign-up: one opened in a channel (its game, format and house rules
checked), people joining (alone, or as a team with a partner) and leaving."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.games import SPECS
from bot.games.base import parse_options
from bot.i18n import t
from bot.records.fair import new_secret, tournament_seed
from bot.storage.tournaments import (
    DuplicateTournament,
    EntrantRecord,
    Member,
    Tournament,
    TournamentRecord,
    TournamentTerms,
)
from bot.tables import TableError
from bot.text import game_title
from bot.tournaments import words
from bot.tournaments.desk import Desk
from bot.tournaments.organiser import Organiser
from bot.tournaments.rounds import SIDES, match_seats, team_size
from bot.tournaments.start import Start

log = logging.getLogger(__name__)

MOST_ENTRANTS = 256


class Plan(TournamentTerms):
    """What ``/tournament new`` asks for."""

    starts_in: int | None  # minutes; None: the organiser starts it


def _field(signed: list[EntrantRecord], size: int) -> int:
    """The entrants the sign-ups make: a team signed up together is one, and those who
    signed up alone are drawn into teams of ``size`` (the last one filled by the AI)."""
    alone = sum(len(e.members) for e in signed if len(e.members) < size)
    return sum(1 for e in signed if len(e.members) == size) + -(-alone // size)


@dataclass(eq=False)
class SignUp:
    desk: Desk
    start: Start
    organiser: Organiser

    async def new(self, plan: Plan) -> Tournament:
        spec = SPECS.get(plan.game)
        if spec is None:
            raise TableError(t("Unknown game “{game}”.", game=plan.game))
        options = parse_options(spec.rules.options_model, plan.options)  # GameError
        allowed = match_seats(spec.seats, options)
        if not allowed and match_seats(spec.seats):
            raise TableError(
                t(
                    "A tournament's matches are between two sides: {game} is played by two only"
                    " under other house rules (`/table rules` lists them).",
                    game=game_title(plan.game),
                )
            )
        if plan.seats not in allowed:
            raise TableError(
                t(
                    "A tournament's matches are between two sides: {game} can be played at"
                    " {seats} seats in a tournament.",
                    game=game_title(plan.game),
                    seats=", ".join(map(str, allowed)) or "—",
                )
            )
        if plan.format == "duplicate" and plan.rounds and plan.rounds % SIDES:
            raise TableError(
                t(
                    "A duplicate plays each set of deals once from each side: its rounds are"
                    " a multiple of {sides}.",
                    sides=SIDES,
                )
            )
        if plan.format == "swiss" and not plan.rounds:
            raise TableError(t("A Swiss tournament needs its number of rounds (rounds:)."))
        starts_at = None
        if plan.starts_in is not None:
            starts_at = datetime.now(UTC).timestamp() + plan.starts_in * 60
        secret = new_secret()  # committed to on the sign-up message (docs/records.md)
        record = TournamentRecord(
            **plan.model_dump(exclude={"starts_in", "rounds"}),
            id=0,
            rounds=plan.rounds if plan.format != "knockout" else None,
            starts_at=None if starts_at is None else f"{starts_at:.0f}",
            status="signup",
            round=0,
            seed=tournament_seed(secret, None),  # mixed with the sign-up's id at the start
            message_id=None,
            secret=secret,
            champion=None,
        )
        try:
            record = await self.desk.repo.create(record)
        except DuplicateTournament:
            raise TableError(
                t(
                    "This channel already has a tournament: finish it, or /tournament cancel"
                    " it, first."
                )
            ) from None
        tournament = Tournament(record=record)
        log.info("tournament %s: %s %s opened", record.id, plan.format, plan.game)
        self.start.arm(tournament)
        return tournament

    async def join(
        self, tournament_id: int, user_id: int, name: str, partner: Member | None = None
    ) -> Tournament:
        """Sign up; in a partnership game, with a ``partner`` (a team signed up together)
        or alone (drawn into a team at the start)."""
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            if tour.record.status != "signup":
                raise TableError(t("The tournament has already started: sign-up is closed."))
            members = [Member(user_id=user_id, name=name)]
            if partner is not None:
                if team_size(tour.record) == 1:
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
            signed = [*tour.entrants, EntrantRecord(n=n, name=words.team(members), members=members)]
            if _field(signed, team_size(tour.record)) > MOST_ENTRANTS:
                raise TableError(
                    t(
                        "The tournament is full: it has the most entrants a tournament may"
                        " have, {n} (a team is one).",
                        n=MOST_ENTRANTS,
                    )
                )
            tour.entrants = signed
            await desk.repo.set_entrants(tournament_id, tour.entrants)
        await desk.show(tour)
        return tour

    async def leave(self, tournament_id: int, user_id: int) -> Tournament:
        """Leave before the start; after it, the same as being dropped (a walkover)."""
        desk = self.desk
        tour = await desk.get(tournament_id)
        if tour.record.status != "signup":
            return await self.organiser.drop(tournament_id, user_id)
        async with desk.held(tournament_id) as tour:
            kept = [e for e in tour.entrants if user_id not in e.user_ids]
            if len(kept) == len(tour.entrants):
                raise TableError(t("You are not signed up."))
            tour.entrants = kept
            await desk.repo.set_entrants(tournament_id, kept)
        await desk.show(tour)
        return tour
