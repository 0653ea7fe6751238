"""The language catalogues: complete, in step with the code, and true to what they name.

Each language is checked against the template extracted from the code now: every text
translated, the same placeholders, slash-command names Discord accepts, and the commands and
buttons a message names spelled as that language's commands and buttons are.
"""

from __future__ import annotations

import asyncio
import re
import string
from functools import cache

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.cogs.language import NAME, TEXT, Translator
from bot.i18n import LANGUAGES
from bot.locales.tools import TEMPLATE, command_tree, po_path, template

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
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _translations(language: str) -> dict[tuple[str | None, str], Message]:
    return {_key(m): m for m in _catalogue(language) if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def test_the_committed_template_is_the_code_s_texts() -> None:
    with TEMPLATE.open("rb") as handle:
        committed = {_key(m) for m in read_po(handle) if m.id}
    current = {_key(m) for m in _template() if m.id}
    assert committed == current, "run `python -m bot i18n update` and translate what is new"


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


async def _payloads(locale: str | None) -> list[dict[str, object]]:
    """The commands as discord.py sends them, with ``locale``'s localisations."""
    tree = command_tree()
    translator = Translator()
    return [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]


def _localised(payloads: list[dict[str, object]], locale: str) -> list[dict[str, object]]:
    """The command tree as a person with ``locale`` sees it: names and descriptions."""

    def one(item: dict[str, object]) -> dict[str, object]:
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
                for c in item.get("choices") or []  # type: ignore[attr-defined]
            ],
        }

    return [one(p) for p in payloads]


@pytest.fixture(scope="module")
def english_commands() -> list[dict[str, object]]:
    return _localised(asyncio.run(_payloads(None)), "en-US")


@pytest.mark.parametrize("language", TRANSLATED)
def test_command_names_and_descriptions_are_as_discord_accepts_them(language: str) -> None:
    locale = DISCORD_LOCALE.get(language)
    for (context, english), message in _translations(language).items():
        if context not in (NAME, TEXT):
            continue
        (text,) = _forms(message)
        if context == NAME:
            assert COMMAND_NAME.match(text) and text == text.lower(), (english, text)
            if locale is None:  # Discord shows this language's users the English names
                assert text == english, (english, text)
        elif context == TEXT:
            assert 1 <= len(text) <= 100, (english, text)
    if locale is None:
        return
    tree = _localised(asyncio.run(_payloads(None)), locale)

    def distinct(items: list[dict[str, object]], where: str) -> None:
        names = [str(i["name"]) for i in items]
        assert len(names) == len(set(names)), f"{where}: {names}"
        for item in items:
            distinct(item["options"], f"{where} {item['name']}")  # type: ignore[arg-type]

    distinct(tree, "/")


MENTION = re.compile(r"(?<![\w/<])/(\w[\w-]*)((?: [\w-]+:?){0,3})")


def _named_wrongly(form: str, tree: list[dict[str, object]]) -> list[str]:
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
            options = {str(o["name"]): o for o in node["options"]}  # type: ignore[attr-defined]
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
    language: str, english_commands: list[dict[str, object]]
) -> None:
    locale = DISCORD_LOCALE.get(language)
    tree = _localised(asyncio.run(_payloads(None)), locale) if locale else english_commands
    wrong = [
        (form, error)
        for (context, _), message in _translations(language).items()
        if context not in (NAME, TEXT)
        for form in _forms(message)
        for error in _named_wrongly(form, tree)
    ]
    assert wrong == []


def test_the_english_texts_name_only_commands_that_exist(
    english_commands: list[dict[str, object]],
) -> None:
    wrong = [
        (m.id, error)
        for m in _template()
        if m.id and m.context not in (NAME, TEXT)
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
