"""Random-play conformance of Centocinque and One Hundred over 1,000 seeds each."""

from __future__ import annotations

import pytest

from bot.games.cards import french_pack
from bot.games.cento.engine import CentoState, packs_for
from bot.games.centocinque.engine import PACK, CentocinqueState
from tests.games.conformance import check_random_game

SEEDS = 1000
CHUNK = 100


def _cinque_cards(st: CentocinqueState) -> list[str]:
    return [c for h in st.hands for c in h] + st.stock + st.discard


def _cinque_visible(st: CentocinqueState, seat: int | None) -> set[str]:
    return set(st.discard) | (set(st.hands[seat]) if seat is not None else set())


def _cento_cards(st: CentoState) -> list[str]:
    return [c for h in st.hands for c in h] + st.stock + st.pile


def _cento_visible(st: CentoState, seat: int | None) -> set[str]:
    return set(st.pile) | (set(st.hands[seat]) if seat is not None else set())


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_centocinque_random_play_keeps_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        seats = (2, 3, 4, 5, 6)[seed % 5]
        check_random_game("centocinque", seats, seed, PACK, _cinque_cards, _cinque_visible)


@pytest.mark.parametrize("first", range(0, SEEDS, CHUNK))
def test_cento_random_play_keeps_every_promise(first: int) -> None:
    for seed in range(first, first + CHUNK):
        seats = (3, 4, 5, 6, 7, 12)[seed % 6]
        pack = french_pack(packs_for(seats))
        check_random_game("cento", seats, seed, pack, _cento_cards, _cento_visible)
