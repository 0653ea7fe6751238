"""The things a Discord world holds, each able to render itself as Discord's JSON."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Message flags
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

# Component types
ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
TEXT_DISPLAY = 10
LABEL = 18
LINK_STYLE = 5
PREMIUM_STYLE = 6

LOCALES = (
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
    "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
    "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
)  # fmt: skip
"""Discord's locales, in the order of its developer documentation."""
DEFAULT_LOCALE = "en-US"
LOCALE_FALLBACKS = {"en-US": "en-GB", "en-GB": "en-US", "es-419": "es-ES"}
"""Where a Discord client looks when a command has no localization for its locale."""


def require_locale(locale: str) -> str:
    """``locale`` if Discord has it; a test that sets an unknown one fails at once."""
    if locale not in LOCALES:
        raise ValueError(f"{locale!r} is not a Discord locale; one of {LOCALES}")
    return locale


def localized(item: dict[str, Any], key: str, locale: str) -> str | None:
    """``item[key]`` (a name or description) in ``locale``, None if it has no localization.

    Looks in ``{key}_localizations`` for the locale, then for its fallback, as the client.
    """
    localizations = item.get(f"{key}_localizations") or {}
    for candidate in (locale, LOCALE_FALLBACKS.get(locale)):
        if candidate in localizations:
            return str(localizations[candidate])
    return None


def seen_as(item: dict[str, Any], key: str, locale: str) -> str:
    """``item[key]`` as a person with ``locale`` reads it: localized, else the default."""
    found = localized(item, key, locale)
    return found if found is not None else str(item.get(key, ""))


class Snowflakes:
    """Discord ids: milliseconds since 2015 in the high bits, a counter in the low ones."""

    def __init__(self) -> None:
        self._last = 0
        self._last_guild_ms: int | None = None

    def next(self) -> int:
        self._last = max(self._last + 1, (_now_ms() << 22) | (1 << 17))
        return self._last

    def next_guild(self, shard: tuple[int, int] | None = None) -> int:
        """A guild id, in the millisecond after the previous guild's (the first: now).
        ``id >> 22`` decides a guild's shard: guilds made in one burst would share one, unlike
        guilds made over time on Discord; one millisecond each, however fast or slow a test
        makes them, they take the shards in turn. With ``shard=(shard_id, num_shards)`` the
        millisecond is the next that puts the id on that shard. Worker bits 2 keep these
        apart from ``next``'s ids (worker 1)."""
        last = self._last_guild_ms
        ms = _now_ms() if last is None else last + 1
        if shard is not None:
            shard_id, num_shards = shard
            ms += (shard_id - ms) % num_shards
        self._last_guild_ms = ms
        return (ms << 22) | (2 << 17)


