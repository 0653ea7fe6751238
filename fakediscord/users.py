"""Simulated people: they type slash commands, click, pick, fill in modals, and look.

Every action builds the interaction a Discord client would, sends it to the bot over the
gateway and waits (at most the ack deadline) for the bot's answer. Things a real person
could not do (use a command that is not registered, click a button they cannot see or
that is disabled, pick an option that is not offered) raise ``ActionError``.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
)
from .models import (
    ACTION_ROW,
    BUTTON,
    LABEL,
    STRING_SELECT,
    Channel,
    Command,
    Member,
    Message,
    Role,
    User,
    localized,
    require_locale,
    seen_as,
)
from .permissions import ADMINISTRATOR, USE_APPLICATION_COMMANDS, guild_permissions
from .world import World

if TYPE_CHECKING:
    from .server import FakeDiscord

_SUBCOMMAND, _GROUP = 1, 2
_STRING, _INTEGER, _BOOLEAN, _USER, _CHANNEL, _ROLE, _MENTIONABLE, _NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class ActionError(Exception):
    """Something a real Discord user could not do."""


@dataclass
class Reply:
    """What came of one action; a live view of the interaction, so it follows later edits."""

    interaction: Interaction
    world: World

    @property
    def answered(self) -> bool:
        return self.interaction.acknowledged

    @property
    def type(self) -> int | None:
        """The callback type the bot used (4 reply, 5 deferred, 6/7 update, 8, 9 modal)."""
        return self.interaction.response_type

    @property
    def message(self) -> Message | None:
        """The reply message, or the message a component update changed."""
        return self.interaction.original

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.interaction.choices

    @property
    def error(self) -> str | None:
        """None once answered; else what the user saw, with the fake's rejections if any."""
        if self.answered:
            return None
        text = "The application did not respond"
        if self.interaction.rejections:
            text += f" (the bot's answers were rejected: {self.interaction.rejections})"
        return text

    async def wait_message(self, timeout: float = 5.0) -> Message:
        """The reply message once it is no longer a deferred "thinking" placeholder."""

        def settled() -> Message | None:
            message = self.interaction.original
            return message if message is not None and not message.loading else None

        what = f"the reply to interaction {self.interaction.id} ({self.error or 'answered'})"
        return await self.world.wait_for(settled, timeout, what)

    def to_json(self) -> dict[str, Any]:
        message = self.message
        return {
            "interaction_id": str(self.interaction.id),
            "type": self.type,
            "error": self.error,
            "message": None if message is None else message_json(message),
            "followups": [message_json(m) for m in self.followups],
            "modal": self.modal,
            "choices": self.choices,
        }


def message_json(message: Message) -> dict[str, Any]:
    """A message as tests see it: Discord's shape plus who may see it."""
    return {**message.to_json(), "visible_to": message.visible_to and str(message.visible_to)}


