"""Tressette AI players: ``easy`` (rules of thumb) and ``hard`` (search over deals that fit).

Both declare every accuso they hold (it costs nothing but the news), and lead with the natural
signal at four players (``policy.natural_signal``): volo on a last card of the suit, busso when
the partner should take and lead the suit back, striscio when leading a long suit.

``easy`` plays the quick policy (``policy``) and is deterministic.

``hard`` is determinized Monte Carlo on the shared search (``bot.games.ai.search``): it deals
the cards its seat has not seen at random into the other hands and the stock, keeping every
public fact (``sample``: the cards known to be in a hand, the suits a seat showed it lacks),
plays each card out to the end of the deal with the quick policy for every seat
(``playout``), and keeps the card with the best mean difference of the deal's thirds for its
side (partners together at four). It does not read its partner's signals yet: what a signal
says is left to the search's samples to find out. Budgets are counted in playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.games.ai.search import best_for_view
from bot.games.base import Json
from bot.games.tressette.engine import Tressette
from bot.games.tressette.playout import playout
from bot.games.tressette.policy import choose_card, natural_signal
from bot.games.tressette.sample import Sampler

RULES = Tressette()
HARD_PLAYOUTS = 120


def _plain(legal: list[str]) -> list[str]:
    """The plays without a signal."""
    return [a for a in legal if a.startswith("play:") and a.count(":") == 1]


def _gone(view: Json) -> set[str]:
    return set(view["trick"]).union(*(t["cards"] for t in view["tricks"]))


def _said(view: Json, legal: list[str], play: str) -> str:
    """``play`` with the natural signal, when the seat leads and may say it."""
    card = play.removeprefix("play:")
    word = natural_signal(view["hand"], card, _gone(view))
    signalled = f"{play}:{word}"
    return signalled if word is not None and signalled in legal else play


def _turn(view: Json, legal: list[str], play: Callable[[list[str]], str]) -> str | None:
    """A seat's move: every accuso it may declare first, then the play ``play`` picks among
    the plays without a signal, said with its natural signal."""
    if not legal:
        return None
    accuse = next((a for a in legal if a.startswith("accuse:")), None)
    return accuse or _said(view, legal, play(_plain(legal)))


class EasyPlayer:
    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        gone = _gone(view)

        def play(plays: list[str]) -> str:
            cards = [a.removeprefix("play:") for a in plays]
            return "play:" + choose_card(view["hand"], cards, view["trick"], view["seats"], gone)

        return _turn(view, legal, play)


class HardPlayer:
    """Determinized Monte Carlo over ``budget`` playouts, each card played out to the end of
    the deal on deals that fit the seat's view."""

    def __init__(self, budget: int = HARD_PLAYOUTS) -> None:
        self.budget = budget

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str | None:
        def play(plays: list[str]) -> str:
            sampler = Sampler(view)
            budget = len(plays) if sampler.certain else self.budget
            return best_for_view(
                RULES, view, plays, lambda _, r: sampler.draw(r), playout, rng, budget
            )

        return _turn(view, legal, play)
