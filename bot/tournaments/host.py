"""What the tournaments ask of the Discord layer (``bot.views.tournament_host.TournamentHost``)."""

from __future__ import annotations

from typing import Protocol

from bot.storage.tournaments import Tournament
from bot.tables import Table


class ThreadRefused(Exception):
    """Discord would not open a match's thread; the message says why, for the channel."""


class ChannelGone(ThreadRefused):
    """The tournament's channel is gone (deleted): there is nowhere to open a thread."""


class Host(Protocol):
    """What the Discord layer does for the tournaments. Texts are made in the channel's
    language (``language``) before they are handed over."""

    def language(self, channel_id: int, guild_id: int) -> str: ...

    async def open_thread(self, channel_id: int, name: str) -> int:
        """A public thread under the channel; its id. Raises ThreadRefused."""
        ...

    async def announce(self, channel_id: int, text: str) -> None: ...

    async def summon(self, channel_id: int, text: str, user_ids: list[int]) -> None:
        """Say ``text`` in the channel (a match's thread), pinging those people."""
        ...

    def thread_room(self, guild_id: int) -> int | None:
        """How many more threads the server may have active (None: not known)."""
        ...

    async def show(self, tournament: Tournament) -> None:
        """Post the tournament's message, or edit it to what the tournament is now."""
        ...

    async def open_board(self, table: Table) -> None: ...

    def recheck(self, table: Table) -> None:
        """Draw a match's board again after a restart: a thread deleted meanwhile is found
        so (and told as deleted)."""
        ...
