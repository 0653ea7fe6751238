"""The cut with the cutter's robbing, the 10 + 11 deal and the dealer's robbing (RULES.md §3.3).

Pure functions over a pack (a list of card codes, top first); the engine scores what they take.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.minchiate.cards import FOLA_TAKEN, MAX_ROB, ROBBABLE

MIN_PART = 14  # cards in each part of the cut
PACKETS = (10, 11)


@dataclass(frozen=True, slots=True)
class Cut:
    robbed: list[str]  # in the order taken
    seen: str | None  # the card the cutter looked at and left: the bottom of the fola
    pack: list[str]  # the pack after the cut, top first


@dataclass(frozen=True, slots=True)
class FolaRob:
    robbed: list[str]  # taken while turning cards up (they score)
    put_back: str | None  # the first card that was not robbable
    took: list[str]  # counting cards and trump 29 found in the rest (they do not score)
    left: list[str]  # the fola after the dealer is done, top first


def cut_pack(deck: list[str], cut: int) -> Cut:
    """Cut after ``cut`` cards: the cutter robs from the bottom of the top part upwards."""
    robbed: list[str] = []
    i = cut - 1
    while len(robbed) < MAX_ROB and deck[i] in ROBBABLE:
        robbed.append(deck[i])
        i -= 1
    seen = deck[i] if len(robbed) < MAX_ROB else None
    return Cut(robbed, seen, deck[cut:] + deck[: cut - len(robbed)])


def deal_order(dealer: int) -> list[int]:
    """The seats in the order they receive cards (and declare): from the seat after the dealer."""
    return [(dealer + i) % 4 for i in range(1, 5)]


def deal(pack: list[str], dealer: int) -> tuple[list[list[str]], list[str], list[str]]:
    """Packets of 10, then of 11. Returns the hands, each seat's shown (21st) card, the fola."""
    hands: list[list[str]] = [[] for _ in range(4)]
    pos = 0
    for size in PACKETS:
        for seat in deal_order(dealer):
            hands[seat].extend(pack[pos : pos + size])
            pos += size
    shown = [hand[-1] for hand in hands]
    return hands, shown, pack[pos:]


def rob_fola(fola: list[str]) -> FolaRob:
    i = 0
    while i < len(fola) and fola[i] in ROBBABLE:
        i += 1
    if i == len(fola):
        return FolaRob(list(fola), None, [], [])
    rest = fola[i + 1 :]
    took = [c for c in rest if c in FOLA_TAKEN]
    left = [fola[i]] + [c for c in rest if c not in FOLA_TAKEN]
    return FolaRob(fola[:i], fola[i], took, left)
