"""Scopa's action tokens, read and written here alone (``bot.games.moves``).

``play:<card>`` lays a card down; ``play:<card>:<c1>+<c2>…`` plays it taking those cards.
"""

from __future__ import annotations

from bot.games.moves import Move, MoveReader


def read(token: str) -> Move:
    parts = token.split(":")
    if parts[0] == "play" and len(parts) == 2 and parts[1]:
        return Move("play", card=parts[1])
    if parts[0] == "play" and len(parts) == 3 and parts[1] and all(parts[2].split("+")):
        return Move("play", card=parts[1], takes=tuple(parts[2].split("+")))
    return Move(token)  # not a move of this game: written back as it came


def write(move: Move) -> str:
    if move.card is None:
        return move.kind
    token = f"{move.kind}:{move.card}"
    return f"{token}:{'+'.join(move.takes)}" if move.takes else token


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
