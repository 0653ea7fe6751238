"""Plain components: a button, a view of items, and the colours a button may have."""

from __future__ import annotations

from typing import Any

import discord
from discord.ui import Button, Item

GREY, BLUE, GREEN, RED = (
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.primary,
    discord.ButtonStyle.success,
    discord.ButtonStyle.danger,
)


def button(
    custom_id: str, label: str, style: discord.ButtonStyle = GREY, row: int = 0
) -> Button[Any]:
    return Button(label=label, style=style, custom_id=custom_id, row=row)


def view(*items: Item[Any]) -> discord.ui.View:
    """A view of ``items`` that never times out: the clicks are answered by dynamic items."""
    out = discord.ui.View(timeout=None)
    for item in items:
        out.add_item(item)
    return out
