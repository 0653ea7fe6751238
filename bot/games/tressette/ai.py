"""Tressette AI players: ``easy`` (rules of thumb) and ``hard`` (search over deals that fit).

Both declare every accuso they hold (it costs nothing but the news), and lead with the natural
signal at four players (``policy.natural_signal``): volo on a last card of the suit, busso when
the partner should take and lead the suit back, striscio when leading a long suit.

``easy`` plays the quick policy (``policy``) and is deterministic.

``hard`` is determinized Monte Carlo on the shared search (``bot.games.ai.search``): it deals
the cards its seat has not seen at random into the other hands and the stock, keeping every
public fact (``sample``: the cards known to be in a hand, the suits a seat showed it lacks or
said it holds), plays each card (with the signal it would say) out to the end of the deal with
the quick policy for every seat, the signals given and heeded (``playout``), and keeps the card
with the best mean difference of the deal's thirds for its side (partners together at four).
Of the cards alike (``policy.distinct``: of a suit, worth as many thirds, with no card still out
between them) it searches only the weakest, so the others' playouts go to the cards that differ.
The budget is spent in rounds of halving (``search.best_by_halving``): each round plays the cards
left on the same samples and keeps the better half, so the close cards get the most playouts.
At two seats, once the stock is drawn and the hands are short (``endgame``), every card is
known and it solves the end exactly (an alpha-beta, from eight cards in hand): when a card wins
the deal whatever the other seat plays, it plays it; else it searches on as before, where a
weaker player's mistakes still count (the exact end assumes none).
It heeds its partner's busso as a good player does, without a search: it takes with its best
card of the suit when that takes the trick, then leads the suit back. Budgets are counted in
playouts. ``HardPlayer(signals=False)`` neither gives nor reads signals (the benchmark of what
they pay).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.ai.search import best_for_view
from bot.games.base import Json
from bot.games.tressette.cards import PACK
from bot.games.tressette.endgame import EXACT, solve, sure_win
from bot.games.tressette.engine import Tressette
from bot.games.tressette.playout import playout
from bot.games.tressette.policy import Trick, choose_card, distinct, heed, natural_signal
from bot.games.tressette.sample import Sampler

RULES = Tressette()
HARD_PLAYOUTS = 240


def _plain(legal: list[str]) -> list[str]:
    """The plays without a signal."""
    return [a for a in legal if a.startswith("play:") and a.count(":") == 1]


def _card(play: str) -> str:
    """The card of a ``play:`` token, with or without its signal."""
    return play.split(":")[1]


def _taken(view: Json) -> set[str]:
    """The cards of the tricks taken this deal."""
    return set().union(*(t["cards"] for t in view["tricks"]))


def _gone(view: Json) -> set[str]:
    return set(view["trick"]).union(*(t["cards"] for t in view["tricks"]))


def _said(view: Json, legal: list[str], play: str) -> str:
    """``play`` with the natural signal, when the seat leads and may say it."""
    word = natural_signal(view["hand"], _card(play), _gone(view))
    signalled = f"{play}:{word}"
    return signalled if word is not None and signalled in legal else play


def _last(view: Json) -> Trick | None:
    """The deal's latest trick taken, as ``heed`` reads it."""
    if not view["tricks"]:
        return None
    last = view["tricks"][-1]  # not ``t``: the catalogue's extractor reads t[...] as a text
    return last["leader"], last["cards"][0], last["signal"], last["winner"]


def _turn(
    view: Json, legal: list[str], play: Callable[[list[str]], str], signals: bool = True
) -> str | None:
    """A seat's move: every accuso it may declare first, then the play ``play`` picks among
    the plays, each said with its natural signal (``signals``; else without one)."""
    if not legal:
        return None
    accuse = next((a for a in legal if a.startswith("accuse:")), None)
    if accuse:
        return accuse
    plays = _plain(legal)
    return play([_said(view, legal, p) for p in plays] if signals else plays)


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        gone = _gone(view)

        def play(plays: list[str]) -> str:
            cards = [_card(a) for a in plays]
            card = choose_card(view["hand"], cards, view["trick"], view["seats"], gone)
            return plays[cards.index(card)]

        return _turn(view, legal, play)


class HardPlayer:
    """Determinized Monte Carlo over ``budget`` playouts, each card played out to the end of
    the deal on deals that fit the seat's view; ``signals``: given, read and heeded.
    ``sampler`` deals the samples (a benchmark's ceiling deals with more than a view tells)."""

    sampler: type[Sampler] = Sampler

    def __init__(self, budget: int = HARD_PLAYOUTS, signals: bool = True) -> None:
        self.budget = budget
        self.signals = signals

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        signals = self.signals

        def play(plays: list[str]) -> str:
            cards = [_card(a) for a in plays]
            if signals:
                asked = heed(
                    view["hand"],
                    cards,
                    view["trick"],
                    view["seats"],
                    _gone(view),
                    view["signal"],
                    _last(view),
                )
                if asked is not None:
                    return plays[cards.index(asked)]
            # Of the cards alike, only one is searched (the weakest): more playouts for each.
            taken = _taken(view)
            kept = distinct(cards, [c for c in PACK if c not in view["hand"] and c not in taken])
            plays = [p for p, c in zip(plays, cards, strict=True) if c in kept]
            cards = [_card(p) for p in plays]
            sampler = self.sampler(view, signals)
            if sampler.certain and view["seats"] == 2 and len(view["hand"]) <= EXACT:
                st = sampler.draw(rng)
                card, margin = solve(st.hands, view["seat"], st.leader, st.trick, cards)
                accusi = [0, 0]
                for d in view["declared"]:
                    accusi[d["seat"]] += d["points"]
                if sure_win(view["thirds"], accusi, view["seat"], margin):
                    return plays[cards.index(card)]
            return best_for_view(
                RULES,
                view,
                plays,
                lambda _, r: sampler.draw(r),
                lambda st, seat, r: playout(st, seat, r, signals),
                rng,
                self.budget,
                halving=True,
            )

        return _turn(view, legal, play, self.signals)
