"""``python -m bot rules [--check]``: docs/RULES.md, the rulebook, from each game's own section.

A game's rules live in its folder, ``bot/games/<game>/RULES.md`` (its section, numbered as the
registry orders the games, ending with what its engine does where the original text is silent).
docs/RULES.md is its hand-written opening, up to ``MARK``, followed by every registered game's
section in the registry's order; this command writes it, and ``--check`` (a test too) says
whether it is current.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.games import SPECS

ROOT = Path(__file__).resolve().parent.parent.parent
RULEBOOK = ROOT / "docs" / "RULES.md"
MARK = "<!-- Below: each game's bot/games/<game>/RULES.md, copied by `python -m bot rules`. -->"


def game_rules(game: str) -> Path:
    return ROOT / "bot" / "games" / game / "RULES.md"


def rulebook(current: str) -> str:
    """The rulebook: ``current``'s opening up to ``MARK``, then every game's section."""
    head, found, _ = current.partition(MARK)
    if not found:
        raise ValueError(f"{RULEBOOK.name} has no line {MARK!r} to write the games after")
    sections = [game_rules(game).read_text(encoding="utf-8").strip() for game in SPECS]
    return head + MARK + "\n\n" + "\n\n---\n\n".join(sections) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot rules", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    current = RULEBOOK.read_text(encoding="utf-8")
    wanted = rulebook(current)
    if args.check:
        if wanted != current:
            print("docs/RULES.md is not current: run `python -m bot rules`", file=sys.stderr)
            return 1
        return 0
    RULEBOOK.write_text(wanted, encoding="utf-8")
    return 0
