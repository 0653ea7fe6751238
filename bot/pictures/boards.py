"""What a game's board picture is drawn from: the pieces a game's painter
(``bot/games/<game>/board.py``, a ``Board``) draws with.

The pieces: the table's cloth, seats round an oval table (each seat's panel with its name, a
fan of backs for the cards it holds and their count, and a strip below for the game's own
figures: a tally bar, a row of tokens, the colour of its side), the seat on turn outlined in
gold and the dealer wearing a "D", an arrow round the middle for the direction of play, a
header, a badge, a small card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t, tn
from bot.pictures.compose import FELT, FELT_LIGHT
from bot.pictures.deck import Pack, back, card
from bot.pictures.draw import GOLD, INK, RGB, WHITE, Stamp, fit, mix, paste, text, text_width
from bot.pictures.faces import CARD_H, CARD_W

View = dict[str, Any]
"""A game's public view, as the engine returns it; each painter reads its game's own type."""
Box = tuple[int, int, int, int]

WIDTH = 820


@dataclass(frozen=True)
class Panel:
    """The size of a seat's panel and what is in it."""

    width: int
    height: int
    mini: tuple[int, int]  # a small back, in the fan of hidden cards
    name_size: int
    line: int  # the height of the name's line
    spacing: int  # between two backs of the fan


LARGE = Panel(180, 92, (26, 38), 18, 30, 7)
COMPACT = Panel(150, 78, (20, 29), 16, 25, 6)
"""More than six seats take the compact panels."""


@dataclass(frozen=True)
class Ring:
    """Seats round an oval table: the picture's height, the table's centre, the radii of the
    oval the seats' panels are centred on, and the panels."""

    height: int
    centre: tuple[float, float]
    radii: tuple[float, float]
    panel: Panel


def ring_for(seats: int) -> Ring:
    if seats <= 6:
        return Ring(580, (WIDTH / 2, 290), (315, 232), LARGE)
    return Ring(620, (WIDTH / 2, 310), (322, 236), COMPACT)


ARROW = (240, 170)
"""The radii of the direction arrows, outside the cards in the middle."""

LIGHT: RGB = (246, 240, 222)
DIM: RGB = (170, 186, 170)
PANEL: RGB = mix(FELT, (0, 0, 0), 0.35)
PANEL_OUT: RGB = (70, 74, 72)
ALERT: RGB = (170, 50, 40)
"""The ground of a badge that asks for attention (the match is over, a card must be drawn)."""
SIDE_COLOURS: tuple[RGB, RGB] = ((70, 140, 230), (230, 110, 70))
"""The two sides of a partnership game: side 0 blue, side 1 orange."""


@cache
def mini_back(pack: str, size: tuple[int, int]) -> Image.Image:
    """A small back, for the fans of hidden cards."""
    return back(pack, 0).resize(size, Image.Resampling.LANCZOS)


@cache
def small_card(pack: str, code: str, width: int) -> Stamp:
    """``code``'s face scaled to ``width`` pixels wide."""
    height = round(CARD_H * width / CARD_W)
    return Stamp.of(card(pack, code).resize((width, height), Image.Resampling.LANCZOS))


