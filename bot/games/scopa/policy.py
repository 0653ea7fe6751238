"""Rules of thumb for a Scopa move: the ``easy`` player's whole judgement, and the quick policy
of the ``hard`` player's playouts.

A take is worth its cards, more for denari, sevens (the primiera) and the settebello, most for
a scopa. Any move loses value when it leaves the table adding up to ten or less, which one card
of that value sweeps (a scopa away), and laying down a seven or a denaro gives it away.
"""

from __future__ import annotations

from bot.games.scopa.cards import PACK, SETTEBELLO, VALUE

SCOPA = 10.0
SETTEBELLO_WORTH = 6.0
SEVEN = 1.5
SIX = 0.5
DENARO = 0.8
EXPOSED = 5.0  # a table one card can sweep, when such a card may be out there


def _worth(card: str) -> float:
    worth = 1.0
    if card == SETTEBELLO:
        worth += SETTEBELLO_WORTH
    if card[-1] == "d":
        worth += DENARO
    if card[0] == "7":
        worth += SEVEN
    elif card[0] == "6":
        worth += SIX
    return worth


WORTH = {card: _worth(card) for card in PACK}
"""What holding a card in one's pile is worth."""


def move_value(
    table_sum: int, card: str, took: tuple[str, ...] | list[str], last: bool, sweepers: set[int]
) -> float:
    """How good playing ``card`` (taking ``took``) is for the player, on a table adding up to
    ``table_sum``. ``sweepers`` holds the values of cards the next players may still hold;
    ``last``: the round's last card."""
    if took:
        value = WORTH[card] + sum(WORTH[c] for c in took)
        left = table_sum - VALUE[card]  # the cards taken add up to the card's value
        if left == 0:
            return value + (0.0 if last else SCOPA)
    else:
        value = -WORTH[card]
        left = table_sum + VALUE[card]
    if left <= 10 and left in sweepers and not last:
        value -= EXPOSED
    return value
