"""A replay's step: the public board, and below it every seat's hand face up under its name,
for every game at every table size; a hand of any length stays inside the picture."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageChops

from bot.gallery import board_picture, replay_image
from bot.games import GAMES, SPECS
from bot.pictures.boards import OPEN_CARD, WIDTH, open_row
from tests.games.support import table_sizes
from tests.pictures.support import decode, played

MOST = 8_000_000  # Discord's file size limit, at its smallest
TALLEST = 1_500  # some two boards high: Discord shows it whole, larger on a click


def hands_of(game: str, state: Any, seats: int) -> list[list[str]]:
    return [list(GAMES[game].view(state, seat).get("hand") or []) for seat in range(seats)]


CASES = [(game, seats) for game, spec in SPECS.items() for seats in table_sizes(spec)]


@pytest.mark.parametrize(("game", "seats"), CASES)
def test_every_hand_is_drawn_face_up_below_the_board(game: str, seats: int) -> None:
    state = played(game, seats, seed=5, moves=3)
    view = GAMES[game].view(state, None)
    hands = hands_of(game, state, seats)
    names = [f"Seat {s}" for s in range(seats)]
    data = replay_image(game, view, names, hands)
    assert len(data) <= MOST
    step = decode(data)
    board = decode(replay_image(game, view, names, None))
    assert board.size == board_picture(game, view, names).size
    assert step.width == board.width == WIDTH and board.height < step.height <= TALLEST
    top = step.crop((0, 0, board.width, board.height))
    assert ImageChops.difference(top, board).getbbox() is None  # the board, as the table's
    # Each hand drawn where it stands: another seat's cards there change the picture.
    swapped = decode(replay_image(game, view, names, [*hands[1:], hands[0]]))
    assert ImageChops.difference(step, swapped).getbbox() is not None


@pytest.mark.parametrize("cards", [1, 3, 12, 22, 40, 60])
def test_a_hand_of_any_length_fits_the_width_in_rows_whose_indices_show(cards: int) -> None:
    width = WIDTH - 28
    per_row, step = open_row(cards, width)
    assert (per_row - 1) * step + OPEN_CARD <= width
    assert step >= OPEN_CARD // 3 or per_row == 1  # a card's corner index stays in sight
    assert -(-cards // per_row) <= 3
