"""A hand as a picture: every size up to the largest, playable cards raised, others dimmed."""

from __future__ import annotations

import itertools
import random

import pytest
from PIL import ImageChops, ImageStat

from bot.gallery import hand_image
from bot.games import GAMES, SPECS
from bot.games.minchiate.cards import PACK as MINCHIATE_PACK
from bot.games.minchiate.cards import sort_cards
from bot.pictures import CARD_H, CARD_W, hand_picture
from bot.pictures.compose import HAND_WIDTH, MARGIN, RAISE, fan_positions
from tests.games.support import middle_size
from tests.pictures.support import decode, played

LIMIT = 200_000
"""Bytes an image may take."""


def _largest_hand() -> list[str]:
    """34 Minchiate cards: a 21-card hand and 13 robbed, the most a hand can hold."""
    return sort_cards(random.Random(7).sample(list(MINCHIATE_PACK), 34))


def test_the_largest_hand_stays_small_and_in_three_readable_rows() -> None:
    hand = _largest_hand()
    data = hand_image("minchiate", hand, set(hand[::3]))
    assert len(data) <= LIMIT
    image = decode(data)
    assert image.width <= HAND_WIDTH
    places = fan_positions(34)
    assert len({y for _, y in places}) == 3
    # Each card shows at least its corner index (32 px wide) beside the next one.
    steps = {b[0] - a[0] for a, b in itertools.pairwise(places) if b[1] == a[1]}
    assert min(steps) >= 40


@pytest.mark.parametrize("count", [0, 1, 5, 12, 13, 24, 34])
def test_hands_of_every_size_fit(count: int) -> None:
    hand = _largest_hand()[:count]
    image = decode(hand_image("minchiate", hand, set(hand)))
    assert image.width <= HAND_WIDTH
    assert image.height <= 2 * MARGIN + RAISE + CARD_H + 2 * 122


def test_playable_cards_are_raised_and_the_others_dimmed() -> None:
    hand = ["Ac", "7d", "Rs", "Cb"]
    all_shown = hand_picture("italian", hand, None)
    some = hand_picture("italian", hand, {"7d"})
    assert all_shown.size == some.size
    assert ImageChops.difference(all_shown, some).getbbox() is not None
    (x_ace, y), (x_seven, _) = fan_positions(4)[:2]
    # The Ace is dimmed: its face is darker than when it is playable.
    box = (x_ace + 40, y + 80, x_ace + CARD_W - 40, y + CARD_H - 80)
    assert ImageStat.Stat(some.crop(box)).mean[0] < ImageStat.Stat(all_shown.crop(box)).mean[0] - 40
    # The 7 is raised: the cloth shows where its bottom edge was.
    bottom = (x_seven + 20, y + CARD_H - RAISE + 4, x_seven + CARD_W - 20, y + CARD_H - 2)
    assert ImageStat.Stat(some.crop(bottom)).mean != ImageStat.Stat(all_shown.crop(bottom)).mean


def test_no_card_playable_dims_them_all() -> None:
    hand = ["AS", "TH"]
    assert hand_image("cento", hand, set()) != hand_image("cento", hand, {"AS", "TH"})


@pytest.mark.parametrize(("game", "seats"), [(n, middle_size(s)) for n, s in SPECS.items()])
def test_a_real_hand_with_its_legal_moves(game: str, seats: int) -> None:
    rules = GAMES[game]
    state = played(game, seats, seed=11, moves=5)
    seat = rules.turn(state)
    assert seat is not None
    hand = rules.view(state, seat)["hand"]
    legal = SPECS[game].moves.cards(rules.legal_actions(state, seat))
    data = hand_image(game, hand, legal)
    assert len(data) <= LIMIT
    assert decode(data).width <= HAND_WIDTH


def test_two_packs_hold_the_same_card_twice() -> None:
    image = decode(hand_image("cento", ["QH", "QH", "2C"], {"QH"}))
    assert image.width == 2 * MARGIN + 2 * (CARD_W + 8) + CARD_W
