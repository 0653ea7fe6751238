"""Tressette's action tokens, read and written here alone (``bot.games.moves``).

``play:<card>``, ``play:<card>:<signal>`` (the signal as the move's ``named``), and
``accuse:<combination>`` (the combination, as ``napoletana:d`` or ``buongioco:A:s``, as its
``named``).
"""

from __future__ import annotations

from bot.games.moves import Move, MoveReader

SIGNALS = frozenset({"busso", "striscio", "volo"})


def read(token: str) -> Move:
    kind, _, rest = token.partition(":")
    if kind == "play" and rest:
        card, _, signal = rest.partition(":")
        if not signal:
            return Move(kind, card=card)
        if signal in SIGNALS:
            return Move(kind, card=card, named=signal)
    if kind == "accuse" and rest:
        return Move(kind, named=rest)
    return Move(token)  # not a move of this game: written back as it came


def write(move: Move) -> str:
    if move.kind == "accuse":
        return f"accuse:{move.named}"
    if move.card is None:
        return move.kind
    return f"play:{move.card}" + (f":{move.named}" if move.named else "")


READER = MoveReader(read=read, write=write, card_move=lambda code: Move("play", card=code))
