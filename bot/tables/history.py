"""Finished deals looked up for people: a channel's history, a person's deals, one deal by
its public id, its record as it may be shown (its secret only once its match is over)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.games import SPECS
from bot.games.errors import echo
from bot.i18n import t
from bot.records.build import reveal
from bot.records.errors import RecordError
from bot.records.fair import ALPHABET, ID_LENGTH, match_seed, seed_parts, tournament_commitment
from bot.records.files import validated
from bot.records.schema import DealRecord, TournamentFairness
from bot.storage.deals import DealRepo, StoredDeal
from bot.tables.errors import TableError

log = logging.getLogger(__name__)

PAGE = 5  # deals a page of /table history lists
LOOKED_AT = 100  # a person's latest deals, searched for one game's


@dataclass(frozen=True)
class Found:
    """A deal that may be replayed: its record (revealed when its match is over), and the
    engine's seed to replay it on the server (never shown)."""

    record: DealRecord
    seed: int
    stored: StoredDeal

    @property
    def match_over(self) -> bool:
        return self.stored.table_status != "playing"


@dataclass(frozen=True)
class Listed:
    """A deal as a history lists it: its id, its record (None: damaged), and whether its result
    is kept back while a tournament's other tables deal it (``StoredDeal.shared``)."""

    short_id: str
    record: DealRecord | None
    shared: bool = False


def damaged(short_id: str) -> TableError:
    """The refusal of a deal whose stored record cannot be read or replayed."""
    return TableError(t("The record of deal {id} is damaged: it cannot be replayed.", id=short_id))


def stored_record(stored: StoredDeal) -> DealRecord | None:
    """A stored deal's record, with what a tournament's table was dealt from; None (logged)
    where a row edited by hand no longer fits it."""
    try:
        record = validated(stored.record)
    except RecordError:
        log.exception("deal %s: its stored record is damaged", stored.short_id)
        return None
    dealt = stored.tournament
    if dealt is None or dealt.secret is None:
        return record
    fair = TournamentFairness(
        id=dealt.id,
        commitment=tournament_commitment(dealt.secret, stored.guild_id, dealt.id),
        shown=dealt.shown,
        parts=seed_parts(dealt.duplicate, dealt.round, dealt.n),
        secret=dealt.secret if dealt.over else None,  # it deals every table of the tournament
    )
    return record.model_copy(
        update={"schema_version": 3, "fair": record.fair.model_copy(update={"tournament": fair})}
    )


def well_formed(short_id: str) -> bool:
    return len(short_id) == ID_LENGTH and all(c in ALPHABET for c in short_id)


class History:
    def __init__(self, repo: DealRepo) -> None:
        self.repo = repo

    async def find(self, guild_id: int, short_id: str) -> Found:
        """The deal of that id on this server, to replay. TableError: a malformed id, one
        unknown here (another server's deal answers the same: it does not exist here), a
        deal whose match is still played by a game whose deals are not independent, a deal
        a tournament still deals at another table (``StoredDeal.shared``)."""
        wanted = short_id.strip().lower()
        if not well_formed(wanted):
            raise TableError(
                t(
                    "“{id}” is not a deal's id: an id is {n} letters and digits, as "
                    "/table history shows.",
                    id=echo(short_id),
                    n=ID_LENGTH,
                )
            )
        stored = await self.repo.get(guild_id, wanted)
        if stored is None or stored.game not in SPECS:
            raise TableError(t("No deal of this server has the id “{id}”.", id=wanted))
        record = stored_record(stored)
        if record is None:
            raise damaged(wanted)
        running = stored.table_status == "playing"
        if running and not SPECS[stored.game].independent_deals:
            raise TableError(
                t(
                    "Deal {id} is part of a match still being played: its replay opens when "
                    "the match is over (it would show cards of the deals still to come).",
                    id=wanted,
                )
            )
        if stored.shared:
            raise TableError(
                t(
                    "Deal {id} was dealt at other tables of a tournament too, and they are not"
                    " all over (or its next round deals it again): its replay opens when they"
                    " are.",
                    id=wanted,
                )
            )
        assert stored.secret is not None
        if not running:
            record = reveal(record, stored.secret)
        return Found(record, _seed(stored), stored)

    async def in_channel(self, channel_id: int, page: int) -> tuple[list[Listed], int]:
        """A page (from 0) of the channel's deals of games this version has, newest first,
        and the number of pages."""
        total = await self.repo.count_in_channel(channel_id)
        pages = max(1, -(-total // PAGE))
        page = min(max(page, 0), pages - 1)
        deals = await self.repo.in_channel(channel_id, page * PAGE, PAGE)
        listed = [Listed(d.short_id, stored_record(d), d.shared) for d in deals if d.game in SPECS]
        return listed, pages

    async def of_player(
        self, guild_id: int, user_id: int, game: str | None = None, limit: int = 5
    ) -> list[StoredDeal]:
        """A person's latest deals on this server (of ``game``, if given), newest first."""
        if game is None:
            return await self.repo.of_player(guild_id, user_id, None, 0, limit)
        found = await self.repo.of_player(guild_id, user_id, None, 0, LOOKED_AT)
        return [d for d in found if d.game == game][:limit]

    async def of_matches(self, guild_id: int, match_ids: list[int]) -> dict[int, list[str]]:
        """The ids of each league match's deals, in the order played."""
        return await self.repo.of_matches(guild_id, match_ids)

    async def recent(
        self, guild_id: int, channel_id: int | None, user_id: int, limit: int = 25
    ) -> list[StoredDeal]:
        """The autocomplete's suggestions: this channel's deals, then the person's own."""
        found = await self.repo.in_channel(channel_id, 0, limit) if channel_id else []
        mine = await self.repo.of_player(guild_id, user_id, None, 0, limit)
        seen: dict[str, StoredDeal] = {d.short_id: d for d in found if d.guild_id == guild_id}
        for deal in mine:
            seen.setdefault(deal.short_id, deal)
        return list(seen.values())[:limit]


def _seed(stored: StoredDeal) -> int:
    """The engine's seed of the deal's match (a table from before commitments: its seed)."""
    if stored.record["fair"]["commitment"] is None:
        return stored.seed
    assert stored.secret is not None
    return match_seed(stored.secret, stored.record["fair"]["start"])
