"""The play of a trick: what may be played and who wins (RULES.md §3.4).

A trick is the list of its cards in order of play. Its suit is set by the first card that is not
the Matto (``"t"`` for trumps). ``led`` holds the plain suits led in earlier tricks of the deal,
for the King obligation.
"""

from __future__ import annotations

from bot.games.minchiate.cards import MATTO, PACK, RANK, SUIT, SUITS, TRUMP


def trick_suit(trick: list[str]) -> str | None:
    for card in trick:
        if card != MATTO:
            return SUIT[card]
    return None


def king_due(trick: list[str], led: str) -> str | None:
    """The Re a player must play if they hold it: the first lead of a plain suit, once trumped."""
    return _king(trick, trick_suit(trick), led)


def _king(trick: list[str], suit: str | None, led: str) -> str | None:
    if suit is None or suit == TRUMP or suit in led:
        return None
    for card in trick:
        if SUIT[card] == TRUMP:
            return "R" + suit
    return None


def legal_cards(hand: list[str], trick: list[str], led: str) -> list[str]:
    """The cards of ``hand`` that may go on ``trick``, in hand order."""
    suit = trick_suit(trick)
    if suit is None:
        return list(hand)
    king = _king(trick, suit, led)
    if king is not None and king in hand:
        return [king]
    follow = [c for c in hand if SUIT[c] == suit]
    if not follow and suit != TRUMP:
        follow = [c for c in hand if SUIT[c] == TRUMP]
    if not follow:
        return list(hand)
    if MATTO in hand:  # the Matto may stand in for any legal card
        follow = [c for c in hand if c == MATTO or SUIT[c] == SUIT[follow[0]]]
    return follow


def _power(card: str, suit: str) -> int:
    """How strongly ``card`` bids for a trick of ``suit``: trumps above the suit, -1 for none."""
    if SUIT[card] == TRUMP:
        return 100 + RANK[card]
    return RANK[card] if SUIT[card] == suit else -1


POWER = {suit: {c: _power(c, suit) for c in PACK} for suit in (*SUITS, TRUMP)}


def winning_index(trick: list[str]) -> int:
    """The position in ``trick`` of the card winning it so far; -1 while it holds only the Matto."""
    suit = trick_suit(trick)
    if suit is None:
        return -1
    power = POWER[suit]
    return max(range(len(trick)), key=lambda i: power[trick[i]])
