"""War's board as a picture: the two seats, and between them the cards turned up."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.pictures.boards import Board, Box, ring_of_seats
from bot.pictures.deck import card_stamp
from bot.pictures.faces import CARD_W
from tests.games.toy.war.spec import SPEC
from tests.games.toy.war.views import WarView


def paint(view: WarView, names: list[str]) -> Image.Image:
    canvas, _, (cx, cy) = ring_of_seats(
        view,
        SPEC.pack,
        names,
        (t("War · round {n}", n=view["round"]), t("pot {n}", n=view["pot"])),
        clockwise=True,
        out=lambda seat: False,
        extra=lambda seat: _nothing,
    )
    for seat, card in enumerate(view["table"]):
        if card:
            card_stamp(SPEC.pack, card).lay(canvas, (round(cx + (seat - 1) * CARD_W), round(cy)))
    return canvas


def _nothing(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A seat panel's strip stays empty: the board's lines say what each seat won."""


PAINTER = Board(paint, seats=2, moves=5)
