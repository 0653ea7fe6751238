"""The glossary of Scopa and Briscola (``docs/glossary.md``): one word for one thing in each
language, the Italian terms of art kept and each explained where a player first meets it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from bot.games import SPECS
from bot.i18n import speaking, t
from bot.locales.tools import read, template

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
GAMES = ("scopa", "briscola")
LANGUAGES = ("en", "it", "es", "pt_BR", "eo")


def _rows(heading: str) -> list[list[str]]:
    """The rows of the table under ``heading``, as their cells (the header row left out)."""
    section = GLOSSARY.read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


def avoided(language: str) -> dict[str, str]:
    """The words ``language`` must not use, each with the word the glossary uses instead."""
    header = ["thing", *LANGUAGES]
    found: dict[str, str] = {}
    for row in _rows("One word for one thing"):
        cell = row[header.index(language)]
        word, _, rest = cell.partition(" (not: ")
        for bad in filter(None, rest.rstrip(")").split(", ")):
            found.setdefault(bad, word)
    return found


def kept() -> dict[str, str]:
    """The terms kept Italian everywhere, each with its game."""
    return {row[0]: row[1] for row in _rows("Kept Italian in every language")}


def _of_the_games(message: Message) -> bool:
    return any(
        path.startswith(
            ("bot/games/scopa/", "bot/games/briscola/", "bot/games/tressette/", "bot/games/text.py")
        )
        for path, _ in message.locations
    )


@cache
def _texts(language: str) -> list[tuple[str, str]]:
    """(English, as written in ``language``) of every Scopa and Briscola text."""
    found = [m for m in template() if m.id and _of_the_games(m)]
    if language == "en":
        return [(i, i) for m in found for i in ([m.id] if isinstance(m.id, str) else m.id)]
    catalogue = read(language)
    pairs = []
    for wanted in found:
        ids = [wanted.id] if isinstance(wanted.id, str) else list(wanted.id)
        m = catalogue.get(ids[0], wanted.context)
        assert m is not None, ids[0]
        forms = [m.string] if isinstance(m.string, str) else list(m.string or ())
        pairs += [(ids[0], form) for form in forms]
    return pairs


def misused(language: str, texts: list[tuple[str, str]]) -> list[str]:
    """Each text of ``texts`` that uses a word the glossary says ``language`` must not."""
    bad = avoided(language)
    found = []
    for english, shown in texts:
        for word in dict.fromkeys(re.findall(r"[^\W\d_]+", shown.lower())):
            if word in bad:
                found.append(f"{english!r}: {word!r} (the glossary says {bad[word]!r})")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_scopa_and_briscola_use_one_word_for_one_thing(language: str) -> None:
    assert misused(language, _texts(language)) == []


def test_the_check_finds_a_word_used_against_the_glossary() -> None:
    assert misused("es", [("Prese this mano: {prese}", "Prese en esta mano: {prese}")]) == [
        "'Prese this mano: {prese}': 'prese' (the glossary says 'baza')"
    ]
    assert misused("en", [("stock {n}", "mazzo {n}")]) != []
    assert misused("it", [("Seat {n}", "Posto {n}")]) != []


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_term_of_art_is_explained_in_its_game_s_help(language: str) -> None:
    with speaking(language):
        for term, game in kept().items():
            assert f"**{term}**" in t(SPECS[game].text.help), (game, term)


def test_the_terms_of_art_are_the_words_the_check_keeps() -> None:
    for term, game in kept().items():
        assert term in SPECS[game].text.kept["*"], (game, term)
