"""The lobby and the seats: a table opened, joined, given AI seats and house rules, started;
a seat left, kicked, handed to the AI and taken back; a table ended without a result."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

from bot.games import GAMES
from bot.games.ai import LEVELS
from bot.games.base import parse_options
from bot.games.errors import echo
from bot.games.moves import Mark
from bot.i18n import t
from bot.records.fair import new_secret
from bot.storage.records import Seat
from bot.storage.tables import DuplicateTable
from bot.tables.errors import TableError
from bot.tables.floor import Floor
from bot.tables.table import AI_NAMES, NO_HOST, Table
from bot.text import game_title

log = logging.getLogger(__name__)


class Lobby:
    def __init__(
        self,
        floor: Floor,
        defaults: dict[str, dict[str, Any]],
        drive: Callable[[Table], None],
    ) -> None:
        self.floor = floor
        self.repo = floor.repo
        self.defaults = defaults  # the server's house rules for new tables, per game
        self.drive = drive  # a started game, or a seat the AI now plays, is driven on

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any] | None = None,
    ) -> Table:
        if game not in GAMES:
            raise TableError(t("Unknown game “{game}”.", game=echo(game)))
        chosen = {**self.defaults.get(game, {}), **(options or {})}
        seats = [Seat(name=host_name, user_id=host_id)]
        return await self._open(guild_id, channel_id, host_id, game, chosen, seats)

    async def seated(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[Seat],
        seed: int | None = None,
    ) -> Table:
        """A table opened with its seats taken, in order, and started at once (a tournament's
        match); ``seed`` fixes its deal (every table of a duplicate round is dealt alike).
        Nobody hosts it: a player who could end it, or hand the other side's seat to the AI,
        could have a match they are losing played again."""
        table = await self._open(guild_id, channel_id, NO_HOST, game, options, seats, seed)
        async with table.lock:
            table.state = table.new_state()
            table.record.status = "playing"
            await self.repo.start(table.id, table.seats, table.rules.dump(table.state))
        await self.floor.told(table, [])
        self.drive(table)
        return table

    async def rematch(self, table_id: int, user_id: int, channel_id: int | None) -> Table:
        """A new lobby in the same channel with the finished match's seats, game and house
        rules; the person asking (in ``channel_id``) is its host."""
        old = await self.repo.get(table_id)
        if old is None or old.status != "finished":
            raise TableError(t("Only a match that has ended can be played again."))
        if old.channel_id != channel_id:
            raise TableError(t("That table is played in another channel."))
        if all(seat.user_id != user_id for seat in old.seats):
            raise TableError(t("Only the players of that match can ask for a rematch."))
        seats = [Seat(name=s.name, user_id=s.user_id, ai=s.ai) for s in old.seats]
        return await self._open(old.guild_id, old.channel_id, user_id, old.game, old.options, seats)

    async def _open(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[Seat],
        seed: int | None = None,
    ) -> Table:
        if channel_id in self.floor.by_channel:
            raise TableError(
                t("This channel already has a table. Finish it or /table end it first.")
            )
        parse_options(GAMES[game].options_model, options)  # GameError names a bad option
        try:
            record = await self.repo.create(
                guild_id,
                channel_id,
                game,
                host_id,
                options,
                seats,
                secrets.randbits(48) if seed is None else seed,
                # A tournament's table is dealt from the seed it fixed (a duplicate round's
                # tables hold the same cards), so it has no secret to commit to.
                new_secret() if seed is None else None,
            )
        except DuplicateTable:
            raise TableError(t("This channel already has a table.")) from None
        table = Table(record)
        self.floor.index(table)
        log.info("table %s: %s opened in channel %s", record.id, game, channel_id)
        return table

    async def join(self, table: Table, user_id: int, name: str) -> None:
        async with table.lock:
            self._need_lobby(table)
            if table.seat_of(user_id) is not None:
                raise TableError(t("You are already at this table."))
            if len(table.seats) >= table.spec.seats.most:
                raise TableError(t("This table is full."))
            table.seats.append(Seat(name=name, user_id=user_id))
            await self._save_lobby(table)

    async def add_ai(self, table: Table, user_id: int, level: str) -> None:
        async with table.lock:
            self._need_lobby(table)
            need_seated(table, user_id)
            if level not in LEVELS or level == "random":
                raise TableError(t("AI level must be easy or hard."))
            if len(table.seats) >= table.spec.seats.most:
                raise TableError(t("This table is full."))
            count = sum(1 for s in table.seats if s.ai) + 1
            table.seats.append(Seat(name=f"{AI_NAMES[level]} {count}", ai=level))
            await self._save_lobby(table)

    async def set_options(self, table: Table, user_id: int, options: dict[str, Any]) -> None:
        """The host changes the house rules in the lobby; GameError names a bad option."""
        async with table.lock:
            self._need_lobby(table)
            if user_id != table.record.host_id:
                raise TableError(t("Only the host can change the house rules."))
            parse_options(table.rules.options_model, options)
            table.record.options = dict(options)
            await self._save_lobby(table)

    async def leave(self, table: Table, user_id: int) -> bool:
        """Leave the lobby, or hand your seat in a running game to the AI: True if the AI
        now plays the seat. A table nobody hosts is a tournament's match: its seats are the
        tournament's, and a player leaving it would escape its rules (and the walkover)."""
        async with table.lock:
            seat = need_seated(table, user_id)
            if table.record.host_id == NO_HOST:
                raise TableError(
                    t(
                        "This table is a tournament's match: your seat stays yours to the"
                        " end. To withdraw from the tournament, use /tournament leave; the"
                        " organiser can take you out with /tournament drop."
                    )
                )
            if table.playing:
                await self._to_the_ai(table, seat)
                return True
            del table.seats[seat]
            if not table.humans():
                await self._close_lobby(table)
                return False
            if table.record.host_id == user_id:
                table.record.host_id = table.humans()[0]
            await self._save_lobby(table)
            return False

    async def kick(self, table: Table, target_seat: int) -> None:
        """Remove a seat from the lobby, or give it to the AI in a running game.
        The caller checks that the kicker is the host or a moderator."""
        async with table.lock:
            if not 0 <= target_seat < len(table.seats):
                raise TableError(t("There is no such seat."))
            if table.playing:
                await self._to_the_ai(table, target_seat)
                return
            self._need_lobby(table)
            if table.seats[target_seat].user_id == table.record.host_id:
                raise TableError(t("The host cannot be kicked; the host can /table end the table."))
            del table.seats[target_seat]
            await self._save_lobby(table)

    async def start(self, table: Table, user_id: int, nonce: int | None = None) -> None:
        """Start the game; ``nonce``, the id of the interaction that pressed Start (assigned by
        Discord after the board showed the commitment), is mixed into the shuffle."""
        async with table.lock:
            self._need_lobby(table)
            if user_id != table.record.host_id:
                raise TableError(t("Only the host can start the game."))
            record = table.record
            lobby = (record.seats, record.start_nonce, record.shown_in, record.status)
            try:
                await self._start(table, nonce)
            except BaseException:  # not stored: the lobby as it was, its secret unchanged
                record.seats, record.start_nonce, record.shown_in, record.status = lobby
                table.state = None
                raise
            log.info("table %s: started with %d seats", table.id, len(table.seats))
        await self.floor.told(table, [])
        self.drive(table)

    async def _start(self, table: Table, nonce: int | None) -> None:
        """The lobby seated, dealt from its secret and the Start's ``nonce``, and stored."""
        if table.spec.seats.fill:
            self._fill_seats(table, table.spec.seats.fill)
        elif len(table.seats) < self._min_players(table):
            raise TableError(
                t(
                    "{game} needs at least {n} players: invite friends or add an AI.",
                    game=game_title(table.game),
                    n=self._min_players(table),
                )
            )
        record = table.record
        record.start_nonce, record.shown_in = nonce, record.board_message_id
        table.state = table.new_state()
        record.status = "playing"
        await self.repo.start(
            table.id, table.seats, table.rules.dump(table.state), nonce, record.shown_in
        )

    def _min_players(self, table: Table) -> int:
        """The seats a game needs to start (One Hundred's house rules may allow two)."""
        options = parse_options(table.rules.options_model, table.record.options)
        return table.spec.seats.fewest_with(options)

    def _fill_seats(self, table: Table, order: tuple[int, ...]) -> None:
        """People first, at the seats ``order`` names in turn (Minchiate: 0 and 2, partners
        opposite each other, then 1 and 3); AI players in every seat left empty."""
        people = [s for s in table.seats if s.user_id is not None]
        ais = [s for s in table.seats if s.user_id is None]
        seats: list[Seat | None] = [None] * len(order)
        for person, at in zip(people, order, strict=False):
            seats[at] = person
        for at in order:
            if seats[at] is None:
                seats[at] = ais.pop(0) if ais else Seat(name=f"{AI_NAMES['easy']} {at}", ai="easy")
        table.record.seats = [s for s in seats if s is not None]

    async def end(self, table: Table) -> None:
        """Close the table without a result (the caller checks who may)."""
        async with table.lock:
            if table.playing:
                await self.repo.finish(table.record, "abandoned", None, None)
            else:
                await self.repo.cancel_lobby(table.id)
            table.record.status = "abandoned"
            self.floor.forget(table)
        await self.floor.closed(table)

    async def back(self, table: Table, user_id: int) -> None:
        async with table.lock:
            seat = need_seated(table, user_id)
            if not table.seats[seat].away:
                raise TableError(t("You are already playing your seat."))
            table.seats[seat].away = False
            table.seats[seat].timeouts = 0
            await self.repo.save_seats(table.id, table.seats)
        self.drive(table)

    async def here(self, table: Table, user_id: int) -> None:
        """The person opened their hand: they have shown up at their seat (kept, so a
        tournament's grace time knows it after a restart too)."""
        seat = table.seat_of(user_id)
        if seat is None or table.seats[seat].here:
            return
        async with table.lock:
            table.seats[seat].here = True
            await self.repo.save_seats(table.id, table.seats)

    async def say(self, table: Table, user_id: int, mark: Mark) -> None:
        """Keep ``mark`` for the person's next move it rides on (``bot.games.moves.Mark``)."""
        async with table.lock:
            seat = need_seated(table, user_id)
            if not table.playing or mark not in table.spec.inputs.marks:
                raise TableError(t(mark.elsewhere))
            if mark.name not in table.seats[seat].marks:
                table.seats[seat].marks.append(mark.name)
            await self.repo.save_seats(table.id, table.seats)

    async def _to_the_ai(self, table: Table, seat: int) -> None:
        table.seats[seat].away = True
        await self.repo.save_seats(table.id, table.seats)
        self.drive(table)

    def _need_lobby(self, table: Table) -> None:
        if table.record.status != "lobby":
            raise TableError(t("The game has already started."))

    async def _save_lobby(self, table: Table) -> None:
        await self.repo.save_lobby(table.id, table.record.options, table.seats)
        await self.floor.told(table, [])

    async def _close_lobby(self, table: Table) -> None:
        await self.repo.cancel_lobby(table.id)
        table.record.status = "abandoned"
        self.floor.forget(table)
        await self.floor.closed(table)


def need_seated(table: Table, user_id: int) -> int:
    """The person's seat at the table (TableError if they have none)."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError(t("You are not seated at this table."))
    return seat
