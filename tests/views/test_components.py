"""The views the bot sends are not kept by discord.py: their clicks go to dynamic items."""

from __future__ import annotations

import inspect

import discord

from bot.views.components import button, view


async def test_a_view_is_sent_stopped_so_discord_py_does_not_keep_it() -> None:
    sent = view(button("tv:t:1:join", "Join"))
    assert sent.is_dispatchable()  # a button with a custom id: discord.py would keep it...
    assert sent.is_finished()  # ...were it not stopped
    assert [c["custom_id"] for row in sent.to_components() for c in row["components"]] == [
        "tv:t:1:join"
    ]


def test_discord_py_keeps_only_the_views_that_are_not_finished() -> None:
    """What the test above relies on: every place discord.py keeps a view it sends asks
    ``is_finished()`` first (an interaction's answer, a message's edit, a webhook's)."""
    for where in (
        discord.InteractionResponse.send_message,
        discord.InteractionResponse.edit_message,
        discord.Message.edit,
        discord.abc.Messageable.send,
    ):
        source = inspect.getsource(where)
        assert "store_view(" in source, where
        assert "not view.is_finished()" in source, where
