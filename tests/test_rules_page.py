"""The rulebook: each game's rules in its folder (``bot/games/<game>/RULES.md``), and
docs/RULES.md the same sections in the registry's order (``python -m bot rules``)."""

from __future__ import annotations

import re

import pytest

from bot.cli.rules import MARK, RULEBOOK, game_rules, main, rulebook
from bot.games import SPECS


def test_docs_rules_is_every_game_s_own_section_in_order() -> None:
    current = RULEBOOK.read_text(encoding="utf-8")
    assert rulebook(current) == current, "run `python -m bot rules`"
    assert main(["--check"]) == 0


@pytest.mark.parametrize(("number", "game"), list(enumerate(SPECS, start=1)))
def test_a_game_s_section_is_numbered_by_its_place_and_its_parts_after_it(
    number: int, game: str
) -> None:
    text = game_rules(game).read_text(encoding="utf-8")
    assert text.startswith(f"## {number}. {SPECS[game].title}")
    parts = re.findall(r"^### (\d+)\.(\d+) ", text, flags=re.MULTILINE)
    assert [int(a) for a, _ in parts] == [number] * len(parts)
    assert [int(b) for _, b in parts] == list(range(1, len(parts) + 1))
    assert text.count("\n## ") == 0  # one section: the rulebook's headings stay in order


def test_a_change_to_a_game_s_rules_makes_the_rulebook_stale() -> None:
    current = RULEBOOK.read_text(encoding="utf-8")
    stale = current.replace("## 5. Briscola", "## 5. Briscola (old)")
    assert rulebook(stale) == current
    with pytest.raises(ValueError, match="no line"):
        rulebook(current.replace(MARK, ""))
