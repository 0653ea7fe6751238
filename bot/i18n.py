"""The translation functions all user-facing text goes through.

Messages are written in English in the code and used as catalogue keys (gettext style);
a new language is a catalogue mapping those texts to translations, not a rewrite.

- ``t(text, **values)``: a text without a count.
- ``tn(singular, plural, n, **values)``: a text that counts something ("1 card", "2 cards").
  Never build a plural with ``if n == 1`` in the code: languages have other rules (one form
  for every number, or three forms, or a form for few), which only the catalogue knows. A
  plural catalogue maps the English singular to the language's forms, and the language's
  rule picks the form for ``n`` (like gettext's ``ngettext`` and ``Plural-Forms``). Keep
  ``{n}`` in the singular too ("{n} card", not "a card"): some languages use that form for
  21 or 31 as well. "a card" for exactly one is a text of its own, through ``t``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

CATALOGUES: dict[str, dict[str, str]] = {"en": {}}
"""Per locale: English text -> translation."""

PLURAL_CATALOGUES: dict[str, dict[str, tuple[str, ...]]] = {"en": {}}
"""Per locale: English singular -> the translation's forms, in the order of its rule."""


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


PLURAL_RULES: dict[str, Callable[[int], int]] = {"en": _english_plural}
"""Per locale: the index of the plural form for a count (English: 0 for 1, else 1)."""


def t(text: str, locale: str = "en", /, **values: Any) -> str:
    """Translate ``text`` for ``locale`` and fill in its ``{named}`` values."""
    template = CATALOGUES.get(locale, {}).get(text, text)
    return template.format(**values) if values else template


def tn(singular: str, plural: str, n: int, locale: str = "en", /, **values: Any) -> str:
    """Translate a text counting ``n`` of something, in the form ``n`` takes in ``locale``,
    and fill in its ``{named}`` values; ``{n}`` is the count.

    ``tn("{n} card", "{n} cards", 1)`` -> ``"1 card"``; with 2, ``"2 cards"``. Without a
    catalogue entry the English forms are used, chosen by the English rule."""
    forms = PLURAL_CATALOGUES.get(locale, {}).get(singular)
    if forms is None:  # not translated: English
        forms, index = (singular, plural), _english_plural(n)
    else:
        index = PLURAL_RULES.get(locale, _english_plural)(n)
    template = forms[min(index, len(forms) - 1)]
    return template.format(**{"n": n, **values})
