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
    """A view of ``items``, to send. Its clicks are answered by the dynamic items that their
    custom ids fit (``bot.views.click``), not by the view, so the view is sent stopped:
    discord.py keeps a view it sends until it stops or times out (an ephemeral hand's for 15
    minutes, a board's for as long as the message lives) and passes it every click on its
    message. Kept, the views of every hand shown in the last 15 minutes would grow the heap
    that each of Python's full garbage collections walks, pausing every interaction."""
    out = discord.ui.View(timeout=None)
    for item in items:
        out.add_item(item)
    out.stop()
    return out
