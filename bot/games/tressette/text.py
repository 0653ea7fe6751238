"""Tressette in words: Italian card names, narration, the board and the results.

The players' own words stay Italian in every language (``docs/glossary.md``): the three
signals (*busso*, *striscio*, *volo*), an *accuso* (a combination declared; *accusi*), the
*napoletana* and the *buongioco*, and the *punti*. The points are counted in thirds, as players
count them aloud: "7 2/3" is seven points and two thirds, the two thirds to be dropped at the
deal's end. The rest (a round, a trick, the stock, a draw) is each language's own word, the
same as in Briscola.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.events import announcing
from bot.games.events import deal_begun as deal_begun  # each round's number
from bot.games.moves import Inputs
from bot.games.text import KEPT_IN_ITALIAN, SUITS, by_suit, seats_and_hand, the_card
from bot.games.text import card_name as card_name  # the spec names the cards with it
from bot.games.text import deal_news as deal_news  # each round's news
from bot.games.tressette.engine import SEATING
from bot.games.tressette.events import Accuse, DealOver, TressetteEvent, Trick
from bot.games.tressette.views import TressetteOutcome, TressetteView
from bot.i18n import N_, t, tn

TITLE = N_("Tressette")

ANNOUNCED = frozenset({"deal_over", "match_over"})
OPTION_LABELS = {
    "accusi": N_("Accusi: the napoletana and the buongioco are declared and scored"),
    "signals": N_("Signals: the leader may say busso, striscio or volo (four players)"),
    "target": N_("Points to win the match"),
}
LOBBY_NOTE = N_("Two or four players; at four, partners sit opposite each other.")
RANKS = {"3": N_("3s"), "2": N_("2s"), "A": N_("Assi")}
"""A buongioco's rank, in the plural."""


def side_name(side: int, names: list[str]) -> str:
    """A side by its players: one name, or two partners."""
    if len(names) == 4:
        return t("{a} & {b}", a=names[side], b=names[side + 2])
    return names[side]


def _partnered(names: list[str]) -> bool:
    return len(names) == 4


def points_in_thirds(thirds: int) -> str:
    """Thirds as players count them: "7 2/3" (seven points and two thirds), "2/3" short of a
    point."""
    points, left = divmod(thirds, 3)
    if not left:
        return str(points)
    return f"{points} {left}/3" if points else f"{left}/3"


def _points(n: int) -> str:
    return tn("{n} point", "{n} points", n)


def combination(combo: str) -> str:
    """An accuso in words: "a napoletana di Coppe", "a buongioco of three Assi (no Spade)"."""
    kind, _, rest = combo.partition(":")
    if kind == "napoletana":
        return t("a napoletana of {suit}", suit=t(SUITS[rest]))
    rank, _, missing = rest.partition(":")
    if missing:
        return t(
            "a buongioco of three {ranks} (all but {suit})",
            ranks=t(RANKS[rank]),
            suit=t(SUITS[missing]),
        )
    return t("a buongioco of the four {ranks}", ranks=t(RANKS[rank]))


SIGNAL_WORDS = {
    "busso": N_("busso: partner, take it with your best and lead the suit back"),
    "striscio": N_("striscio: I hold more of this suit"),
    "volo": N_("volo: my last of this suit"),
}


def action_label(token: str) -> str:
    kind, _, rest = token.partition(":")
    if kind == "accuse":
        return t("Declare {combination}", combination=combination(rest))
    card, _, signal = rest.partition(":")
    if signal:
        return t("Lead {card} saying {signal}", card=the_card(card), signal=signal)
    return t("Play {card}", card=the_card(card))


announced = announcing(ANNOUNCED)
"""Each deal's last trick and result, and the match's result."""