def table(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An empty table ``height`` pixels high to draw on, and its drawing."""
    canvas = _cloth(height).copy()
    return canvas, ImageDraw.Draw(canvas)


def arrowed_table(
    height: int, centre: tuple[float, float], clockwise: bool
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An empty table with the arrows of play (``direction_arrow``, at ``ARROW``'s radii)
    round ``centre``, and its drawing: the arrows are drawn once for each table and way."""
    canvas = _arrowed_cloth(height, centre, clockwise).copy()
    return canvas, ImageDraw.Draw(canvas)


@cache
def _arrowed_cloth(height: int, centre: tuple[float, float], clockwise: bool) -> Image.Image:
    canvas, draw = table(height)
    direction_arrow(draw, centre, ARROW, clockwise)
    return canvas


@cache
def _cloth(height: int) -> Image.Image:
    """The empty table: the cloth with a lighter oval in the middle."""
    image = Image.new("RGB", (WIDTH, height), FELT)
    ImageDraw.Draw(image).ellipse(
        (90, 70, WIDTH - 91, height - 71), fill=FELT_LIGHT, outline=mix(FELT, WHITE, 0.25), width=3
    )
    return image


def seat_centres(
    seats: int, centre: tuple[float, float], radii: tuple[float, float], clockwise: bool
) -> list[tuple[float, float]]:
    """Seat 0 at the bottom, the others round the table in order of play."""
    cx, cy = centre
    rx, ry = radii
    sense = 1 if clockwise else -1
    return [
        (
            cx + rx * math.cos(math.pi / 2 + sense * 2 * math.pi * s / seats),
            cy + ry * math.sin(math.pi / 2 + sense * 2 * math.pi * s / seats),
        )
        for s in range(seats)
    ]


def direction_arrow(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radii: tuple[float, float],
    clockwise: bool,
) -> None:
    """Two curved arrows round ``centre`` pointing the way play goes."""
    cx, cy = centre
    rx, ry = radii
    colour = mix(FELT_LIGHT, WHITE, 0.3)
    box = (cx - rx, cy - ry, cx + rx, cy + ry)
    for start in (220.0, 40.0):
        end = start + 100
        draw.arc(box, start, end, fill=colour, width=5)
        tip_angle = math.radians(end if clockwise else start)
        tip = (cx + rx * math.cos(tip_angle), cy + ry * math.sin(tip_angle))
        # The arrowhead points along the ellipse's tangent at the tip.
        tangent = (-rx * math.sin(tip_angle), ry * math.cos(tip_angle))
        if not clockwise:
            tangent = (-tangent[0], -tangent[1])
        length = math.hypot(*tangent)
        ux, uy = tangent[0] / length, tangent[1] / length
        size = 16
        draw.polygon(
            [
                (tip[0] + ux * size, tip[1] + uy * size),
                (tip[0] - uy * size * 0.7, tip[1] + ux * size * 0.7),
                (tip[0] + uy * size * 0.7, tip[1] - ux * size * 0.7),
            ],
            fill=colour,
        )


Extra = Callable[[Image.Image, ImageDraw.ImageDraw, Box], None]
"""What a game draws in a seat panel's bottom strip (the box it may fill)."""


def seat_panel(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    style: Panel,
    name: str,
    count: int,
    pack: str,
    *,
    on_turn: bool = False,
    dealer: bool = False,
    out: bool = False,
    outline: RGB | None = None,
    extra: Extra | None = None,
) -> None:
    """One seat: its name, a fan of ``count`` backs and the count, and ``extra`` (tally, chips)
    drawn in the panel's bottom strip."""
    left = round(centre[0] - style.width / 2)
    top = round(centre[1] - style.height / 2)
    right, bottom = left + style.width, top + style.height
    fill = PANEL_OUT if out else PANEL
    edge = GOLD if on_turn else outline or mix(PANEL, WHITE, 0.3)
    _panel_ground(style.width, style.height, fill, edge, 4 if on_turn else 2).lay(
        canvas, (left, top)
    )
    ink = DIM if out else LIGHT
    middle = top + style.line / 2 + 1
    badge = style.line - 8
    room = style.width - 20 - (badge + 4 if dealer else 0)
    shown_name, size = fit(name, room, style.name_size, style.name_size - 4)
    text(draw, (left + 10, middle), shown_name, size, ink, anchor="lm")
    if dealer:
        disc = (right - 8 - badge, middle - badge / 2, right - 8, middle + badge / 2)
        draw.ellipse(disc, fill=WHITE)
        text(draw, (right - 8 - badge / 2, middle), t("D"), badge - 6, INK, bold=True)
    shown = min(count, 10)
    mini = mini_back(pack, style.mini)
    if shown:
        paste(canvas, _fan(pack, style, shown, fill), (left + 10, top + style.line), True)
    fan_right = left + 10 + (shown - 1) * style.spacing + mini.width if shown else left + 10
    fan_middle = top + style.line + mini.height / 2
    words = tn("{n} card", "{n} cards", count)
    text(draw, (fan_right + 8, fan_middle), words, style.name_size - 3, ink, anchor="lm")
    if extra is not None:
        strip_top = top + style.line + mini.height + 2
        extra(canvas, draw, (left + 10, strip_top, right - 10, bottom - 4))


@cache
def _fan(pack: str, style: Panel, shown: int, ground: RGB) -> Image.Image:
    """A fan of ``shown`` small backs on a panel's flat ``ground``, laid once for each count:
    the same pixels as the backs laid one by one on the panel."""
    mini = mini_back(pack, style.mini)
    fan = Image.new("RGB", ((shown - 1) * style.spacing + mini.width, mini.height), ground)
    for i in range(shown):
        fan.paste(mini, (i * style.spacing, 0), mini)
    return fan


@cache
def _panel_ground(width: int, height: int, fill: RGB, edge: RGB, thickness: int) -> Stamp:
    """A seat panel's rounded ground, drawn once for each look."""
    ground = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(ground).rounded_rectangle(
        (0, 0, width, height), radius=10, fill=fill, outline=edge, width=thickness
    )
    return Stamp.of(ground)


def header(draw: ImageDraw.ImageDraw, left: str, right: str = "") -> None:
    """The picture's top line: ``left`` at the left, ``right`` at the right."""
    text(draw, (14, 18), left, 18, LIGHT, anchor="lm")
    if right:
        text(draw, (WIDTH - 14, 18), right, 18, LIGHT, anchor="rm")


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], words: str, colour: RGB) -> None:
    """``words`` on a rounded label centred on ``centre``."""
    size = 17
    width = text_width(words, size) + 24
    x, y = centre
    draw.rounded_rectangle(
        (x - width / 2, y - 15, x + width / 2, y + 15), radius=12, fill=colour, outline=WHITE
    )
    text(draw, (x, y), words, size, WHITE, bold=True)


