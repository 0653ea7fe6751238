"""Briscola in words: Italian card names, narration, the board and the results.

The players' own words stay Italian in every language (``docs/glossary.md``): the briscola
(the card turned up, and trumps), a carico (an Asso or a 3), a liscio (a card worth nothing)
and a strozzo (a carico taken by a higher card of its suit). The rest (a round, a trick, the
stock, a draw) is each language's own word, the same as in Scopa.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.briscola.cards import CARICHI
from bot.games.briscola.engine import sides_of
from bot.games.briscola.events import BriscolaEvent, DealOver, Trick
from bot.games.briscola.views import BriscolaOutcome, BriscolaView
from bot.games.events import announcing
from bot.games.events import deal_begun as deal_begun  # each round's number
from bot.games.moves import Inputs
from bot.games.text import KEPT_IN_ITALIAN, by_suit, seats_and_hand, the_card, the_suit
from bot.games.text import card_name as card_name  # the spec names the cards with it
from bot.games.text import deal_news as deal_news  # each round's news
from bot.i18n import N_, t, tn

TITLE = N_("Briscola")

ANNOUNCED = frozenset({"deal_over", "match_over"})
OPTION_LABELS = {
    "swap_seven": N_("The 7 of trumps may be swapped for the briscola"),
    "deals_to_win": N_("Rounds to win the match"),
}
LOBBY_NOTE = N_("Two, three or four players; at four, partners sit opposite each other.")


def action_label(token: str) -> str:
    if token == "swap":  # noqa: S105 -- a move, not a password
        return t("Swap the 7 of trumps for the briscola")
    return t("Play {card}", card=the_card(token.partition(":")[2]))


def side_name(side: int, sides: int, names: list[str]) -> str:
    """A side by its players: one name, or two partners."""
    if _partnered(sides, names):
        return t("{a} & {b}", a=names[side], b=names[side + 2])
    return names[side]


def _partnered(sides: int, names: list[str]) -> bool:
    """Whether each side is two partners (its verb agrees with both)."""
    return len(names) == 4 and sides == 2


def _sides(names: list[str]) -> int:
    return sides_of(len(names))


def _points(n: int) -> str:
    return tn("{n} point", "{n} points", n)


announced = announcing(ANNOUNCED)
"""Each round's last trick and result, and the match's."""


def narrate(event: BriscolaEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "deal":
        card = event["briscola"]
        return t(
            "Round {n}: {dealer} deals three cards each; the briscola is {card}: {suit} are "
            "trumps. {first} leads.",
            n=event["deal"],
            dealer=names[event["dealer"]],
            card=the_card(card),
            suit=the_suit(card[-1]),
            first=names[event["first"]],
        )
    if event["type"] == "swap":
        return t(
            "{who} swaps {seven} for the briscola, {card}.",
            who=who,
            seven=the_card(event["seven"]),
            card=the_card(event["card"]),
        )
    if event["type"] == "play":
        if event["card"] in CARICHI:
            return t("{who} plays a carico, {card}.", who=who, card=the_card(event["card"]))
        return t("{who} plays {card}.", who=who, card=the_card(event["card"]))
    if event["type"] == "trick":
        return last_trick(event, names) if event["last"] else _narrate_trick(event, names)
    if event["type"] == "draw":
        first = names[event["order"][0]]
        return tn(
            "{first} draws first from the stock: {n} card left.",
            "{first} draws first from the stock: {n} cards left.",
            event["left"],
            first=first,
        )
    if event["type"] == "last_card":
        return t(
            "{who} draws the last card, the briscola: {card}. The stock is finished.",
            who=who,
            card=the_card(event["card"]),
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
        "card": the_card(event["cards"][(winner - event["leader"]) % seats]),
        "points": _points(event["points"]),
    }
    if event["strozzo"]:
        return t("Strozzo! {who} takes trick {n} with {card}: {points}.", **values)
    if event["points"] == 0:
        return t("{who} takes trick {n} with {card}: only lisci, no points.", **values)
    return t("{who} takes trick {n} with {card}: {points}.", **values)


def last_trick(event: Trick, names: list[str]) -> str:
    """The round's last trick as it was played, card by card, and who took it: told beside
    the round's result, as no board shows it (the next round's, or the result, replaces it)."""
    return t(
        "The round's last trick: {cards}; to {who}, {points}.",
        cards=_played(event["cards"], event["leader"], names),
        who=names[event["winner"]],
        points=_points(event["points"]),
    )


def _scores(points: list[int], names: list[str]) -> str:
    sides = len(points)
    return " · ".join(
        t("{side}: {points}", side=side_name(s, sides, names), points=p)
        for s, p in enumerate(points)
    )


def _narrate_deal_over(event: DealOver, names: list[str]) -> str:
    scores = _scores(event["points"], names)
    winner = event["winner"]
    if winner is None:
        return t(
            "End of round {n}: {scores}. A draw: the round counts for nobody.",
            n=event["deal"],
            scores=scores,
        )
    sides = len(event["points"])
    side = side_name(winner, sides, names)
    if _partnered(sides, names):
        return t(
            "End of round {n}: {scores}. {side} win the round.",
            n=event["deal"],
            scores=scores,
            side=side,
        )
    return t(
        "End of round {n}: {scores}. {side} wins the round.",
        n=event["deal"],
        scores=scores,
        side=side,
    )


def board_lines(view: BriscolaView, names: list[str]) -> list[str]:
    sides = len(view["sides"])
    lines = [
        t(
            "Round {n} · dealer {dealer} · briscola {card} · stock {stock}",
            n=view["deal"],
            dealer=names[view["dealer"]],
            # after a swap the 7 lies under the mazzo in the briscola's place
            card=card_name(view["face_up"] or view["briscola"]),
            stock=view["stock"],
        )
    ]
    for card, seat in view["known"].items():
        lines.append(t("{who} holds {card}.", who=names[seat], card=the_card(card)))
    won = " · ".join(
        t("{side}: {n}", side=side_name(s, sides, names), n=n)
        for s, n in enumerate(view["deals_won"])
    )
    lines.append(t("Rounds won: {won}", won=won))
    taken = " · ".join(
        t("{side}: {n}", side=side_name(s, sides, names), n=n) for s, n in enumerate(view["taken"])
    )
    lines.append(t("Tricks this round: {taken}", taken=taken))
    if view["results"]:
        last = view["results"][-1]
        lines.append(t("Last round: {scores}", scores=_scores(last, names)))
    if view["tricks"]:
        last_trick = view["tricks"][-1]
        lines.append(
            t(
                "{who} took the last trick: {cards}",
                who=names[last_trick["winner"]],
                cards=_played(last_trick["cards"], last_trick["leader"], names),
            )
        )
    if view["trick"]:
        lines.append(
            t("On the table: {cards}", cards=_played(view["trick"], view["leader"], names))
        )
    played = [c for trick in view["tricks"] for c in trick["cards"]]
    if played:
        lines.append(t("Played this round: {cards}", cards=by_suit(played)))
    if view["seat"] is not None:
        side = next(s for s, seats in enumerate(view["sides"]) if view["seat"] in seats)
        ours = view["sides"][side]
        pile = [c for trick in view["tricks"] if trick["winner"] in ours for c in trick["cards"]]
        if len(ours) > 1:
            lines.append(t("Your side's tricks: {cards}", cards=by_suit(pile)))
        else:
            lines.append(t("Your tricks: {cards}", cards=by_suit(pile)))
    lines += seats_and_hand(view, names)
    return lines


def _played(cards: list[str], leader: int, names: list[str]) -> str:
    return " · ".join(
        t("{name}: {card}", name=names[(leader + i) % len(names)], card=card_name(c))
        for i, c in enumerate(cards)
    )


def outcome_lines(outcome: BriscolaOutcome, names: list[str]) -> list[str]:
    sides = len(outcome["sides"])
    lines = [
        t("Round {n}: {scores}", n=n, scores=_scores(points, names))
        for n, points in enumerate(outcome["deal_points"], start=1)
    ]
    for place, group in enumerate(outcome["ranking"], start=1):
        for side, seats in enumerate(outcome["sides"]):
            if seats[0] in group:
                lines.append(
                    tn(
                        "{place}. {side}: {n} round won",
                        "{place}. {side}: {n} rounds won",
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
            "Rounds won {won} of {deals} · points per round {points:.1f} · carichi taken {carichi}",
            won=totals["deals_won"],
            deals=deals,
            points=totals["points"] / deals if deals else 0.0,
            carichi=totals["carichi"],
        )
    ]


HELP = N_(
    "**Briscola**: no duty to follow suit; the highest trump, or else the highest card of "
    "the suit led, takes the trick. Above 60 points wins the round. Its words stay Italian: "
    "the **briscola** is the card turned up under the stock, and its suit is trumps; a "
    "**carico** is an Asso (11 points) or a 3 (10); a **liscio**, a card worth nothing; a "
    "**strozzo**, a carico taken by a higher card of its suit."
)

KEPT = {
    "*": frozenset({"briscola", "briscole", "carico", "carichi", "liscio", "lisci", "strozzo"}),
    "it": KEPT_IN_ITALIAN,
}

INPUTS = Inputs()
