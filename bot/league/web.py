"""A server's league on the web: turned on or off by its admins, the names its people hid,
and the links from Discord to its pages (when the pages have a public address)."""

from __future__ import annotations

from urllib.parse import urlencode

from bot.storage.web import WebRepo


class WebChoices:
    def __init__(self, repo: WebRepo, address: str | None = None) -> None:
        self.repo = repo
        self.address = address  # [web] public_address: None, no links

    async def turn_on(self, guild_id: int, name: str, language: str, chosen: bool) -> None:
        await self.repo.turn_on(guild_id, name, language, chosen)

    async def server_changed(self, guild_id: int, name: str, language: str) -> None:
        """A server renamed, or its language changed: its pages follow (unless its admins
        chose their language)."""
        await self.repo.server_changed(guild_id, name, language)

    async def turn_off(self, guild_id: int) -> bool:
        return await self.repo.turn_off(guild_id)

    async def hide(self, guild_id: int, user_id: int, hidden: bool) -> None:
        await self.repo.set_hidden(guild_id, user_id, hidden)

    async def link(self, guild_id: int, path: str = "", **query: object) -> str | None:
        """The address of a server's page (``path`` under the server's own, ``query`` its
        parameters, None ones left out), or None: no public address, or the pages are off."""
        if self.address is None or await self.repo.server(guild_id) is None:
            return None
        wanted = urlencode({k: v for k, v in query.items() if v is not None})
        return f"{self.address}/s/{guild_id}/{path}" + (f"?{wanted}" if wanted else "")

    async def person_link(self, guild_id: int, user_id: int) -> str | None:
        """The address of a person's page, or None: no address, the pages off, or the person
        hid their name from them (their page is a 404)."""
        if await self.repo.hidden(guild_id, [user_id]):
            return None
        return await self.link(guild_id, f"p/{user_id}")
