"""One Hundred's action tokens, read and written here alone (``bot.games.moves``).

``play:<card>``, and ``play:AS:<0..100>`` / ``play:AC:<0..100>`` for the Aces that set the total.
"""

from __future__ import annotations

from bot.games.moves import Move, MoveReader


def read(token: str) -> Move:
    parts = token.split(":")
    if parts[0] == "play" and len(parts) == 2:
        return Move("play", card=parts[1])
    if parts[0] == "play" and len(parts) == 3 and parts[2].isdigit():
        return Move("play", card=parts[1], value=int(parts[2]))
    return Move(token)  # not a move of this game: written back as it came


def write(move: Move) -> str:
    if move.card is None:
        return move.kind
    if move.value is None:
        return f"{move.kind}:{move.card}"
    return f"{move.kind}:{move.card}:{move.value}"


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
