"""What each server chose for its tables: pictures on or off, and a language per channel."""

from __future__ import annotations

from bot.storage.db import Database
from bot.storage.records import ServerChoices


class SettingsRepo:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self) -> ServerChoices:
        """Every server's choices, read once at start (they are few and change rarely)."""
        choices = ServerChoices()
        rows = await self.db.fetch_all("SELECT guild_id FROM guild_settings WHERE pictures = 0")
        choices.no_pictures = {int(row[0]) for row in rows}
        rows = await self.db.fetch_all(
            "SELECT channel_id, language FROM channel_settings WHERE language IS NOT NULL"
        )
        choices.languages = {int(row[0]): str(row[1]) for row in rows}
        return choices

    async def set_pictures(self, guild_id: int, on: bool) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, pictures) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET pictures = excluded.pictures",
                (guild_id, int(on)),
            )

    async def set_language(self, guild_id: int, channel_id: int, language: str | None) -> None:
        """``None`` goes back to the server's own language."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO channel_settings (channel_id, guild_id, language) VALUES (?, ?, ?)"
                " ON CONFLICT (channel_id) DO UPDATE SET language = excluded.language",
                (channel_id, guild_id, language),
            )
