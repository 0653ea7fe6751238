"""The organiser's steps (who may take them is the Discord layer's to check): pause, cancel,
drop a player, settle a match; and the tournament whose channel was deleted, cancelled."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.i18n import t
from bot.storage.tournaments import MatchRecord, Tournament
from bot.tables import TableError
from bot.tournaments.desk import Desk
from bot.tournaments.play import Play
from bot.tournaments.results import Results
from bot.tournaments.rounds import SIDES, entrant
from bot.tournaments.standings import LOSS, WIN

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Organiser:
    desk: Desk
    play: Play
    results: Results

    async def pause(self, tournament_id: int) -> None:
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            if tour.record.status != "running":
                raise TableError(t("Only a running tournament can be paused."))
            await self.play.pause(
                tour,
                lambda: t(
                    "The tournament is paused: the matches being played go on, and no new"
                    " round starts until /tournament start."
                ),
            )
            await desk.show(tour)

    async def cancel(self, tournament_id: int) -> None:
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            await self.play.cancel(tour)
            await desk.say(
                tour, lambda: t("The tournament is cancelled; its results so far are kept.")
            )
            await desk.show(tour)

    async def channel_gone(self, channel_id: int) -> None:
        """The tournament's channel was deleted (or found so, deleted while the bot was
        away): it ends, cancelled, its results so far kept, and its matches' tables (in
        threads gone with the channel) end; there is nowhere left to say so."""
        desk = self.desk
        found = await desk.repo.open_in_channel(channel_id)
        if found is None:
            return
        async with desk.held(found) as tour:
            if tour.record.open:
                log.info("tournament %s: its channel is gone; cancelled", found)
                await self.play.cancel(tour, gone=True)

    async def drop(self, tournament_id: int, user_id: int) -> Tournament:
        """Take a person's entrant out: a match they are playing is lost by walkover, and they
        are paired no more."""
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            if tour.record.status not in ("running", "paused"):
                raise TableError(t("Only a tournament under way has players to drop."))
            found = next((e for e in tour.entrants if user_id in e.user_ids), None)
            if found is None or found.dropped:
                raise TableError(t("That player is not in the tournament."))
            found.dropped = True
            await desk.repo.set_entrants(tournament_id, tour.entrants)
            await desk.say(tour, lambda: t("{name} is out of the tournament.", name=found.name))
            for match in tour.matches:
                if match.status == "playing" and found.n in match.sides:
                    await self._drop_from(tour, match, found.n)
                    break
            else:
                await desk.show(tour)
        return tour

    async def _drop_from(self, tour: Tournament, match: MatchRecord, dropped: int) -> None:
        """A dropped entrant's match being played: in a duplicate where the AI may fill a
        seat, the AI plays its seats to the end (the opponent's margin still compares with
        the same cards); else the opponent wins by walkover."""
        desk = self.desk
        table = desk.tables.by_id.get(match.table_id or 0)
        if tour.record.format == "duplicate" and tour.record.ai_fill and table is not None:
            side = match.sides.index(dropped)
            for seat in range(side, tour.record.seats, SIDES):
                await desk.tables.kick(table, seat)
            await desk.say(
                tour,
                lambda: t(
                    "The AI plays {name}'s seats to the end of the match.",
                    name=entrant(tour, dropped).name,
                ),
            )
            await desk.show(tour)
            return
        await self.results.walkover(tour, match, [n != dropped for n in match.sides])

    async def settle(self, tournament_id: int, number: int, n: int, winner: int | None) -> None:
        """The organiser decides a match: ``winner`` an entrant of it, None a draw."""
        desk = self.desk
        async with desk.held(tournament_id) as tour:
            match = next((m for m in tour.matches if (m.round, m.n) == (number, n)), None)
            if match is None or match.bye:
                raise TableError(t("There is no match {n} in round {round}.", n=n, round=number))
            if winner is not None and winner not in match.sides:
                raise TableError(t("That entrant does not play in this match."))
            if match.round != tour.record.round and tour.record.format == "knockout":
                raise TableError(t("Only a match of the round being played can be settled."))
            if tour.record.status not in ("running", "paused"):
                raise TableError(t("Only a tournament under way can have a match settled."))
            table = desk.tables.by_id.get(match.table_id or 0)
            match.status, match.result = "done", "settled"
            match.points = [
                WIN if winner == e else 1 if winner is None else LOSS for e in match.sides
            ]
            match.margins = match.margins or [0.0, 0.0]
            if table is not None:
                await desk.tables.end(table)
            await self.results.record(tour, match)
