"""The fake Discord's state: guilds, channels, members, messages and commands.

Every change that Discord would announce goes out through ``dispatch`` (the gateway
sets it), and every change wakes ``wait_for``.
"""

from __future__ import annotations

import asyncio
import copy
import re
import secrets
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .errors import (
    NOT_A_THREAD_PARENT,
    REQUEST_TOO_LARGE,
    TOO_MANY_THREADS,
    DiscordError,
    too_many_attachments,
)
from .models import (
    EPHEMERAL,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Channel,
    Command,
    Guild,
    Member,
    Message,
    Overwrite,
    Role,
    Shown,
    Snowflakes,
    Upload,
    User,
    iso_now,
    require_locale,
)
from .permissions import EVERYONE_DEFAULT, MENTION_EVERYONE, channel_permissions
from .ratelimits import Limits
from .shards import Shard, shard_for
from .validation import require_not_empty

T = TypeVar("T")

_USER_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE_MENTION = re.compile(r"<@&(\d+)>")
_ATTACHMENT_SCHEME = "attachment://"
EMBEDDABLE_FILES = (".jpg", ".jpeg", ".png", ".webp", ".gif")
"""The files an embed may show through ``attachment://`` (Discord's documented list)."""


def _ignore(event: str, data: dict[str, Any]) -> list[str]:
    """The dispatcher until a gateway is attached: nobody hears anything."""
    return []


POLL = 0.02
"""Seconds between two looks at a condition no change to the world wakes ``wait_for`` for."""


