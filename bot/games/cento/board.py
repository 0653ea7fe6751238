"""One Hundred's board as a picture (``bot.pictures``): the seats round the table, each with
its chips; in the middle the pile's total and its top card."""

from __future__ import annotations

from PIL import Image

from bot.games.cento.engine import CHIPS
from bot.games.cento.spec import SPEC
from bot.games.cento.views import CentoView
from bot.i18n import t
from bot.pictures.boards import ALERT, LIGHT, PANEL, Board, badge, ring_of_seats, token_row
from bot.pictures.deck import card_stamp
from bot.pictures.draw import GOLD, WHITE, text
from bot.pictures.faces import CARD_H, CARD_W


def paint(view: CentoView, names: list[str]) -> Image.Image:
    canvas, draw, centre = ring_of_seats(
        view,
        SPEC.pack,
        names,
        (t("One Hundred · round {n}", n=view["round"]), t("stock {n}", n=view["stock"])),
        clockwise=True,
        out=lambda seat: int(view["chips"][seat]) == 0,
        extra=lambda seat: token_row(int(view["chips"][seat]), CHIPS),
    )
    cy = centre[1]
    tx = centre[0] + 80
    if view["top"]:
        top = card_stamp(SPEC.pack, view["top"])
        top.lay(canvas, (round(tx - CARD_W / 2), round(cy - CARD_H / 2)))
    total_x = centre[0] - 85
    draw.ellipse((total_x - 62, cy - 62, total_x + 62, cy + 62), fill=PANEL, outline=GOLD, width=4)
    total = int(view["total"])
    text(draw, (total_x, cy - 8), str(total), 50 if abs(total) < 100 else 42, WHITE, bold=True)
    text(draw, (total_x, cy + 34), t("of 100"), 15, LIGHT)
    if view["over"]:
        badge(draw, (centre[0], cy + CARD_H / 2 + 20), t("Match over"), ALERT)
    return canvas


PAINTER = Board(paint, seats=12, moves=20)