class SimUser:
    def __init__(self, fake: FakeDiscord, user: User) -> None:
        self.fake = fake
        self.user = user
        self._open_modal: Interaction | None = None

    def __repr__(self) -> str:
        return f"<SimUser {self.name} {self.id}>"

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def locale(self) -> str:
        """The language of this person's Discord client ("en-US" unless set): interactions
        carry it, and commands are typed by their names in it (see ``slash``)."""
        return self.user.locale

    @locale.setter
    def locale(self, locale: str) -> None:
        self.user.locale = require_locale(locale)

    # --- looking -----------------------------------------------------------------------

    def visible_messages(self, channel: Channel | None = None) -> list[Message]:
        """Public messages and this user's own ephemeral ones, oldest first."""
        channel = channel or self.fake.channel
        if not self.fake.world.permissions(channel, self.user):
            return []
        return self.fake.world.visible_messages(channel, self.user)

    def pings(self) -> list[Message]:
        """Messages that notified this user, oldest first."""
        return [m for m in self.fake.world.messages.values() if self.user in m.pinged]

    # --- acting ------------------------------------------------------------------------

    async def slash(self, command: str, *, channel: Channel | None = None, **options: Any) -> Reply:
        """Run ``/command`` (``"table new"`` for a subcommand) with these option values.

        Command, subcommand and option names may be typed as this user reads them, in their
        locale where the bot localized them, or as the default names; the interaction
        carries the default names either way, as Discord's does.
        """
        channel = channel or self.fake.channel
        data = self._command_data(channel, command, options, focused=None)
        return await self._interact(channel, APPLICATION_COMMAND, data)

    async def autocomplete(
        self,
        command: str,
        option: str,
        value: str,
        *,
        channel: Channel | None = None,
        **options: Any,
    ) -> Reply:
        """Type ``value`` into ``option`` of ``/command``; the reply's ``choices`` are offered."""
        channel = channel or self.fake.channel
        data = self._command_data(channel, command, {**options, option: value}, focused=option)
        return await self._interact(channel, AUTOCOMPLETE, data)

    async def click(
        self, message: Message | int, *, custom_id: str | None = None, label: str | None = None
    ) -> Reply:
        """Press a button, found by custom id or label, on a message this user can see."""
        seen = self._see(message)
        button = self._find(seen.buttons, "button", custom_id=custom_id, label=label)
        if button.get("disabled"):
            raise ActionError(f"the button {button.get('label')!r} is disabled")
        if "custom_id" not in button:
            raise ActionError(f"the button {button.get('label')!r} is a link, not an interaction")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return await self._interact(self._channel_of(seen), MESSAGE_COMPONENT, data, seen)

    async def select(self, message: Message | int, custom_id: str, values: list[str]) -> Reply:
        """Pick ``values`` in a string select on a message this user can see."""
        seen = self._see(message)
        menu = self._find(seen.selects, "select", custom_id=custom_id, label=None)
        self._check_picks(menu, values)
        data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": list(values)}
        return await self._interact(self._channel_of(seen), MESSAGE_COMPONENT, data, seen)

    async def submit_modal(
        self, values: dict[str, str | list[str]], *, reply: Reply | None = None
    ) -> Reply:
        """Fill in and submit the modal the bot showed (the last one, or ``reply``'s).

        ``values`` maps a field's label (as the user sees it) or custom id to its text
        (a select's to its picks); fields left out keep their pre-filled value.
        """
        opened = reply.interaction if reply is not None else self._open_modal
        if opened is None or opened.modal is None:
            raise ActionError("no modal is open")
        modal = opened.modal
        fields = [_modal_field(c) for c in modal["components"]]
        unknown = set(values) - {key for f in fields if f for key in (f[0], f[1]["custom_id"])}
        if unknown:
            raise ActionError(f"the modal has no fields {sorted(unknown)}")
        components = [self._fill(component, values) for component in modal["components"]]
        data = {"custom_id": modal["custom_id"], "components": components}
        self._open_modal = None
        return await self._interact(opened.channel, MODAL_SUBMIT, data, opened.source)

    # --- helpers -----------------------------------------------------------------------

    async def _interact(
        self, channel: Channel, type: int, data: dict[str, Any], source: Message | None = None
    ) -> Reply:
        fake = self.fake
        interaction = fake.interactions.open(self.user, channel, type, data, source)
        fake.world.touch()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(interaction.answered.wait(), fake.limits.ack_deadline)
        if interaction.modal is not None:
            self._open_modal = interaction
        return Reply(interaction, fake.world)

    def _channel_of(self, message: Message) -> Channel:
        return self.fake.world.channels[message.channel_id]

    def _see(self, message: Message | int) -> Message:
        world = self.fake.world
        found = world.messages.get(message if isinstance(message, int) else message.id)
        if found is None or found.deleted:
            raise ActionError(f"message {message} does not exist (any more)")
        # The same test as ``visible_messages``, without listing the channel (load tests).
        channel = self._channel_of(found)
        if not self.fake.world.permissions(channel, self.user) or found.visible_to not in (
            None,
            self.user.id,
        ):
            raise ActionError(f"{self.name} cannot see message {found.id}")
        return found

    @staticmethod
    def _find(
        items: list[dict[str, Any]], what: str, *, custom_id: str | None, label: str | None
    ) -> dict[str, Any]:
        matches = [
            c
            for c in items
            if (custom_id is None or c.get("custom_id") == custom_id)
            and (label is None or c.get("label") == label)
        ]
        if len(matches) != 1:
            offered = [(c.get("label"), c.get("custom_id")) for c in items]
            wanted = f"custom_id={custom_id!r} label={label!r}"
            raise ActionError(f"{len(matches)} {what}s match {wanted}; offered: {offered}")
        return matches[0]

    @staticmethod
    def _check_picks(menu: dict[str, Any], values: list[str]) -> None:
        if menu.get("disabled"):
            raise ActionError(f"the select {menu['custom_id']!r} is disabled")
        offered = [o["value"] for o in menu.get("options", [])]
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not set(values) <= set(offered) or not low <= len(values) <= high:
            raise ActionError(f"cannot pick {values} from {offered} ({low} to {high} values)")

    def _fill(
        self, component: dict[str, Any], values: dict[str, str | list[str]]
    ) -> dict[str, Any]:
        """One modal component as submitted: rows and labels wrap the field's value."""
        found = _modal_field(component)
        if found is None:  # text shown in the modal, nothing to fill in
            return {k: component[k] for k in ("type", "id") if k in component}
        label, field = found
        custom_id = field["custom_id"]
        name = label or custom_id
        given = values.get(custom_id, values.get(name))
        submitted: dict[str, Any] = {"type": field["type"], "custom_id": custom_id}
        if field["type"] == STRING_SELECT:
            picks = [given] if isinstance(given, str) else list(given or [])
            self._check_picks(field, picks)
            submitted["values"] = picks
        else:
            text = (field.get("value") or "") if given is None else given
            if not isinstance(text, str):
                raise ActionError(f"{name!r} is a text input; give it a string")
            low, high = field.get("min_length", 0), field.get("max_length", 4000)
            if not text and field.get("required", True):
                raise ActionError(f"{name!r} is required")
            if text and not low <= len(text) <= high:
                raise ActionError(f"{name!r} needs {low} to {high} characters, not {len(text)}")
            submitted["value"] = text
        if component["type"] == LABEL:
            return {"type": LABEL, "component": submitted}
        return {"type": ACTION_ROW, "components": [submitted]}

    def _command_data(
        self, channel: Channel, path: str, given: dict[str, Any], *, focused: str | None
    ) -> dict[str, Any]:
        """The ``data`` of a command interaction, checked as the Discord client would."""
        words = path.split()
        command = self._command(channel, words[0])
        locale = self.locale
        definitions = command.data.get("options") or []
        top: list[dict[str, Any]] = []
        options = top
        for word in words[1:]:
            found = _option(definitions, word, (_SUBCOMMAND, _GROUP), path, locale)
            node: dict[str, Any] = {"type": found["type"], "name": found["name"], "options": []}
            options.append(node)
            options = node["options"]
            definitions = found.get("options") or []
        if any(d.get("type") in (_SUBCOMMAND, _GROUP) for d in definitions):
            subs = [seen_as(d, "name", locale) for d in definitions]
            raise ActionError(f"/{path} needs one of its subcommands: {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in given.items():
            definition = _option(definitions, name, None, path, locale)
            option: dict[str, Any] = {"type": definition["type"], "name": definition["name"]}
            if name == focused:
                option |= {"value": str(value), "focused": True}
                if not definition.get("autocomplete"):
                    raise ActionError(f"option {name!r} of /{path} has no autocomplete")
            else:
                option["value"] = self._option_value(channel, definition, value, resolved)
            options.append(option)
        if focused is None:
            named = {o["name"] for o in options}
            missing = [
                seen_as(d, "name", locale)
                for d in definitions
                if d.get("required") and d["name"] not in named
            ]
            if missing:
                raise ActionError(f"/{path} needs the options {missing}")
        data: dict[str, Any] = {"id": str(command.id), "name": command.name, "type": 1}
        data["options"] = top
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _command(self, channel: Channel, name: str) -> Command:
        world = self.fake.world
        guild = world.guilds[channel.guild_id]
        member = guild.members.get(self.user.id)
        perms = world.permissions(channel, self.user)
        if member is None or not perms & USE_APPLICATION_COMMANDS:
            raise ActionError(f"{self.name} cannot use commands in #{channel.name}")
        registered = world.commands.get(guild.id, []) + world.commands.get(None, [])
        slash = [c for c in registered if c.type == 1]
        found = next(
            (c for c in slash if localized(c.data, "name", self.locale) == name),
            next((c for c in slash if c.name == name), None),
        )
        if found is None:
            names = sorted(seen_as(c.data, "name", self.locale) for c in registered)
            raise ActionError(f"no command /{name} in {guild.name}; registered: {names}")
        self._check_command_permissions(found, guild_permissions(guild, member))
        return found

    def _check_command_permissions(self, command: Command, perms: int) -> None:
        required = command.data.get("default_member_permissions")
        if required is None or perms & ADMINISTRATOR:
            return
        if int(required) == 0 or perms & int(required) != int(required):
            raise ActionError(f"{self.name} lacks the permissions /{command.name} requires")

    def _option_value(
        self,
        channel: Channel,
        definition: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        if kind in (_USER, _MENTIONABLE) and isinstance(value, SimUser | User | Member):
            user = value.user if isinstance(value, SimUser | Member) else value
            resolved.setdefault("users", {})[str(user.id)] = user.to_json()
            member = self.fake.world.member_json(channel, user)
            del member["user"]
            resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind in (_ROLE, _MENTIONABLE) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_json()
            return str(value.id)
        if kind == _CHANNEL and isinstance(value, Channel):
            entry = value.to_json() | {
                "permissions": str(self.fake.world.permissions(value, self.user))
            }
            resolved.setdefault("channels", {})[str(value.id)] = entry
            return str(value.id)
        converters: dict[int, type] = {_STRING: str, _INTEGER: int, _NUMBER: float, _BOOLEAN: bool}
        if kind not in converters or (kind != _BOOLEAN and isinstance(value, bool)):
            raise ActionError(f"option {name!r} (type {kind}) cannot take {value!r}")
        converted = converters[kind](value)
        choices = definition.get("choices")
        if choices is not None and converted not in [c["value"] for c in choices]:
            raise ActionError(f"{value!r} is not a choice of {name!r}: {choices}")
        self._check_range(definition, converted)
        return converted

    @staticmethod
    def _check_range(definition: dict[str, Any], value: Any) -> None:
        size = len(value) if isinstance(value, str) else value
        low_key, high_key = (
            ("min_length", "max_length") if isinstance(value, str) else ("min_value", "max_value")
        )
        low, high = definition.get(low_key), definition.get(high_key)
        if isinstance(value, bool) or (low is None and high is None):
            return
        if (low is not None and size < low) or (high is not None and size > high):
            raise ActionError(f"{value!r} is out of range for {definition['name']!r}")


def _option(
    definitions: list[dict[str, Any]],
    name: str,
    kinds: tuple[int, ...] | None,
    path: str,
    locale: str,
) -> dict[str, Any]:
    """The option (or subcommand) a user typed as ``name``: its name in their ``locale``
    first, else its default name (Discord keeps the two from clashing)."""
    candidates = [d for d in definitions if kinds is None or d["type"] in kinds]
    for definition in candidates:
        if localized(definition, "name", locale) == name:
            return definition
    for definition in candidates:
        if definition["name"] == name:
            return definition
    offered = [seen_as(d, "name", locale) for d in definitions]
    raise ActionError(f"/{path} has no {'subcommand' if kinds else 'option'} {name!r}: {offered}")


def _modal_field(component: dict[str, Any]) -> tuple[str | None, dict[str, Any]] | None:
    """A modal component's field and the label the user sees on it (None for text)."""
    if component["type"] == ACTION_ROW:
        field = component["components"][0]
        return field.get("label"), field
    if component["type"] == LABEL:
        return component.get("label"), component["component"]
    return None