def ring_of_seats(
    view: Mapping[str, Any],
    pack: str,
    names: list[str],
    top_line: tuple[str, str],
    *,
    clockwise: bool,
    out: Callable[[int], bool],
    extra: Callable[[int], Extra],
    outline: Callable[[int], RGB | None] = lambda seat: None,
) -> tuple[Image.Image, ImageDraw.ImageDraw, tuple[float, float]]:
    """A table of any size: the seats round the middle (``clockwise`` in seat order), each
    with the game's ``extra`` and ``outline`` (None: the panel's own), the header and the
    arrow of play. Reads the view's ``seats``, ``hand_sizes``, ``current``, ``dealer`` and
    ``direction`` (1, or none in the view: play goes in seat order); returns the canvas, its
    drawing and the middle, for the game to lay its cards there."""
    seats = int(view["seats"])
    ring = ring_for(seats)
    centre = ring.centre
    forward = view.get("direction", 1) == 1
    canvas, draw = arrowed_table(ring.height, centre, forward == clockwise)
    header(draw, *top_line)
    places = seat_centres(seats, centre, ring.radii, clockwise=clockwise)
    for seat, place in enumerate(places):
        seat_panel(
            canvas,
            draw,
            place,
            ring.panel,
            names[seat],
            int(view["hand_sizes"][seat]),
            pack,
            on_turn=seat == view["current"],
            dealer=seat == view["dealer"],
            out=out(seat),
            outline=outline(seat),
            extra=extra(seat),
        )
    return canvas, draw, centre


def lay_trick(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    pack: str,
    trick: tuple[Sequence[str], int, int | None],
    seats: int,
    ring: tuple[tuple[float, float], tuple[float, float]],
    width: int,
) -> list[tuple[int, int]]:
    """A trick in the middle: its cards (``trick``: the cards from its leader, the leader's
    seat, and the winner's seat or None) each ``width`` pixels wide in front of the seat that
    played it, on the oval ``ring`` (its centre and radii; seats as ``seat_centres`` places
    them, anticlockwise), the winner's card outlined in gold. Each card's top left corner."""
    cards, leader, winner = trick
    height = round(CARD_H * width / CARD_W)
    places = seat_centres(seats, *ring, clockwise=False)
    corners = []
    for i, code in enumerate(cards):
        seat = (leader + i) % seats
        x, y = round(places[seat][0] - width / 2), round(places[seat][1] - height / 2)
        small_card(pack, code, width).lay(canvas, (x, y))
        if seat == winner:
            box = (x - 4, y - 4, x + width + 3, y + height + 3)
            draw.rounded_rectangle(box, radius=10, outline=GOLD, width=4)
        corners.append((x, y))
    return corners


