"""What each server chose for its tables, kept in memory and stored as it changes."""

from __future__ import annotations

from bot.storage.records import ServerChoices
from bot.storage.settings import SettingsRepo


class Choices:
    """Pictures on or off per server (/table pictures), a board language per channel
    (/table language). Read once at start; every change is stored before it is kept."""

    def __init__(self, repo: SettingsRepo) -> None:
        self.repo = repo
        self._known = ServerChoices()

    async def load(self) -> None:
        self._known = await self.repo.load()

    def pictures(self, guild_id: int) -> bool:
        return guild_id not in self._known.no_pictures

    def language(self, channel_id: int) -> str | None:
        """The language chosen for the channel's boards; None: the server's own."""
        return self._known.languages.get(channel_id)

    async def set_pictures(self, guild_id: int, on: bool) -> None:
        await self.repo.set_pictures(guild_id, on)
        if on:
            self._known.no_pictures.discard(guild_id)
        else:
            self._known.no_pictures.add(guild_id)

    async def set_language(self, guild_id: int, channel_id: int, language: str | None) -> None:
        await self.repo.set_language(guild_id, channel_id, language)
        if language is None:
            self._known.languages.pop(channel_id, None)
        else:
            self._known.languages[channel_id] = language
