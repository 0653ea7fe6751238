"""The translation functions all user-facing text goes through, and the languages they speak.

Messages are written in English in the code and are the catalogue keys (gettext style): a
language is a set of gettext catalogues read with Babel and merged, the bot's own words in
``bot/locales/<language>/LC_MESSAGES/tavolo.po`` and each game's in its folder,
``bot/games/<game>/locales/<language>/LC_MESSAGES/<game>.po``; adding a language is a
translation, not a rewrite (the README says how).

- ``t(text, **values)``: a text without a count.
- ``tn(singular, plural, n, **values)``: a text that counts something ("1 card", "2 cards").
  Never build a plural with ``if n == 1`` in the code: languages have other rules, which only
  the catalogue's ``Plural-Forms`` knows. Keep ``{n}`` in the singular too ("{n} card", not
  "a card"): some languages use that form for 21 or 31 as well.
- ``tc(context, text, **values)``: a text that reads differently where it is used, told
  apart by a gettext context (a "none" that agrees with the list it stands for).
- ``N_(text)``: marks a text for the catalogue where it is written (a table of names) and
  returns it unchanged; it is translated where it is shown, with ``t``.

Which language: each asyncio task speaks one, set with ``speak(language)`` where an
interaction or a board is handled (a context variable, so concurrent interactions never mix
languages), or for a block with ``speaking(language)``. Unset, it is English.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import IO, Any

DOMAIN = "tavolo"
LANGUAGES = {
    "en": "English",
    "it": "Italiano",
    "pt_BR": "Português (Brasil)",
    "es": "Español",
    "eo": "Esperanto",
}
"""The languages Tavolo speaks, each by its own name (English first: the source)."""
SOURCE = "en"
"""The language the texts are written in."""

# Discord's locales that map to a language of ours; Discord has no Esperanto, which a
# table gets only by /table language.
_DISCORD = {"it": "it", "pt-BR": "pt_BR", "es-ES": "es", "es-419": "es"}
DISCORD_LANGUAGES = frozenset(_DISCORD.values())
"""Our languages Discord has a locale for (their users see our command names)."""

_language: ContextVar[str] = ContextVar("language", default="en")


def from_discord(locale: object) -> str:
    """Our language for a Discord locale (``discord.Locale`` or its value); English if we do
    not speak it."""
    return _DISCORD.get(str(getattr(locale, "value", locale)), "en")


def speak(language: str) -> None:
    """Speak ``language`` for the rest of the current task (an interaction's handling)."""
    _language.set(language if language in LANGUAGES else "en")


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside the block only."""
    token = _language.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def language() -> str:
    return _language.get()


def N_(text: str) -> str:
    return text


@dataclass(frozen=True)
class Catalogue:
    texts: dict[str, str]  # English -> translation
    plurals: dict[str, tuple[str, ...]]  # English singular -> the forms, in the rule's order
    plural: Callable[[int], int]  # the form's index for a count


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


ENGLISH = Catalogue({}, {}, _english_plural)


@cache
def catalogue(language: str) -> Catalogue:
    """The language's translations, read once; English is the texts themselves."""
    if language == "en" or language not in LANGUAGES:
        return ENGLISH
    found = [read_catalogue(path.open("rb")) for path in catalogue_files(language)]
    shared = found[0]
    texts, plurals = dict(shared.texts), dict(shared.plurals)
    for game in found[1:]:  # a text two catalogues hold reads alike in both (a test says so)
        texts.update(game.texts)
        plurals.update(game.plurals)
    return Catalogue(texts, plurals, shared.plural)


def catalogue_files(language: str) -> list[Traversable]:
    """The language's catalogues: the bot's own first, then each game's that has one."""
    shared = resources.files("bot.locales") / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    games = resources.files("bot") / "games"
    own = [
        folder / "locales" / language / "LC_MESSAGES" / f"{folder.name}.po"
        for folder in sorted(games.iterdir(), key=lambda f: f.name)
        if folder.is_dir()
    ]
    return [shared, *(path for path in own if path.is_file())]


def read_catalogue(handle: IO[bytes]) -> Catalogue:
    """A gettext catalogue (.po) as lookups. Entries left empty or marked fuzzy (a close old
    text, not yet checked) are left out: the English text shows instead; so are obsolete ones
    (``#~``).

    Read here, not with Babel's reader (``bot i18n update`` writes the catalogues with Babel,
    an entry a block of lines and a blank line between two, its forms in order): the bot reads
    every catalogue as it starts, and Babel's reader took three times as long (0.11 s of CPU
    for the four languages, this one 0.04 s). A test holds the two to the same reading of
    every catalogue of the bot."""
    with handle:
        blocks = handle.read().decode("utf-8").split("\n\n")
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    plural_expr = "(n != 1)"  # gettext's, where the header names none
    for block in blocks:
        fields, fuzzy = _entry(block)
        msgid, msgstr = fields.get("msgid"), fields.get("msgstr", "")
        if msgid == "" and "msgctxt" not in fields:  # the header
            found = _PLURAL.search(msgstr)
            plural_expr = found.group(1).strip() if found else plural_expr
        elif not msgid or fuzzy:
            continue
        elif "msgid_plural" in fields:
            forms = tuple(v for k, v in fields.items() if k.startswith("msgstr["))
            if forms and all(forms):
                plurals[msgid] = forms
        elif msgstr:
            context = fields.get("msgctxt")
            texts[f"{context}\x04{msgid}" if context is not None else msgid] = msgstr
    return Catalogue(texts, plurals, gettext.c2py(plural_expr))


def _entry(block: str) -> tuple[dict[str, str], bool]:
    """An entry's fields (``msgid``, ``msgstr[0]``...) and whether it is marked fuzzy."""
    fields: dict[str, str] = {}
    fuzzy, field = False, ""
    for line in block.splitlines():
        if line.startswith('"') and field:
            fields[field] += _unquoted(line)
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in (flag.strip() for flag in line[2:].split(","))
        elif line.startswith("msg"):
            field, _, quoted = line.partition(" ")
            fields[field] = _unquoted(quoted)
    return fields, fuzzy


_PLURAL = re.compile(r"Plural-Forms:.*?plural=([^;\n]*)", re.IGNORECASE)
_ESCAPED = re.compile(r'\\([\\trn"])')
_ESCAPES = {"\\": "\\", "t": "\t", "r": "\r", "n": "\n", '"': '"'}


def _unquoted(quoted: str) -> str:
    """A PO string's text: its quotes removed and its escapes read."""
    return _ESCAPED.sub(lambda m: _ESCAPES[m.group(1)], quoted.strip()[1:-1])


def translation(context: str, text: str, language: str) -> str | None:
    """The translation of a text written under a gettext context (Discord's command names
    and descriptions), or None where there is none."""
    return catalogue(language).texts.get(f"{context}\x04{text}")


def t(text: str, /, **values: Any) -> str:
    """``text`` in the current language, with its ``{named}`` values filled in."""
    template = catalogue(_language.get()).texts.get(text, text)
    return template.format(**values) if values else template


def tc(context: str, text: str, /, **values: Any) -> str:
    """``text`` as written under ``context``, in the current language, filled in."""
    texts = catalogue(_language.get()).texts
    template = texts.get(f"{context}\x04{text}", text)
    return template.format(**values) if values else template


def tn(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """A text counting ``n`` of something, in the form ``n`` takes in the current language;
    ``{n}`` is the count. Without a translation the English forms are used."""
    found = catalogue(_language.get())
    forms = found.plurals.get(singular)
    if forms is None:
        forms, index = (singular, plural), _english_plural(n)
    else:
        index = found.plural(n)
    template = forms[min(index, len(forms) - 1)]
    return template.format(**{"n": n, **values})
