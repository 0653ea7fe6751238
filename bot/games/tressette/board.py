"""Tressette's board as a picture (``bot.pictures``): the seats round the table (at four, with
their side's colour), each with its cards as backs and, beside it, the cards known to be in its
hand (drawn from the stock, or named by an accuso); the trick in the middle, each card in front
of the seat that played it, the lead's signal on a badge by the card led (between tricks, the
last one with its winner's card outlined); at two players the stock and its count; at the top
each side's points, and this deal's in thirds as players count them ("5 2/3"), and the
accusi declared: the top left corner's lines, clear of the cards known beside the top seat."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.games.tressette.spec import SPEC
from bot.games.tressette.text import TITLE, combination, points_in_thirds, side_name
from bot.games.tressette.views import TressetteView
from bot.i18n import t
from bot.pictures.boards import (
    ALERT,
    DIM,
    LIGHT,
    SIDE_COLOURS,
    Board,
    Box,
    badge,
    colour_strip,
    lay_trick,
    ring_for,
    ring_of_seats,
    seat_centres,
    small_card,
)
from bot.pictures.deck import back
from bot.pictures.draw import Stamp, fit, text

CARD = 84
"""The width of a card on the table."""
CARD_H = round(CARD * 220 / 150)
KNOWN = 40
"""The width of a card known to be in a hand, beside its seat."""
KNOWN_H = round(KNOWN * 220 / 150)
TRICK_RADII = (120, 82)
CORNER = 300
"""The width of a top corner's lines, beside the seat at the top."""
LINE = 20
"""The step between two of the top corner's lines: its points, and the seven accusi a deal
holds at most (a napoletana a suit and a buongioco a rank, each in one hand) clear above the
seat and the trick's card on the left."""
ROW = 5
"""The known cards in a row under a seat at the side: two rows fit under its panel."""
STOCK = (150, 310)
"""The middle of the stock's card (two players): on the left, under the corner's lines."""
CAPTION = 125
"""The height of the last trick's caption, between the top seat and the trick."""
MATCH_OVER = (160, 535)
"""The badge of a match over: low on the left, clear of the seats, the trick and the stock."""
SIGNAL_COLOUR = (40, 110, 70)


def paint(view: TressetteView, names: list[str]) -> Image.Image:
    seats = view["seats"]
    partnered = len(view["sides"]) == 2 and seats == 4
    canvas, draw, centre = ring_of_seats(
        {**view, "direction": 1},
        SPEC.pack,
        names,
        (
            t(
                "{game} · to {n} points · round {deal}",
                game=t(TITLE),
                n=view["target"],
                deal=view["deal"],
            ),
            "",
        ),
        clockwise=False,
        out=lambda seat: False,
        extra=lambda seat: colour_strip(SIDE_COLOURS[seat % 2]) if partnered else _nothing,
    )
    sides = [side_name(s, names) for s in range(len(view["sides"]))]
    totals = " · ".join(f"{sides[s]}: {n}" for s, n in enumerate(view["totals"]))
    thirds = " · ".join(f"{sides[s]}: {points_in_thirds(n)}" for s, n in enumerate(view["thirds"]))
    lines = [t("Points: {totals}", totals=totals), t("This round: {thirds}", thirds=thirds)]
    lines += [
        t("{who}: {combination}", who=names[d["seat"]], combination=combination(d["combination"]))
        for d in view["declared"]
    ]
    for line, words in enumerate(lines):
        _corner(draw, (14, 44 + LINE * line), words, "lm")
    ring = ring_for(seats)
    for seat, place in enumerate(seat_centres(seats, centre, ring.radii, clockwise=False)):
        held = sorted(c for c, at in view["known"].items() if at == seat)
        _known(canvas, held, place, ring.panel.width, ring.panel.height, centre)
    if seats == 2:
        _stock(canvas, draw, view["stock"])
    _trick(canvas, draw, view, names, centre)
    if view["over"]:
        badge(draw, MATCH_OVER, t("Match over"), ALERT)
    return canvas


def _nothing(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    """At two players a seat's strip stays empty: the top lines give each seat's points."""


def _corner(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, anchor: str) -> None:
    """``words`` in a top corner, clear of the seat at the top."""
    shown, size = fit(words, CORNER, 16, 11)
    text(draw, xy, shown, size, LIGHT, anchor=anchor)


def _known(
    canvas: Image.Image,
    cards: list[str],
    place: tuple[float, float],
    width: int,
    height: int,
    centre: tuple[float, float],
) -> None:
    """The cards known to be in a seat's hand (ten at most), overlapping beside its panel: in
    a row to its right at the top and the bottom of the table, in rows of ``ROW`` under it at
    the sides (clear of the trick and of the picture's edge)."""
    step = KNOWN // 2 + 4
    row = len(cards)
    if abs(place[0] - centre[0]) < width:
        x, y = place[0] + width / 2 + 8, place[1] - height / 2
    else:
        x, y, row = place[0] - width / 2, place[1] + height / 2 + 6, ROW
    for i, code in enumerate(cards):
        down, along = divmod(i, row)
        xy = (round(x + along * step), round(y + down * (KNOWN_H + 6)))
        small_card(SPEC.pack, code, KNOWN).lay(canvas, xy)


def _stock(canvas: Image.Image, draw: ImageDraw.ImageDraw, left: int) -> None:
    """The stock at two players: a back for the cards left to draw, and their count."""
    x, y = STOCK
    box = (x - CARD / 2, y - CARD_H / 2, x + CARD / 2, y + CARD_H / 2)
    if left:
        _back().lay(canvas, (round(box[0]), round(box[1])))
    else:
        draw.rounded_rectangle(box, radius=8, outline=DIM, width=2)
    text(draw, (x, box[3] + 18), t("stock {n}", n=left), 16, LIGHT)


@cache
def _back() -> Stamp:
    """A back at the table's size."""
    return Stamp.of(back(SPEC.pack, 0).resize((CARD, CARD_H), Image.Resampling.LANCZOS))


def _trick(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: TressetteView,
    names: list[str],
    centre: tuple[float, float],
) -> None:
    """The trick on the table, or between tricks the last one, its winner's card outlined; the
    lead's signal on a badge by the card led."""
    seats = view["seats"]
    cards, leader, signal, winner = view["trick"], view["leader"], view["signal"], None
    if not cards and view["tricks"]:
        done = view["tricks"][-1]
        cards, leader, signal, winner = (
            done["cards"],
            done["leader"],
            done["signal"],
            done["winner"],
        )
    middle = (centre[0] + 30, centre[1])
    ring = (middle, TRICK_RADII)
    corners = lay_trick(canvas, draw, SPEC.pack, (cards, leader, winner), seats, ring, CARD)
    if corners and signal is not None:
        x, y = corners[0]
        badge(draw, (x + CARD / 2, y + CARD_H + 4), signal, SIGNAL_COLOUR)
    if winner is not None:
        caption = t("trick {n}: {who}", n=len(view["tricks"]), who=names[winner])
        text(draw, (middle[0], CAPTION), caption, 15, LIGHT)


PAINTER = Board(paint, seats=4, moves=12)
