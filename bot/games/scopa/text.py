"""Scopa in words: Italian card names, narration, the board and the results.

The game's own words are kept Italian in every language (``docs/glossary.md``): scopa (a
take that clears the table; plural scope), settebello (the 7 di Denari), primiera and napola;
the rest (a take, the stock, a round, the dealer) is each language's own word.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.moves import Completion, Inputs
from bot.games.scopa.cards import DENARI, PRIMIERA, SETTEBELLO
from bot.games.scopa.events import Play, RoundOver, ScopaEvent, SideScore
from bot.games.scopa.views import ScopaOutcome, ScopaView, Take
from bot.games.text import KEPT_IN_ITALIAN, by_suit, capital, seats_and_hand, the_card, the_cards
from bot.games.text import card_name as card_name  # the spec names the cards with it
from bot.games.text import deal_news as deal_news  # each round's news
from bot.i18n import N_, t, tc, tn

TITLE = N_("Scopa")

ANNOUNCED = frozenset({"round_over", "extra_round", "game_over"})
OPTION_LABELS = {
    "kings_redeal": N_("Three or four Re on the table: the round is dealt again"),
    "last_card_scopa": N_("A sweep with the round's last card is a scopa"),
    "napola": N_("Napola: Asso, 2 and 3 of denari score"),
    "target": N_("Points to win"),
    "scopone": N_("Scopone scientifico: ten cards each (four players)"),
}
LOBBY_NOTE = N_("With four players, partners sit opposite each other and score together.")


def _side(seats: list[int], names: list[str]) -> str:
    return " & ".join(names[s] for s in seats)


def action_label(token: str) -> str:
    parts = token.split(":")
    card = the_card(parts[1])
    if len(parts) == 2:
        return t("Lay down {card}", card=card)
    took = " + ".join(the_card(c) for c in parts[2].split("+"))
    return capital(t("{card} takes {cards}", card=card, cards=took))


def announced(event: ScopaEvent) -> bool:
    """A scopa, what ended a round, each round's summary, another round, the end of the game."""
    return (
        event["type"] in ANNOUNCED
        or (event["type"] == "play" and event["scopa"])
        or ends_round(event)
    )


def ends_round(event: ScopaEvent) -> bool:
    """The round's last play and the last taker's sweep of the table: told beside the round's
    summary, as nobody sees them on a board (the next round's, or the result, replaces it)."""
    return event["type"] == "sweep" or (event["type"] == "play" and event["last"])


def deal_begun(event: ScopaEvent) -> int | None:
    """The number of the round a deal begins."""
    return event["round"] if event["type"] == "deal" and event["fresh"] else None


def _cards(codes: list[str]) -> str:
    """Cards as a list shows them (the table, a hand): their names alone."""
    return ", ".join(card_name(c) for c in codes)


def narrate(event: ScopaEvent, names: list[str]) -> str | None:
    if event["type"] == "deal":
        dealer, first = names[event["dealer"]], names[event["first"]]
        if not event["fresh"]:
            return tn(
                "{dealer} deals three more cards each; {n} card is left in the stock.",
                "{dealer} deals three more cards each; {n} cards are left in the stock.",
                event["stock"],
                dealer=dealer,
            )
        if not event["table"]:
            return t(
                "Round {round}: {dealer} deals ten cards each. {first} plays first.",
                round=event["round"],
                dealer=dealer,
                first=first,
            )
        return t(
            "Round {round}: {dealer} deals; on the table: {cards}. {first} plays first.",
            round=event["round"],
            dealer=dealer,
            cards=the_cards(event["table"]),
            first=first,
        )
    if event["type"] == "redeal":
        return t(
            "Three or more Re on the table ({cards}): {dealer} deals again.",
            cards=_cards(event["table"]),
            dealer=names[event["dealer"]],
        )
    if event["type"] == "play":
        return _narrate_play(event, names)
    if event["type"] == "sweep":
        if event["seat"] is None:
            return t(
                "Nobody took anything this round: {cards} stay on the table.",
                cards=the_cards(event["cards"]),
            )
        return t(
            "{who} made the last take and takes what is left: {cards}.",
            who=names[event["seat"]],
            cards=the_cards(event["cards"]),
        )
    if event["type"] == "round_over":
        return _narrate_round(event, names)
    if event["type"] == "extra_round":
        return t(
            "Level at the top ({scores}): another round.",
            scores=" – ".join(str(s) for s in event["scores"]),
        )
    if event["type"] == "game_over":
        winners = event["ranking"][0]
        winner = _side(winners, names)
        sides = len(event["scores"])
        # The winner's score first, then the others' in their places.
        scores = " – ".join(str(event["scores"][group[0] % sides]) for group in event["ranking"])
        if len(winners) == 1:
            return t("🏆 {winner} wins the match ({scores})!", winner=winner, scores=scores)
        return t("🏆 {winner} win the match ({scores})!", winner=winner, scores=scores)
    return None


