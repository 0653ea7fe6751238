"""The card faces of the three packs, drawn from their codes: the Italian 40-card pack, the
French 52-card pack and the Florentine pack (97 cards: 40 trumps, the Matto and four Italian
suits of 14).

Every card is :data:`CARD_W` x :data:`CARD_H` pixels with rounded, transparent corners. A corner
index (the rank, and the suit's sign under it) sits at the top left and, turned round, at the
bottom right, so a card stays known when a hand overlaps it. The suits' colours differ
(Italian: coppe red, denari ochre, spade blue, bastoni green; French: red and black; the
Florentine trumps purple on parchment), and the trumps carry Arabic numbers, as in the rules
and the card names. Courts and trumps carry their Italian names, as printed cards do, in
every language: a face is drawn once and shared by all.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.draw import INK, RGB, WHITE, mix, rounded_mask, text, wrap
from bot.pictures.symbols import BLACK, ITALIAN_INK, RED, sprite

CARD_W, CARD_H = 150, 220
RADIUS = 10
INDEX_W, INDEX_H = 32, 62
"""The corner index block: rank over suit sign."""
INDEX_X, INDEX_Y = 4, 6

IVORY: RGB = (251, 247, 236)
PARCHMENT: RGB = (246, 232, 196)
FRENCH_FACE: RGB = (255, 255, 255)

# Where the pips go, in the pip area (0..1 both ways, y down), by count.
_SIDES = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
PIP_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.0), (0.5, 1.0)],
    3: [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    4: _SIDES,
    5: [*_SIDES, (0.5, 0.5)],
    6: [*_SIDES, (0.0, 0.5), (1.0, 0.5)],
    7: [*_SIDES, (0.0, 0.5), (1.0, 0.5), (0.5, 0.25)],
    8: [*_SIDES, (0.0, 0.5), (1.0, 0.5), (0.5, 0.25), (0.5, 0.75)],
    9: [*_SIDES, (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3), (0.5, 0.5)],
    10: [
        *_SIDES,
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 1 / 6),
        (0.5, 5 / 6),
    ],
}
PIP_AREA = (54, 36, 96, 184)
"""Left, top, right, bottom of the pips' centres on the card."""


@lru_cache(maxsize=16)
def blank(face: RGB, border: RGB, frame: RGB | None = None) -> Image.Image:
    """An empty card: ``face`` coloured, a ``border`` line, and an inner ``frame`` line."""
    scale = 4
    big = Image.new("RGBA", (CARD_W * scale, CARD_H * scale), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, big.width - 1, big.height - 1),
        radius=RADIUS * scale,
        fill=face,
        outline=border,
        width=2 * scale,
    )
    if frame is not None:
        inset = 4 * scale
        draw.rounded_rectangle(
            (inset, inset, big.width - 1 - inset, big.height - 1 - inset),
            radius=(RADIUS - 3) * scale,
            outline=frame,
            width=scale,
        )
    card = big.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
    card.putalpha(rounded_mask(CARD_W, CARD_H, RADIUS))
    return card


def paste(card: Image.Image, picture: Image.Image, cx: float, cy: float) -> None:
    """``picture`` centred on ``(cx, cy)``, through its own transparency."""
    card.alpha_composite(picture, (round(cx - picture.width / 2), round(cy - picture.height / 2)))


