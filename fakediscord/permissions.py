"""Discord permission bits and how a member's permissions in a channel are computed."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Channel, Guild, Member

CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL = (1 << 53) - 1

# What @everyone may do in a new server (a subset of Discord's defaults that matters here).
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)


def guild_permissions(guild: Guild, member: Member) -> int:
    """Base permissions: @everyone and the member's roles; the owner and admins have all."""
    if member.user.id == guild.owner_id:
        return ALL
    perms = guild.everyone.permissions
    for role_id in member.roles:
        perms |= guild.roles[role_id].permissions
    return ALL if perms & ADMINISTRATOR else perms


def channel_permissions(guild: Guild, channel: Channel, member: Member) -> int:
    """Discord's algorithm: base, then @everyone, role and member overwrites, in that order.
    A thread has its channel's permissions, where Send Messages in Threads stands for Send
    Messages."""
    if channel.parent_id is not None:
        perms = channel_permissions(guild, guild.channels[channel.parent_id], member)
        if perms & SEND_MESSAGES_IN_THREADS:
            return perms | SEND_MESSAGES
        return perms & ~SEND_MESSAGES
    perms = guild_permissions(guild, member)
    if perms == ALL:
        return ALL
    everyone = channel.overwrites.get(guild.id)
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member.roles:
        overwrite = channel.overwrites.get(role_id)
        if overwrite is not None:
            allow |= overwrite.allow
            deny |= overwrite.deny
    perms = (perms & ~deny) | allow
    own = channel.overwrites.get(member.user.id)
    if own is not None:
        perms = (perms & ~own.deny) | own.allow
    # Without View Channel nothing else in the channel applies.
    return perms if perms & VIEW_CHANNEL else 0
