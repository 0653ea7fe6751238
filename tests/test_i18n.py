"""The translation functions: plain texts, texts that count something, and who speaks what."""

from __future__ import annotations

import asyncio
import gettext
import io
from importlib.resources.abc import Traversable

import pytest
from babel.messages.pofile import read_po

from bot import i18n
from bot.i18n import (
    LANGUAGES,
    catalogue_files,
    from_discord,
    read_catalogue,
    speak,
    speaking,
    t,
    tc,
    tn,
)

THREE_FORMS = b"""
msgid ""
msgstr ""
"Language: xx\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2);\\n"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} karta"
msgstr[1] "{n} karty"
msgstr[2] "{n} kart"

msgid "Draw"
msgstr "Dobierz"

#, fuzzy
msgid "Pass"
msgstr "Pasuj?"

msgid "Start"
msgstr ""

msgctxt "command name"
msgid "draw"
msgstr "dobierz"

msgctxt "discards"
msgid "none"
msgstr "zaden"

msgctxt "cards"
msgid "none"
msgstr "zadna"
"""


@pytest.fixture
def xx(monkeypatch: pytest.MonkeyPatch) -> None:
    """A made-up language with three plural forms (one, few, many)."""
    found = read_catalogue(io.BytesIO(THREE_FORMS))
    monkeypatch.setitem(i18n.LANGUAGES, "xx", "Test")
    monkeypatch.setattr(
        i18n, "catalogue", lambda language: found if language == "xx" else i18n.ENGLISH
    )


def test_a_text_without_a_catalogue_is_the_english_one_filled_in() -> None:
    assert t("Table {id}", id=7) == "Table 7"
    assert t("Draw") == "Draw"


def test_a_count_takes_the_english_singular_only_for_one() -> None:
    assert [tn("{n} card", "{n} cards", n) for n in (0, 1, 2, 21)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "21 cards",
    ]


def test_a_count_fills_in_its_other_values_too() -> None:
    assert tn("{who} has {n} chip left.", "{who} has {n} chips left.", 1, who="Ada") == (
        "Ada has 1 chip left."
    )
    assert tn("{n} resto", "{n} resti", 3) == "3 resti"


@pytest.mark.usefixtures("xx")
def test_a_catalogue_brings_its_own_plural_forms_and_rule() -> None:
    with speaking("xx"):
        assert [tn("{n} card", "{n} cards", n) for n in (1, 3, 5, 22)] == [
            "1 karta",
            "3 karty",
            "5 kart",
            "22 karty",
        ]
        assert tn("{n} stock", "{n} stocks", 1) == "1 stock"  # not in the catalogue


@pytest.mark.usefixtures("xx")
def test_empty_and_fuzzy_entries_show_the_english_text() -> None:
    with speaking("xx"):
        assert (t("Draw"), t("Pass"), t("Start")) == ("Dobierz", "Pass", "Start")
        assert i18n.translation("command name", "draw", "xx") == "dobierz"
        assert t("draw") == "draw"  # a command's name is not the word in a sentence


@pytest.mark.usefixtures("xx")
def test_a_text_under_a_context_is_translated_apart() -> None:
    assert tc("cards", "none") == "none"
    with speaking("xx"):
        assert (tc("discards", "none"), tc("cards", "none")) == ("zaden", "zadna")
        assert tc("fola", "none") == "none"  # no translation under that context
        assert t("none") == "none"


@pytest.mark.usefixtures("xx")
async def test_each_task_speaks_its_own_language() -> None:
    heard: dict[str, str] = {}

    async def answer(who: str, language: str) -> None:
        speak(language)
        await asyncio.sleep(0.01)  # the other task runs meanwhile
        heard[who] = t("Draw")

    await asyncio.gather(answer("ada", "xx"), answer("bob", "en"))
    assert heard == {"ada": "Dobierz", "bob": "Draw"}
    assert i18n.language() == "en"  # the tasks' choices stay in the tasks


def test_discord_locales_map_to_the_languages_tavolo_speaks() -> None:
    assert [from_discord(x) for x in ("it", "pt-BR", "es-ES", "es-419", "en-GB", "fr", "")] == [
        "it",
        "pt_BR",
        "es",
        "es",
        "en",
        "en",
        "en",
    ]


def test_an_unknown_language_speaks_english() -> None:
    with speaking("klingon"):
        assert i18n.language() == "en"


def test_a_game_s_words_are_read_from_its_own_catalogue() -> None:
    from bot.locales.tools import po_path

    shared = po_path("it").read_text(encoding="utf-8")
    assert 'msgid "Round {round} is over."' not in shared  # Scopa's alone: in its folder
    with speaking("it"):
        assert t("Round {round} is over.", round=2) == "Fine della smazzata 2."


def babel_reading(
    data: bytes, language: str
) -> tuple[dict[str, str], dict[str, tuple[str, ...]], str]:
    """What Babel's reader makes of a catalogue, kept as the bot keeps it: the texts, the
    plural forms and the plural rule."""
    po = read_po(io.BytesIO(data), locale=language)
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, tuple | list):
            if all(message.string):
                plurals[message.id[0]] = tuple(message.string)
        elif isinstance(message.string, str):
            key = f"{message.context}\x04{message.id}" if message.context else message.id
            texts[key] = message.string
    return texts, plurals, po.plural_expr


@pytest.mark.parametrize(
    ("language", "path"),
    [
        (language, path)
        for language in sorted(set(LANGUAGES) - {"en"})
        for path in catalogue_files(language)
    ]
    + [("pl", None)],
)
def test_the_bot_reads_each_catalogue_as_babel_does(
    language: str, path: Traversable | None
) -> None:
    """The bot's own reader (three times Babel's speed) against Babel's, on every catalogue
    of every language and on a made-up one with a fuzzy entry, contexts and three forms."""
    data = THREE_FORMS if path is None else path.read_bytes()
    texts, plurals, rule = babel_reading(data, language)
    found = read_catalogue(io.BytesIO(data))
    assert found.texts == texts and found.plurals == plurals
    assert texts and (plurals or path is not None)
    reference = gettext.c2py(rule)
    assert [found.plural(n) for n in range(1_200)] == [reference(n) for n in range(1_200)]
