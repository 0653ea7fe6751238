"""Random-play conformance of Briscola over 300 seeds, at two, three and four players, with and
without the house rules (cards conserved, nothing hidden in a view, dump/load, replay)."""

from __future__ import annotations

import pytest

from bot.games.briscola.cards import pack_for
from tests.games.conformance import check_random_game

from .deals import every_card, visible

SEEDS = 300
CHUNK = 50


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_briscola_random_play_keeps_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        seats = (2, 3, 4)[seed % 3]
        options = {"swap_seven": seed % 2 == 0, "deals_to_win": 1 + seed % 3}
        pack = pack_for(seats)
        check_random_game("briscola", seats, seed, pack, every_card, visible, options)
