"""A match's first lines in the terminal: the game, its house rules, the partner; and AI seats
named with their level."""

from __future__ import annotations

from bot.i18n import speaking
from bot.text import ai_name, opening

NAMES = ["Player 0 (you)", "AI (easy) 1", "AI (hard) 2", "AI (easy) 3"]


def test_scopone_s_opening_names_scopone_and_the_partner() -> None:
    assert opening("scopa", 0, NAMES, {"scopone": True}) == [
        "Scopa with 4 players. You are seat 0.",
        "House rule: Scopone scientifico: ten cards each (four players)",
        "Your partner: AI (hard) 2.",
    ]


def test_without_partnerships_nobody_is_named_a_partner() -> None:
    assert opening("briscola", 1, NAMES[:3], {"swap_seven": False}) == [
        "Briscola with 3 players. You are seat 1."
    ]
    assert opening("scopa", 0, NAMES[:2], {"target": 21}) == [
        "Scopa with 2 players. You are seat 0.",
        "House rule: Points to win: 21",
    ]


def test_an_ai_seat_says_its_level_in_every_language() -> None:
    assert ai_name("hard", 2) == "AI (hard) 2"
    with speaking("it"):
        assert ai_name("easy", 1) == "IA (facile) 1"
        assert (
            opening("scopa", 0, NAMES[:2], {})[0] == "Scopa con 2 giocatori. Tu sei il giocatore 0."
        )
