"""/help in messages that each fit Discord's 2,000 characters, in every language, however many
games add their paragraphs."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, speaking
from bot.views.help import help_messages, help_text
from bot.views.render import MESSAGE_MAX


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_help_is_split_between_sections_into_messages_that_fit(language: str) -> None:
    with speaking(language):
        whole, messages = help_text(), help_messages()
    assert all(0 < len(m) <= MESSAGE_MAX for m in messages)
    # Nothing lost or reordered: the messages are the text, cut at section breaks (or between
    # the lines of a section longer than a message: Playing, with every game's paragraph).
    if all(len(section) <= MESSAGE_MAX for section in whole.split("\n\n")):
        assert "\n\n".join(messages) == whole
    assert "\n".join(messages).replace("\n\n", "\n") == whole.replace("\n\n", "\n")
    assert len(whole) <= MESSAGE_MAX or len(messages) > 1


def test_a_section_longer_than_a_message_is_split_between_its_lines() -> None:
    with speaking("en"):
        sections = help_text().split("\n\n")
        limit = max(len(s) for s in sections) - 1  # the longest section no longer fits
        messages = help_messages(limit)
    assert all(len(m) <= limit for m in messages)
    assert "\n".join(m.replace("\n\n", "\n") for m in messages) == "\n".join(
        s for section in sections for s in section.split("\n")
    )


def test_help_lists_the_history_and_the_replay_beside_the_table_commands() -> None:
    with speaking("en"):
        table = help_text().split("\n\n")[1]
    assert table.startswith("**A table**")
    for command in ("`/table history`", "`/replay deal:`", "**Verify**"):
        assert command in table
