"""Slash commands in the user's language.

discord.py asks the ``Translator`` for every command, option and choice text when it syncs,
and sends Discord the translations as localisations; the ``Tree`` answers each command in the
language of the person who typed it."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, from_discord, translation
from bot.views.errors import speak_to
from bot.views.server import SERVER_LANGUAGE

Location = app_commands.TranslationContextLocation

# Names (of commands, groups, options) follow Discord's rules: one lowercase word, at most
# 32 characters. They are kept apart in the catalogue from the same words used in sentences,
# and a subcommand's name is kept under its parent's ("command name /table"), so /table new
# and /league season new may be worded apart.
NAME = "command name"
TEXT = "command"
NAMES = {Location.command_name, Location.group_name, Location.parameter_name}
SUBCOMMANDS = {Location.command_name, Location.group_name}


def language_choices() -> list[app_commands.Choice[str]]:
    """A command's choice of language: the server's own, or one of Tavolo's."""
    return [
        app_commands.Choice(name="The server's language", value=SERVER_LANGUAGE),
        *(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
    ]


def name_context(parent: str | None) -> str:
    """The context of a name under the command ``parent`` ("table", "league season")."""
    return f"{NAME} /{parent}" if parent else NAME


def is_name(context: str | None) -> bool:
    return context is not None and (context == NAME or context.startswith(f"{NAME} /"))


def context_of(context: app_commands.TranslationContextTypes) -> str:
    if context.location not in NAMES:
        return TEXT
    parent = getattr(context.data, "parent", None) if context.location in SUBCOMMANDS else None
    return name_context(parent.qualified_name if parent is not None else None)


class Translator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = from_discord(locale)
        if language == "en" or language not in LANGUAGES:
            return None
        return translation(context_of(context), string.message, language)


class Tree(app_commands.CommandTree[discord.Client]):
    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        """Runs before every command and autocomplete, in the task that handles it (and
        reports its errors): what follows speaks the person's language."""
        speak_to(interaction)
        return True
