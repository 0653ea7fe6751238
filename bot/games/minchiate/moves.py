"""Minchiate's action tokens, read and written here alone (``bot.games.moves``).

``discard:<card>``, ``declare``, ``nodeclare``, ``play:<card>``.
"""

from __future__ import annotations

from bot.games.moves import Move, MoveReader


def read(token: str) -> Move:
    kind, _, card = token.partition(":")
    if kind in ("play", "discard") and card and ":" not in card:
        return Move(kind, card=card)
    return Move(token)  # declare, nodeclare, or not a move of this game


def write(move: Move) -> str:
    return move.kind if move.card is None else f"{move.kind}:{move.card}"


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
