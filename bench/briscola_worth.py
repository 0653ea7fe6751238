"""What a card in the hand is worth to Briscola's ``hard`` AI, fitted from play:
``python -m bench.briscola_worth [--deals N] [--seed S]``.

``hard`` searches a sampled deal a few tricks deep and values the position where it stops by
the card points taken plus what the cards still held are worth (``bot.games.briscola.lookahead``).
This fits those worths: it plays heads-up deals with ``easy``'s rules of thumb on both sides
(one card in ten at random, so that the positions vary) and, at the start of every trick while
the stock lasts, records each rank held by seat 0 less the same held by seat 1 (trumps apart
from the other suits), and whether seat 0 leads; the target is the card points seat 0 goes on
to make over seat 1 from there to the deal's end. A least-squares fit with each weight moving
linearly from a full stock (``EARLY``) to the last draw (``LATE``) gives the two tables that
``bot/games/briscola/ai.py`` holds; it prints them, and how much of the margin they explain.
Both hands always hold as many cards, so only differences between worths count: each table is
printed with its card worths averaging zero.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from bot.games.briscola.engine import Briscola
from bot.games.briscola.playout import Deal
from bot.games.briscola.policy import choose_card

RULES = Briscola()
RANKS = "A3RCF76542"
KEYS = [r + "*" for r in RANKS] + list(RANKS) + ["lead"]
COLUMN = {k: i for i, k in enumerate(KEYS)}
EXPLORE = 0.1
FULL_STOCK = 34  # cards under the stock, face-up briscola included, at the first trick
LAST_DRAW = 2


def positions(deals: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, stock sizes and the margins that followed, over ``deals`` deals."""
    rng = random.Random(seed)
    rows: list[np.ndarray] = []
    stocks: list[int] = []
    targets: list[float] = []
    for i in range(deals):
        deal = Deal.of(RULES.new_game(seats=2, seed=seed + i))
        marks: list[tuple[np.ndarray, int, int]] = []
        while deal.hands[deal.current]:
            if not deal.trick and deal.stock:
                x = np.zeros(len(KEYS))
                for seat, sign in ((0, 1), (1, -1)):
                    for c in deal.hands[seat]:
                        x[COLUMN[c[:-1] + ("*" if c[-1] == deal.trumps else "")]] += sign
                x[-1] = 1 if deal.leader == 0 else -1
                marks.append((x, len(deal.stock), deal.points[0] - deal.points[1]))
            hand = deal.hands[deal.current]
            if len(hand) > 1 and rng.random() < EXPLORE:
                card = rng.choice(hand)
            else:
                card = choose_card(hand, deal.trick, 2, deal.trumps)
            deal.play(card)
        final = deal.points[0] - deal.points[1]
        for x, stock, margin in marks:
            rows.append(x)
            stocks.append(stock)
            targets.append(final - margin)
    return np.array(rows), np.array(stocks), np.array(targets)


def fit(x: np.ndarray, stock: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The early and late weights, and the share of the margin's variance they explain."""
    t = ((stock - LAST_DRAW) / (FULL_STOCK - LAST_DRAW))[:, None]
    z = np.hstack([x * t, x * (1 - t)])
    w, *_ = np.linalg.lstsq(z, y, rcond=None)
    explained = 1 - float(np.var(y - z @ w) / np.var(y))
    early, late = w[: len(KEYS)], w[len(KEYS) :]
    for table in (early, late):
        table[:-1] -= table[:-1].mean()
    return early, late, explained


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args(argv)
    x, stock, y = positions(args.deals, args.seed)
    early, late, explained = fit(x, stock, y)
    print(f"{len(y)} positions from {args.deals} deals; the worths explain {explained:.1%}")
    for name, table in (("EARLY", early), ("LATE", late)):
        items = ", ".join(f"{k!r}: {v:.1f}" for k, v in zip(KEYS, table, strict=True))
        print(f"{name} = {{{items}}}")


if __name__ == "__main__":
    main()
