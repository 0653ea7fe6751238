"""War in words: card names (10♥), narration, the board and the results."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.moves import Inputs
from bot.i18n import N_, t, tn
from tests.games.toy.war.events import WarEvent
from tests.games.toy.war.views import WarOutcome, WarView

TITLE = N_("War")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
OPTION_LABELS = {"rounds": N_("Rounds in a match")}
HELP = N_("**War**: `/play` the card to turn up; the higher takes both.")
LOBBY_NOTE: str | None = None
INPUTS = Inputs()
KEPT: Mapping[str, frozenset[str]] = {}
deal_news = None  # a match is one deal


def deal_begun(event: WarEvent) -> int | None:
    return None


def card_name(code: str) -> str:
    """``"TH"`` -> ``"10♥"``."""
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def action_label(token: str) -> str:
    return t("Turn up {card}", card=card_name(token.partition(":")[2]))


def announced(event: WarEvent) -> bool:
    return event["type"] == "match_over"


def _cards(n: int) -> str:
    return tn("{n} card", "{n} cards", n)


def narrate(event: WarEvent, names: list[str]) -> str | None:
    if event["type"] == "deal":
        return t(
            "{dealer} deals; {first} plays first.",
            dealer=names[event["dealer"]],
            first=names[event["first"]],
        )
    if event["type"] == "play":
        return t("{who} turned up {card}.", who=names[event["seat"]], card=card_name(event["card"]))
    if event["type"] == "take":
        return t("{who} takes {cards}.", who=names[event["seat"]], cards=_cards(event["cards"]))
    if event["type"] == "tie":
        return t("A tie: {cards} wait for the next round.", cards=_cards(event["pot"]))
    return t("🏆 {winner} wins the match!", winner=names[event["ranking"][0][0]])


def board_lines(view: WarView, names: list[str]) -> list[str]:
    lines = [t("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"])]
    for seat, name in enumerate(names):
        card = view["table"][seat]
        lines.append(
            t(
                "{m} {name}: {won} won · turned up {card}",
                m="▶" if seat == view["current"] else "·",
                name=name,
                won=_cards(view["won"][seat]),
                card=card_name(card) if card else "—",
            )
        )
    if view["hand"]:
        lines.append(t("Your hand: {cards}", cards=", ".join(card_name(c) for c in view["hand"])))
    return lines


def outcome_lines(outcome: WarOutcome, names: list[str]) -> list[str]:
    return [
        t(
            "{place}. {name}: {cards}",
            place=place,
            name=names[seat],
            cards=_cards(outcome["won"][seat]),
        )
        for place, group in enumerate(outcome["ranking"], start=1)
        for seat in group
    ]


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    return [t("Cards taken {n}", n=totals["taken"])]