def corner_index(
    card: Image.Image,
    label: str,
    ink: RGB,
    sign: Image.Image | None,
    both: bool = True,
    nines: bool = True,
) -> None:
    """``label`` over ``sign`` at the top left and, if ``both``, the same turned round at the
    bottom right; in a pack with ``nines``, a 6 and a 9 are underlined."""
    block = Image.new("RGBA", (INDEX_W, INDEX_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(block)
    if label:
        size = 30 if len(label) == 1 else 24
        text(draw, (INDEX_W / 2, 4), label, size, ink, anchor="mt", bold=True)
        if label in ("6", "9") and nines:  # underlined: a 6 and a 9 upside down differ
            draw.line((INDEX_W / 2 - 8, 29, INDEX_W / 2 + 8, 29), fill=ink, width=2)
    if sign is not None:
        paste(block, sign, INDEX_W / 2, 46 if label else INDEX_H / 2)
    card.alpha_composite(block, (INDEX_X, INDEX_Y))
    if not both:
        return
    turned = block.transpose(Image.Transpose.ROTATE_180)
    card.alpha_composite(turned, (CARD_W - INDEX_X - INDEX_W, CARD_H - INDEX_Y - INDEX_H))


def pips(card: Image.Image, suit: str, count: int, turn_lower: bool) -> None:
    """``count`` signs of ``suit`` in the usual pattern; ``turn_lower``: the lower half's signs
    upside down, as on French cards."""
    size = {1: 80, 2: 44, 3: 40}.get(count, 34 if count <= 6 else 27)
    left, top, right, bottom = PIP_AREA
    for x, y in PIP_LAYOUTS[count]:
        flip = turn_lower and y > 0.5
        sign = sprite(suit, size, tint=_french_tint(suit), flip=flip)
        paste(card, sign, left + x * (right - left), top + y * (bottom - top))


def label_band(
    card: Image.Image, words: str, ink: RGB, box: tuple[int, int, int, int], largest: int = 17
) -> None:
    """``words`` on a pale band (left, top, right, bottom), in one or two lines."""
    draw = ImageDraw.Draw(card)
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=6, fill=WHITE, outline=ink)
    lines, size = wrap(words, right - left - 8, largest, 9)
    middle = (top + bottom) / 2
    step = size + 1
    for i, line in enumerate(lines):
        y = middle + (i - (len(lines) - 1) / 2) * step
        text(draw, ((left + right) / 2, y), line, size, ink)


def _french_tint(suit: str) -> RGB:
    return RED if suit in "HD" else BLACK


# -- the Italian 40-card pack and the Florentine suit cards ----------------------------------

ITALIAN_FIGURES = {"R": "king", "Q": "queen", "C": "horse", "F": "knave"}
ITALIAN_COURTS = {"F": "Fante", "C": "Cavallo", "R": "Re"}
"""The courts' names as the Italian pack prints them."""


def _suit_card(code: str, label: str, court_name: str | None, florentine: bool) -> Image.Image:
    """An Italian-suited card: pips for a numeral, a figure for a court."""
    rank, suit = code[:-1], code[-1]
    ink = ITALIAN_INK[suit]
    card = blank(IVORY, INK, mix(ink, IVORY, 0.45)).copy()
    corner_index(card, label, ink, sprite(suit, 24), nines=florentine)
    if court_name is None:
        pips(card, suit, 1 if rank == "A" else int(rank), turn_lower=False)
        return card
    figure = ITALIAN_FIGURES[rank]
    if florentine and figure == "knave" and suit in "cd":
        figure = "maid"  # the Fantina of coppe and denari
    paste(card, sprite(figure, 84, tint=mix(ink, WHITE, 0.1)), CARD_W / 2, 84)
    paste(card, sprite(suit, 46), CARD_W / 2, 154)
    label_band(card, court_name, ink, (INDEX_X + INDEX_W + 2, 184, CARD_W - 40, 208), 15)
    return card


def italian_face(code: str) -> Image.Image:
    """A card of the Italian 40-card pack: ``A``..``7``, ``F``, ``C``, ``R`` of ``c d s b``."""
    rank = code[:-1]
    return _suit_card(code, rank, ITALIAN_COURTS.get(rank), florentine=False)


# -- the French 52-card pack --------------------------------------------------------------

FRENCH_FIGURES = {"K": "king", "Q": "queen", "J": "knave"}
FRENCH_ROBES = {"H": (196, 30, 44), "D": (214, 120, 20), "S": (36, 56, 130), "C": (30, 100, 60)}


def french_face(code: str) -> Image.Image:
    """A card of the French pack: ``A``, ``2``..``9``, ``T``, ``J``, ``Q``, ``K`` of ``S H D C``."""
    rank, suit = code[:-1], code[-1]
    ink = _french_tint(suit)
    card = blank(FRENCH_FACE, INK).copy()
    corner_index(card, "10" if rank == "T" else rank, ink, sprite(suit, 22, tint=ink))
    if rank not in FRENCH_FIGURES:
        pips(card, suit, 1 if rank == "A" else 10 if rank == "T" else int(rank), turn_lower=True)
        return card
    draw = ImageDraw.Draw(card)
    panel = (40, 24, CARD_W - 41, CARD_H - 25)
    draw.rectangle(panel, fill=mix(FRENCH_ROBES[suit], WHITE, 0.85), outline=ink, width=2)
    figure, robe = FRENCH_FIGURES[rank], FRENCH_ROBES[suit]
    paste(card, sprite(figure, 66, 82, tint=robe), CARD_W / 2, 24 + 43)
    paste(card, sprite(figure, 66, 82, tint=robe, flip=True), CARD_W / 2, CARD_H - 25 - 43)
    draw.line((42, CARD_H / 2, CARD_W - 43, CARD_H / 2), fill=ink, width=1)
    paste(card, sprite(suit, 20, tint=ink), CARD_W - 55, 38)
    paste(card, sprite(suit, 20, tint=ink, flip=True), 54, CARD_H - 39)
    return card


# -- the Florentine pack -------------------------------------------------------------------------

FOOL = "M"
"""The Matto's code; the trumps are ``T1``..``T40``."""
FLORENTINE_COURTS = {"R": "Re", "Q": "Regina", "C": "Cavallo", "F": "Fante"}
"""The courts' names as the Florentine pack prints them (the Fante of coppe and denari is
a Fantina)."""
TRUMP_NAMES = (
    "",
    "Papa uno",
    "Granduca",
    "Imperatore d'Occidente",
    "Imperatore d'Oriente",
    "Amore",
    "Temperanza",
    "Fortezza",
    "Giustizia",
    "Ruota",
    "Carro",
    "Tempo",
    "Appeso",
    "Morte",
    "Diavolo",
    "Casa del Diavolo",
    "Speranza",
    "Prudenza",
    "Fede",
    "Carità",
    "Fuoco",
    "Acqua",
    "Terra",
    "Aria",
    "Bilancia",
    "Vergine",
    "Scorpione",
    "Ariete",
    "Capricorno",
    "Sagittario",
    "Cancro",
    "Pesci",
    "Acquario",
    "Leone",
    "Toro",
    "Gemelli",
    "Stella",
    "Luna",
    "Sole",
    "Mondo",
    "Trombe",
)
"""Each trump's name as printed under its picture (``TRUMP_NAMES[n]`` is trump ``n``'s)."""

TRUMP_EMBLEMS: dict[int, str] = {
    1: "mitre",
    2: "crown",
    3: "crown",
    4: "crown",
    5: "love",
    6: "c",
    7: "column",
    8: "scales",
    9: "wheel",
    10: "horse",
    11: "hourglass",
    12: "hanged",
    13: "scythe",
    14: "trident",
    15: "tower",
    16: "anchor",
    17: "mirror",
    18: "cross",
    19: "H",
    20: "flame",
    21: "waves",
    22: "mountains",
    23: "cloud",
    24: "scales",
    **dict.fromkeys(range(25, 36), "medallion"),
    36: "star",
    37: "moon",
    38: "sun",
    39: "globe",
    40: "trumpet",
}
TRUMP_INK = ITALIAN_INK["t"]
_ZODIAC_TINTS: list[RGB] = [
    (200, 60, 60),
    (60, 140, 200),
    (220, 140, 30),
    (110, 170, 60),
    (170, 80, 190),
    (40, 160, 150),
    (210, 90, 150),
    (120, 120, 200),
    (200, 170, 40),
    (150, 90, 50),
    (80, 180, 100),
]


MEDALLION = (36, 40, CARD_W - 24, 40 + 90)


def _trump(n: int) -> Image.Image:
    card = blank(PARCHMENT, INK, TRUMP_INK).copy()
    corner_index(card, str(n), TRUMP_INK, sprite("star", 22), both=False, nines=False)
    draw = ImageDraw.Draw(card)
    draw.ellipse(MEDALLION, fill=(255, 250, 232), outline=TRUMP_INK, width=2)
    emblem = TRUMP_EMBLEMS[n]
    tint = _ZODIAC_TINTS[n - 25] if emblem == "medallion" else RED
    cx, cy = (MEDALLION[0] + MEDALLION[2]) / 2, (MEDALLION[1] + MEDALLION[3]) / 2
    paste(card, sprite(emblem, 66, tint=tint), cx, cy)
    text(draw, (CARD_W / 2, 150), str(n), 26, TRUMP_INK, bold=True)
    label_band(card, TRUMP_NAMES[n], TRUMP_INK, (10, 166, CARD_W - 11, 210), 18)
    return card


def _matto() -> Image.Image:
    ink = ITALIAN_INK["m"]
    hat = (60, 120, 60)
    card = blank((232, 240, 222), INK, ink).copy()
    corner_index(card, "", ink, sprite("jester", 30, tint=hat), both=False)
    draw = ImageDraw.Draw(card)
    draw.ellipse(MEDALLION, fill=(250, 252, 244), outline=ink, width=2)
    cx, cy = (MEDALLION[0] + MEDALLION[2]) / 2, (MEDALLION[1] + MEDALLION[3]) / 2
    paste(card, sprite("jester", 74, tint=hat), cx, cy)
    label_band(card, "Matto", ink, (10, 166, CARD_W - 11, 210), 18)
    return card


def florentine_face(code: str) -> Image.Image:
    """A card of the Florentine pack: ``T1``..``T40``, ``M`` (the Matto), or rank + suit
    (``R Q C F 1``..``10`` of ``c d s b``)."""
    if code == FOOL:
        return _matto()
    if code[0] == "T":
        return _trump(int(code[1:]))
    rank, suit = code[:-1], code[-1]
    if rank not in FLORENTINE_COURTS:
        return _suit_card(code, rank, None, florentine=True)
    word = "Fantina" if rank == "F" and suit in "cd" else FLORENTINE_COURTS[rank]
    return _suit_card(code, rank, word, florentine=True)
