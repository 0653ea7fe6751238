"""The language catalogues: complete, in step with the code, and true to what they name.

Each language is checked against the template extracted from the code now: every text
translated, the same placeholders, every plural text whole at any count, nothing left in
English that the language says its own way, slash-command names Discord accepts (written
without accents, so typing them plainly finds them), and the commands and buttons a message
names spelled as that language's commands and buttons are.
"""

from __future__ import annotations

import asyncio
import datetime
import io
import re
import string
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.cogs.language import TEXT, Translator, is_name
from bot.games import SPECS
from bot.i18n import LANGUAGES, speaking, tn
from bot.locales.tools import (
    SHARED,
    command_tree,
    left_in_english,
    owner_of,
    owners,
    po_path,
    pot_path,
    read,
    split,
    template,
    write_catalogue,
)
from fakediscord import FakeDiscord
from fakediscord.models import Command
from fakediscord.users import ActionError, _option

TRANSLATED = [language for language in LANGUAGES if language != "en"]
# A Discord locale of each language (Esperanto has none: its users see English commands).
DISCORD_LOCALE = {"it": "it", "pt_BR": "pt-BR", "es": "es-ES"}
# Discord's rule for names, for the scripts our languages use: one lowercase word.
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


@cache
def _template() -> Catalog:
    return template()


@cache
def _catalogue(language: str) -> Catalog:
    """All the language's catalogues, the bot's own and each game's, as one."""
    return read(language)


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _translations(language: str) -> dict[tuple[str | None, str], Message]:
    return {_key(m): m for m in _catalogue(language) if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message: Message) -> list[str]:
    string = message.string
    assert string is not None, message.id  # babel gives "" for a text not translated
    return list(string) if isinstance(string, tuple | list) else [string]


def _keys(path: Path, language: str | None = None) -> set[tuple[str | None, str]]:
    with path.open("rb") as handle:
        return {_key(m) for m in read_po(handle, locale=language) if m.id}


@pytest.mark.parametrize("owner", owners())
def test_the_committed_templates_are_the_code_s_texts(owner: str) -> None:
    current = {_key(m) for m in split(_template())[owner] if m.id}
    assert _keys(pot_path(owner)) == current, "run `python -m bot i18n update`"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("owner", owners())
def test_a_game_s_words_are_in_its_folder_and_the_bot_s_own_in_bot_locales(
    owner: str, language: str
) -> None:
    """Each catalogue holds the texts written where it lives, and no other: a new game's
    words touch no shared catalogue."""
    wanted = {_key(m) for m in split(_template())[owner] if m.id}
    assert _keys(po_path(language, owner), language) == wanted


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_text_two_catalogues_hold_is_translated_alike(language: str) -> None:
    seen: dict[tuple[str | None, str], tuple[str, object]] = {}
    differ = []
    for owner in owners():
        with po_path(language, owner).open("rb") as handle:
            for m in read_po(handle, locale=language):
                if m.id:
                    first = seen.setdefault(_key(m), (owner, m.string))
                    if first[1] != m.string:
                        differ.append((_key(m)[1], first[0], owner))
    assert differ == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated_and_none_is_left_over(language: str) -> None:
    wanted = {_key(m) for m in _template() if m.id}
    found = _translations(language)
    missing = sorted(
        text
        for key in wanted
        if (message := found.get(key)) is None or message.fuzzy or not all(_forms(message))
        for text in [key[1]]
    )
    assert missing == [], f"{len(missing)} untranslated in {language}: {missing[:10]}"
    assert set(found) <= wanted, f"obsolete entries: {sorted(set(found) - wanted)[:10]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for key, message in _translations(language).items():
        english = message.id if isinstance(message.id, str) else "".join(message.id)
        wanted = _fields(english)
        if isinstance(message.id, tuple | list):
            wanted |= {"n"}
        for form in _forms(message):
            if form and _fields(form) != wanted:
                wrong.append((key[1], form))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_entries_have_every_form_of_the_language(language: str) -> None:
    catalogue = _catalogue(language)
    for message in catalogue:
        if message.id and isinstance(message.id, tuple | list):
            assert len(_forms(message)) == catalogue.num_plurals, message.id


async def _payloads(locale: str | None) -> list[dict[str, Any]]:
    """The commands as discord.py sends them, with ``locale``'s localisations."""
    tree = command_tree()
    translator = Translator()
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def _localised(payloads: list[dict[str, Any]], locale: str) -> list[dict[str, Any]]:
    """The command tree as a person with ``locale`` sees it: names and descriptions."""

    def one(item: dict[str, Any]) -> dict[str, Any]:
        names = item.get("name_localizations") or {}
        texts = item.get("description_localizations") or {}
        assert isinstance(names, dict) and isinstance(texts, dict)
        options = item.get("options") or []
        assert isinstance(options, list)
        return {
            "type": item.get("type", 1),
            "name": names.get(locale, item["name"]),
            "english": item["name"],
            "description": texts.get(locale, item.get("description", "")),
            "options": [one(o) for o in options],
            "choices": [
                str((c.get("name_localizations") or {}).get(locale, c["name"]))
                for c in item.get("choices") or []
            ],
        }

    return [one(p) for p in payloads]


