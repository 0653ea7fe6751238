"""What a click or a modal is: a class holding its custom id's layout and its handler.

Every custom id starts with ``tv:`` and says everything its click needs (the table, and for
moves the seat and that seat's move counter), so a button sent before a restart still works:
discord.py recreates a ``DynamicItem`` from any custom id its template matches. Each kind of
clickable thing is one subclass of ``Click`` (buttons, selects) or ``Form`` (modals), declared
beside what it does, with its layout written once: the same string makes the custom id
(``custom_id``) and reads it back (``fields``). Following a click is then: its custom id, the
class whose layout it fits, that class's ``clicked``, the table manager.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self, TypeVar

import discord
from discord.ui import DynamicItem, Item

from bot.i18n import t
from bot.views.errors import guarded, tell

Interaction = discord.Interaction[Any]
ItemT = TypeVar("ItemT", bound=Item[Any])

NUMBER = r"\d+"
NEVER = r"(?!)"
PREFIX = "tv:"


def _pattern(layout: str, text: dict[str, str]) -> str:
    """The regular expression of a layout: each ``{field}`` a number, or ``text[field]``."""
    parts = re.split(r"\{(\w+)\}", layout)
    pattern = ""
    for i, part in enumerate(parts):
        pattern += re.escape(part) if i % 2 == 0 else f"(?P<{part}>{text.get(part, NUMBER)})"
    return pattern


class _Layout:
    """A custom id's layout: ``tv:m:{table}:{seat}``, each field a number unless given a
    pattern of its own."""

    layout: ClassVar[str]
    pattern: ClassVar[re.Pattern[str]]
    what: ClassVar[str]
    """What the click is, in logs (its ``{field}`` s filled from the custom id: ``{step}``)."""

    @classmethod
    def make_id(cls, **values: object) -> str:
        return cls.layout.format(**values)


class Click(DynamicItem[ItemT], _Layout, template=NEVER):
    """A button or select whose custom id fits ``layout``. Subclasses say what a click does
    in ``clicked``; ``fields`` holds what their custom id says."""

    def __init_subclass__(
        cls, *, layout: str, what: str, text: dict[str, str] | None = None
    ) -> None:
        cls.layout, cls.what = layout, what
        cls.pattern = re.compile(_pattern(layout, text or {}))
        super().__init_subclass__(template=cls.pattern)

    def __init__(self, item: ItemT, fields: dict[str, str]) -> None:
        super().__init__(item)
        self.fields = fields

    def number(self, name: str) -> int:
        return int(self.fields[name])

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(item, match.groupdict())  # type: ignore[arg-type]

    async def callback(self, interaction: Interaction) -> None:
        table = int(self.fields["table"]) if "table" in self.fields else None
        what = self.what.format(**self.fields)
        await guarded(interaction, what, table, lambda: self.clicked(interaction))

    async def clicked(self, interaction: Interaction) -> None:
        raise NotImplementedError


class Form(discord.ui.Modal, _Layout):
    """A modal whose custom id fits ``layout``. It keeps no state: one opened before a
    restart is submitted to a process that never saw it open, so the custom id and the typed
    values must say everything; ``submitted`` receives them (``on_form``)."""

    def __init_subclass__(
        cls, *, layout: str, what: str, text: dict[str, str] | None = None
    ) -> None:
        super().__init_subclass__()
        cls.layout, cls.what = layout, what
        cls.pattern = re.compile(_pattern(layout, text or {}))

    @classmethod
    async def submitted(
        cls, interaction: Interaction, fields: dict[str, str], typed: dict[str, str]
    ) -> None:
        raise NotImplementedError


def typed_values(components: Any) -> dict[str, str]:
    """``{custom_id: value}`` of the text inputs in a modal submission, whether Discord sends
    them in action rows or in labels."""
    typed: dict[str, str] = {}
    stack = list(components)
    while stack:
        item = stack.pop()
        if item.get("type") == discord.ComponentType.text_input.value:
            typed[str(item.get("custom_id"))] = str(item.get("value") or "")
        stack += item.get("components", [])
        if "component" in item:
            stack.append(item["component"])
    return typed


def listener(
    clicks: tuple[type[Click[Any]], ...], forms: tuple[type[Form], ...]
) -> Any:  # an on_interaction listener
    """The interaction listener for ``forms`` (modals have no dynamic items) and for custom
    ids of ours that no longer fit any of ``clicks`` (a button of a retired kind): those are
    told so, never left to fail."""

    async def on_interaction(interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith(PREFIX):
            return
        if interaction.type is discord.InteractionType.modal_submit:
            await _submit(interaction, forms, custom_id, data)
        elif interaction.type is discord.InteractionType.component and not any(
            click.pattern.fullmatch(custom_id) for click in clicks
        ):
            await guarded(interaction, "retired button", None, lambda: _retired(interaction))

    return on_interaction


async def _submit(
    interaction: Interaction, forms: tuple[type[Form], ...], custom_id: str, data: Any
) -> None:
    found = next(((f, m) for f in forms if (m := f.pattern.fullmatch(custom_id))), None)
    if found is None:
        return
    form, match = found
    fields, typed = match.groupdict(), typed_values(data.get("components", []))
    table = int(fields["table"]) if "table" in fields else None
    await guarded(interaction, form.what, table, lambda: form.submitted(interaction, fields, typed))


async def _retired(interaction: Interaction) -> None:
    await tell(interaction, t("This button is no longer in use."))
