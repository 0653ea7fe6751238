"""Briscola's action tokens, read and written here alone (``bot.games.moves``).

``play:<card>``, and ``swap`` (the 7 of trumps for the face-up briscola, with ``swap_seven``).
"""

from __future__ import annotations

from bot.games.moves import Move, MoveReader


def read(token: str) -> Move:
    kind, _, card = token.partition(":")
    if kind == "play" and card and ":" not in card:
        return Move(kind, card=card)
    return Move(token)  # swap, or not a move of this game: written back as it came


def write(move: Move) -> str:
    return move.kind if move.card is None else f"{move.kind}:{move.card}"


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
