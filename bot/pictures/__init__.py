"""Card pictures drawn by the bot's own code, and pictures made of them.

Pure functions from card codes to images or PNG bytes: no Discord, no files but the shared
palette kept between starts (``kept``; the ``cards`` command writes the contact sheets), and
no games: a game's board painter lives in the game's folder (``bot/games/<game>/board.py``)
and draws with the pieces here (``bot.pictures.boards``);
``bot.gallery``, above both, chooses a game's painter and pack. Everything is drawn with
Pillow's primitives and its built-in font, so no system font or picture file is needed.

    card(pack, code), back(pack, index)      one card's face or back (a shared RGBA image)
    hand_picture(pack, cards, legal)         a hand: playable cards raised, the rest dimmed
    hand_png(pack, cards, legal)             the same as PNG bytes, drawn in the shared palette
    contact_sheet(pack), sheet_image(pack)   every card of a pack, and its backs
    png(image), prepare(boards, kept)        PNG bytes through the palette pictures share

``pack`` is a pack's name (``PACKS``): ``"italian"``, ``"french"``, ``"florentine"`` (the
97-card Florentine tarot pack), or one a game brings (a ``Pack``, declared as data). Card
pictures are drawn once and kept, so composing is fast. The ``*_picture`` functions return
Pillow images, the ``*_image`` ones PNG bytes.
"""

from __future__ import annotations

from bot.pictures.compose import contact_sheet, hand_picture
from bot.pictures.deck import PACKS, Pack, back, backs_of, card, pack_cards, pack_of
from bot.pictures.faces import CARD_H, CARD_W
from bot.pictures.indexed import hand_png
from bot.pictures.output import png, prepare, sheet_image

__all__ = [
    "CARD_H",
    "CARD_W",
    "PACKS",
    "Pack",
    "back",
    "backs_of",
    "card",
    "contact_sheet",
    "hand_picture",
    "hand_png",
    "pack_cards",
    "pack_of",
    "png",
    "prepare",
    "sheet_image",
]
