"""The words of /help: what Tavolo plays and how to use it, each game adding its own
paragraph (``GameText.help``)."""

from __future__ import annotations

from bot.games import SPECS
from bot.i18n import N_, t
from bot.views.render import MESSAGE_MAX, first_message

INTRO = N_("**Tavolo** seats you at a card table in this channel.")
TABLE = N_(
    "**A table** (one per channel)\n"
    "`/table new` opens one; press **Join** or type `/table join`; **Add AI** fills seats; "
    "the host sets the **House rules** and presses **Start**.\n"
    "`/table leave` leaves the lobby, or lets the AI play your seat; `/table back` takes it "
    "again. `/table status` shows the board to you, `/table rules` the house rules.\n"
    "`/table kick player:` and `/table end` are for the host and moderators."
)
RECORDS = N_(
    "`/table history` lists this channel's finished deals; `/replay deal:` plays one back "
    "step by step, every hand face up, and its **Verify** button checks that the deck was "
    "fixed before the first card and every move was legal."
)
PLAYING = N_(
    "**Playing**\n"
    "**My hand** on the board, or `/hand`, shows your cards privately, with your moves as "
    "buttons. `/play card:` does the same (the suggestions list your moves)."
)
TURNS = N_("You are pinged when it is your turn; if you wait too long the AI plays for you.")
LEAGUE = N_(
    "**The league**\n"
    "`/league standings` shows this season's table, `/league stats` and `/league history` "
    "yours (or a player's), `/league export` the results as a file. Matches among people "
    "earn league points for each opponent you finish above (in a game of partnerships: a "
    "win or a draw)."
)


def help_text() -> str:
    games = [t(spec.text.help) for spec in SPECS.values() if spec.text.help]
    playing = "\n".join([t(PLAYING), *games, t(TURNS)])
    table = "\n".join([t(TABLE), t(RECORDS)])
    return "\n\n".join([t(INTRO), table, playing, t(LEAGUE)])


def help_messages(limit: int = MESSAGE_MAX) -> list[str]:
    """/help's text as messages that each fit Discord's limit (every game adds a paragraph),
    split between its sections, or between the lines of a section longer than a message."""
    messages: list[str] = []
    current = ""
    for section in help_text().split("\n\n"):
        joined = f"{current}\n\n{section}" if current else section
        if len(joined) <= limit:
            current = joined
            continue
        if current:
            messages.append(current)
        lines = section.split("\n")
        while lines:
            current, lines = first_message(lines, limit)
            if lines:
                messages.append(current)
    return [*messages, current]
