"""Scopa's board as a picture (``bot.pictures``): the seats round the table in the order of
play, each with its side's points (and at four seats the colour of its partnership); beside
a seat of each side that side's pile, its size on it and a card turned crosswise for each
scopa; the table's cards face up in the middle; the round, the target and the stock above."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.games.scopa.spec import SPEC
from bot.games.scopa.views import ScopaView
from bot.i18n import t, tn
from bot.pictures.boards import (
    ALERT,
    LIGHT,
    PANEL,
    SIDE_COLOURS,
    Board,
    Box,
    Extra,
    badge,
    ring_for,
    ring_of_seats,
    seat_centres,
    small_card,
)
from bot.pictures.deck import back
from bot.pictures.draw import GOLD, WHITE, Stamp, text
from bot.pictures.faces import CARD_H, CARD_W

ROOM = (340, 200)
"""The part of the middle the table's cards may fill, across and down."""
FACE_W = 64
GAP = 6
PILE_W = 46
PILE_H = round(CARD_H * PILE_W / CARD_W)
SCOPE_SHOWN = 4
"""Crosswise cards drawn on a pile; past these the count says the rest."""


def paint(view: ScopaView, names: list[str]) -> Image.Image:
    seats, sides = int(view["seats"]), int(view["sides"])
    canvas, draw, centre = ring_of_seats(
        {**view, "direction": 1},  # play always passes to the next seat
        SPEC.pack,
        names,
        (
            t("Scopa · round {n} · to {target}", n=view["round"], target=view["options"]["target"]),
            t("stock {n}", n=view["stock"]),
        ),
        clockwise=False,
        out=lambda seat: False,
        extra=lambda seat: _points(view, seat),
    )
    places = seat_centres(seats, centre, ring_for(seats).radii, clockwise=False)
    for side in range(sides):
        _pile(canvas, draw, _beside(places[side], centre), view, side)
    _table(canvas, view["table"], centre)
    if view["over"]:
        _ending(canvas, draw, view, names, centre)
        badge(draw, (centre[0], centre[1] + ROOM[1] / 2 + 18), t("Match over"), ALERT)
    return canvas


def _ending(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: ScopaView,
    names: list[str],
    centre: tuple[float, float],
) -> None:
    """What ended the game, in the middle the table has left: the last card played with
    what it took, then what the last taker swept up, and whose they went to."""
    cards: list[str] = []
    said: list[str] = []
    for event in view["ending"]:
        if event["type"] == "play":
            cards += [event["card"], *event["took"]]
            said.append(t("last play: {who}", who=names[event["seat"]]))
        elif event["seat"] is not None:
            cards += event["cards"]
            said.append(t("the rest to {who}", who=names[event["seat"]]))
    _table(canvas, cards, centre)
    if said:
        text(draw, (centre[0], centre[1] - ROOM[1] / 2 - 14), " · ".join(said), 15, LIGHT)


def _points(view: ScopaView, seat: int) -> Extra:
    """A seat's strip: its side's points, after a swatch of the side's colour when partners
    share them."""
    sides = int(view["sides"])
    points = int(view["scores"][seat % sides])

    def strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, _, bottom = box
        middle = (top + bottom) / 2
        if sides < int(view["seats"]):
            swatch = (left, middle - 7, left + 14, middle + 7)
            draw.rounded_rectangle(swatch, radius=3, fill=SIDE_COLOURS[seat % sides])
            left += 20
        words = tn("{n} point", "{n} points", points)
        text(draw, (left, middle), words, 15, LIGHT, anchor="lm")

    return strip


def _beside(place: tuple[float, float], centre: tuple[float, float]) -> tuple[float, float]:
    """Where a seat's pile lies: right of a panel above or below the middle, under a panel at
    the side."""
    x, y = place
    if abs(x - centre[0]) < 150:
        return x + 150, y
    return x, y + 100


def _pile(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    place: tuple[float, float],
    view: ScopaView,
    side: int,
) -> None:
    """A side's pile: a few backs, its size below them (on the side's colour when partners
    share it), and its scope laid across, counted past a few."""
    x, y = place
    size, scope = int(view["piles"][side]), int(view["scope"][side])
    left, top = round(x - PILE_W / 2), round(y - PILE_H / 2)
    if not size:
        box = (left, top, left + PILE_W, top + PILE_H)
        draw.rounded_rectangle(box, radius=6, outline=LIGHT, width=2)
    for i in range(min(3, (size + 9) // 10)):
        _pile_back().lay(canvas, (left + 2 * i, top - 2 * i))
    mark = _crosswise()
    for i in range(min(scope, SCOPE_SHOWN)):
        corner = (round(x - mark.width / 2), round(y - mark.height / 2 + 12 - 8 * i))
        canvas.paste(mark, corner, mark)
    disc = (x - 15, y + PILE_H / 2 - 4, x + 15, y + PILE_H / 2 + 26)
    partners = int(view["sides"]) < int(view["seats"])
    fill = SIDE_COLOURS[side] if partners else PANEL
    draw.ellipse(disc, fill=fill, outline=GOLD if scope else WHITE, width=2)
    text(draw, (x, y + PILE_H / 2 + 11), str(size), 15, WHITE, bold=True)
    if scope > SCOPE_SHOWN:
        text(draw, (x + PILE_H / 2 + 4, y), str(scope), 16, GOLD, anchor="lm", bold=True)


@cache
def _pile_back() -> Stamp:
    return Stamp.of(back(SPEC.pack, 0).resize((PILE_W, PILE_H), Image.Resampling.LANCZOS))


@cache
def _crosswise() -> Image.Image:
    """A scopa's mark: a card lying across the pile, edged in gold."""
    card = back(SPEC.pack, 0).resize((PILE_W, PILE_H), Image.Resampling.LANCZOS)
    card = card.rotate(90, expand=True)
    ImageDraw.Draw(card).rounded_rectangle(
        (0, 0, card.width - 1, card.height - 1), radius=6, outline=GOLD, width=3
    )
    return card


def _table(canvas: Image.Image, cards: list[str], centre: tuple[float, float]) -> None:
    """The table's cards face up, in rows across the middle, smaller when there are many."""
    if not cards:
        return
    rows = 1 if len(cards) <= 5 else 2 if len(cards) <= 12 else 3
    across = -(-len(cards) // rows)
    tall = (ROOM[1] - (rows - 1) * GAP) / rows
    width = int(min(FACE_W, (ROOM[0] - (across - 1) * GAP) / across, tall * CARD_W / CARD_H))
    height = round(CARD_H * width / CARD_W)
    top = centre[1] - (rows * height + (rows - 1) * GAP) / 2
    for row in range(rows):
        line = cards[row * across : (row + 1) * across]
        left = centre[0] - (len(line) * width + (len(line) - 1) * GAP) / 2
        for i, code in enumerate(line):
            xy = (round(left + i * (width + GAP)), round(top + row * (height + GAP)))
            small_card(SPEC.pack, code, width).lay(canvas, xy)


PAINTER = Board(paint, seats=4, moves=30)
