"""One Hundred in words: card names (10♥), narration, the board and the results."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.cento.engine import LIMIT
from bot.games.cento.events import CentoEvent
from bot.games.cento.views import CentoOutcome, CentoView
from bot.games.moves import Inputs, Number
from bot.i18n import N_, t, tc, tn

TITLE = N_("One Hundred")

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ANNOUNCED = frozenset({"chip_lost", "eliminated", "match_over"})
OPTION_LABELS = {
    "min_players": N_("Fewest players"),
    "allow_negative": N_("The total may go below 0"),
    "allow_voluntary_bust": N_("You may pass 100 on purpose"),
    "reset_after_bust": N_("Passing 100 ends the round"),
}


def card_name(code: str) -> str:
    """``"TH"`` -> ``"10♥"``."""
    rank = code[:-1]
    return ("10" if rank == "T" else rank) + SUITS[code[-1]]


def _chips(n: int) -> str:
    return tn("{n} chip", "{n} chips", n)


def _times(n: int) -> str:
    return {0: t("never"), 1: t("once"), 2: t("twice")}.get(n) or tn("{n} time", "{n} times", n)


def action_label(token: str) -> str:
    parts = token.split(":")
    if len(parts) == 3:
        return t("{card}, setting the total to {value}", card=card_name(parts[1]), value=parts[2])
    return card_name(parts[1])


def announced(event: CentoEvent) -> bool:
    """A play that passes 100, the chip it costs, the eliminations and the match's end."""
    return event["type"] in ANNOUNCED or (event["type"] == "play" and bool(event.get("bust")))


def deal_news(n: int, news: str) -> str:
    """News shown once the next deal has begun, naming its own."""
    return tc("One Hundred", "Round {n}: {news}", n=n, news=news)


def deal_begun(event: CentoEvent) -> int | None:
    """The number of the round a deal begins."""
    return event["round"] if event["type"] == "deal" else None


def narrate(event: CentoEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "deal":
        return t(
            "Round {round}: {dealer} deals three cards each; {first} plays first. Total 0.",
            round=event["round"],
            dealer=names[event["dealer"]],
            first=names[event["first"]],
        )
    if event["type"] == "play":
        card = card_name(event["card"])
        if event.get("bust"):
            return t(
                "{who} played {card}, which would pass 100: a chip lost, the total stays {total}.",
                who=who,
                card=card,
                total=event["total"],
            )
        if "chosen" in event:
            line = t(
                "{who} played {card} and set the total to {total}",
                who=who,
                card=card,
                total=event["total"],
            )
        else:
            line = t(
                "{who} played {card}: {before} → {total}",
                who=who,
                card=card,
                before=event["before"],
                total=event["total"],
            )
        if event.get("effect") == "reverse":
            line += t(", and the direction is reversed")
        return line + "."
    if event["type"] == "chip_lost":
        if not event["chips"]:  # "has 0 chips left" is not how anyone says it
            return t("{who} has no chips left.", who=who)
        return t("{who} has {chips} left.", who=who, chips=_chips(event["chips"]))
    if event["type"] == "eliminated":
        return t("{who} lost the last chip and leaves the match.", who=who)
    if event["type"] == "reshuffle":
        return t(
            "The pile is shuffled into a new stock; the total stays {total}.", total=event["total"]
        )
    if event["type"] == "match_over":
        return t("🏆 {winner} wins the match!", winner=names[event["ranking"][0][0]])
    return None


def board_lines(view: CentoView, names: list[str]) -> list[str]:
    arrow = "↻" if view["direction"] == 1 else "↺"
    top = card_name(view["top"]) if view["top"] else "—"
    lines = [
        t("Total: **{total}** · top card {top}", total=view["total"], top=top),
        t(
            "Round {round} · dealer {dealer} · direction {arrow} · stock {stock}",
            round=view["round"],
            dealer=names[view["dealer"]],
            arrow=arrow,
            stock=view["stock"],
        ),
    ]
    for seat, name in enumerate(names):
        chips = view["chips"][seat]
        if chips == 0:
            lines.append(t("✖ {name}: out", name=name))
            continue
        marker = "▶" if seat == view["current"] else "·"
        lines.append(
            tn(
                "{m} {name}: {chips} · {n} card",
                "{m} {name}: {chips} · {n} cards",
                view["hand_sizes"][seat],
                m=marker,
                name=name,
                chips="●" * chips + "○" * (3 - chips),
            )
        )
    if view["hand"]:  # a seat out of the match holds nothing to show
        lines.append(t("Your hand: {cards}", cards=", ".join(card_name(c) for c in view["hand"])))
    return lines


def outcome_lines(outcome: CentoOutcome, names: list[str]) -> list[str]:
    lines = [tn("Match over after {n} turn.", "Match over after {n} turns.", outcome["turns"])]
    for place, group in enumerate(outcome["ranking"], start=1):
        for seat in group:
            chips, busts = outcome["chips"][seat], _times(outcome["busts"][seat])
            if chips:
                line = t(
                    "{place}. {name}: {chips} left, {busts} over 100",
                    place=place,
                    name=names[seat],
                    chips=_chips(chips),
                    busts=busts,
                )
            else:
                line = t(
                    "{place}. {name}: no chips left, {busts} over 100",
                    place=place,
                    name=names[seat],
                    busts=busts,
                )
            lines.append(line)
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    return [
        t("Busts {busts} · chips lost {chips}", busts=totals["busts"], chips=totals["chips_lost"])
    ]


# -- the number a person types for an Ace (bot.games.moves) ----------------------------------

NUMBER = Number(
    low=0,
    high=LIMIT,
    offer=N_("{card}: choose the total"),
    title=N_("{card}: the new total"),
    prompt=N_("New total (0 to 100)"),
    refused=N_("The total must be a whole number from 0 to 100, not “{typed}”."),
    none_here=N_("Only the Ace of Spades or the Ace of Clubs takes a value."),
    option_description="One Hundred's Ace of Spades or Clubs: the new total, 0 to 100",
    terminal_offer=N_("{card}, choosing the total"),
    terminal_prompt=N_("Set the total to (0-100): "),
)

HELP = N_("**One Hundred**: the Ace of Spades or Clubs takes `value:` (0 to 100).")
LOBBY_NOTE: str | None = None  # anyone sits anywhere: nothing to say
KEPT: Mapping[str, frozenset[str]] = {}  # every word of it is translated

INPUTS = Inputs(NUMBER)
