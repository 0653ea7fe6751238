"""Minchiate's board as a picture (``bot.pictures``): the four seats in their sides' colours,
the partnerships' points and resti, the phase of the deal, and the trick as a cross (each
card in front of the seat that played it; after a trick, the last one with its winner's card
outlined)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.minchiate.spec import SPEC
from bot.games.minchiate.views import MinchiateView
from bot.i18n import N_, t, tn
from bot.pictures.boards import (
    LARGE,
    LIGHT,
    SIDE_COLOURS,
    WIDTH,
    Board,
    arrowed_table,
    colour_strip,
    seat_centres,
    seat_panel,
    small_card,
)
from bot.pictures.draw import GOLD, WHITE, fit, text
from bot.pictures.faces import CARD_H, CARD_W

HEIGHT = 640
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


def paint(view: MinchiateView, names: list[str]) -> Image.Image:
    centre = (WIDTH / 2, HEIGHT / 2 + 6)
    canvas, draw = arrowed_table(HEIGHT, centre, clockwise=False)
    places = seat_centres(4, centre, (315, 250), clockwise=False)
    for seat, place in enumerate(places):
        seat_panel(
            canvas,
            draw,
            place,
            LARGE,
            names[seat],
            int(view["hand_sizes"][seat]),
            SPEC.pack,
            on_turn=seat == view["current"],
            dealer=seat == view["dealer"],
            outline=SIDE_COLOURS[seat % 2],
            extra=colour_strip(SIDE_COLOURS[seat % 2]),
        )
    _scores(draw, view, names)
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
        face = small_card(SPEC.pack, code, TRICK_W)
        width, height = face.middle.width, TRICK_H
        dx, dy = TRICK_PLACES[seat]
        x = round(centre[0] + dx - width / 2)
        y = round(centre[1] + dy - height / 2)
        face.lay(canvas, (x, y))
        if seat == winner:
            box = (x - 4, y - 4, x + width + 3, y + height + 3)
            draw.rounded_rectangle(box, radius=10, outline=GOLD, width=4)
    return canvas


def _scores(draw: ImageDraw.ImageDraw, view: MinchiateView, names: list[str]) -> None:
    """The two partnerships' points and resti, top left: the partners' names over their
    figures, beside a swatch of the side's colour."""
    for side in (0, 1):
        top = 8 + side * 50
        draw.rounded_rectangle((12, top + 3, 24, top + 41), radius=4, fill=SIDE_COLOURS[side])
        pair = t("{a} & {b}", a=names[side], b=names[side + 2])
        pair, size = fit(pair, 270, 16, 12)
        text(draw, (32, top + 11), pair, size, LIGHT, anchor="lm")
        points, resti = int(view["points"][side]), int(view["resti"][side])
        figures = " · ".join(
            (tn("{n} point", "{n} points", points), tn("{n} resto", "{n} resti", resti))
        )
        text(draw, (32, top + 32), figures, 19, WHITE, anchor="lm")


PAINTER = Board(paint, seats=4, moves=50)
