"""Random-play conformance of One Hundred over 1,000 seeds."""

from __future__ import annotations

import pytest

from bot.games.cards import french_pack
from bot.games.cento.engine import CentoState, packs_for
from tests.games.conformance import check_random_game

SEEDS = 1000
CHUNK = 100


def _cento_cards(st: CentoState) -> list[str]:
    return [c for h in st.hands for c in h] + st.stock + st.pile


def _cento_visible(st: CentoState, seat: int | None) -> set[str]:
    return set(st.pile) | (set(st.hands[seat]) if seat is not None else set())


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_cento_random_play_keeps_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        seats = (3, 4, 5, 6, 7, 12)[seed % 6]
        pack = french_pack(packs_for(seats))
        check_random_game("cento", seats, seed, pack, _cento_cards, _cento_visible)
