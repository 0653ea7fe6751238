"""The public board of each game as a picture, from the engine's public view
(``rules.view(state, None)``).

Seats sit round the table with their names, a fan of backs for the cards they hold and their
count, their tally or chips; the seat on turn is outlined in gold and the dealer wears a "D".
An arrow round the middle shows the direction of play. In the middle: Centocinque's stock and
top card (with what the top card asks of the next player), One Hundred's pile total and top
card, Minchiate's trick as a cross (each card in front of the seat that played it), the
partnerships' points and resti.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.cento.engine import CHIPS
from bot.games.cento.views import CentoView
from bot.games.centocinque.engine import ELIMINATION
from bot.games.centocinque.text import SUITS
from bot.games.centocinque.views import CentocinqueView
from bot.games.minchiate.views import MinchiateView
from bot.i18n import N_, t, tn
from bot.pictures.compose import FELT, FELT_LIGHT
from bot.pictures.deck import back, back_stamp, card, card_stamp, pack_of
from bot.pictures.draw import GOLD, INK, RGB, WHITE, Stamp, fit, mix, text, text_width
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
SIDE_COLOURS: tuple[RGB, RGB] = ((70, 140, 230), (230, 110, 70))
"""Minchiate: seats 0 and 2 are side A (blue), seats 1 and 3 side B (orange)."""


@cache
def mini_back(pack: str, size: tuple[int, int]) -> Image.Image:
    """A small back, for the fans of hidden cards."""
    return back(pack, 0).resize(size, Image.Resampling.LANCZOS)


@cache
def small_card(pack: str, code: str, width: int) -> Stamp:
    """``code``'s face scaled to ``width`` pixels wide."""
    height = round(CARD_H * width / CARD_W)
    return Stamp.of(card(pack, code).resize((width, height), Image.Resampling.LANCZOS))


@cache
def _table(height: int) -> Image.Image:
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


def _cards_word(n: int) -> str:
    return tn("{n} card", "{n} cards", n)


Extra = Callable[[Image.Image, ImageDraw.ImageDraw, Box], None]


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
    for i in range(shown):
        canvas.paste(mini, (left + 10 + i * style.spacing, top + style.line), mini)
    fan_right = left + 10 + (shown - 1) * style.spacing + mini.width if shown else left + 10
    fan_middle = top + style.line + mini.height / 2
    words = _cards_word(count)
    text(draw, (fan_right + 8, fan_middle), words, style.name_size - 3, ink, anchor="lm")
    if extra is not None:
        strip_top = top + style.line + mini.height + 2
        extra(canvas, draw, (left + 10, strip_top, right - 10, bottom - 4))


@cache
def _panel_ground(width: int, height: int, fill: RGB, edge: RGB, thickness: int) -> Stamp:
    """A seat panel's rounded ground, drawn once for each look."""
    ground = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    ImageDraw.Draw(ground).rounded_rectangle(
        (0, 0, width, height), radius=10, fill=fill, outline=edge, width=thickness
    )
    return Stamp.of(ground)


def _header(draw: ImageDraw.ImageDraw, left: str, right: str = "") -> None:
    text(draw, (14, 18), left, 18, LIGHT, anchor="lm")
    if right:
        text(draw, (WIDTH - 14, 18), right, 18, LIGHT, anchor="rm")


def _names(view: View, names: Sequence[str] | None) -> list[str]:
    seats = int(view["seats"])
    if names is not None and len(names) == seats:
        return list(names)
    return [t("Seat {n}", n=s) for s in range(seats)]


def _badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], words: str, colour: RGB) -> None:
    """``words`` on a rounded label centred on ``centre``."""
    size = 17
    width = text_width(words, size) + 24
    x, y = centre
    draw.rounded_rectangle(
        (x - width / 2, y - 15, x + width / 2, y + 15), radius=12, fill=colour, outline=WHITE
    )
    text(draw, (x, y), words, size, WHITE, bold=True)


# -- Centocinque ----------------------------------------------------------------------------------


def _ring_board(
    view: CentocinqueView | CentoView,
    game: str,
    names: list[str],
    header: tuple[str, str],
    *,
    clockwise: bool,
    out: Callable[[int], bool],
    extra: Callable[[int], Extra],
) -> tuple[Image.Image, ImageDraw.ImageDraw, tuple[float, float]]:
    """Seats round the middle of the table (``clockwise`` in seat order), each with its
    game's ``extra``, the header and the arrow of play; returns the canvas, its drawing and
    the middle, for the game to lay its cards there."""
    pack = pack_of(game)
    seats = int(view["seats"])
    ring = ring_for(seats)
    canvas = _table(ring.height).copy()
    draw = ImageDraw.Draw(canvas)
    centre = ring.centre
    # Play goes in seat order when the direction is 1.
    direction_arrow(draw, centre, ARROW, clockwise=(view["direction"] == 1) == clockwise)
    _header(draw, *header)
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
            extra=extra(seat),
        )
    return canvas, draw, centre


