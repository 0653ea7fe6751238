"""Interactions: how they are created, answered once within the deadline, and followed up.

Discord's rules kept here: one answer per interaction, within ``Limits.ack_deadline``
seconds (else 10062 Unknown interaction); a second answer is 40060; the token then
works for follow-ups and edits for ``Limits.token_lifetime`` seconds (else 50027);
the first follow-up after a deferred reply fills in the "thinking" message.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import (
    ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    DiscordError,
    FormErrors,
)
from .models import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Channel,
    Message,
    Upload,
    User,
)
from .validation import check_choices, check_message, check_modal
from .world import World

# Interaction types
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback types
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}
MESSAGE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2

CHAT_INPUT_COMMAND_MESSAGE = 20


@dataclass(eq=False)
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    source: Message | None
    """The message whose component was used (for a modal: the one that opened it)."""
    created_at: float = field(default_factory=time.monotonic)
    """When INTERACTION_CREATE was sent (queued to the bot's gateway connection)."""
    responded_at: float | None = None
    """When the first callback for it arrived, accepted or not."""
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    rejections: list[dict[str, Any]] = field(default_factory=list)
    """Error bodies the fake answered to this interaction's callbacks."""
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    sessions: list[str] = field(default_factory=list)
    """The gateway sessions INTERACTION_CREATE went to: those holding the guild's shard.
    None holds it: the bot never hears of it, and the person sees "did not respond"."""

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from INTERACTION_CREATE to the first callback; None if none came."""
        return None if self.responded_at is None else self.responded_at - self.created_at

    def timing(self) -> dict[str, Any]:
        """How fast and how well the bot answered, as JSON (for load tests)."""
        return {
            "id": str(self.id),
            "type": self.type,
            "age": time.monotonic() - self.created_at,
            "latency": self.latency,
            "response_type": self.response_type,
            "rejections": len(self.rejections),
        }

    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_json(),
            "authorizing_integration_owners": {"0": str(self.channel.guild_id)},
        }
        if self.source is not None:
            data["interacted_message_id"] = str(self.source.id)
        return data


class Interactions:
    def __init__(self, world: World) -> None:
        self.world = world
        self.by_id: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}

    def open(
        self,
        user: User,
        channel: Channel,
        type: int,
        data: dict[str, Any],
        source: Message | None = None,
    ) -> Interaction:
        """Create an interaction as a Discord client would, and send INTERACTION_CREATE."""
        world = self.world
        interaction = Interaction(
            id=world.ids.next(),
            token=f"aW50ZXJhY3Rpb24{secrets.token_urlsafe(48)}",
            type=type,
            user=user,
            channel=channel,
            data=data,
            source=source,
        )
        self.by_id[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        guild = world.guilds[channel.guild_id]
        guild_id = str(guild.id)
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(world.application_id),
            "type": type,
            "data": data,
            "guild_id": guild_id,
            "guild": {"id": guild_id, "locale": guild.preferred_locale, "features": []},
            "channel_id": str(channel.id),
            "channel": {
                **channel.to_json(),
                "permissions": str(world.permissions(channel, user)),
            },
            "member": world.member_json(channel, user),
            "token": interaction.token,
            "version": 1,
            "app_permissions": str(world.permissions(channel, world.bot)),
            "locale": user.locale,
            "guild_locale": guild.preferred_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild_id},
            "context": 0,
            "attachment_size_limit": world.limits.max_file_size,
        }
        if source is not None:
            payload["message"] = source.to_json()
        interaction.sessions = world.dispatch("INTERACTION_CREATE", payload)
        return interaction

    def timings(self, after: int = 0) -> list[dict[str, Any]]:
        """``Interaction.timing()`` of every interaction with an id above ``after``."""
        return [i.timing() for i in self.by_id.values() if i.id > after]

    # --- the one answer ----------------------------------------------------------------

    def callback(
        self, interaction_id: int, token: str, body: dict[str, Any], uploads: Iterable[Upload]
    ) -> dict[str, Any]:
        """Answer an interaction; returns the callback response (``with_response`` shape)."""
        interaction = self.by_id.get(interaction_id)
        if interaction is None or interaction.token != token:
            raise UNKNOWN_INTERACTION()
        if interaction.responded_at is None:
            interaction.responded_at = time.monotonic()
        try:
            return self._respond(interaction, body, list(uploads))
        except DiscordError as error:
            interaction.rejections.append(error.body())
            raise

    def _respond(
        self, interaction: Interaction, body: dict[str, Any], uploads: list[Upload]
    ) -> dict[str, Any]:
        if interaction.acknowledged:
            raise ALREADY_ACKNOWLEDGED()
        if time.monotonic() > interaction.created_at + self.world.limits.ack_deadline:
            raise UNKNOWN_INTERACTION()
        kind = body.get("type")
        data = body.get("data") or {}
        errors = FormErrors()
        allowed = ALLOWED_CALLBACKS[interaction.type]
        updates = (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE)
        if kind not in allowed or (kind in updates and interaction.source is None):
            errors.add(
                ("type",),
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Value must be one of {sorted(allowed)} for this interaction.",
            )
        elif kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            updated = interaction.source if kind == UPDATE_MESSAGE else None
            check_message(
                errors,
                data,
                ("data",),
                allowed_flags=MESSAGE_FLAGS,
                uploads=uploads,
                existing=updated.attachments if updated else (),
            )
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            check_message(errors, {"flags": data.get("flags")}, ("data",), allowed_flags=EPHEMERAL)
        elif kind == AUTOCOMPLETE_RESULT:
            check_choices(errors, data, ("data",))
        elif kind == MODAL:
            check_modal(errors, data, ("data",))
        errors.raise_if_any()
        assert isinstance(kind, int)  # one of ``allowed``, or the errors above refused it

        world = self.world
        if kind == CHANNEL_MESSAGE:
            interaction.original = self._post(interaction, data, uploads, original=True)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
            interaction.original = self._post(interaction, flags, [], original=True, loading=True)
        elif kind in updates:
            assert interaction.source is not None
            if kind == UPDATE_MESSAGE:
                world.edit(interaction.source, data, uploads)
            interaction.original = interaction.source
        elif kind == AUTOCOMPLETE_RESULT:
            interaction.choices = list(data["choices"])
        else:
            interaction.modal = data
        interaction.response_type = kind
        interaction.answered.set()
        return self._callback_response(interaction, kind)

    def _callback_response(self, interaction: Interaction, kind: int) -> dict[str, Any]:
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        resource: dict[str, Any] = {"type": kind}
        message = interaction.original
        if message is not None and kind in (
            CHANNEL_MESSAGE,
            DEFERRED_CHANNEL_MESSAGE,
            UPDATE_MESSAGE,
        ):
            summary["response_message_id"] = str(message.id)
            summary["response_message_loading"] = message.loading
            summary["response_message_ephemeral"] = message.ephemeral
            resource["message"] = message.to_json()
        return {"interaction": summary, "resource": resource}

    def _post(
        self,
        interaction: Interaction,
        data: dict[str, Any],
        uploads: list[Upload],
        *,
        original: bool = False,
        loading: bool = False,
    ) -> Message:
        world = self.world
        command_reply = original and interaction.type == APPLICATION_COMMAND
        return world.post(
            interaction.channel,
            world.bot,
            data,
            uploads,
            visible_to=interaction.user.id,
            type=CHAT_INPUT_COMMAND_MESSAGE if command_reply else 0,
            webhook_id=world.application_id,
            interaction_metadata=interaction.metadata(),
            loading=loading,
        )

    # --- the token afterwards ----------------------------------------------------------

    def _by_token(self, webhook_id: int, token: str) -> Interaction:
        if webhook_id != self.world.application_id:
            raise UNKNOWN_WEBHOOK()
        interaction = self.by_token.get(token)
        lifetime = self.world.limits.token_lifetime
        if interaction is None or time.monotonic() > interaction.created_at + lifetime:
            raise INVALID_WEBHOOK_TOKEN()
        return interaction

    def followup(
        self, webhook_id: int, token: str, body: dict[str, Any], uploads: Iterable[Upload]
    ) -> Message:
        interaction = self._by_token(webhook_id, token)
        if interaction.response_type in (None, AUTOCOMPLETE_RESULT, MODAL):
            raise UNKNOWN_WEBHOOK()
        uploads = list(uploads)
        errors = FormErrors()
        check_message(errors, body, allowed_flags=MESSAGE_FLAGS, uploads=uploads)
        errors.raise_if_any()
        original = interaction.original
        if interaction.response_type == DEFERRED_CHANNEL_MESSAGE and original and original.loading:
            return self.world.edit(original, body, uploads)
        message = self._post(interaction, body, uploads)
        interaction.followups.append(message)
        return message

    def find_message(self, webhook_id: int, token: str, ref: str) -> Message:
        """``ref`` is ``@original`` or the id of a message sent with this token."""
        interaction = self._by_token(webhook_id, token)
        if ref == "@original":
            message = interaction.original
        else:
            sent = [interaction.original, *interaction.followups]
            message = next((m for m in sent if m is not None and str(m.id) == ref), None)
        if message is None or message.deleted:
            raise UNKNOWN_MESSAGE()
        return message

    def edit_message(
        self,
        webhook_id: int,
        token: str,
        ref: str,
        body: dict[str, Any],
        uploads: Iterable[Upload],
    ) -> Message:
        message = self.find_message(webhook_id, token, ref)
        uploads = list(uploads)
        errors = FormErrors()
        check_message(
            errors,
            body,
            allowed_flags=MESSAGE_FLAGS,
            uploads=uploads,
            existing=message.attachments,
        )
        errors.raise_if_any()
        return self.world.edit(message, body, uploads)
