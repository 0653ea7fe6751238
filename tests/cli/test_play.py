"""``python -m bot play``: a person plays in the terminal against AI seats."""

from __future__ import annotations

import subprocess
import sys


def play(*args: str, answers: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_whole_centocinque_match_can_be_played_to_its_result() -> None:
    result = play("centocinque", "--seats", "3", "--seed", "4", answers="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Centocinque with 3 players. You are seat 0." in out
    assert "Player 0 (you)" in out
    assert "Your hand:" in out and "Top card:" in out
    assert "Match over after" in out and "1. " in out and "wins the match" in out


def test_a_whole_one_hundred_match_with_a_chosen_ace_value() -> None:
    result = play("cento", "--seats", "3", "--seed", "2", answers="1\n100\n" * 3000)
    assert result.returncode == 0, result.stderr
    assert "Total:" in result.stdout and "Match over after" in result.stdout


def test_with_nothing_to_declare_the_minchiate_player_is_not_asked() -> None:
    result = play("minchiate", "--seed", "1", answers="1\n" * 200)
    assert result.returncode == 0, result.stderr
    assert "Player 0 (you) does not declare." in result.stdout
    assert "Do not declare" not in result.stdout  # never offered as the only move


def test_bad_input_is_explained_and_quitting_is_clean() -> None:
    result = play("centocinque", "--seats", "2", "--seed", "1", answers="zz\n99\nc 7\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Type 1, the only choice." in result.stdout  # the one move there is: Draw
    assert "✋" in result.stdout  # the call-out of seat 7 was refused with a reason
    assert result.stdout.rstrip().endswith("Bye.")


def test_bad_arguments_exit_with_a_message() -> None:
    result = play("cento", "--seats", "3", "--seat", "5", answers="")
    assert result.returncode == 2 and "seat must be from 0 to 2" in result.stderr


def test_a_tressette_lead_says_its_word_typed_after_the_card() -> None:
    result = play("tressette", "--seed", "3", answers="1 striscio\n11 busso\n2 b\nq\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "  1. Play the 5 di Coppe · busso / volo" in out  # one entry a card, its words beside
    assert "Lead the" not in out and "Your move (number, number word, q): " in out
    assert "With this move you may say: busso, volo." in out  # no striscio in a suit of one
    assert "Type a number from 1 to 10." in out  # there is no eleventh card
    assert "Player 0 (you) leads the 3 di Denari: “busso!”" in out  # "b": the one word so begun


def test_a_whole_tressette_match_at_two_seats_can_be_played_to_its_result() -> None:
    result = play("tressette", "--seats", "2", "--seed", "5", answers="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Tressette with 2 players. You are seat 0." in out
    assert "wins the match" in out and "\n1. " in out and "\n2. " in out  # the final order