def _tally_bar(tally: int) -> Extra:
    """A Centocinque seat's tally, as a bar filling towards elimination."""

    def bar(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, bottom = box
        share = min(1.0, tally / ELIMINATION)
        ground = (left, top + 4, right - 64, bottom - 4)
        draw.rectangle(ground, fill=mix(PANEL, WHITE, 0.15))
        colour = mix((90, 190, 90), (220, 60, 50), share)
        draw.rectangle(
            (ground[0], ground[1], ground[0] + (ground[2] - ground[0]) * share, ground[3]),
            fill=colour,
        )
        text(draw, (right, (top + bottom) / 2), f"{tally}/{ELIMINATION}", 15, LIGHT, anchor="rm")

    return bar


def _centocinque(view: CentocinqueView, names: list[str]) -> Image.Image:
    pack = pack_of("centocinque")
    canvas, draw, centre = _ring_board(
        view,
        "centocinque",
        names,
        (t("Centocinque · hand {n}", n=view["hand_no"]), ""),
        clockwise=False,
        out=lambda seat: bool(view["out"][seat]),
        extra=lambda seat: _tally_bar(int(view["tallies"][seat])),
    )
    stock = back_stamp(pack, 0)
    sx, sy = centre[0] - 95, centre[1] - 10
    for i in range(min(3, int(view["stock"]))):
        stock.lay(canvas, (round(sx - CARD_W / 2 + 3 * i), round(sy - CARD_H / 2 - 3 * i)))
    text(draw, (sx, sy + CARD_H / 2 + 16), t("stock {n}", n=view["stock"]), 16, LIGHT)
    tx = centre[0] + 95
    if view["top"]:
        card_stamp(pack, view["top"]).lay(canvas, (round(tx - CARD_W / 2), round(sy - CARD_H / 2)))
    else:
        draw.rounded_rectangle(
            (tx - CARD_W / 2, sy - CARD_H / 2, tx + CARD_W / 2, sy + CARD_H / 2),
            radius=10,
            outline=LIGHT,
            width=2,
        )
    status = _centocinque_status(view)
    if status:
        _badge(draw, (tx, sy + CARD_H / 2 + 18), status, (170, 50, 40))
    return canvas


def _centocinque_status(view: CentocinqueView) -> str:
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


# -- One Hundred -----------------------------------------------------------------------------------


def _chips_row(chips: int) -> Extra:
    """A One Hundred seat's chips: full ones gold, lost ones hollow; "out" with none left."""

    def row(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, _, bottom = box
        y = (top + bottom) / 2
        for i in range(CHIPS):
            x = left + 8 + i * 22
            full = i < chips
            draw.ellipse(
                (x - 8, y - 8, x + 8, y + 8),
                fill=GOLD if full else None,
                outline=GOLD if full else DIM,
                width=2,
            )
        if not chips:
            text(draw, (left + 8 + CHIPS * 22, y), t("out"), 15, DIM, anchor="lm")

    return row


def _cento(view: CentoView, names: list[str]) -> Image.Image:
    pack = pack_of("cento")
    canvas, draw, centre = _ring_board(
        view,
        "cento",
        names,
        (t("One Hundred · round {n}", n=view["round"]), t("stock {n}", n=view["stock"])),
        clockwise=True,
        out=lambda seat: int(view["chips"][seat]) == 0,
        extra=lambda seat: _chips_row(int(view["chips"][seat])),
    )
    cy = centre[1]
    tx = centre[0] + 80
    if view["top"]:
        card_stamp(pack, view["top"]).lay(canvas, (round(tx - CARD_W / 2), round(cy - CARD_H / 2)))
    total_x = centre[0] - 85
    draw.ellipse((total_x - 62, cy - 62, total_x + 62, cy + 62), fill=PANEL, outline=GOLD, width=4)
    total = int(view["total"])
    text(draw, (total_x, cy - 8), str(total), 50 if abs(total) < 100 else 42, WHITE, bold=True)
    text(draw, (total_x, cy + 34), t("of 100"), 15, LIGHT)
    if view["over"]:
        _badge(draw, (centre[0], cy + CARD_H / 2 + 20), t("Match over"), (170, 50, 40))
    return canvas


# -- Minchiate ------------------------------------------------------------------------------------

TRICK_W = 112
TRICK_H = round(CARD_H * TRICK_W / CARD_W)
TRICK_PLACES = {0: (0, 88), 1: (132, 0), 2: (0, -88), 3: (-132, 0)}
"""Where each seat's card of a trick lies, from the table's centre."""
PHASES = {
    "discard": N_("discarding"),
    "declare": N_("declarations"),
    "play": N_("trick {n} of 21"),
    "over": N_("the deal is over"),
}


def _minchiate(view: MinchiateView, names: list[str]) -> Image.Image:
    pack = pack_of("minchiate")
    height = 640
    canvas = _table(height).copy()
    draw = ImageDraw.Draw(canvas)
    centre = (WIDTH / 2, height / 2 + 6)
    direction_arrow(draw, centre, ARROW, clockwise=False)
    places = seat_centres(4, centre, (315, 250), clockwise=False)
    for seat, place in enumerate(places):
        seat_panel(
            canvas,
            draw,
            place,
            LARGE,
            names[seat],
            int(view["hand_sizes"][seat]),
            pack,
            on_turn=seat == view["current"],
            dealer=seat == view["dealer"],
            outline=SIDE_COLOURS[seat % 2],
            extra=_side_strip(seat % 2),
        )
    _minchiate_scores(draw, view, names)
    done = len(view["tricks"])
    phase = PHASES[view["phase"]]
    trick_no = done + 1 if view["trick"] or done < 21 else done
    text(
        draw,
        (WIDTH - 14, 18),
        t(phase, n=trick_no) if "{n}" in phase else t(phase),
        18,
        LIGHT,
        anchor="rm",
    )
    cards: list[str] = list(view["trick"])
    leader = view["leader"]
    winner = None
    if not cards and view["tricks"]:
        last = view["tricks"][-1]
        cards, leader, winner = list(last["cards"]), last["leader"], last["winner"]
        caption = t("last trick: {who}", who=names[winner])
        caption, size = fit(caption, 300, 16, 12)
        text(draw, (WIDTH - 14, 42), caption, size, LIGHT, anchor="rm")
    if leader is None:
        return canvas
    for i, code in enumerate(cards):
        seat = (int(leader) + i) % 4
        face = small_card(pack, code, TRICK_W)
        width, height = face.middle.width, TRICK_H
        dx, dy = TRICK_PLACES[seat]
        x = round(centre[0] + dx - width / 2)
        y = round(centre[1] + dy - height / 2)
        face.lay(canvas, (x, y))
        if seat == winner:
            box = (x - 4, y - 4, x + width + 3, y + height + 3)
            draw.rounded_rectangle(box, radius=10, outline=GOLD, width=4)
    return canvas


def _side_strip(side: int) -> Extra:
    """A bar in the colour of the seat's partnership."""

    def strip(canvas: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        left, top, right, bottom = box
        middle = (top + bottom) / 2
        bar = (left, middle - 3, right, middle + 3)
        draw.rounded_rectangle(bar, radius=3, fill=SIDE_COLOURS[side])

    return strip


def _minchiate_scores(draw: ImageDraw.ImageDraw, view: MinchiateView, names: list[str]) -> None:
    """The two partnerships' points and resti, top left: the partners' names over their
    figures, beside a swatch of the side's colour."""
    for side in (0, 1):
        top = 8 + side * 50
        draw.rounded_rectangle((12, top + 3, 24, top + 41), radius=4, fill=SIDE_COLOURS[side])
        pair = t("{a} & {b}", a=names[side], b=names[side + 2])
        pair, size = fit(pair, 270, 16, 12)
        text(draw, (32, top + 11), pair, size, LIGHT, anchor="lm")
        figures = t(
            "{points} points · {resti} resti",
            points=view["points"][side],
            resti=view["resti"][side],
        )
        text(draw, (32, top + 32), figures, 19, WHITE, anchor="lm")


@dataclass(frozen=True)
class Board:
    """A game's board painter, and the board the shared palette learns from: after
    ``moves`` random moves at ``seats`` seats (``bot.pictures.output``)."""

    paint: Callable[[Any, list[str]], Image.Image]
    """Draws the game's public view (its spec's ``types.view``) with the seats' names."""
    seats: int
    moves: int


BOARDS: dict[str, Board] = {
    "centocinque": Board(_centocinque, 4, 30),
    "cento": Board(_cento, 12, 20),
    "minchiate": Board(_minchiate, 4, 50),
}
"""Each game's board, by its spec's name. The painters live here, not in the game's spec:
the games import no Pillow."""


def board_picture(game: str, view: View, names: Sequence[str] | None = None) -> Image.Image:
    """The public board of ``game`` from its public ``view``; ``names`` are the seats' names
    ("Seat 0", "Seat 1", ... when not given)."""
    if game not in BOARDS:
        raise ValueError(f"no board for {game!r}")
    return BOARDS[game].paint(view, _names(view, names))