def _narrate_play(event: Play, names: list[str]) -> str:
    who, card = names[event["seat"]], the_card(event["card"])
    if not event["took"]:
        return t("{who} lays down {card}.", who=who, card=card)
    took = the_cards(event["took"])
    if event["scopa"]:
        return t("{who} plays {card} and takes {cards}: scopa!", who=who, card=card, cards=took)
    if event["left"] == 0:  # the table cleared with the round's last card
        return t(
            "{who} plays {card} and takes {cards}, the last card: no scopa.",
            who=who,
            card=card,
            cards=took,
        )
    return t("{who} plays {card} and takes {cards}.", who=who, card=card, cards=took)


def _figures(part: SideScore, napola: bool) -> list[tuple[str, str]]:
    """A side's figures of the round, each with the point it made, in the summary's order."""
    if part["primiera_sum"] is None:
        primiera = t("none, a suit is missing")
    else:
        primiera = t("{sum} (+{n})", sum=part["primiera_sum"], n=part["primiera"])
    figures = [
        (t("cards"), t("{count} (+{n})", count=part["cards"], n=part["carte"])),
        (t("denari"), t("{count} (+{n})", count=part["coins"], n=part["denari"])),
        (t("settebello"), t("+{n}", n=part["settebello"])),
        (t("primiera"), primiera),
        (t("scope"), t("+{n}", n=part["scope"])),
    ]
    if napola:
        figures.append((t("napola"), t("+{n}", n=part["napola"])))
    return figures


def _narrate_round(event: RoundOver, names: list[str]) -> str:
    """The round's summary, one line a figure, every side on it: read down, not along."""
    parts = event["sides"]
    sides = [_side(part["seats"], names) for part in parts]
    napola = any(part["napola"] for part in parts)
    figures = [_figures(part, napola) for part in parts]
    lines = [t("Round {round} is over.", round=event["round"])]
    for row, (label, _) in enumerate(figures[0]):
        each = " · ".join(
            t("{side}: {figure}", side=side, figure=figures[s][row][1])
            for s, side in enumerate(sides)
        )
        lines.append(t("{label} — {each}", label=capital(label), each=each))
    points = " · ".join(
        t("{side}: {points}", side=side, points=tn("{n} point", "{n} points", part["total"]))
        for side, part in zip(sides, parts, strict=True)
    )
    lines.append(t("Points this round: {points}", points=points))
    scores = " – ".join(str(s) for s in event["scores"])
    lines.append(t("Score {scores} (to {target}).", scores=scores, target=event["target"]))
    return "\n".join(lines)


def _taken(takes: list[Take], seats: list[int]) -> list[str]:
    """What a side has taken this round (the takes are made face up before everyone)."""
    return [c for take in takes if take["seat"] in seats for c in (take["card"], *take["took"])]


def _running(pile: list[str]) -> str:
    """A side's count so far: cards and denari taken, the settebello, the primiera's sum of the
    suits it holds."""
    best: dict[str, int] = {}
    for card in pile:
        best[card[-1]] = max(best.get(card[-1], 0), PRIMIERA[card])
    if not pile:
        return tc("cards", "none")
    items = [
        tn("{n} card", "{n} cards", len(pile)),
        t("denari {n}", n=sum(c[-1] == DENARI for c in pile)),
        t("primiera {sum}", sum=sum(best.values()))
        if len(best) == 4
        else tn(
            "primiera {sum} ({n} suit)",
            "primiera {sum} ({n} suits)",
            len(best),
            sum=sum(best.values()),
        ),
    ]
    if SETTEBELLO in pile:
        items.append(t("settebello"))
    return " · ".join(items)


