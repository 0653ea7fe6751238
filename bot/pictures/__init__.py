"""Card pictures drawn by the bot's own code.

Pure functions from card codes to images: no Discord, no files. Everything is drawn with
Pillow's primitives and its built-in font, so no system font or picture file is needed.

    card(pack, code), back(pack, index)   one card's face or back (a shared RGBA image)

``pack`` is ``"italian"``, ``"french"`` or ``"minchiate"``, or the name of the game played with
it (``GAME_PACK``). Card pictures are drawn once and kept, so composing is fast.
"""

from __future__ import annotations

from bot.pictures.deck import GAME_PACK, PACKS, back, backs_of, card, pack_cards, pack_of
from bot.pictures.faces import CARD_H, CARD_W

__all__ = [
    "CARD_H",
    "CARD_W",
    "GAME_PACK",
    "PACKS",
    "back",
    "backs_of",
    "card",
    "pack_cards",
    "pack_of",
]
