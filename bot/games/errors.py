"""The one error family of the rules layer."""

from __future__ import annotations

ECHO_MAX = 60
"""Characters of a person's typing quoted back in a refusal: a huge input is named briefly,
and the reason after it is never cut off."""


def echo(typed: object) -> str:
    """``typed`` as a refusal quotes it: at most ``ECHO_MAX`` characters, "…" marking a cut."""
    text = str(typed)
    return text if len(text) <= ECHO_MAX else text[: ECHO_MAX - 1] + "…"


class Card(str):
    """A card's code among an error's values: shown by the card's name in the reader's
    language (``game`` says which pack names it)."""

    game: str

    def __new__(cls, code: str, game: str) -> Card:
        card = super().__new__(cls, code)
        card.game = game
        return card


class Word(str):
    """An English word among an error's values, translated where the error is shown."""


class GameError(ValueError):
    """A move or option the rules refuse, for the player.

    ``text`` is the message in English, the catalogue's key; ``values`` fill its ``{named}``
    places (a ``Card`` is shown by its name, a ``Word`` is translated, another ``GameError`` is
    shown as its own message). The engines have no words of their own in any language: the
    text is translated where the error is shown (``bot.text.refusal``). ``str(error)`` is the
    English message, for logs and tools."""

    def __init__(self, text: str, /, **values: object) -> None:
        super().__init__(text.format(**values) if values else text)
        self.text = text
        self.values = values
