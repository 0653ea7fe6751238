"""Centocinque's board as a picture (``bot.pictures``): the seats round the table, each with
its tally filling towards elimination; in the middle the stock and the top card, with what
the top card asks of the next player."""

from __future__ import annotations

from PIL import Image

from bot.games.centocinque.engine import ELIMINATION
from bot.games.centocinque.spec import SPEC
from bot.games.centocinque.text import SUITS
from bot.games.centocinque.views import CentocinqueView
from bot.i18n import t
from bot.pictures.boards import ALERT, LIGHT, Board, badge, ring_of_seats, tally_bar
from bot.pictures.deck import back_stamp, card_stamp
from bot.pictures.draw import text
from bot.pictures.faces import CARD_H, CARD_W


def paint(view: CentocinqueView, names: list[str]) -> Image.Image:
    canvas, draw, centre = ring_of_seats(
        view,
        SPEC.pack,
        names,
        (t("Centocinque · hand {n}", n=view["hand_no"]), ""),
        clockwise=False,
        out=lambda seat: bool(view["out"][seat]),
        extra=lambda seat: tally_bar(int(view["tallies"][seat]), ELIMINATION),
    )
    stock = back_stamp(SPEC.pack, 0)
    sx, sy = centre[0] - 95, centre[1] - 10
    for i in range(min(3, int(view["stock"]))):
        stock.lay(canvas, (round(sx - CARD_W / 2 + 3 * i), round(sy - CARD_H / 2 - 3 * i)))
    text(draw, (sx, sy + CARD_H / 2 + 16), t("stock {n}", n=view["stock"]), 16, LIGHT)
    tx = centre[0] + 95
    if view["top"]:
        card_stamp(SPEC.pack, view["top"]).lay(
            canvas, (round(tx - CARD_W / 2), round(sy - CARD_H / 2))
        )
    else:
        draw.rounded_rectangle(
            (tx - CARD_W / 2, sy - CARD_H / 2, tx + CARD_W / 2, sy + CARD_H / 2),
            radius=10,
            outline=LIGHT,
            width=2,
        )
    status = _status(view)
    if status:
        badge(draw, (tx, sy + CARD_H / 2 + 18), status, ALERT)
    return canvas


def _status(view: CentocinqueView) -> str:
    """What the top card asks of the next player."""
    if view["over"]:
        return t("Match over")
    if view["pending_draw"]:
        return t("+{n}: draw or play a 2", n=view["pending_draw"])
    if view["free_play"]:
        return t("free play")
    if view["called_suit"]:
        return t("named: {suit}", suit=t(SUITS[view["called_suit"]]))
    if view["ace_lock"]:
        return t("Ace: {suit}, no Ace", suit=t(SUITS[view["ace_lock"]]))
    return ""


PAINTER = Board(paint, seats=4, moves=30)
