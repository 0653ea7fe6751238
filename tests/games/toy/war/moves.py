"""War's one action token, read and written here alone: ``play:<card>``."""

from __future__ import annotations

from bot.games.moves import Move, MoveReader


def read(token: str) -> Move:
    kind, _, card = token.partition(":")
    return Move("play", card=card) if kind == "play" and card else Move(token)


def write(move: Move) -> str:
    return move.kind if move.card is None else f"{move.kind}:{move.card}"


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
