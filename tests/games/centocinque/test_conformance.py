"""Random-play conformance of Centocinque over 1,000 seeds."""

from __future__ import annotations

import pytest

from bot.games.centocinque.engine import PACK, CentocinqueState
from tests.games.conformance import check_random_game

SEEDS = 1000
CHUNK = 100


def _cinque_cards(st: CentocinqueState) -> list[str]:
    return [c for h in st.hands for c in h] + st.stock + st.discard


def _cinque_visible(st: CentocinqueState, seat: int | None) -> set[str]:
    return set(st.discard) | (set(st.hands[seat]) if seat is not None else set())


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_centocinque_random_play_keeps_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        seats = (2, 3, 4, 5, 6)[seed % 5]
        check_random_game("centocinque", seats, seed, PACK, _cinque_cards, _cinque_visible)
