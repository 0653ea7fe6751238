"""The public board of every game, drawn from real engine states by the painter its spec
names."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import types
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.gallery import board_image, board_picture, painter
from bot.games import SPECS
from bot.pictures.boards import WIDTH, Board, ring_for
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
    assert image.size == (WIDTH, HEIGHTS.get(game, ring_for(seats).height))


HEIGHTS = {"minchiate": 640}
"""The boards not drawn as a ring of any size (``ring_for``): the four seats of Minchiate."""


def test_names_are_drawn() -> None:
    view = public_view("minchiate", 4, seed=3, moves=20)
    plain = board_picture("minchiate", view)
    named = board_picture("minchiate", view, ["Ada", "Bruno", "Chiara", "Dario"])
    assert ImageChops.difference(plain, named).getbbox() is not None


def test_the_board_follows_the_game() -> None:
    before = public_view("cento", 4, seed=5, moves=2)
    after = public_view("cento", 4, seed=5, moves=3)
    assert board_image("cento", before) != board_image("cento", after)


@pytest.mark.parametrize("game", list(SPECS))
def test_every_game_registers_its_painter_in_its_own_folder(game: str) -> None:
    drawn = painter(game)
    assert isinstance(drawn, Board)
    assert drawn.paint.__module__ == f"bot.games.{game}.board"
    assert SPECS[game].seats.fewest <= drawn.seats <= SPECS[game].seats.most


def test_the_painter_is_found_through_the_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the pictures never heard of is drawn by the painter its spec names."""
    seen: list[tuple[Any, list[str]]] = []

    def paint(view: Any, names: list[str]) -> Image.Image:
        seen.append((view, names))
        return Image.new("RGB", (10, 10), "red")

    module = types.ModuleType("new_board")
    module.PAINTER = Board(paint, 2, 1)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "new_board", module)
    spec = dataclasses.replace(SPECS["cento"], name="new", board="new_board")
    picture = board_picture(spec, {"seats": 2}, ["Ada", "Bruno"])
    assert picture.getpixel((0, 0)) == (255, 0, 0)
    assert seen == [({"seats": 2}, ["Ada", "Bruno"])]


def test_an_unknown_game_has_no_board() -> None:
    with pytest.raises(ValueError, match="no board"):
        board_image("tarocchi", {"seats": 2})


def test_the_specs_load_no_pillow_until_a_board_is_drawn() -> None:
    """The AI workers and the terminal import the specs; Pillow comes with the first board."""
    code = (
        "import sys; from bot.games import SPECS; before = 'PIL' in sys.modules;"
        " from bot.gallery import painter; painter('cento'); print(before, 'PIL' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["False", "True"], result.stderr
