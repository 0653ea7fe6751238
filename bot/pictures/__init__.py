"""Card pictures drawn by the bot's own code, and pictures made of them.

Pure functions from card codes and engine views to images or PNG bytes: no Discord, no
files (the ``cards`` command writes the contact sheets). Everything is drawn with Pillow's
primitives and its built-in font, so no system font or picture file is needed.

    card(pack, code), back(pack, index)      one card's face or back (a shared RGBA image)
    hand_image(game, cards, legal)           a hand as PNG: playable cards raised, the rest dimmed
    board_picture(game, view, names)         a game's public board, by the painter its spec names
    board_image(game, view, names)           the same as PNG
    contact_sheet(pack), sheet_image(pack)   every card of a pack, and its backs
    prepare()                                draw every card and choose the PNG palette now

``pack`` is ``"italian"``, ``"french"`` or ``"florentine"`` (the 97-card Florentine tarot
pack), or the name of the game played with it (the game's spec names its ``pack``). A game's
board is drawn by its own painter (``bot/games/<game>/board.py``, loaded through its spec's
``board``) from the pieces in ``bot.pictures.boards``. Card pictures are drawn once and kept,
so composing is fast. The ``*_picture`` functions return Pillow images, the ``*_image`` ones
PNG bytes.
"""

from __future__ import annotations

from bot.pictures.boards import board_picture
from bot.pictures.compose import contact_sheet, hand_picture
from bot.pictures.deck import PACKS, back, backs_of, card, pack_cards, pack_of
from bot.pictures.faces import CARD_H, CARD_W
from bot.pictures.output import board_image, hand_image, png, prepare, sheet_image

__all__ = [
    "CARD_H",
    "CARD_W",
    "PACKS",
    "back",
    "backs_of",
    "board_image",
    "board_picture",
    "card",
    "contact_sheet",
    "hand_image",
    "hand_picture",
    "pack_cards",
    "pack_of",
    "png",
    "prepare",
    "sheet_image",
]
