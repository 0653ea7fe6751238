"""Refusals that quote what a person typed: the quote is clipped, the reason never is, however
large the input (a forged modal field holds 4,000 characters; a message holds 2,000)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from bot.config import TableSettings
from bot.games import GameError
from bot.games.errors import ECHO_MAX, echo
from bot.i18n import LANGUAGES, speaking, t
from bot.tables import TableError, TableManager
from bot.text import refusal
from bot.views.numbers import read_number
from tests.games.cento.test_examples import position, rules
from tests.views.tables import make_table

HUGE = "9" * 4000


def test_an_echo_is_clipped_with_an_ellipsis_and_a_short_one_is_whole() -> None:
    assert echo("7D") == "7D"
    assert echo("x" * ECHO_MAX) == "x" * ECHO_MAX
    clipped = echo(HUGE)
    assert len(clipped) == ECHO_MAX and clipped.endswith("…")


TOTAL = "The total must be a whole number from 0 to 100, not “{typed}”."
PLAY = "“{typed}”: {reason}"
GAME = "Unknown game “{game}”."


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_huge_total_typed_for_an_ace_keeps_the_reason(language: str) -> None:
    with speaking(language), pytest.raises(TableError) as refused:
        read_number(make_table("cento", 3), HUGE)
    with speaking(language):
        assert str(refused.value) == t(TOTAL, typed=echo(HUGE))
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("language", LANGUAGES)
def test_huge_play_input_is_named_briefly_before_the_engine_s_whole_reason(language: str) -> None:
    st = position(["AS", "9C", "KH"], 40)
    with pytest.raises(GameError) as refused:
        rules.apply(st, 0, f"play:AS:{HUGE}")
    with speaking(language):
        reason = refusal(refused.value)
        # as /play answers: what it understood, clipped, then the engine's reason
        said = refusal(GameError(PLAY, typed=echo(HUGE), reason=refused.value))
        assert said == t(PLAY, typed=echo(HUGE), reason=reason)
        assert reason == t("That is not a move.")
    assert len(said) < 200


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_huge_unknown_game_keeps_the_reason(language: str) -> None:
    manager = TableManager(cast(Any, None), TableSettings(), {}, cast(Any, None))
    with speaking(language), pytest.raises(TableError) as refused:
        await manager.create(1, 2, 3, "ana", HUGE)
    with speaking(language):
        assert str(refused.value) == t(GAME, game=echo(HUGE))
