"""Slash commands in the user's language.

discord.py asks the ``Translator`` for every command, option and choice text when it syncs,
and sends Discord the translations as localisations; the ``Tree`` answers each command in the
language of the person who typed it."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, from_discord, translation
from bot.views.errors import speak_to

Location = app_commands.TranslationContextLocation

# Names (of commands, groups, options) follow Discord's rules: one lowercase word, at most
# 32 characters. They are kept apart in the catalogue from the same words used in sentences.
NAME = "command name"
TEXT = "command"
NAMES = {Location.command_name, Location.group_name, Location.parameter_name}


def context_of(location: Location) -> str:
    return NAME if location in NAMES else TEXT


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
        return translation(context_of(context.location), string.message, language)


class Tree(app_commands.CommandTree[discord.Client]):
    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        """Runs before every command and autocomplete, in the task that handles it (and
        reports its errors): what follows speaks the person's language."""
        speak_to(interaction)
        return True
