"""Keeping the catalogues in step with the code (``python -m bot i18n extract|update|check``).

Texts come from two places: the sources, where ``t``, ``tc``, ``tn``, ``N_``, ``GameError`` and
``Word`` mark them (Babel's extractor reads the calls' literal arguments), and the slash
commands, whose names and descriptions discord.py hands to the translator when it syncs; those
are collected by asking discord.py for the commands' translated payloads with a translator
that only writes down what it is asked.

A game's words live in its folder: a text written in ``bot/games/<game>/`` goes to that game's
catalogues (``bot/games/<game>/locales/<language>/LC_MESSAGES/<game>.po``, with its template
``<game>.pot``), a text written anywhere else to the bot's own (``bot/locales``). A text both
write is in both, translated alike; ``update`` fills each from what any of them already says,
so moving a text between them loses no translation.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import io
import re
import string
import sys
from collections.abc import Iterable
from pathlib import Path

import discord
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.cogs import all_cogs
from bot.cogs.language import context_of, is_name
from bot.games import SPECS
from bot.i18n import DISCORD_LANGUAGES, DOMAIN, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent  # bot/
LOCALES = Path(__file__).resolve().parent
SHARED = ""
"""The bot's own catalogues, beside each game's (a game's by its name)."""
KEYWORDS = {
    "t": None,
    "tc": ((1, "c"), 2),
    "tn": (1, 2),
    "N_": None,
    "GameError": None,
    "Word": None,
}


def owners() -> list[str]:
    """Whose catalogues there are: the bot's own, then each registered game's."""
    return [SHARED, *sorted(SPECS)]


def _folder(owner: str) -> Path:
    return LOCALES if owner == SHARED else ROOT / "games" / owner / "locales"


def _domain(owner: str) -> str:
    return DOMAIN if owner == SHARED else owner


def po_path(language: str, owner: str = SHARED) -> Path:
    return _folder(owner) / language / "LC_MESSAGES" / f"{_domain(owner)}.po"


def pot_path(owner: str = SHARED) -> Path:
    return _folder(owner) / f"{_domain(owner)}.pot"


def owner_of(path: str) -> str:
    """Whose catalogue a place in the code writes to: its game's, or the bot's."""
    parts = path.split("/")
    game = parts[2] if len(parts) > 3 and parts[:2] == ["bot", "games"] else None
    return game if game in SPECS else SHARED


def owners_of(message: Message) -> set[str]:
    """Whose catalogues hold a text: the owner of each place it is written in."""
    return {owner_of(path) for path, _ in message.locations}


def split(catalog: Catalog) -> dict[str, Catalog]:
    """A catalogue's texts parted among their owners' catalogues (one text in two if two
    write it), each naming only its own places: one game's use of a text changes no other
    catalogue."""
    parts = {owner: _empty(catalog.locale_identifier) for owner in owners()}
    for message in catalog:
        if message.id:
            for owner in owners_of(message):
                own = copy.copy(message)
                own.locations = [(p, n) for p, n in message.locations if owner_of(p) == owner]
                parts[owner][message.id] = own
    return parts


def _empty(language: str | None) -> Catalog:
    return Catalog(locale=language, project="Tavolo", version="", charset="utf-8", fuzzy=False)


def _headed(language: str) -> Catalog:
    """An empty catalogue with the header of the language's own (its plural rule: Brazilian
    Portuguese counts zero in the plural, as Babel's rule for Portuguese does not)."""
    path = po_path(language)
    if not path.exists():
        return _empty(language)
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for message in list(catalog):
        if message.id:
            catalog.delete(message.id, context=message.context)
    catalog.obsolete.clear()
    return catalog


def read(language: str) -> Catalog:
    """All of a language's catalogues as one (the first to hold a text gives it)."""
    merged = _empty(language)
    for owner in owners():
        path = po_path(language, owner)
        if not path.exists():
            continue
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if message.id and merged.get(key, message.context) is None:
                    merged[message.id] = message
    return merged


class _Recorder(app_commands.Translator):
    def __init__(self) -> None:
        self.asked: dict[tuple[str, str], None] = {}  # (context, text), in order

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.asked[(context_of(context), string.message)] = None
        return None


def command_tree() -> app_commands.CommandTree[discord.Client]:
    """The bot's slash commands in a tree of their own, as the bot syncs them (no connection:
    the client is never started)."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for cog in all_cogs():
        for command in cog.__cog_app_commands__:
            if command.parent is None:
                tree.add_command(command)
    return tree


async def _command_texts() -> list[tuple[str, str]]:
    tree = command_tree()
    recorder = _Recorder()
    for top in tree.get_commands():
        await top.get_translated_payload(tree, recorder)
    return list(recorder.asked)


def command_texts() -> list[tuple[str, str]]:
    """(gettext context, text) of every slash command's name, description, option and choice."""
    return asyncio.run(_command_texts())


def template() -> Catalog:
    """Every text the bot may show, as a catalogue without translations."""
    catalog = Catalog(project="Tavolo", version="", charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        str(ROOT), [("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message, None, [(f"bot/{filename}", lineno)], auto_comments=comments, context=context
        )
    titles = {spec.title: name for name, spec in SPECS.items()}
    for context, text in command_texts():
        catalog.add(text, None, [(_command_place(text, titles), 0)], context=context)
    return catalog


def _command_place(text: str, titles: dict[str, str]) -> str:
    """Where a slash command's text is said to be written: a game's name, offered as a
    command's choice, in the game's folder (so its catalogue holds it, and a new game's name
    touches no shared catalogue); every other text in the commands at large."""
    game = titles.get(text)
    return "slash commands" if game is None else f"bot/games/{game}/slash commands"


HEADER = """\
# {language} catalogue of Tavolo, the Discord card-table bot.
# Kept in step with the code by `python -m bot i18n update` (README: "Languages").
#"""


def write_catalogue(catalog: Catalog, path: Path) -> None:
    name = LANGUAGES.get(str(catalog.locale_identifier or ""), "Template")
    catalog.header_comment = HEADER.format(language=name)
    catalog.msgid_bugs_address = ""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, include_lineno=False)
    written = buffer.getvalue()
    if path.exists() and _dateless(path.read_bytes()) == _dateless(written):
        return  # only the date would change: a catalogue is rewritten when its texts are
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(written)


def _dateless(po: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", po)


def write_templates(fresh: Catalog) -> None:
    for owner, part in split(fresh).items():
        write_catalogue(part, pot_path(owner))


def update(languages: Iterable[str]) -> None:
    """Write the templates, and bring each language's catalogues in step with them: new texts
    come in untranslated (or fuzzy, from a close old one), texts gone from the code go."""
    fresh = template()
    write_templates(fresh)
    for language in languages:
        known = read(language)  # every catalogue's translations, wherever a text lived
        for owner, part in split(fresh).items():
            catalog = _headed(language)
            for message in known:
                if message.id:
                    catalog[message.id] = message
            catalog.update(part, update_header_comment=False)
            catalog.obsolete.clear()
            write_catalogue(catalog, po_path(language, owner))


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def missing(language: str) -> list[str]:
    """The texts ``language`` does not translate yet (empty, or fuzzy: not yet checked), in
    the catalogue of each owner that writes them."""
    gaps = set()
    for owner, part in split(template()).items():
        path = po_path(language, owner)
        done: set[tuple[str | None, str]] = set()
        if path.exists():
            with path.open("rb") as handle:
                done = {
                    _key(m)
                    for m in read_po(handle, locale=language)
                    if m.id and not m.fuzzy and m.string and all(m.string)
                }
        gaps |= {_key(m) for m in part if m.id} - done
    return sorted(text for _, text in gaps)


def _words(text: str) -> list[str]:
    """The words of a text to translate: its placeholders left out."""
    literal = "".join(part for part, _, _, _ in string.Formatter().parse(text))
    return re.findall(r"[^\W\d_]{2,}", literal.lower().replace("'", " "))


# Words a translation may keep as the English text has them: proper names everywhere, and
# words a language writes the same way; each game adds its own (``GameText.kept``).
SAME_EVERYWHERE = frozenset(
    {"tavolo", "ok", "buchholz"}
    | {"english", "italiano", "português", "brasil", "español", "esperanto"}
)
SAME_IN: dict[str, set[str]] = {
    "it": {"di", "host", "standard", "rating"},
    "pt_BR": {"carro", "tempo", "morte", "terra", "rating", "lobby", "status", "pts", "replays"},
    "es": {"carro", "luna", "pts"},
    "eo": {"tempo", "mondo"},
}


def _kept(language: str) -> set[str]:
    kept = set(SAME_EVERYWHERE | SAME_IN.get(language, set()))
    for spec in SPECS.values():
        kept |= spec.text.kept.get("*", frozenset()) | spec.text.kept.get(language, frozenset())
    return kept


def left_in_english(language: str, catalog: Catalog | None = None) -> list[str]:
    """Texts ``language`` (its catalogue, or ``catalog``) shows exactly as the English, though
    a word of theirs is not one the language keeps: an untranslated "Gemini". Discord shows a
    language it has no locale for the English command names, so those are left out."""
    if catalog is None:
        catalog = read(language)
    keep = _kept(language)
    found = []
    for message in catalog:
        if not message.id or (is_name(message.context) and language not in DISCORD_LANGUAGES):
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string or ())
        same = forms[0] == ids[0] and forms[-1] == ids[-1]
        if same and any(word not in keep for text in ids for word in _words(text)):
            found.append(ids[0])
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot i18n", description=__doc__)
    parser.add_argument("action", choices=("extract", "update", "check"))
    parser.add_argument("languages", nargs="*", help="default: every language but English")
    args = parser.parse_args(argv)
    languages = args.languages or [lang for lang in LANGUAGES if lang != "en"]
    if args.action == "extract":
        write_templates(template())
        return 0
    if args.action == "update":
        update(languages)
        return 0
    failed = 0
    for language in languages:
        gaps = missing(language)
        same = left_in_english(language)
        print(f"{language}: {len(gaps)} untranslated, {len(same)} left in English")
        for text in [*gaps[:20], *same[:20]]:
            print(f"  {text!r}")
        failed += bool(gaps or same)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