def narrate(event: TressetteEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "deal":
        values = {"n": event["deal"], "dealer": names[event["dealer"]]}
        first = names[event["first"]]
        if event["stock"]:
            return tn(
                "Round {n}: {dealer} deals ten cards each, five at a time; {count} card stays "
                "in the stock. {first} leads.",
                "Round {n}: {dealer} deals ten cards each, five at a time; {count} cards stay "
                "in the stock. {first} leads.",
                event["stock"],
                count=event["stock"],
                first=first,
                **values,
            )
        return t(
            "Round {n}: {dealer} deals ten cards each, five at a time. {first} leads.",
            first=first,
            **values,
        )
    if event["type"] == "accuse":
        return _narrate_accuse(event, who)
    if event["type"] == "play":
        card = the_card(event["card"])
        if event["signal"] is not None:
            return t("{who} leads {card}: “{signal}!”", who=who, card=card, signal=event["signal"])
        return t("{who} plays {card}.", who=who, card=card)
    if event["type"] == "trick":
        return last_trick(event, names) if event["last"] else _narrate_trick(event, names)
    if event["type"] == "draw":
        return tn(
            "{who} draws {card}: {n} card left in the stock.",
            "{who} draws {card}: {n} cards left in the stock.",
            event["left"],
            who=who,
            card=the_card(event["card"]),
        )
    if event["type"] == "deal_over":
        return _narrate_deal_over(event, names)
    side = side_name(event["winner"], names)
    totals = " – ".join(str(n) for n in event["totals"])
    if _partnered(names):
        return t("🏆 {side} win the match, {totals}!", side=side, totals=totals)
    return t("🏆 {side} wins the match, {totals}!", side=side, totals=totals)


def _narrate_accuse(event: Accuse, who: str) -> str:
    return t(
        "{who} declares {combination}: {points}.",
        who=who,
        combination=combination(event["combination"]),
        points=_points(event["points"]),
    )


def _thirds(n: int) -> str:
    return tn("{n} third", "{n} thirds", n)


def _narrate_trick(event: Trick, names: list[str]) -> str:
    winner = event["winner"]
    card = event["cards"][(winner - event["leader"]) % len(event["cards"])]
    return t(
        "{who} takes trick {n} with {card}: {thirds}.",
        who=names[winner],
        n=event["number"],
        card=the_card(card),
        thirds=_thirds(event["thirds"]),
    )


def last_trick(event: Trick, names: list[str]) -> str:
    """The deal's last trick as it was played, card by card, and who took it (with its point):
    told beside the deal's result, as no board shows it."""
    return t(
        "The round's last trick: {cards}; to {who}, {thirds} and the point of the last trick.",
        cards=_played(event["cards"], event["leader"], names),
        who=names[event["winner"]],
        thirds=_thirds(event["thirds"]),
    )


def _by_side(values: list[str], names: list[str]) -> str:
    return " · ".join(
        t("{side}: {value}", side=side_name(s, names), value=v) for s, v in enumerate(values)
    )


def _narrate_deal_over(event: DealOver, names: list[str]) -> str:
    scored = [
        t(
            "{points} ({thirds} in thirds, {accusi} from the accusi)",
            points=score,
            thirds=points_in_thirds(thirds),
            accusi=accusi,
        )
        if accusi
        else t("{points} ({thirds} in thirds)", points=score, thirds=points_in_thirds(thirds))
        for score, thirds, accusi in zip(
            event["scores"], event["thirds"], event["accusi"], strict=True
        )
    ]
    return t(
        "End of round {n}: {scores}. Totals: {totals}.",
        n=event["deal"],
        scores=_by_side(scored, names),
        totals=_by_side([str(n) for n in event["totals"]], names),
    )


def _played(cards: list[str], leader: int, names: list[str]) -> str:
    return " · ".join(
        t("{name}: {card}", name=names[(leader + i) % len(names)], card=card_name(c))
        for i, c in enumerate(cards)
    )


def board_lines(view: TressetteView, names: list[str]) -> list[str]:
    lines = [
        t(
            "Round {n} · dealer {dealer} · to {target} points",
            n=view["deal"],
            dealer=names[view["dealer"]],
            target=view["target"],
        ),
        t("Points: {totals}", totals=_by_side([str(n) for n in view["totals"]], names)),
        t(
            "This round, in thirds: {thirds}",
            thirds=_by_side([points_in_thirds(n) for n in view["thirds"]], names),
        ),
    ]
    if view["seats"] == 2:
        lines.append(tn("Stock: {n} card", "Stock: {n} cards", view["stock"]))
    for declared in view["declared"]:
        lines.append(
            t(
                "{who} declared {combination}.",
                who=names[declared["seat"]],
                combination=combination(declared["combination"]),
            )
        )
    for seat, name in enumerate(names):
        held = [c for c, at in view["known"].items() if at == seat]
        if held:
            lines.append(t("{who} is known to hold {cards}.", who=name, cards=by_suit(held)))
    if view["tricks"]:
        done = view["tricks"][-1]
        lines.append(
            t(
                "Trick {n}, to {who}: {cards}",
                n=len(view["tricks"]),
                who=names[done["winner"]],
                cards=_played(done["cards"], done["leader"], names),
            )
        )
    if view["trick"]:
        lines.append(
            t("On the table: {cards}", cards=_played(view["trick"], view["leader"], names))
        )
        if view["signal"] is not None:
            lines.append(
                t(
                    "{who} led saying {signal}",
                    who=names[view["leader"]],
                    signal=t(SIGNAL_WORDS[view["signal"]]),
                )
            )
    played = [c for trick in view["tricks"] for c in trick["cards"]]
    if played:
        lines.append(t("Played this round: {cards}", cards=by_suit(played)))
    lines += seats_and_hand(view, names)
    return lines


def outcome_lines(outcome: TressetteOutcome, names: list[str]) -> list[str]:
    lines = [
        t("Round {n}: {scores}", n=n, scores=_by_side([str(p) for p in points], names))
        for n, points in enumerate(outcome["deal_points"], start=1)
    ]
    for place, group in enumerate(outcome["ranking"], start=1):
        side = SEATING.teams(len(names))[group[0]]
        lines.append(
            t(
                "{place}. {side}: {points}",
                place=place,
                side=side_name(side, names),
                points=_points(outcome["points"][group[0]]),
            )
        )
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    return [
        t(
            "Rounds won {won} of {deals} · accusi declared {accusi} · last tricks taken {last}",
            won=totals["deals_won"],
            deals=totals["deals"],
            accusi=totals["accusi"],
            last=totals["last_tricks"],
        )
    ]


HELP = N_(
    "**Tressette**: no trumps; follow suit if you can, and the highest card of the suit led "
    "takes the trick, in the order 3 2 Asso Re Cavallo Fante 7 6 5 4. The **punti** are "
    "counted in thirds: an Asso is a point, a 3, 2, Re, Cavallo or Fante a third, the last "
    "trick a point; the leftover thirds are dropped. Before your first card of a round you may "
    "declare an **accuso**: a **napoletana** (Asso, 2 and 3 of a suit, 3 points) or a "
    "**buongioco** (three or four 3s, 2s or Assi: 3 or 4 points). At four, the leader may say "
    "one word with the card led: **busso** (partner, take it with your best and lead the suit "
    "back), **striscio** (I hold more of this suit) or **volo** (my last of this suit): your "
    "hand and `/play` offer each card you may lead with each word it may carry."
)

KEPT = {
    "*": frozenset(
        {
            "busso",
            "striscio",
            "volo",
            "accuso",
            "accusi",
            "napoletana",
            "buongioco",
            "punti",
            "tressette",
        }
    ),
    "it": KEPT_IN_ITALIAN | {"assi"},
}

INPUTS = Inputs()  # every lead with its word is a listed move of its own
