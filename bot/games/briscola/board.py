"""Briscola's board as a picture (``bot.pictures``): the seats round the table (at four, in
their sides' colours), each with its cards as backs and a gold disc for every round its side
has won; the trick in the middle, each card in front of the seat that played it (between
tricks, the last one with its winner's card outlined); the stock with the face-up briscola
across under it and the cards left to draw; at the top the rounds won and the last round's
points."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.games.briscola.spec import SPEC
from bot.games.briscola.text import TITLE, side_name
from bot.games.briscola.views import BriscolaView
from bot.i18n import t
from bot.pictures.boards import (
    ALERT,
    DIM,
    LIGHT,
    SIDE_COLOURS,
    WIDTH,
    Board,
    badge,
    disc_row,
    lay_trick,
    ring_of_seats,
)
from bot.pictures.deck import back, card
from bot.pictures.draw import Stamp, fit, text

CARD = 90
"""The width of a card on the table."""
CARD_H = round(CARD * 220 / 150)
TRICK_RADII = (125, 85)
"""How far from the trick's centre each seat's card lies."""
CORNER = 290
"""The width of a top corner's lines, beside the seat at the top."""
MAZZO = (200, 410)
"""The middle of the mazzo: low on the left, clear of the seats and the trick."""


def paint(view: BriscolaView, names: list[str]) -> Image.Image:
    seats = view["seats"]
    sides = len(view["sides"])
    mani = [side_name(s, sides, names) for s in range(sides)]
    won = " · ".join(t("{side} {n}", side=mani[s], n=n) for s, n in enumerate(view["deals_won"]))
    goal = int(view["options"]["deals_to_win"])
    canvas, draw, centre = ring_of_seats(
        view,
        SPEC.pack,
        names,
        (t(TITLE), ""),
        clockwise=False,
        out=lambda seat: False,
        extra=lambda seat: disc_row(view["deals_won"][seat % sides], goal),
        outline=lambda seat: SIDE_COLOURS[seat % sides] if sides == 2 and seats == 4 else None,
    )
    _corner(draw, (14, 42), t("Rounds won: {won}", won=won), "lm")
    captions = []
    if view["results"]:
        last = view["results"][-1]
        scores = ", ".join(t("{side} {points}", side=mani[s], points=p) for s, p in enumerate(last))
        captions.append(t("Last round: {scores}", scores=scores))
    _mazzo(canvas, draw, view)
    trick_centre = (centre[0] + 40, centre[1])
    cards, leader, winner = list(view["trick"]), view["leader"], None
    if not cards and view["tricks"]:
        last_trick = view["tricks"][-1]
        cards, leader, winner = last_trick["cards"], last_trick["leader"], last_trick["winner"]
        captions.append(t("last trick: {who}", who=names[winner]))
    lay_trick(
        canvas, draw, SPEC.pack, (cards, leader, winner), seats, (trick_centre, TRICK_RADII), CARD
    )
    for line, caption in enumerate(captions):
        _corner(draw, (WIDTH - 14, 18 + 24 * line), caption, "rm")
    if view["over"]:
        badge(draw, trick_centre, t("Match over"), ALERT)
    return canvas


def _corner(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, anchor: str) -> None:
    """``words`` in a top corner, clear of the seat at the top."""
    shown, size = fit(words, CORNER, 16, 12)
    text(draw, xy, shown, size, LIGHT, anchor=anchor)


def _mazzo(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: BriscolaView) -> None:
    """The face-up briscola across under the mazzo, the backs still to draw on it, and the
    count (the briscola included); once it is drawn, an empty place."""
    x, y = MAZZO
    if view["face_up"] is not None:
        across = _across(view["face_up"])
        across.lay(canvas, (round(x + 55 - CARD_H / 2), round(y - CARD / 2)))
    left = view["stock"] - (view["face_up"] is not None)
    face_down = _back()
    for i in range(min(3, left)):
        face_down.lay(canvas, (round(x - CARD / 2 + 2 * i), round(y - CARD_H / 2 - 2 * i)))
    if not view["stock"]:
        box = (x - CARD / 2, y - CARD_H / 2, x + CARD / 2, y + CARD_H / 2)
        draw.rounded_rectangle(box, radius=8, outline=DIM, width=2)
    text(draw, (x + 20, y + CARD_H / 2 + 16), t("stock {n}", n=view["stock"]), 16, LIGHT)


@cache
def _across(code: str) -> Stamp:
    """``code``'s face at the table's size, turned a quarter."""
    face = card(SPEC.pack, code).resize((CARD, CARD_H), Image.Resampling.LANCZOS)
    return Stamp.of(face.rotate(90, expand=True))


@cache
def _back() -> Stamp:
    """A back at the table's size."""
    return Stamp.of(back(SPEC.pack, 0).resize((CARD, CARD_H), Image.Resampling.LANCZOS))


PAINTER = Board(paint, seats=4, moves=30)