@pytest.fixture(scope="module")
def english_commands() -> list[dict[str, Any]]:
    return _localised(asyncio.run(_payloads(None)), "en-US")


@pytest.mark.parametrize("language", TRANSLATED)
def test_command_names_and_descriptions_are_as_discord_accepts_them(language: str) -> None:
    locale = DISCORD_LOCALE.get(language)
    for (context, english), message in _translations(language).items():
        if not is_name(context) and context != TEXT:
            continue
        (text,) = _forms(message)
        if is_name(context):
            assert COMMAND_NAME.match(text) and text == text.lower(), (english, text)
            if locale is None:  # Discord shows this language's users the English names
                assert text == english, (english, text)
        elif context == TEXT:
            assert 1 <= len(text) <= 100, (english, text)
    if locale is None:
        return
    tree = _localised(asyncio.run(_payloads(None)), locale)

    def distinct(items: list[dict[str, Any]], where: str) -> None:
        names = [str(i["name"]) for i in items]
        assert len(names) == len(set(names)), f"{where}: {names}"
        for item in items:
            distinct(item["options"], f"{where} {item['name']}")

    distinct(tree, "/")


MENTION = re.compile(r"(?<![\w/<])/(\w[\w-]*)((?: [\w-]+:?){0,3})")


def _named_wrongly(form: str, tree: list[dict[str, Any]]) -> list[str]:
    """The slash commands ``form`` mentions that ``tree`` has not: a command, then its
    subcommands while it has some, then an option (``player:``)."""
    wrong = []
    commands = {str(c["name"]): c for c in tree}
    for found in MENTION.finditer(form):
        node = commands.get(found.group(1))
        if node is None:
            wrong.append(f"/{found.group(1)}")
            continue
        for word in found.group(2).split():
            options = {str(o["name"]): o for o in node["options"]}
            subs = {k: o for k, o in options.items() if o["type"] in (1, 2)}
            if word.endswith(":"):
                if word[:-1] not in options:
                    wrong.append(f"/{found.group(1)} … {word}")
                break
            if not subs:
                break  # the words after a command
            if word not in subs:
                wrong.append(f"/{found.group(1)} {word}")
                break
            node = subs[word]
    return wrong


@pytest.mark.parametrize("language", TRANSLATED)
def test_commands_named_in_messages_are_the_language_s_commands(
    language: str, english_commands: list[dict[str, Any]]
) -> None:
    locale = DISCORD_LOCALE.get(language)
    tree = _localised(asyncio.run(_payloads(None)), locale) if locale else english_commands
    wrong = [
        (form, error)
        for (context, _), message in _translations(language).items()
        if not is_name(context) and context != TEXT
        for form in _forms(message)
        for error in _named_wrongly(form, tree)
    ]
    assert wrong == []


def test_the_english_texts_name_only_commands_that_exist(
    english_commands: list[dict[str, Any]],
) -> None:
    wrong = [
        (m.id, error)
        for m in _template()
        if m.id and not is_name(m.context) and m.context != TEXT
        for text in ([m.id] if isinstance(m.id, str) else m.id)
        for error in _named_wrongly(text, english_commands)
    ]
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_buttons_named_in_messages_are_spelled_as_the_buttons_are(language: str) -> None:
    translations = _translations(language)
    labels = {english: m for (context, english), m in translations.items() if context is None}
    bold = re.compile(r"\*\*(.+?)\*\*")
    wrong = []
    for (context, english), message in translations.items():
        if context is not None or isinstance(message.id, tuple | list):
            continue
        (text,) = _forms(message)
        for name in bold.findall(english):
            label = labels.get(name)
            if label is None or label is message:
                continue  # bold words, not a button's label
            (wanted,) = _forms(label)
            if f"**{wanted}**" not in text:
                wrong.append((english, text, wanted))
    assert wrong == []


# -- every count, every language ---------------------------------------------------------------

COUNTS = (0, 1, 2, 5)


def _plural_texts() -> list[tuple[str, str]]:
    return sorted({(m.id[0], m.id[1]) for m in _template() if isinstance(m.id, tuple | list)})


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_plural_text_reads_whole_at_0_1_2_and_5(language: str) -> None:
    """Each ``tn`` text, rendered as the bot renders it: a form for every count, no
    placeholder left unfilled, the count in it."""
    wrong = []
    for singular, plural in _plural_texts():
        values = {f: "«x»" for f in _fields(singular + plural) if f != "n"}
        with speaking(language):
            for n in COUNTS:
                text = tn(singular, plural, n, **values)
                if (
                    not text.strip()
                    or "{" in text
                    or "}" in text
                    or str(n) not in text
                    or (values and "«x»" not in text)
                ):
                    wrong.append((singular, n, text))
    assert wrong == []