class World:
    def __init__(self, *, token: str, bot_name: str, limits: Limits) -> None:
        self.ids = Snowflakes()
        self.token = token
        self.limits = limits
        self.bot = User(self.ids.next(), bot_name.lower(), bot_name, bot=True)
        self.privileged_intents = 0
        """Privileged intents switched on for the application (as in the developer portal)."""
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.shown: list[Shown] = []
        """Every public message as it was shown, posted or edited, in order."""
        self.seen: list[Message] = []
        """Every message, ephemeral ones included, as its readers saw it when it was posted
        and after each edit, in order: a copy of it then (its lists are replaced, never
        changed, by an edit)."""
        self.attachments: dict[int, Attachment] = {}
        self.commands: dict[int | None, list[Command]] = {}
        """Registered commands by guild id; ``None`` holds the global ones."""
        self.command_syncs = 0
        self.cdn_base = ""
        self.dispatch: Callable[[str, dict[str, Any]], list[str]] = _ignore
        """Send an event to the sessions that should get it; returns their ids."""
        self.token_resets = 0
        self._change: asyncio.Future[None] | None = None

    @property
    def application_id(self) -> int:
        return self.bot.id

    # --- waiting -----------------------------------------------------------------------

    def touch(self) -> None:
        """Something changed: wake everyone in ``wait_for``."""
        if self._change is not None and not self._change.done():
            self._change.set_result(None)
        self._change = None

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str | None = None
    ) -> T:
        """Return ``predicate()`` once it is truthy; TimeoutError after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what or predicate}")
            if self._change is None:
                self._change = loop.create_future()
            # Changes wake us at once; other conditions (the time, the bot's database, read by
            # a test) are polled, often enough that a test waits little after they hold.
            await asyncio.wait({self._change}, timeout=min(left, POLL))

    # --- guilds, channels, members -----------------------------------------------------

    def add_user(self, name: str) -> User:
        user = User(self.ids.next(), name.lower(), name.capitalize())
        self.users[user.id] = user
        return user

    def reset_token(self) -> None:
        """What Discord does when the bot runs out of session starts: a new token, which
        the owner gets by email (here: ``world.token``); the old one works nowhere."""
        self.token = f"reset-{secrets.token_urlsafe(24)}"
        self.token_resets += 1

    def create_guild(self, name: str, *, shard: Shard | None = None) -> Guild:
        """A guild with its owner and the bot as members; its id is a millisecond after the
        previous guild's, so guilds made one after another take the shards in turn, and
        ``shard=(shard_id, num_shards)`` picks the shard it is on."""
        owner = self.add_user(f"{name} owner".replace(" ", "_"))
        guild = Guild(self.ids.next_guild(shard), name, owner.id)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_DEFAULT)
        self.guilds[guild.id] = guild
        for user in (owner, self.bot):
            self.add_member(guild, user)
        self.dispatch("GUILD_CREATE", self.guild_create_payload(guild))
        return guild

    def guild_on_shard(self, shard_id: int, num_shards: int, name: str) -> Guild:
        """A new guild whose events go to shard ``shard_id`` of ``num_shards``."""
        if not 0 <= shard_id < num_shards:
            raise ValueError(f"there is no shard {shard_id} of {num_shards}")
        return self.create_guild(name, shard=(shard_id, num_shards))

    def guilds_on_shard(self, shard_id: int, num_shards: int) -> list[Guild]:
        """The guilds a session identified as ``[shard_id, num_shards]`` holds."""
        return [g for g in self.guilds.values() if shard_for(g.id, num_shards) == shard_id]

    def guild_create_payload(self, guild: Guild, *, all_members: bool = False) -> dict[str, Any]:
        """GUILD_CREATE's data; without the members intent only the bot's own member."""
        members = guild.members.values() if all_members else [guild.members[self.bot.id]]
        return {
            **guild.to_json(),
            "joined_at": guild.members[self.bot.id].joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.to_json() for m in members],
            "channels": [c.to_json() for c in guild.channels.values() if not c.is_thread],
            "threads": [c.to_json() for c in self.active_threads(guild)],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def set_guild_locale(self, guild: Guild, locale: str) -> None:
        """Change the community's language, as its admins do in the server settings: later
        interactions carry it as ``guild_locale`` and the bot hears GUILD_UPDATE."""
        guild.preferred_locale = require_locale(locale)
        self.dispatch("GUILD_UPDATE", guild.to_json())

    def create_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.ids.next(), guild.id, name, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.dispatch("CHANNEL_CREATE", channel.to_json())
        return channel

    def create_thread(self, parent: Channel, owner: User, name: str, archive: int) -> Channel:
        """A public thread under a text channel, within the server's active-thread limit."""
        if parent.is_thread or parent.type != 0:
            raise NOT_A_THREAD_PARENT()
        guild = self.guilds[parent.guild_id]
        if len(self.active_threads(guild)) >= self.limits.active_threads:
            raise TOO_MANY_THREADS()
        thread = Channel(
            self.ids.next(),
            guild.id,
            name,
            type=11,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=archive,
        )
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        self.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return thread

    def active_threads(self, guild: Guild) -> list[Channel]:
        return [c for c in guild.channels.values() if c.is_thread and not c.archived]

    def threads_of(self, parent: Channel) -> list[Channel]:
        """The threads started under a channel, oldest first."""
        guild = self.guilds[parent.guild_id]
        return [c for c in guild.channels.values() if c.parent_id == parent.id]

    def delete_thread(self, thread: Channel) -> None:
        """What a moderator's deleting a thread does: gone, and the bot is told."""
        guild = self.guilds[thread.guild_id]
        del guild.channels[thread.id], self.channels[thread.id]
        self.dispatch(
            "THREAD_DELETE",
            {
                "id": str(thread.id),
                "guild_id": str(guild.id),
                "parent_id": str(thread.parent_id),
                "type": thread.type,
            },
        )

    def delete_channel(self, channel: Channel) -> None:
        """What an admin's (or the bot's) deleting a channel does: gone with its threads,
        and the bot is told CHANNEL_DELETE (a thread's deletion is THREAD_DELETE)."""
        if channel.is_thread:
            self.delete_thread(channel)
            return
        guild = self.guilds[channel.guild_id]
        for thread in self.threads_of(channel):
            del guild.channels[thread.id], self.channels[thread.id]
        del guild.channels[channel.id], self.channels[channel.id]
        self.dispatch("CHANNEL_DELETE", channel.to_json())

    def add_member(self, guild: Guild, user: User) -> Member:
        member = guild.members[user.id] = Member(user)
        return member

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(self.ids.next(), name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        self.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def set_permissions(
        self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Set a channel overwrite for a role (``guild.everyone`` too) or a member."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = Overwrite(target.id, kind, allow, deny)
        self.dispatch("CHANNEL_UPDATE", channel.to_json())

    def permissions(self, channel: Channel, user: User) -> int:
        guild = self.guilds[channel.guild_id]
        member = guild.members.get(user.id)
        return 0 if member is None else channel_permissions(guild, channel, member)

    def member_json(self, channel: Channel, user: User) -> dict[str, Any]:
        guild = self.guilds[channel.guild_id]
        return guild.members[user.id].to_json(self.permissions(channel, user))

    # --- messages ----------------------------------------------------------------------

    def post(
        self,
        channel: Channel,
        author: User,
        data: dict[str, Any],
        uploads: Iterable[Upload] = (),
        *,
        visible_to: int | None = None,
        type: int = 0,
        webhook_id: int | None = None,
        interaction_metadata: dict[str, Any] | None = None,
        loading: bool = False,
    ) -> Message:
        """Create a message from a validated payload; ephemeral ones stay off the gateway."""
        uploads = list(uploads)
        if not loading:
            require_not_empty(data, has_files=bool(uploads))
        flags = int(data.get("flags") or 0) | (LOADING if loading else 0)
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            type=type,
            tts=bool(data.get("tts")),
            flags=flags,
            visible_to=visible_to if flags & EPHEMERAL else None,
            webhook_id=webhook_id,
            application_id=self.application_id if webhook_id else None,
            interaction_metadata=interaction_metadata,
        )
        self._apply(message, data, uploads)
        if not message.ephemeral and not flags & SUPPRESS_NOTIFICATIONS:
            message.pinged = [u for u in self._notified(channel, message) if u is not author]
        self.messages[message.id] = message
        self.seen.append(copy.copy(message))
        if not message.ephemeral:
            self.shown.append(Shown(channel.id, message.id, message.text, edit=False))
            channel.last_message_id = message.id
            self.dispatch("MESSAGE_CREATE", self.message_event(message))
        return message

    def edit(
        self, message: Message, data: dict[str, Any], uploads: Iterable[Upload] = ()
    ) -> Message:
        """Apply an edit (or complete a deferred reply); edits never notify anyone."""
        was_loading = message.loading
        before = copy.copy(message)
        try:
            self._apply(message, data, list(uploads))
            require_not_empty(message.to_json(), has_files=False)
        except DiscordError:
            vars(message).update(vars(before))
            raise
        for dropped in set(before.attachments) - set(message.attachments):
            del self.attachments[dropped.id]  # its CDN url answers 404 from now on
        if "flags" in data:
            suppress = int(data["flags"] or 0) & SUPPRESS_EMBEDS
            message.flags = (message.flags & ~SUPPRESS_EMBEDS) | suppress
        message.flags &= ~LOADING
        if not was_loading:
            message.edited_timestamp = iso_now()
            message.edits += 1
        self.seen.append(copy.copy(message))
        if not message.ephemeral:
            self.shown.append(Shown(message.channel_id, message.id, message.text, edit=True))
            self.dispatch("MESSAGE_UPDATE", self.message_event(message))
        return message

    def delete(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            event = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                event["guild_id"] = str(message.guild_id)
            self.dispatch("MESSAGE_DELETE", event)

    def message_event(self, message: Message) -> dict[str, Any]:
        channel = self.channels[message.channel_id]
        return message.to_json(gateway=True, member=self.member_json(channel, message.author))

    def visible_messages(self, channel: Channel, user: User | None) -> list[Message]:
        """What ``user`` sees in ``channel``: public messages and their own ephemeral ones."""
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == channel.id
                and not m.deleted
                and (m.visible_to is None or (user is not None and m.visible_to == user.id))
            ),
            key=lambda m: m.id,
        )

    def _apply(self, message: Message, data: dict[str, Any], uploads: list[Upload]) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        if "components" in data:
            message.components = list(data["components"] or [])
        new: list[Attachment] = []
        if "attachments" in data or uploads:
            kept, new = self._attachments(message, data.get("attachments"), uploads)
            message.attachments = kept + new
        if "embeds" in data:
            files = new + message.attachments  # this request's files first
            message.embeds = [_show_files(embed, files) for embed in data["embeds"] or []]
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        self._resolve_mentions(message)

    def _attachments(
        self, message: Message, listed: list[dict[str, Any]] | None, uploads: list[Upload]
    ) -> tuple[list[Attachment], list[Attachment]]:
        """The attachments kept (those ``listed``, or all when there is no list) and the new
        ones. Each file may be ``max_file_size`` (413 and 40005 above it, as Discord's limit
        is per file); a message holds at most ``max_files`` (30015)."""
        limits = self.limits
        if any(len(u.data) > limits.max_file_size for u in uploads):
            raise REQUEST_TOO_LARGE()
        keep_ids = None if listed is None else {str(a.get("id")) for a in listed}
        kept = [a for a in message.attachments if keep_ids is None or str(a.id) in keep_ids]
        if len(kept) + len(uploads) > limits.max_files:
            raise too_many_attachments(limits.max_files)
        descriptions = {str(a.get("id")): a.get("description") for a in listed or []}
        new = []
        for upload in uploads:
            attachment_id = self.ids.next()
            attachment = Attachment(
                id=attachment_id,
                filename=upload.filename,
                data=upload.data,
                url=f"{self.cdn_base}/attachments/{message.channel_id}/{attachment_id}/{upload.filename}",
                content_type=upload.content_type,
                description=descriptions.get(str(upload.index)),
            )
            self.attachments[attachment.id] = attachment
            new.append(attachment)
        return kept, new

    def _resolve_mentions(self, message: Message) -> None:
        """Mentions in the content, filtered by allowed_mentions (default: everything)."""
        allowed = message.allowed_mentions
        parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse", []))
        # Snowflakes may come as strings or numbers.
        listed_users = {str(u) for u in (allowed or {}).get("users", [])}
        listed_roles = {str(r) for r in (allowed or {}).get("roles", [])}
        guild = self.guilds[message.guild_id] if message.guild_id else None
        users: list[User] = []
        for raw in _USER_MENTION.findall(message.content):
            user = self.users.get(int(raw))
            if user is not None and user not in users and ("users" in parse or raw in listed_users):
                users.append(user)
        roles = [
            int(raw)
            for raw in dict.fromkeys(_ROLE_MENTION.findall(message.content))
            if guild is not None
            and int(raw) in guild.roles
            and ("roles" in parse or raw in listed_roles)
        ]
        channel = self.channels[message.channel_id]
        message.mentions = users
        message.mention_roles = roles
        message.mention_everyone = bool(
            "everyone" in parse
            and ("@everyone" in message.content or "@here" in message.content)
            and self.permissions(channel, message.author) & MENTION_EVERYONE
        )

    def _notified(self, channel: Channel, message: Message) -> list[User]:
        guild = self.guilds[channel.guild_id]
        notified = list(message.mentions)
        for member in guild.members.values():
            in_role = any(r in member.roles for r in message.mention_roles)
            if (message.mention_everyone or in_role) and member.user not in notified:
                notified.append(member.user)
        return [u for u in notified if self.permissions(channel, u)]


def _show_files(embed: dict[str, Any], files: list[Attachment]) -> dict[str, Any]:
    """The embed as Discord stores it: an image or thumbnail ``attachment://NAME`` that
    names a picture among ``files`` becomes that file's CDN url (with its size). A name
    that matches none is kept as sent; Discord accepts it and the client shows no picture.
    """
    shown = copy.deepcopy(embed)  # the request as sent stays in the request log
    for key in ("image", "thumbnail"):
        url = (shown.get(key) or {}).get("url")
        if isinstance(url, str) and url.startswith(_ATTACHMENT_SCHEME):
            name = url.removeprefix(_ATTACHMENT_SCHEME)
            file = next((f for f in files if f.filename == name), None)
            if file is not None and name.lower().endswith(EMBEDDABLE_FILES):
                shown[key] = file.embed_media()
    return shown
