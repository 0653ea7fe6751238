"""Pictures made of cards: a hand, a pack's contact sheet, and PNG encoding.

Every function takes card codes and returns an image or PNG bytes; nothing here reads or
writes a file.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from bot.pictures.deck import back, card, card_stamp, pack_of
from bot.pictures.draw import RGB, mix, text
from bot.pictures.faces import CARD_H, CARD_W

FELT: RGB = (30, 98, 66)
"""The table's cloth, behind every composition."""
FELT_LIGHT: RGB = mix(FELT, (255, 255, 255), 0.12)
SHADOW = (0, 0, 0, 70)

HAND_ROW = 12
"""At most this many cards a row in a hand; more make more rows."""
HAND_WIDTH = 780
"""A hand's picture is at most this wide (Discord shows an embed's image about 400 px wide,
and opens it larger on a click)."""
RAISE = 18
"""How far a playable card stands above the others."""
ROW_STEP = 122
"""Rows of a hand overlap: each shows the top of the row above, its indices whole."""
GAP = 8
MARGIN = 12


def fan_positions(count: int) -> list[tuple[int, int]]:
    """Where each of ``count`` cards goes in a hand (top left corners, before raising)."""
    if count == 0:
        return []
    rows = math.ceil(count / HAND_ROW)
    per_row = math.ceil(count / rows)
    if per_row <= 1:
        step = CARD_W + GAP
    else:
        step = min(CARD_W + GAP, (HAND_WIDTH - 2 * MARGIN - CARD_W) // (per_row - 1))
    return [
        (MARGIN + (i % per_row) * step, MARGIN + RAISE + (i // per_row) * ROW_STEP)
        for i in range(count)
    ]


def hand_picture(
    pack: str, cards: Sequence[str], legal: Collection[str] | None = None
) -> Image.Image:
    """A hand of ``pack``'s cards as an image: the cards in the order given, in overlapping
    rows, the ``legal`` ones raised and the rest dimmed (``None``: all shown alike)."""
    size, laid = hand_layout(cards, legal)
    canvas = Image.new("RGB", size, FELT)
    for code, xy, dim in laid:
        card_stamp(pack, code, dim).lay(canvas, xy)
    return canvas


def hand_layout(
    cards: Sequence[str], legal: Collection[str] | None
) -> tuple[tuple[int, int], list[tuple[str, tuple[int, int], bool]]]:
    """A hand's size, and each card with its top left corner and whether it is dimmed, in
    the order they are laid (see :func:`hand_picture`)."""
    places = fan_positions(len(cards))
    width = max((x for x, _ in places), default=MARGIN) + CARD_W + MARGIN
    height = max((y for _, y in places), default=MARGIN + RAISE) + CARD_H + MARGIN
    laid = []
    for code, (x, y) in zip(cards, places, strict=True):
        playable = legal is None or code in legal
        raised = legal is not None and playable
        laid.append((code, (x, y - RAISE if raised else y), not playable))
    return (width, height), laid


# -- contact sheets -------------------------------------------------------------------------------


def sheet_title(pack: str, games: Sequence[str] = ()) -> str:
    """A contact sheet's title: the pack, and the ``games`` played with it (in English, as the
    sheets are made for the docs)."""
    title = pack_of(pack).title
    return f"{title} ({', '.join(games)})" if games else title


def contact_sheet(pack: str, games: Sequence[str] = ()) -> Image.Image:
    """Every card of ``pack`` and its backs, on the table's cloth, under a title naming the
    ``games`` played with it."""
    rows = pack_of(pack).rows()
    columns = max(len(row) for row in rows)
    top = 56
    width = 2 * MARGIN + columns * (CARD_W + GAP) - GAP
    height = top + MARGIN + len(rows) * (CARD_H + GAP) - GAP
    sheet = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(sheet)
    text(draw, (MARGIN, top / 2), sheet_title(pack, games), 30, (250, 246, 230), anchor="lm")
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            face = back(pack, item) if isinstance(item, int) else card(pack, item)
            sheet.paste(face, (MARGIN + c * (CARD_W + GAP), top + r * (CARD_H + GAP)), face)
    return sheet
