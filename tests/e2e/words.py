"""What the bot says, and what people type, in a given language: the tests' expectations,
made from the same catalogues."""

from __future__ import annotations

from typing import Any

from bot.i18n import speaking, t, translation


def said(language: str, text: str, **values: Any) -> str:
    """``text`` as the bot says it in ``language``."""
    with speaking(language):
        return t(text, **{k: t(v) if k == "game" else v for k, v in values.items()})


def command(language: str, *words: str) -> str:
    """A slash command as a person reading ``language`` types it."""
    return " ".join(translation("command name", w, language) or w for w in words)


def label(language: str, english: str) -> str:
    with speaking(language):
        return t(english)