def board_lines(view: ScopaView, names: list[str]) -> list[str]:
    sides = view["sides"]
    header = t(
        "Round {round} · dealer {dealer} · stock {stock} · to {target}",
        round=view["round"],
        dealer=names[view["dealer"]],
        stock=view["stock"],
        target=view["options"]["target"],
    )
    if view["options"]["scopone"]:
        header = t("Scopone scientifico · {rest}", rest=header)
    lines = [header]
    table = _cards(view["table"]) if view["table"] else t("empty")
    lines.append(t("Table: **{cards}**", cards=table))
    lines += seats_and_hand(view, names, hand=False)
    for side in range(sides):
        seats = list(range(side, view["seats"], sides))
        lines.append(
            t(
                "{side}: {score} · scope {scope} · taken {count}",
                side=_side(seats, names),
                score=tn("{n} point", "{n} points", view["scores"][side]),
                scope=view["scope"][side],
                count=_running(_taken(view["takes"], seats)),
            )
        )
    take = view["last_take"]
    if take is not None:
        lines.append(
            t(
                "Last take: {who} took {cards} with {card}",
                who=names[take["seat"]],
                card=the_card(take["card"]),
                cards=the_cards(take["took"]),
            )
        )
    own = view["seat"]
    if own is not None:
        for side in [own % sides, *(s for s in range(sides) if s != own % sides)]:
            seats = list(range(side, view["seats"], sides))
            if not _taken(view["takes"], seats):
                continue
            lines.append(
                t(
                    "Taken by {side}: {cards}",
                    side=_side(seats, names),
                    cards=by_suit(_taken(view["takes"], seats)),
                )
            )
    if view["hand"]:
        lines.append(t("Your hand: {cards}", cards=_cards(view["hand"])))
    return lines


def outcome_lines(outcome: ScopaOutcome, names: list[str]) -> list[str]:
    lines = [tn("Match over after {n} round.", "Match over after {n} rounds.", outcome["rounds"])]
    for place, group in enumerate(outcome["ranking"], start=1):
        lines.append(
            t(
                "{place}. {name}: {points}",
                place=place,
                name=" & ".join(names[s] for s in group),
                points=tn("{n} point", "{n} points", outcome["points"][group[0]]),
            )
        )
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    rounds = totals["rounds"]
    return [
        t(
            "Rounds played {rounds} · scope per round {scope:.2f} · settebello taken {settebello}"
            " · primiera won {primiera}",
            rounds=rounds,
            scope=totals["scope"] / rounds if rounds else 0.0,
            settebello=totals["settebello"],
            primiera=totals["primiera"],
        )
    ]


# -- a card that takes in several ways (bot.games.moves) -------------------------------------

COMPLETION = Completion(
    offer=N_("{card}: choose what it takes"),
    ask=N_("{card}: what does it take?"),
)

HELP = N_(
    "**Scopa**: a card that can take must take (a card of its value first, else cards adding "
    "up to it); when it can take in several ways your hand asks which. Its words stay "
    "Italian: a **scopa** (plural scope) clears the table, a point each; at the end of a "
    "round a point each for the most cards, the most denari, the **settebello** (the 7 di "
    "Denari) and the best **primiera** (the sum of the best card of each suit: 7 is 21, 6 is "
    "18, Asso 16, 5 15, 4 14, 3 13, 2 12, a figure 10); with the house rule, the **napola** "
    "(Asso, 2 and 3 of Denari and on)."
)

KEPT = {
    "*": frozenset(
        {"scopa", "scope", "settebello", "primiera", "napola", "scopone", "scientifico"}
    ),
    "it": KEPT_IN_ITALIAN,
}

INPUTS = Inputs(COMPLETION)
