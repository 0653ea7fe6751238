"""Words shared by the games of the Italian pack (Scopa, Briscola, Tressette): the cards' names,
with the article each one takes in a sentence, and their suits; and the lines of a board's
text and the news that these games write alike.

A card's name reads differently alone (a button: "Asso di Coppe") and in a sentence, where
its article agrees with its rank ("l'Asso", "il 7", Spanish "la Sota"): each rank's name with
its article is a catalogue entry of its own, never a word glued to the name. A suit's name
with its article ("le Coppe", "i Denari") is written under the context "with its article",
the English name having none ("Coppe are trumps").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.cards import ITALIAN_RANKS, ITALIAN_SUITS
from bot.i18n import N_, t, tc, tn

SUITS = {"c": N_("Coppe"), "d": N_("Denari"), "s": N_("Spade"), "b": N_("Bastoni")}
RANKS = {"A": N_("Asso"), "F": N_("Fante"), "C": N_("Cavallo"), "R": N_("Re")}
THE = {"A": N_("the Asso"), "F": N_("the Fante"), "C": N_("the Cavallo"), "R": N_("the Re")}
KEPT_IN_ITALIAN = frozenset(
    w.lower() for name in (*SUITS.values(), *RANKS.values()) for w in name.split()
)
"""The pack's Italian words, which the Italian catalogue writes as the English does."""


def card_name(code: str) -> str:
    """``"Ad"`` -> ``"Asso di Denari"``: the card alone (a button, a list)."""
    rank = code[:-1]
    word = t(RANKS[rank]) if rank in RANKS else rank
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[code[-1]]))


def the_card(code: str) -> str:
    """``"Ad"`` -> ``"the Asso di Denari"`` (Italian "l'Asso di Denari"): the card in a
    sentence, with the article its rank takes."""
    rank = code[:-1]
    word = t(THE[rank]) if rank in THE else t("the {rank}", rank=rank)
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[code[-1]]))


def the_cards(codes: Iterable[str]) -> str:
    """Cards in a sentence: "the 2 di Coppe and the 5 di Spade"."""
    return listed([the_card(c) for c in codes])


def listed(items: list[str]) -> str:
    """Items as a sentence lists them: "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def the_suit(suit: str) -> str:
    """A suit in a sentence, with its article where the language has one ("le Coppe")."""
    named = {
        "c": tc("with its article", "Coppe"),
        "d": tc("with its article", "Denari"),
        "s": tc("with its article", "Spade"),
        "b": tc("with its article", "Bastoni"),
    }
    return named[suit]


def by_suit(codes: Iterable[str]) -> str:
    """Cards grouped by suit, in the pack's order: "Coppe: Asso, 3 · Denari: 7"."""
    held = set(codes)
    groups = []
    for suit in ITALIAN_SUITS:
        ranks = [r for r in ITALIAN_RANKS if r + suit in held]
        if ranks:
            words = ", ".join(t(RANKS[r]) if r in RANKS else r for r in ranks)
            groups.append(t("{suit}: {ranks}", suit=t(SUITS[suit]), ranks=words))
    return " · ".join(groups) if groups else tc("cards", "none")


def capital(text: str) -> str:
    """A sentence or label starting with a capital, whatever word the language put first."""
    return text[:1].upper() + text[1:]


def deal_news(n: int, news: str) -> str:
    """News shown once the next deal has begun, naming its own: a round, as these games call
    a deal."""
    return t("Round {n}: {news}", n=n, news=news)


def seats_and_hand(view: Mapping[str, Any], names: list[str], hand: bool = True) -> list[str]:
    """A line per seat with the cards it holds, the seat on turn marked ("▶ Ann: 3 cards");
    then, with ``hand``, the reader's own hand where they hold one."""
    lines = [
        tn(
            "{m} {name}: {n} card",
            "{m} {name}: {n} cards",
            view["hand_sizes"][seat],
            m="▶" if seat == view["current"] else "·",
            name=name,
        )
        for seat, name in enumerate(names)
    ]
    if hand and view["hand"]:
        lines.append(t("Your hand: {cards}", cards=", ".join(card_name(c) for c in view["hand"])))
    return lines
