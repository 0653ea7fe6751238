"""``python -m bot verify FILE``: a deal's record checked from its own fields (the commitment
recomputed from the revealed secret, the hands dealt again, every move through the engine,
the result, the seals): it says that the deck was fixed before the first card and every move
was legal, or exactly which field does not match. Exit code 0: the record holds; 1: a field
does not match; 2: the file is no record."""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.records import UNREADABLE, read
from bot.i18n import LANGUAGES, speak, t
from bot.records import text
from bot.records.verify import verify


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot verify", description=__doc__)
    parser.add_argument("file", type=Path, help="a deal's record (JSON)")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en")
    args = parser.parse_args(argv)
    speak(args.language)
    record = read(args.file)
    if record is None:
        return UNREADABLE
    verdict = verify(record)
    for note in verdict.notes:
        print(text.problem(note))
    for problem in verdict.problems:
        print(text.problem(problem))
    if not verdict.ok:
        return 1
    print(t(text.holds(record, len(verdict.notes))))
    return 0
