"""The public board of every game, drawn from real engine states."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from bot.games import SPECS
from bot.pictures import board_image, board_picture
from bot.pictures.boards import BOARDS, WIDTH
from tests.games.support import table_sizes
from tests.pictures.support import decode, public_view

LIMIT = 200_000

CASES = [
    (name, seats, moves)
    for name, spec in SPECS.items()
    for seats in table_sizes(spec)
    for moves in (0, 1, 9, 40, None)
]


@pytest.mark.parametrize(("game", "seats", "moves"), CASES)
def test_a_board_of_every_game_and_size_stays_small(
    game: str, seats: int, moves: int | None
) -> None:
    view = public_view(game, seats, seed=3, moves=moves)
    data = board_image(game, view)
    assert len(data) <= LIMIT
    image = decode(data)
    assert image.width == WIDTH
    assert image.height <= 660


def test_names_are_drawn() -> None:
    view = public_view("minchiate", 4, seed=3, moves=20)
    plain = board_picture("minchiate", view)
    named = board_picture("minchiate", view, ["Ada", "Bruno", "Chiara", "Dario"])
    assert ImageChops.difference(plain, named).getbbox() is not None


def test_the_board_follows_the_game() -> None:
    before = public_view("cento", 4, seed=5, moves=2)
    after = public_view("cento", 4, seed=5, moves=3)
    assert board_image("cento", before) != board_image("cento", after)


def test_every_game_has_a_board() -> None:
    assert set(BOARDS) == set(SPECS)


def test_an_unknown_game_has_no_board() -> None:
    with pytest.raises(ValueError, match="no board"):
        board_image("scopa", {"seats": 2})
