"""The translation functions: plain texts, and texts that count something."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.i18n import t, tn


def test_a_text_without_a_catalogue_is_the_english_one_filled_in() -> None:
    assert t("Table {id}", id=7) == "Table 7"
    assert t("Draw") == "Draw"


def test_a_count_takes_the_english_singular_only_for_one() -> None:
    assert [tn("{n} card", "{n} cards", n) for n in (0, 1, 2, 21)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "21 cards",
    ]


def test_a_count_fills_in_its_other_values_too() -> None:
    assert tn("{who} has {n} chip left.", "{who} has {n} chips left.", 1, who="Ada") == (
        "Ada has 1 chip left."
    )
    assert tn("{n} resto", "{n} resti", 3) == "3 resti"


def test_a_plural_catalogue_brings_its_own_forms_and_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    # A language with three forms: one, few (2 to 4), many.
    forms = ("{n} karta", "{n} karty", "{n} kart")
    monkeypatch.setitem(i18n.PLURAL_CATALOGUES, "xx", {"{n} card": forms})
    monkeypatch.setitem(
        i18n.PLURAL_RULES, "xx", lambda n: 0 if n == 1 else 1 if 2 <= n % 10 <= 4 else 2
    )
    assert [tn("{n} card", "{n} cards", n, "xx") for n in (1, 3, 5)] == [
        "1 karta",
        "3 karty",
        "5 kart",
    ]
    assert tn("{n} stock", "{n} stocks", 1, "xx") == "1 stock"  # not in the catalogue
