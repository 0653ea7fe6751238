"""The terminal's screen: the games' lines, written for Discord's Markdown, shown plainly.

Bold (``**…**``) is printed bold on a terminal that shows it and as plain text otherwise (a
pipe, a file); code marks are dropped. Every line is wrapped between words to the screen's
width, its continuation indented as the line itself is, so a long round summary never breaks
inside a word.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass

BOLD = re.compile(r"\*\*(.+?)\*\*")
CODE = re.compile(r"`([^`]+)`")
ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
BOLD_ON, BOLD_OFF = "\x1b[1m", "\x1b[22m"


def _visible(text: str) -> int:
    return len(ESCAPE.sub("", text))


def wrap(line: str, width: int) -> list[str]:
    """``line`` broken between words into lines of at most ``width`` visible characters (a
    word longer than that keeps a line of its own); continuations take the line's indent."""
    if _visible(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip(" "))]
    words = line.split()
    if not words:
        return [""]
    out, current = [], indent + words[0]
    for word in words[1:]:
        if _visible(current) + 1 + _visible(word) <= width:
            current += " " + word
        else:
            out.append(current)
            current = indent + word
    return [*out, current]


@dataclass(frozen=True)
class Screen:
    """Where the terminal writes: ``width`` columns; ``ansi``, whether bold can be shown."""

    width: int = 80
    ansi: bool = False
    write: Callable[[str], None] = print

    @classmethod
    def here(cls) -> Screen:
        """The process's own terminal (its standard output)."""
        return cls(shutil.get_terminal_size().columns, sys.stdout.isatty())

    def plain(self, line: str) -> str:
        """``line`` without Markdown: bold shown bold or as plain text."""
        shown = BOLD.sub(rf"{BOLD_ON}\1{BOLD_OFF}" if self.ansi else r"\1", line)
        return CODE.sub(r"\1", shown)

    def say(self, line: str) -> None:
        for part in wrap(self.plain(line), self.width):
            self.write(part)
