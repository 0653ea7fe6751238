"""Background chatter: the events of a busy server that have nothing to do with the bot.

A real Discord server sends a bot every member's message (without its content, unless the
bot has the privileged MESSAGE_CONTENT intent), typing and reaction in the channels it can
see, for as long as its intents ask for them. ``Chatter`` makes that traffic at a given rate
of messages a second: each message is preceded by its author's TYPING_START and followed by
another member's MESSAGE_REACTION_ADD on it, in the guilds' text channels in turn. The
gateway sends each event only to the sessions whose intents ask for it.

The messages go out on the gateway only; they are not kept (REST and the simulated users
never see them), so a long run costs the fake no memory.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from typing import Any

from .models import Channel, Member, iso_now
from .world import World

REACTION = {"id": None, "name": "👍"}


class Chatter:
    """People talking at ``rate`` messages a second across the world's guild channels."""

    def __init__(self, world: World, rate: float) -> None:
        self.world = world
        self.rate = rate
        self.messages = 0
        """Messages sent so far (each with its typing and its reaction)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None and self.rate > 0:
            self._task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _speakers(self) -> Iterator[tuple[Channel, Member, Member]]:
        """Forever: a channel, a member who writes in it and another who reacts."""
        for round_ in itertools.count():
            places = [
                (channel, people)
                for guild in list(self.world.guilds.values())
                if len(people := [m for m in guild.members.values() if not m.user.bot]) >= 2
                for channel in list(guild.channels.values())
            ]
            if not places:
                return
            for channel, people in places:
                author = people[round_ % len(people)]
                yield channel, author, people[(round_ + 1) % len(people)]

    async def _run(self) -> None:
        """Keep to the rate on a schedule that does not catch up after a stall."""
        interval = 1 / self.rate
        due = time.monotonic()
        for channel, author, reacting in self._speakers():
            self.say(channel, author, reacting)
            due = max(due + interval, time.monotonic() - interval)
            await asyncio.sleep(max(0.0, due - time.monotonic()))

    def say(self, channel: Channel, author: Member, reacting: Member) -> None:
        """One message's events: typing, the message, a reaction to it."""
        world = self.world
        guild_id = str(channel.guild_id)
        where = {"channel_id": str(channel.id), "guild_id": guild_id}
        world.dispatch(
            "TYPING_START",
            {
                **where,
                "user_id": str(author.user.id),
                "timestamp": int(time.time()),
                "member": author.to_json(),
            },
        )
        message_id = str(world.ids.next())
        world.dispatch("MESSAGE_CREATE", _message(message_id, where, author))
        world.dispatch(
            "MESSAGE_REACTION_ADD",
            {
                **where,
                "message_id": message_id,
                "user_id": str(reacting.user.id),
                "member": reacting.to_json(),
                "message_author_id": str(author.user.id),
                "emoji": REACTION,
                "burst": False,
                "type": 0,
            },
        )
        self.messages += 1


def _message(message_id: str, where: dict[str, str], author: Member) -> dict[str, Any]:
    """A member's message as a bot without MESSAGE_CONTENT gets it: no content."""
    member = author.to_json()
    member.pop("user")
    return {
        **where,
        "id": message_id,
        "type": 0,
        "author": author.user.to_json(),
        "member": member,
        "content": "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": False,
        "flags": 0,
    }
