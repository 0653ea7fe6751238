"""What the bot says, and what people type, in a given language: the tests' expectations,
made from the same catalogues."""

from __future__ import annotations

from typing import Any

from bot.cogs.language import name_context
from bot.i18n import speaking, t, translation


def said(language: str, text: str, **values: Any) -> str:
    """``text`` as the bot says it in ``language``."""
    with speaking(language):
        return t(text, **{k: t(v) if k == "game" else v for k, v in values.items()})


def command(language: str, *words: str) -> str:
    """A slash command and its subcommands (or an option, alone) as a person reading
    ``language`` types it."""
    typed = []
    for i, word in enumerate(words):
        context = name_context(" ".join(words[:i]) or None)  # a subcommand's, under its parent
        typed.append(translation(context, word, language) or word)
    return " ".join(typed)


def label(language: str, english: str) -> str:
    with speaking(language):
        return t(english)
