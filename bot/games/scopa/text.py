"""Scopa in words: Italian card names, narration, the board and the results."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.moves import Completion
from bot.games.scopa.events import Play, RoundOver, ScopaEvent, SideScore
from bot.games.scopa.views import ScopaOutcome, ScopaView
from bot.i18n import N_, t, tn

TITLE = N_("Scopa")

SUITS = {"c": N_("Coppe"), "d": N_("Denari"), "s": N_("Spade"), "b": N_("Bastoni")}
RANKS = {"A": N_("Asso"), "F": N_("Fante"), "C": N_("Cavallo"), "R": N_("Re")}
ANNOUNCED = frozenset({"round_over", "extra_round", "game_over"})
OPTION_LABELS = {
    "kings_redeal": N_("Three or four Re on the table: the round is dealt again"),
    "last_card_scopa": N_("A sweep with the round's last card is a scopa"),
    "napola": N_("Napola: Asso, 2 and 3 of denari score"),
    "target": N_("Points to win"),
    "scopone": N_("Scopone scientifico: ten cards each (four players)"),
}
LOBBY_NOTE = N_("With four players, partners sit opposite each other and score together.")


def card_name(code: str) -> str:
    """``"7d"`` -> ``"7 di Denari"``."""
    rank = code[:-1]
    word = t(RANKS[rank]) if rank in RANKS else rank
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[code[-1]]))


def _cards(codes: list[str]) -> str:
    return ", ".join(card_name(c) for c in codes)


def _side(seats: list[int], names: list[str]) -> str:
    return " & ".join(names[s] for s in seats)


def action_label(token: str) -> str:
    parts = token.split(":")
    card = card_name(parts[1])
    if len(parts) == 2:
        return t("Lay down the {card}", card=card)
    took = " + ".join(card_name(c) for c in parts[2].split("+"))
    return t("{card} takes {cards}", card=card, cards=took)


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
            cards=_cards(event["table"]),
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
                cards=_cards(event["cards"]),
            )
        return t(
            "{who} made the last take and takes what is left: {cards}.",
            who=names[event["seat"]],
            cards=_cards(event["cards"]),
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
        scores = " – ".join(str(s) for s in event["scores"])
        if len(winners) == 1:
            return t("🏆 {winner} wins the game ({scores})!", winner=winner, scores=scores)
        return t("🏆 {winner} win the game ({scores})!", winner=winner, scores=scores)
    return None


def _narrate_play(event: Play, names: list[str]) -> str:
    who, card = names[event["seat"]], card_name(event["card"])
    if not event["took"]:
        return t("{who} lays down the {card}.", who=who, card=card)
    took = _cards(event["took"])
    if event["scopa"]:
        return t("{who} plays the {card} and takes {cards}: scopa!", who=who, card=card, cards=took)
    if event["left"] == 0:  # the table cleared with the round's last card
        return t(
            "{who} plays the {card} and takes {cards}, the last card: no scopa.",
            who=who,
            card=card,
            cards=took,
        )
    return t("{who} plays the {card} and takes {cards}.", who=who, card=card, cards=took)


def side_summary(part: SideScore, names: list[str]) -> str:
    """One side's round: each count with the point it made."""
    if part["primiera_sum"] is None:
        primiera = t("primiera none")
    else:
        primiera = t("primiera {sum} (+{n})", sum=part["primiera_sum"], n=part["primiera"])
    items = [
        t("carte {cards} (+{n})", cards=part["cards"], n=part["carte"]),
        t("denari {coins} (+{n})", coins=part["coins"], n=part["denari"]),
        t("settebello +{n}", n=part["settebello"]),
        primiera,
        t("scope +{n}", n=part["scope"]),
    ]
    if part["napola"]:
        items.append(t("napola +{n}", n=part["napola"]))
    return t(
        "{side}: {total} ({items})",
        side=_side(part["seats"], names),
        total=tn("{n} point", "{n} points", part["total"]),
        items=", ".join(items),
    )


def _narrate_round(event: RoundOver, names: list[str]) -> str:
    sides = "; ".join(side_summary(part, names) for part in event["sides"])
    scores = " – ".join(str(s) for s in event["scores"])
    return t(
        "Round {round} is over. {sides}. Score {scores} (to {target}).",
        round=event["round"],
        sides=sides,
        scores=scores,
        target=event["target"],
    )


def board_lines(view: ScopaView, names: list[str]) -> list[str]:
    sides = view["sides"]
    lines = [
        t(
            "Round {round} · dealer {dealer} · stock {stock} · to {target}",
            round=view["round"],
            dealer=names[view["dealer"]],
            stock=view["stock"],
            target=view["options"]["target"],
        )
    ]
    table = _cards(view["table"]) if view["table"] else t("empty")
    lines.append(t("Table: **{cards}**", cards=table))
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
    for side in range(sides):
        seats = list(range(side, view["seats"], sides))
        lines.append(
            t(
                "{side}: {score} · taken {cards} · scope {scope}",
                side=_side(seats, names),
                score=tn("{n} point", "{n} points", view["scores"][side]),
                cards=view["piles"][side],
                scope=view["scope"][side],
            )
        )
    take = view["last_take"]
    if take is not None:
        lines.append(
            t(
                "Last take: {who}, the {card} taking {cards}",
                who=names[take["seat"]],
                card=card_name(take["card"]),
                cards=_cards(take["took"]),
            )
        )
    if view["hand"]:
        lines.append(t("Your hand: {cards}", cards=_cards(view["hand"])))
    return lines


def outcome_lines(outcome: ScopaOutcome, names: list[str]) -> list[str]:
    lines = [tn("Game over after {n} round.", "Game over after {n} rounds.", outcome["rounds"])]
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
    ask=N_("What does the {card} take?"),
)

HELP = N_(
    "**Scopa**: a card that can take must take (a card of its value first, else cards adding "
    "up to it); when it can take in several ways your hand asks which. Clearing the table is "
    "a scopa."
)

KEPT = {
    "*": frozenset({"scopa", "scope", "settebello", "primiera", "napola", "presa", "smazzata"})
    | frozenset({"carte", "denari", "mazzo", "mazziere"}),
    "it": frozenset(w.lower() for name in (*SUITS.values(), *RANKS.values()) for w in name.split()),
}
