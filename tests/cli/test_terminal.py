"""The terminal as a person meets it: leaving, what is shown, wrong answers, the help and the
arguments (``python -m bot play`` run in the test's own process)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from bot.__main__ import main as bot_main
from bot.cli.play import main, play
from bot.cli.screen import Screen, wrap

# Scopa, seed 3, at two seats: the first hand is 2 di Coppe, Asso di Spade and Fante di
# Spade; the Fante takes in three ways (so its takes are asked for), and the third hand
# of the round holds one card.
SCOPA = ["scopa", "--seed", "3", "--ai", "easy"]


def answering(answers: list[str], seen: list[str] | None = None) -> Callable[[str], str]:
    """``input`` typing ``answers`` in turn, then ``q``; each prompt is kept in ``seen``."""
    typed: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        if seen is not None:
            seen.append(prompt)
        return next(typed, "q")

    return ask


def run(argv: list[str], answers: list[str], width: int = 200, ansi: bool = False) -> list[str]:
    shown: list[str] = []
    assert main(argv, answering(answers), Screen(width, ansi, shown.append)) == 0
    return shown


def interrupted(prompt: str) -> str:
    raise KeyboardInterrupt


def test_ctrl_c_says_goodbye_as_ctrl_d_does() -> None:
    said: list[str] = []
    assert play("scopa", 2, ["random"], 0, 3, None, interrupted, said.append) is None
    assert said[-1] == "Bye."


def test_markdown_is_shown_plainly_or_bold_on_a_terminal() -> None:
    plain = run(SCOPA, [])
    assert "Table: 3 di Coppe, 2 di Denari, 3 di Spade, 5 di Coppe" in plain
    assert not [line for line in plain if "**" in line]
    bold = run(SCOPA, [], ansi=True)
    assert "Table: \x1b[1m3 di Coppe, 2 di Denari, 3 di Spade, 5 di Coppe\x1b[22m" in bold


def test_a_single_choice_is_worded_as_one() -> None:
    shown = run(SCOPA, ["1", "1", "5"])
    assert "  1. Lay down the Fante di Spade" in shown
    assert "Type 1, the only choice." in shown
    assert "Type a number from 1 to 1." not in shown


def test_a_wrong_number_among_the_takes_is_explained_and_asked_again() -> None:
    prompts: list[str] = []
    shown: list[str] = []
    screen = Screen(200, False, shown.append)
    assert main(SCOPA, answering(["3", "9", "1"], prompts), screen) == 0
    refused = shown.index("Type a number from 1 to 3.")
    assert shown[refused + 1].startswith("  1. The Fante di Spade takes")  # the takes again
    assert any(line.startswith("Player 0 (you) plays the Fante di Spade") for line in shown)
    assert len(prompts) == 4  # the move, the take refused, the take, then q


def test_the_help_names_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bot_main(["--help"])
    out = capsys.readouterr().out
    for command in ("play GAME", "simulate GAME", "cards --pack", "i18n", "db copy", "health"):
        assert f"python -m bot {command}" in out


def test_the_help_of_play_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "``" not in out and "('random'" not in out
    assert "AI levels, comma-separated: random, easy, hard" in " ".join(out.split())
    assert "p to say" in out


@pytest.mark.parametrize(
    ("options", "told"),
    [
        ('{"kings": true}', "Unknown option “kings”; Scopa's options are: kings_redeal, "),
        ("[]", "--options must be a JSON object"),
        ("7", "--options must be a JSON object"),
        ("{kings", "--options is not JSON"),
    ],
)
def test_wrong_options_are_refused_with_what_is_valid(
    options: str, told: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*SCOPA, "--options", options], answering([])) == 2
    assert told in capsys.readouterr().err


def test_lines_wrap_between_words_to_the_width() -> None:
    line = "Player 0 (you): carte +1 · denari +1 · settebello +1 · primiera +1 · scope +2"
    lines = wrap(line, 20)
    assert all(len(part) <= 20 for part in lines)
    assert " ".join(lines) == line  # no word cut
    assert wrap("  1. a b c d", 6) == ["  1. a", "  b c", "  d"]  # the indent is kept


def test_a_whole_match_is_shown_within_the_width() -> None:
    shown = run(SCOPA, ["1"] * 400, width=40)
    assert any("Round 1 is over" in line or "round" in line.lower() for line in shown)
    assert all(len(line) <= 40 or " " not in line.strip() for line in shown)


def test_after_the_swap_the_board_names_the_seven_under_the_mazzo() -> None:
    """Briscola, seed 43, at two seats: seat 0 holds the 7 of trumps (Denari), the Asso is
    turned."""
    shown: list[str] = []

    def ask(prompt: str) -> str:
        menu = shown[max(i for i, s in enumerate(shown) if s.startswith("Your hand")) :]
        swap = next((s for s in menu if "Swap the 7" in s), None)
        return swap.split(".")[0].strip() if swap else "q"

    play("briscola", 2, ["random"], 0, 43, {"swap_seven": True}, ask, shown.append)
    assert "Player 0 (you) swaps the 7 di Denari for the briscola, the Asso di Denari." in shown
    before, after = [line for line in shown if line.startswith("Round 1 ·")][:2]
    assert before == "Round 1 · dealer AI (random) 1 · briscola Asso di Denari · stock 34"
    assert after == "Round 1 · dealer AI (random) 1 · briscola 7 di Denari · stock 34"
    assert not [line for line in shown if "Under the" in line]
