"""A round's points (RULES.md §4.4): carte, denari, settebello, primiera, scope, napola."""

from __future__ import annotations

from bot.games.cards import ITALIAN_SUITS
from bot.games.scopa.cards import DENARI, NAPOLA_RUN, PRIMIERA, SETTEBELLO
from bot.games.scopa.events import SideScore


def primiera(pile: list[str]) -> int | None:
    """The sum of the best primiera value in each suit; None when a suit is missing."""
    best = dict.fromkeys(ITALIAN_SUITS, 0)
    for card in pile:
        best[card[-1]] = max(best[card[-1]], PRIMIERA[card])
    return sum(best.values()) if all(best.values()) else None


def napola(pile: list[str]) -> int:
    """Asso, 2 and 3 of denari: 3, and 1 more for each further denari in unbroken sequence."""
    held = set(pile)
    run = 0
    while run < len(NAPOLA_RUN) and NAPOLA_RUN[run] in held:
        run += 1
    return run if run >= 3 else 0


def sole_best(values: list[int | None]) -> int | None:
    """The one side with the highest value; None when the top is shared or nobody has one."""
    present = [v for v in values if v is not None]
    if not present:
        return None
    top = max(present)
    return values.index(top) if present.count(top) == 1 else None


def score_round(
    piles: list[list[str]], scope: list[int], with_napola: bool, seats: int
) -> list[SideScore]:
    """Each side's counts and points for a finished round (side s: the seats s, s + sides...)."""
    cards: list[int | None] = [len(p) for p in piles]
    coins: list[int | None] = [sum(c[-1] == DENARI for c in p) for p in piles]
    sums = [primiera(p) for p in piles]
    most_cards, most_coins, best = sole_best(cards), sole_best(coins), sole_best(sums)
    sides: list[SideScore] = []
    for side, pile in enumerate(piles):
        carte, denari = int(most_cards == side), int(most_coins == side)
        settebello, prim = int(SETTEBELLO in pile), int(best == side)
        bonus = napola(pile) if with_napola else 0
        sides.append(
            {
                "seats": list(range(side, seats, len(piles))),
                "cards": len(pile),
                "coins": sum(c[-1] == DENARI for c in pile),
                "primiera_sum": sums[side],
                "carte": carte,
                "denari": denari,
                "settebello": settebello,
                "primiera": prim,
                "scope": scope[side],
                "napola": bonus,
                "total": carte + denari + settebello + prim + scope[side] + bonus,
            }
        )
    return sides