def _now_ms() -> int:
    """Milliseconds since Discord's epoch (2015), the high bits of a snowflake."""
    return int(time.time() * 1000) - DISCORD_EPOCH_MS


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = DEFAULT_LOCALE
    """The language the person's Discord client is set to; interactions carry it."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass
class Overwrite:
    """A channel permission overwrite; ``type`` is 0 for a role, 1 for a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    nick: str | None = None

    def to_json(self, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.user.to_json(),
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": self.nick,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Channel:
    id: int
    guild_id: int
    name: str
    position: int = 0
    type: int = 0  # GUILD_TEXT
    topic: str | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    last_message_id: int | None = None
    parent_id: int | None = None
    """A thread's channel (then ``type`` is 11, a public thread)."""
    owner_id: int | None = None
    """Who started the thread."""
    auto_archive_duration: int = 1440
    archived: bool = False

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_thread(self) -> bool:
        return self.parent_id is not None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "topic": self.topic,
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "rate_limit_per_user": 0,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "permission_overwrites": [o.to_json() for o in self.overwrites.values()],
        }
        if self.is_thread:
            del found["position"], found["topic"], found["permission_overwrites"]
            found.update(
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                flags=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            )
        return found


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_now)
    preferred_locale: str = DEFAULT_LOCALE
    """The community's language: interactions carry it as ``guild_locale``."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def dimensions(self) -> tuple[int, int] | None:
        """Width and height of a PNG (what the bot draws), None for other files."""
        return png_size(self.data)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if self.dimensions is not None:
            data["width"], data["height"] = self.dimensions
        return data

    def embed_media(self) -> dict[str, Any]:
        """What an embed's ``image`` or ``thumbnail`` becomes once it names this file."""
        media: dict[str, Any] = {"url": self.url, "proxy_url": self.url, "flags": 0}
        if self.content_type:
            media["content_type"] = self.content_type
        if self.dimensions is not None:
            media["width"], media["height"] = self.dimensions
        return media


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int] | None:
    """A PNG's width and height from its IHDR chunk, which must come first."""
    if len(data) < 24 or not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, rows and labels included."""
    for component in components:
        yield component
        yield from walk_components(component.get("components", []))
        if "component" in component:
            yield from walk_components([component["component"]])


@dataclass(frozen=True)
class Shown:
    """A public message as people saw it: when it was posted, and after each edit."""

    channel_id: int
    message_id: int
    text: str  # ``Message.text`` at that moment
    edit: bool


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    mentions: list[User] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    allowed_mentions: dict[str, Any] | None = None
    pinged: list[User] = field(default_factory=list)
    """The users this message notified when it was created; edits never notify."""
    visible_to: int | None = None
    """For an ephemeral message: the one user who sees it."""
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    deleted: bool = False
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred reply still "thinking"."""
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """Content plus every embed's visible text, one piece a line, for easy assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("author", {}).get("name", ""), embed.get("title", "")]
            parts.append(embed.get("description", ""))
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c["type"] == BUTTON]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c["type"] == STRING_SELECT]

    def embed_image(self, index: int = 0) -> Attachment | None:
        """The attached file shown as embed ``index``'s image (``attachment://NAME``), if any.

        None when the embed has no image, an outside url, a name that matched no file, or
        a file a later edit removed.
        """
        return self._embed_media(index, "image")

    def embed_thumbnail(self, index: int = 0) -> Attachment | None:
        """Like ``embed_image``, for the embed's thumbnail."""
        return self._embed_media(index, "thumbnail")

    def _embed_media(self, index: int, key: str) -> Attachment | None:
        if index >= len(self.embeds):
            return None
        url = (self.embeds[index].get(key) or {}).get("url")
        return next((a for a in self.attachments if a.url == url), None)

    def to_json(
        self, *, gateway: bool = False, member: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """REST shape; ``gateway=True`` adds ``guild_id`` and the author's ``member``."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.to_json() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
        if gateway and self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            if member is not None:
                data["member"] = member
        return data


@dataclass(eq=False)
class Command:
    """A registered application command; ``data`` is the definition as the bot sent it."""

    id: int
    application_id: int
    guild_id: int | None
    data: dict[str, Any]
    version: int

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def type(self) -> int:
        return int(self.data.get("type", 1))

    def localized(self, locale: str) -> dict[str, Any]:
        """The definition as a person with ``locale`` sees it: every name, description
        and choice name in that language where the bot gave one (with Discord's fallbacks).
        """
        return _localized_definition(self.data, require_locale(locale), full=False)

    def to_json(
        self, *, with_localizations: bool = True, locale: str = DEFAULT_LOCALE
    ) -> dict[str, Any]:
        """Discord's command object. Listing commands without ``with_localizations`` gives,
        instead of the dictionaries, ``name_localized`` and ``description_localized`` in the
        requester's ``locale`` (where there is one), as Discord does.
        """
        definition = (
            self.data if with_localizations else _localized_definition(self.data, locale, full=True)
        )
        data = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **definition,
            "id": str(self.id),
            "application_id": str(self.application_id),
            "version": str(self.version),
            "type": self.type,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        return data


def _localized_definition(item: dict[str, Any], locale: str, *, full: bool) -> dict[str, Any]:
    """A command, option or choice with its localizations for ``locale`` applied.

    ``full=False``: names and descriptions replaced (what a person sees); ``full=True``: the
    defaults kept, with ``*_localized`` fields beside them (Discord's listing shape).
    """
    out = {k: v for k, v in item.items() if not k.endswith("_localizations")}
    for key in ("name", "description"):
        found = localized(item, key, locale)
        if found is not None:
            out[f"{key}_localized" if full else key] = found
    for nested in ("options", "choices"):
        if isinstance(item.get(nested), list):
            out[nested] = [_localized_definition(x, locale, full=full) for x in item[nested]]
    return out


@dataclass(frozen=True)
class Upload:
    """A file the bot sent as ``files[index]`` in a multipart request."""

    index: int
    filename: str
    content_type: str | None
    data: bytes