def tally_bar(tally: int, limit: int) -> Extra:
    """A seat's tally as a bar filling towards ``limit``, green to red, and the figures."""

    def bar(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, bottom = box
        share = min(1.0, tally / limit)
        ground = (left, top + 4, right - 64, bottom - 4)
        draw.rectangle(ground, fill=mix(PANEL, WHITE, 0.15))
        colour = mix((90, 190, 90), (220, 60, 50), share)
        draw.rectangle(
            (ground[0], ground[1], ground[0] + (ground[2] - ground[0]) * share, ground[3]),
            fill=colour,
        )
        text(draw, (right, (top + bottom) / 2), f"{tally}/{limit}", 15, LIGHT, anchor="rm")

    return bar


def disc_row(gold: int, total: int) -> Extra:
    """``total`` discs in a row, the first ``gold`` of them gold and the others hollow (a
    side's deals: those won of those to win)."""

    def row(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, _, bottom = box
        y = (top + bottom) / 2
        for i in range(total):
            x = left + 8 + i * 22
            full = i < gold
            draw.ellipse(
                (x - 8, y - 8, x + 8, y + 8),
                fill=GOLD if full else None,
                outline=GOLD if full else DIM,
                width=2,
            )

    return row


def token_row(left_over: int, total: int) -> Extra:
    """A seat's tokens (chips, lives): the ``left_over`` of ``total`` gold, the lost ones
    hollow; "out" with none left."""
    discs = disc_row(left_over, total)

    def row(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        discs(canvas, draw, box)
        if not left_over:
            left, top, _, bottom = box
            text(draw, (left + 8 + total * 22, (top + bottom) / 2), t("out"), 15, DIM, anchor="lm")

    return row


def colour_strip(colour: RGB) -> Extra:
    """A bar in ``colour`` (a seat's side, in a partnership game)."""

    def strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, bottom = box
        middle = (top + bottom) / 2
        bar = (left, middle - 3, right, middle + 3)
        draw.rounded_rectangle(bar, radius=3, fill=colour)

    return strip


@dataclass(frozen=True)
class Board:
    """A game's board painter (``bot.gallery`` loads it), and the board the shared palette
    learns from: after ``moves`` random moves at ``seats`` seats (``bot.gallery.prepare``)."""

    paint: Callable[[Any, list[str]], Image.Image]
    """Draws the game's public view (its spec's ``types.view``) with the seats' names."""
    seats: int
    moves: int
    packs: tuple[Pack, ...] = ()
    """Packs of the game's own, not among ``bot.pictures.deck``'s (its spec names its pack)."""


def seat_names(view: View, names: Sequence[str] | None) -> list[str]:
    """The seats' names: ``names``, or "Seat 0", "Seat 1", ... when not given (or not one a
    seat)."""
    seats = int(view["seats"])
    if names is not None and len(names) == seats:
        return list(names)
    return [t("Seat {n}", n=s) for s in range(seats)]


OPEN_CARD = 64
"""The width of a card in the open hands below a replay's board."""
OPEN_GAP = 6
OPEN_NAME = 28  # the height of a hand's name line


def open_row(cards: int, width: int) -> tuple[int, int]:
    """The cards a row of an open hand holds, and the step between two of them: side by side
    where they fit, overlapping down to a third of a card, in more rows beyond that."""
    least = OPEN_CARD // 3
    per_row = max(1, min(cards, 1 + (width - OPEN_CARD) // least))
    rows = -(-cards // per_row)
    per_row = -(-cards // rows)
    step = OPEN_CARD + OPEN_GAP
    if per_row > 1:
        step = min(step, (width - OPEN_CARD) // (per_row - 1))
    return per_row, step


def open_hands(
    board: Image.Image, pack: str, names: Sequence[str], hands: Sequence[Sequence[str]]
) -> Image.Image:
    """``board`` with every seat's hand face up below it, each under its seat's name, in seat
    order: two side by side where every hand fits in one row of half the width (a finished
    deal's replay: nothing is hidden any more)."""
    margin = 14
    card_h = round(CARD_H * OPEN_CARD / CARD_W)
    whole = board.width - 2 * margin
    half = (whole - 2 * margin) // 2
    columns = 2 if all(open_row(len(h), half)[0] == len(h) for h in hands if h) else 1
    width = half if columns == 2 else whole
    layouts = [open_row(len(hand), width) if hand else (1, 0) for hand in hands]
    heights = [
        OPEN_NAME + -(-len(hand) // per_row) * (card_h + OPEN_GAP)
        for hand, (per_row, _) in zip(hands, layouts, strict=True)
    ]
    lines = [max(heights[i : i + columns]) for i in range(0, len(hands), columns)]
    canvas = Image.new("RGB", (board.width, board.height + sum(lines) + margin), FELT)
    canvas.paste(board, (0, 0))
    draw = ImageDraw.Draw(canvas)
    for seat, (name, hand, (per_row, step)) in enumerate(zip(names, hands, layouts, strict=True)):
        line, column = divmod(seat, columns)
        left = margin + column * (half + 2 * margin)
        top = board.height + sum(lines[:line])
        words = tn("{name}: {n} card", "{name}: {n} cards", len(hand), name=name)
        shown, size = fit(words, width, 17, 12)
        text(draw, (left, top + OPEN_NAME / 2), shown, size, LIGHT, anchor="lm")
        for i, code in enumerate(hand):
            row, place = divmod(i, per_row)
            xy = (left + place * step, top + OPEN_NAME + row * (card_h + OPEN_GAP))
            small_card(pack, code, OPEN_CARD).lay(canvas, xy)
    return canvas