def test_brazilian_portuguese_counts_zero_in_the_plural() -> None:
    with speaking("pt_BR"):
        assert tn("{n} chip", "{n} chips", 0) == "0 fichas"
        assert tn("{n} chip", "{n} chips", 1) == "1 ficha"


# -- nothing left in English -------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_text_is_left_in_english_where_the_language_has_its_own_word(language: str) -> None:
    assert left_in_english(language) == []


SAME_AS_ENGLISH = """
msgid ""
msgstr ""
"Language: {language}\\n"

msgid "Gemini"
msgstr "Gemini"

msgid "Papa uno"
msgstr "Papa uno"

msgid "Granduca"
msgstr "Granduca"

msgid "Minchiate"
msgstr "Minchiate"

msgid "{a} & {b}"
msgstr "{a} & {b}"

msgid "{n} resto"
msgid_plural "{n} resti"
msgstr[0] "{n} resto"
msgstr[1] "{n} resti"

msgid "Draw"
msgstr "Draw"

msgctxt "command name"
msgid "draw"
msgstr "draw"
"""


@pytest.mark.parametrize(
    ("language", "caught"),
    [
        ("es", ["Gemini", "Papa uno", "Granduca", "Draw", "draw"]),
        ("it", ["Gemini", "Draw", "draw"]),  # the cards' Italian names are Italian's own
        ("eo", ["Gemini", "Papa uno", "Granduca", "Draw"]),  # its users see English commands
    ],
)
def test_the_check_names_texts_left_in_english(language: str, caught: list[str]) -> None:
    text = SAME_AS_ENGLISH.replace("{language}", language).encode()
    catalog = read_po(io.BytesIO(text), locale=language)
    assert left_in_english(language, catalog) == caught


# -- command names typed plainly ---------------------------------------------------------------


def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_are_written_without_accents(language: str) -> None:
    """The README's rule: a name has no accents, so anyone finds it typing plainly."""
    if language == "en":
        names = [text for context, text in _template_names()]
    else:
        names = [
            _forms(m)[0] for (context, _), m in _translations(language).items() if is_name(context)
        ]
    assert [name for name in names if _plain(name) != name] == []


def _template_names() -> list[tuple[str | None, str]]:
    return [_key(m) for m in _template() if m.id and is_name(m.context)]


def _typed(definition: dict[str, Any], locale: str) -> str:
    names = definition.get("name_localizations") or {}
    return _plain(str(names.get(locale, definition["name"])))


@pytest.mark.parametrize("locale", sorted(DISCORD_LOCALE.values()))
def test_a_person_typing_a_command_without_accents_finds_it(locale: str) -> None:
    """Through the fake Discord's own lookup, as the e2e tests type commands: every
    command, subcommand and option name, typed in the person's language without accents."""
    fake = FakeDiscord()
    world = fake.world
    payloads = asyncio.run(_payloads(None))
    world.commands[None] = [
        Command(world.ids.next(), world.application_id, None, p, 1) for p in payloads
    ]
    person = fake.user("ana", locale=locale)
    missed = []

    def walk(definitions: list[dict[str, Any]], path: str) -> None:
        for definition in definitions:
            word = _typed(definition, locale)
            kinds = (1, 2) if definition["type"] in (1, 2) else None
            try:
                found = _option(definitions, word, kinds, path, locale)
            except ActionError:
                missed.append(f"{path} {word}")
                continue
            assert found is definition
            walk(definition.get("options") or [], f"{path} {word}")

    for payload in payloads:
        word = _typed(payload, locale)
        try:
            found = person._command(fake.channel, word)
        except ActionError:
            missed.append(f"/{word}")
            continue
        assert found.data is payload
        walk(payload.get("options") or [], f"/{word}")
    assert missed == []


def test_a_catalogue_names_only_its_own_places_in_the_code() -> None:
    """So one game's use of a text another game has too leaves that game's catalogue alone."""
    for owner, part in split(_template()).items():
        places = {owner_of(path) for m in part if m.id for path, _ in m.locations}
        assert places <= {owner}, owner


def test_a_game_s_name_offered_as_a_command_choice_is_in_the_game_s_own_catalogue() -> None:
    """``/table new game:`` offers every game by name: each name is its game's text, so a
    new game adds it to no shared catalogue."""
    parts = split(_template())
    for name, spec in SPECS.items():
        choice = ("command", spec.title)
        assert choice in {_key(m) for m in parts[name] if m.id}, name
        assert choice not in {_key(m) for m in parts[SHARED] if m.id}, name


def test_a_catalogue_is_not_rewritten_for_its_date_alone(tmp_path: Path) -> None:
    catalog = split(_template())["scopa"]
    path = tmp_path / "scopa.pot"
    write_catalogue(catalog, path)
    before = path.read_bytes()
    catalog.creation_date = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    write_catalogue(catalog, path)
    assert path.read_bytes() == before
