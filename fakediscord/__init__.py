"""A faithful fake of Discord for tests: REST API v10 and the gateway, on 127.0.0.1.

The real bot process talks to it exactly as to Discord (only ``discord.api_base`` and
``discord.gateway_url`` differ); simulated users act on it as people would::

    async with FakeDiscord(users=["alice", "bob"]) as discord:
        ...  # start the bot with discord.api_base, discord.gateway_url, discord.token
        alice = discord.user("alice")
        reply = await alice.slash("table new", game="cento")      # -> Reply
        board = reply.message                                      # a live Message
        await alice.click(board, label="Join")                     # or custom_id=...
        await alice.select(board, "pick", ["7d"])
        reply = await alice.click(board, label="Bid")              # the bot shows a modal
        await alice.submit_modal({"amount": "50"})                 # the last modal shown
        choices = (await alice.autocomplete("play", "card", "7")).choices
        alice.visible_messages(discord.channel)  # public + alice's own ephemeral messages
        alice.pings()                            # messages that notified alice
        await discord.wait_for(lambda: len(discord.messages()) == 2, timeout=5)

``Reply`` (see ``users.py``): ``type`` (the callback type), ``message`` (created or
updated), ``ephemeral``, ``content``, ``followups``, ``modal``, ``choices``, ``error`` (set
when the bot did not answer within 3 s, with any answers the fake rejected) and
``await wait_message()`` for a deferred reply. ``ActionError`` is raised for what no user
could do (unknown command or option, a button they cannot see, a disabled one...).

Test controls: ``discord.gateway.drop()``, ``.request_reconnect()``,
``.invalidate_session()``; ``discord.faults.fail(route, 500)`` / ``.delay(route, s)``;
``discord.limits`` (rate limits and deadlines); ``discord.requests`` (every API request
with its answer), ``discord.rejections`` (4xx answers), ``discord.rate_limited``,
``discord.spec_violations`` (requests that broke Discord's OpenAPI description, ``spec.py``);
``discord.world.shown`` (every public message as people saw it, posted or edited, in order);
``discord.world.seen`` (every message, ephemeral ones too, a copy of it at each version);
``discord.world`` for guilds, channels, roles and permission overwrites
(``discord.world.guild_on_shard(1, 2, "Two")`` for a guild on shard 1 of 2);
``discord.sessions()`` for the bot's gateway sessions, their shards and guilds;
``discord.user("bob", locale="pt-BR")`` and ``discord.world.set_guild_locale(guild, "it")``
for languages; ``message.embed_image()`` for the picture an embed shows.

Run on its own with ``python -m fakediscord --port N`` (see ``control.py`` for the
HTTP control API and ``RemoteFakeDiscord``). More in ``README.md`` beside this file.
"""

from .control import RemoteFakeDiscord, RemoteUser
from .errors import DiscordError
from .faults import Fault
from .interactions import Interaction
from .models import LOCALES, Attachment, Channel, Command, Guild, Message, Role, Shown, User
from .ratelimits import Bucket, Limits
from .server import FakeDiscord, RequestRecord
from .users import ActionError, Reply, SimUser

__all__ = [
    "LOCALES",
    "ActionError",
    "Attachment",
    "Bucket",
    "Channel",
    "Command",
    "DiscordError",
    "FakeDiscord",
    "Fault",
    "Guild",
    "Interaction",
    "Limits",
    "Message",
    "RemoteFakeDiscord",
    "RemoteUser",
    "Reply",
    "RequestRecord",
    "Role",
    "Shown",
    "SimUser",
    "User",
]
