"""config.example.toml's house rules are written from the games' options models
(``python -m bot config example``): the file in the repository is the one the command writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import ConfigError, load_settings, rules_example, with_rules_example

EXAMPLE = Path(__file__).resolve().parent.parent / "config.example.toml"


def test_the_example_s_house_rules_are_the_ones_the_games_declare() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert with_rules_example(text) == text, "run `python -m bot config example`"


def test_every_option_shows_its_default_its_label_and_what_it_accepts() -> None:
    written = rules_example()
    assert "# Points to win; one of 11, 16, 21, 31\n# target = 11\n" in written
    assert "# Cards for a missed penúltima; 0 to 10\n# penultima_penalty = 5\n" in written
    assert "# The 7 of trumps may be swapped for the briscola\n# swap_seven = false\n" in written


def test_the_command_rewrites_a_stale_file_into_a_valid_one(tmp_path: Path) -> None:
    stale = tmp_path / "config.toml"
    head = EXAMPLE.read_text(encoding="utf-8").partition("[rules.")[0]
    stale.write_text(head + "[rules.scopa]\n# an option long gone = 1\n", encoding="utf-8")
    assert main(["config", "example", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8")
    assert all(rules == {} for rules in load_settings(stale, require_file=True).rules.values())


def test_a_file_without_house_rules_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        with_rules_example("[discord]\n")
