"""Briscola in words: Italian card names, narration, the board and the results.

The players' own words stay Italian in every language: the briscola (the turned card, and
trumps), a carico (an Asso or a 3), a liscio (a card worth nothing), a strozzo (a carico caught
by a higher card of its suit), the mano (a deal), the presa (a trick taken), the mazzo (the
stock) and the patta (a drawn deal).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.briscola.cards import CARICHI
from bot.games.briscola.events import BriscolaEvent, DealOver, Trick
from bot.games.briscola.views import BriscolaOutcome, BriscolaView
from bot.i18n import N_, t, tn

TITLE = N_("Briscola")

SUITS = {"c": N_("Coppe"), "d": N_("Denari"), "s": N_("Spade"), "b": N_("Bastoni")}
RANKS = {"A": N_("Asso"), "F": N_("Fante"), "C": N_("Cavallo"), "R": N_("Re")}
ANNOUNCED = frozenset({"deal_over", "match_over"})
OPTION_LABELS = {
    "swap_seven": N_("The 7 of trumps may be swapped for the briscola"),
    "deals_to_win": N_("Mani to win the match"),
}
LOBBY_NOTE = N_("Two, three or four players; at four, partners sit opposite each other.")


def card_name(code: str) -> str:
    """``"Ad"`` -> ``"Asso di Denari"``."""
    rank = code[:-1]
    word = t(RANKS[rank]) if rank in RANKS else rank
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[code[-1]]))


def action_label(token: str) -> str:
    if token == "swap":  # noqa: S105 -- a move, not a password
        return t("Swap the 7 of trumps for the briscola")
    return t("Play {card}", card=card_name(token.partition(":")[2]))


def side_name(side: int, sides: int, names: list[str]) -> str:
    """A side by its players: one name, or two partners."""
    if _partnered(sides, names):
        return t("{a} & {b}", a=names[side], b=names[side + 2])
    return names[side]


def _partnered(sides: int, names: list[str]) -> bool:
    """Whether each side is two partners (its verb agrees with both)."""
    return len(names) == 4 and sides == 2


def _sides(names: list[str]) -> int:
    return 2 if len(names) == 4 else len(names)


def _points(n: int) -> str:
    return tn("{n} point", "{n} points", n)


def announced(event: BriscolaEvent) -> bool:
    """Each mano's last presa and result, and the match's."""
    return event["type"] in ANNOUNCED or (event["type"] == "trick" and event["last"])


def narrate(event: BriscolaEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "deal":
        card = event["briscola"]
        return t(
            "Mano {n}: {dealer} deals three cards each; the briscola is the {card}, "
            "{suit} are trumps. {first} leads.",
            n=event["deal"],
            dealer=names[event["dealer"]],
            card=card_name(card),
            suit=t(SUITS[card[-1]]),
            first=names[event["first"]],
        )
    if event["type"] == "swap":
        return t(
            "{who} swaps the {seven} for the briscola, the {card}.",
            who=who,
            seven=card_name(event["seven"]),
            card=card_name(event["card"]),
        )
    if event["type"] == "play":
        if event["card"] in CARICHI:
            return t("{who} plays a carico, the {card}.", who=who, card=card_name(event["card"]))
        return t("{who} plays the {card}.", who=who, card=card_name(event["card"]))
    if event["type"] == "trick":
        return last_presa(event, names) if event["last"] else _narrate_trick(event, names)
    if event["type"] == "draw":
        first = names[event["order"][0]]
        return tn(
            "{first} draws first from the mazzo: {n} card left.",
            "{first} draws first from the mazzo: {n} cards left.",
            event["left"],
            first=first,
        )
    if event["type"] == "last_card":
        return t(
            "{who} draws the last card, the briscola: the {card}. The mazzo is finished.",
            who=who,
            card=card_name(event["card"]),
        )
    if event["type"] == "deal_over":
        return _narrate_deal_over(event, names)
    if event["type"] == "match_over":
        sides = _sides(names)
        side = side_name(event["winner"], sides, names)
        if _partnered(sides, names):
            return t("🏆 {side} win the match!", side=side)
        return t("🏆 {side} wins the match!", side=side)
    return None


def _narrate_trick(event: Trick, names: list[str]) -> str:
    winner = event["winner"]
    seats = len(event["cards"])
    values = {
        "n": event["number"],
        "who": names[winner],
        "card": card_name(event["cards"][(winner - event["leader"]) % seats]),
        "points": _points(event["points"]),
    }
    if event["strozzo"]:
        return t("Strozzo! Presa {n} to {who} with the {card}: {points}.", **values)
    if event["points"] == 0:
        return t("Presa {n} to {who} with the {card}: all lisci, no points.", **values)
    return t("Presa {n} to {who} with the {card}: {points}.", **values)


def last_presa(event: Trick, names: list[str]) -> str:
    """The mano's last trick as it was played, card by card, and who took it: told beside
    the mano's result, as no board shows it (the next mano's, or the result, replaces it)."""
    return t(
        "The mano's last presa: {cards}; to {who}, {points}.",
        cards=_played(event["cards"], event["leader"], names),
        who=names[event["winner"]],
        points=_points(event["points"]),
    )


def _scores(points: list[int], names: list[str]) -> str:
    sides = len(points)
    return ", ".join(
        t("{side} {points}", side=side_name(s, sides, names), points=p)
        for s, p in enumerate(points)
    )


def _narrate_deal_over(event: DealOver, names: list[str]) -> str:
    scores = _scores(event["points"], names)
    winner = event["winner"]
    if winner is None:
        return t(
            "End of mano {n}: {scores}. Patta: the mano counts for nobody.",
            n=event["deal"],
            scores=scores,
        )
    sides = len(event["points"])
    side = side_name(winner, sides, names)
    if _partnered(sides, names):
        return t(
            "End of mano {n}: {scores}. {side} win the mano.",
            n=event["deal"],
            scores=scores,
            side=side,
        )
    return t(
        "End of mano {n}: {scores}. {side} wins the mano.",
        n=event["deal"],
        scores=scores,
        side=side,
    )


def board_lines(view: BriscolaView, names: list[str]) -> list[str]:
    sides = len(view["sides"])
    lines = [
        t(
            "Mano {n} · dealer {dealer} · briscola {card} · mazzo {stock}",
            n=view["deal"],
            dealer=names[view["dealer"]],
            card=card_name(view["briscola"]),
            stock=view["stock"],
        )
    ]
    if view["face_up"] is not None and view["face_up"] != view["briscola"]:
        lines.append(t("Under the mazzo: the {card}", card=card_name(view["face_up"])))
    for card, seat in view["known"].items():
        lines.append(t("{who} holds the {card}.", who=names[seat], card=card_name(card)))
    won = " · ".join(
        t("{side} {n}", side=side_name(s, sides, names), n=n)
        for s, n in enumerate(view["deals_won"])
    )
    lines.append(t("Mani won: {won}", won=won))
    prese = " · ".join(
        t("{side} {n}", side=side_name(s, sides, names), n=n) for s, n in enumerate(view["taken"])
    )
    lines.append(t("Prese this mano: {prese}", prese=prese))
    if view["results"]:
        last = view["results"][-1]
        lines.append(t("Last mano: {scores}", scores=_scores(last, names)))
    if view["tricks"] and not view["trick"]:
        last_trick = view["tricks"][-1]
        lines.append(
            t(
                "Last presa: {cards}, to {who}",
                cards=_played(last_trick["cards"], last_trick["leader"], names),
                who=names[last_trick["winner"]],
            )
        )
    if view["trick"]:
        lines.append(
            t("On the table: {cards}", cards=_played(view["trick"], view["leader"], names))
        )
    for seat, name in enumerate(names):
        marker = "▶" if seat == view["current"] else "·"
        lines.append(
            tn(
                "{m} {name}: {n} card",
                "{m} {name}: {n} cards",
                view["hand_sizes"][seat],
                m=marker,
                name=name,
            )
        )
    if view["hand"]:
        cards = ", ".join(card_name(c) for c in view["hand"])
        lines.append(t("Your hand: {cards}", cards=cards))
    return lines


def _played(cards: list[str], leader: int, names: list[str]) -> str:
    return ", ".join(
        t("{name} {card}", name=names[(leader + i) % len(names)], card=card_name(c))
        for i, c in enumerate(cards)
    )


def outcome_lines(outcome: BriscolaOutcome, names: list[str]) -> list[str]:
    sides = len(outcome["sides"])
    lines = [
        t("Mano {n}: {scores}", n=n, scores=_scores(points, names))
        for n, points in enumerate(outcome["deal_points"], start=1)
    ]
    for place, group in enumerate(outcome["ranking"], start=1):
        for side, seats in enumerate(outcome["sides"]):
            if seats[0] in group:
                lines.append(
                    tn(
                        "{place}. {side}: {n} mano won",
                        "{place}. {side}: {n} mani won",
                        outcome["deals_won"][seats[0]],
                        place=place,
                        side=side_name(side, sides, names),
                    )
                )
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    deals = totals["deals"]
    return [
        t(
            "Mani won {won} of {deals} · points per mano {points:.1f} · carichi taken {carichi}",
            won=totals["deals_won"],
            deals=deals,
            points=totals["points"] / deals if deals else 0.0,
            carichi=totals["carichi"],
        )
    ]


HELP = N_(
    "**Briscola**: no duty to follow suit; the highest trump, or else the highest card of "
    "the suit led, takes the trick. Above 60 points wins the deal."
)

KEPT = {
    "*": frozenset({"briscola", "carico", "carichi", "liscio", "lisci", "strozzo", "mano", "mani"})
    | frozenset({"presa", "mazzo", "patta"}),
    "it": frozenset(w.lower() for name in (*SUITS.values(), *RANKS.values()) for w in name.split()),
}
