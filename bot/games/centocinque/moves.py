"""Centocinque's action tokens, read and written here alone (``bot.games.moves``).

``play:<card>[:<suit>][:penultima]``, ``draw``, ``pass``, ``callout:<seat>``, ``penultima``.
"""

from __future__ import annotations

from bot.games.cards import ITALIAN_SUITS
from bot.games.moves import Move, MoveReader

PENULTIMA = "penultima"
CALLOUT = "callout"


def read(token: str) -> Move:
    parts = token.split(":")
    marks = frozenset({PENULTIMA}) if parts[-1] == PENULTIMA else frozenset()
    body = parts[:-1] if marks else parts
    if body == [] and marks:
        return Move(PENULTIMA, marks=marks)  # a late declaration
    if body[0] == "play" and len(body) == 2:
        return Move("play", card=body[1], marks=marks)
    if body[0] == "play" and len(body) == 3 and body[2] in ITALIAN_SUITS:
        return Move("play", card=body[1], named=body[2], marks=marks)
    if body[0] == CALLOUT and len(body) == 2 and body[1].isdigit():
        return Move(CALLOUT, target=int(body[1]))
    if token in ("draw", "pass"):
        return Move(token)
    return Move(token)  # not a move of this game: written back as it came


def write(move: Move) -> str:
    if move.kind == CALLOUT and move.target is not None:
        return f"{CALLOUT}:{move.target}"
    parts = [move.kind]
    if move.card is not None:
        parts.append(move.card)
    if move.named is not None:
        parts.append(move.named)
    if PENULTIMA in move.marks and move.kind != PENULTIMA:
        parts.append(PENULTIMA)
    return ":".join(parts)


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
