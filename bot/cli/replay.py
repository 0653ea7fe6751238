"""``python -m bot replay FILE``: a deal's record played back in the terminal, step by step
(Enter: the next move; ``s``: the game's next step, a trick, a turn or a take; ``q``: quit;
every step at once when the input is not a terminal, or with ``--all``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli.records import UNREADABLE, read
from bot.cli.screen import Screen
from bot.games import SPECS, GameError
from bot.i18n import LANGUAGES, speak, t
from bot.records.errors import RecordError
from bot.records.replay import seed_of, step_ends, steps
from bot.records.text import STEP_NAMES, heading, problem, step_lines
from bot.text import refusal


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot replay", description=__doc__)
    parser.add_argument("file", type=Path, help="a deal's record (JSON)")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en")
    parser.add_argument("--all", action="store_true", help="print every step, without asking")
    args = parser.parse_args(argv)
    speak(args.language)
    record = read(args.file)
    if record is None:
        return UNREADABLE
    try:
        seed = seed_of(record) if record.game in SPECS else None
    except RecordError as exc:
        print(t("tavolo: this record cannot be replayed: {why}", why=problem(exc)), file=sys.stderr)
        return 1
    if seed is None:
        print(
            t(
                "tavolo: this record cannot be replayed: its secret is not revealed, or its "
                "game is unknown."
            ),
            file=sys.stderr,
        )
        return UNREADABLE
    try:
        played = steps(record, seed)
    except GameError as exc:
        print(
            t(
                "tavolo: a move of this record is not legal ({why}): python -m bot verify "
                "names it.",
                why=refusal(exc),
            ),
            file=sys.stderr,
        )
        return 1
    ends = step_ends(SPECS[record.game], played)
    asking = sys.stdin.isatty() and not args.all
    screen = Screen.here()
    prompt = t(
        "Enter: next move, s: next {step}, q: quit ",
        step=t(STEP_NAMES[SPECS[record.game].step.name]),
    )
    index = 0
    while True:
        screen.say("")
        screen.say(heading(record, index, len(played)))
        for line in step_lines(record, played[index], index == len(played) - 1):
            screen.say(line)
        if index == len(played) - 1:
            return 0
        answer = input(prompt).strip().lower() if asking else ""
        if answer == "q":
            return 0
        if answer == "s":
            index = next(i for i in ends if i > index)
        else:
            index += 1
