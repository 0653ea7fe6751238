"""The one translation function all user-facing text goes through.

Messages are written in English in the code and used as catalogue keys (gettext style);
a new language is a catalogue mapping those texts to translations, not a rewrite.
"""

from __future__ import annotations

from typing import Any

CATALOGUES: dict[str, dict[str, str]] = {"en": {}}


def t(text: str, locale: str = "en", /, **values: Any) -> str:
    """Translate ``text`` for ``locale`` and fill in its ``{named}`` values."""
    template = CATALOGUES.get(locale, {}).get(text, text)
    return template.format(**values) if values else template
