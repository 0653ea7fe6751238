"""Minchiate in words: Italian card names, narration, the board and the results."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from bot.games.events import announcing
from bot.games.minchiate.events import (
    Combination,
    Declare,
    MinchiateEvent,
    Resti,
    Rob,
    Shown,
    Trick,
)
from bot.games.minchiate.views import MinchiateOutcome, MinchiateView, ScoringKind
from bot.games.moves import Inputs
from bot.i18n import N_, t, tc, tn

TITLE = N_("Minchiate")

SUITS = {"c": N_("Coppe"), "d": N_("Denari"), "s": N_("Spade"), "b": N_("Bastoni")}
COURTS = {"R": N_("Re"), "Q": N_("Regina"), "C": N_("Cavallo"), "F": N_("Fante")}
TRUMP_NAMES = (
    "",
    N_("Papa uno"),
    N_("Granduca"),
    N_("Imperatore d'Occidente"),
    N_("Imperatore d'Oriente"),
    N_("Amore"),
    N_("Temperanza"),
    N_("Fortezza"),
    N_("Giustizia"),
    N_("Ruota"),
    N_("Carro"),
    N_("Tempo"),
    N_("Appeso"),
    N_("Morte"),
    N_("Diavolo"),
    N_("Casa del Diavolo"),
    N_("Speranza"),
    N_("Prudenza"),
    N_("Fede"),
    N_("Carità"),
    N_("Fuoco"),
    N_("Acqua"),
    N_("Terra"),
    N_("Aria"),
    N_("Bilancia"),
    N_("Vergine"),
    N_("Scorpione"),
    N_("Ariete"),
    N_("Capricorno"),
    N_("Sagittario"),
    N_("Cancro"),
    N_("Pesci"),
    N_("Acquario"),
    N_("Leone"),
    N_("Toro"),
    N_("Gemelli"),
    N_("Stella"),
    N_("Luna"),
    N_("Sole"),
    N_("Mondo"),
    N_("Trombe"),
)
ANNOUNCED = frozenset({"end_score", "matto_payment", "game_over"})
OPTION_LABELS = {"resti_at_end_only": N_("Resti counted only at the end")}
LOBBY_NOTE = N_("AI players fill the empty seats; partners sit opposite each other.")
SCORING: dict[ScoringKind, str] = {
    "cutter_rob": N_("cutter's robbing"),
    "shown": N_("shown cards"),
    "dealer_rob": N_("dealer's robbing"),
    "declaration": N_("declarations"),
    "capture": N_("capture bonuses"),
}


def card_name(code: str) -> str:
    """``"Rc"`` -> ``"Re di Coppe"``, ``"Fd"`` -> ``"Fantina di Denari"``, ``"T40"`` ->
    ``"40 Trombe"``, ``"1s"`` -> ``"Asso di Spade"``, ``"M"`` -> ``"Matto"``."""
    if code == "M":
        return t("Matto")
    if code[0] == "T":
        n = int(code[1:])
        return t("{n} {name}", n=n, name=t(TRUMP_NAMES[n]))
    rank, suit = code[:-1], code[-1]
    if rank == "F" and suit in "cd":
        word = t(N_("Fantina"))  # the Fante of coppe and denari is a woman
    elif rank == "1":
        word = t(N_("Asso"))
    else:
        word = t(COURTS[rank]) if rank in COURTS else rank
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[suit]))


def _cards(codes: list[str], of: Literal["cards", "fola", "discards"]) -> str:
    """The cards named, or the word for none, which agrees with the list ("scarti: nessuno")."""
    if codes:
        return ", ".join(card_name(c) for c in codes)
    none = {
        "cards": tc("cards", "none"),
        "fola": tc("fola", "none"),
        "discards": tc("discards", "none"),
    }
    return none[of]


def _side(side: int, names: list[str]) -> str:
    return t("{a} & {b}", a=names[side], b=names[side + 2])


def action_label(token: str) -> str:
    kind, _, card = token.partition(":")
    if kind == "play":
        return t("Play {card}", card=card_name(card))
    if kind == "discard":
        return t("Discard {card}", card=card_name(card))
    if kind == "declare":
        return t("Declare")
    return t("Do not declare")


def combination_name(combo: Combination) -> str:
    """``run`` 28..31 -> "28-29-30-31"; the fixed sets by their trumps; "3 Re"."""
    if combo["kind"] == "kings":
        return t("{n} Re", n=len(combo["cards"]))
    if combo["kind"] == "1-40-M":
        return t("1-40-Matto")
    return "-".join(c[1:] for c in combo["cards"])


def _combos(combos: list[Combination]) -> str:
    return ", ".join(
        t("{name} ({value})", name=combination_name(c), value=c["value"]) for c in combos
    )


def _gain(event: Rob | Shown | Declare) -> str:
    return t(": +{points}", points=event["points"]) if event.get("points") else ""


announced = announcing(ANNOUNCED)
"""The deal's last trick, the end of its scoring, the Matto payment and the result."""


def deal_begun(event: MinchiateEvent) -> int | None:
    """None: a match is one deal, with no news of an earlier one to name."""
    return None


deal_news = None  # never called: no deal begins after another


def narrate(event: MinchiateEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "cut":
        dealer, n = names[event["dealer"]], event["robbed"]
        if n == 0:
            return t("{who} cuts for {dealer} and robs nothing.", who=who, dealer=dealer)
        if n == 1:
            return t("{who} cuts for {dealer} and robs a card.", who=who, dealer=dealer)
        return tn(
            "{who} cuts for {dealer} and robs {n} card.",
            "{who} cuts for {dealer} and robs {n} cards.",
            n,
            who=who,
            dealer=dealer,
        )
    if event["type"] == "rob":
        card, gain = card_name(event["card"]), _gain(event)
        if event["by"] == "cutter":
            return t("{who} robbed the {card}{gain}", who=who, card=card, gain=gain)
        return t("{who} robbed the {card} from the fola{gain}", who=who, card=card, gain=gain)
    if event["type"] == "deal":
        return t(
            "{dealer} deals 21 cards to each player; {first} will lead.",
            dealer=names[event["dealer"]],
            first=names[event["first"]],
        )
    if event["type"] == "shown":
        return t(
            "{who}'s 21st card is the {card}{gain}",
            who=who,
            card=card_name(event["card"]),
            gain=_gain(event),
        )
    if event["type"] == "put_back":
        return t(
            "{who} turns up the {card} and puts it back.", who=who, card=card_name(event["card"])
        )
    if event["type"] == "take":
        return t(
            "{who} takes from the fola: {cards}.",
            who=who,
            cards=_cards(event["cards"], "fola"),
        )
    if event["type"] == "turn":
        if event["phase"] == "discard":
            if event["count"] == 1:
                return t("{who} must discard a card.", who=who)
            return tn(
                "{who} must discard {n} card.",
                "{who} must discard {n} cards.",
                event["count"],
                who=who,
            )
        return None
    if event["type"] == "discard":
        if event["left"]:
            return t("{who} discards a card ({n} to go).", who=who, n=event["left"])
        return t("{who} discards a card and is done.", who=who)
    if event["type"] == "declare":
        return t(
            "{who} declares {combos}{gain}",
            who=who,
            combos=_combos(event["combinations"]),
            gain=_gain(event),
        )
    if event["type"] == "nodeclare":
        return t("{who} does not declare.", who=who)
    if event["type"] == "fola":
        discarded = [c for cards in event["discards"] for c in cards]
        return t(
            "The fola is shown: {cards}; discarded: {discards}.",
            cards=_cards(event["cards"], "fola"),
            discards=_cards(discarded, "discards"),
        )
    if event["type"] == "play":
        return t("{who} plays the {card}.", who=who, card=card_name(event["card"]))
    if event["type"] == "trick":
        return last_trick(event, names) if event["last"] else _narrate_trick(event, names)
    if event["type"] == "resti":
        return _narrate_resti(event, names)
    if event["type"] == "matto_payment":
        return t(
            "Matto payment: {giver} give the {card} to {taker}.",
            giver=_side(event["from_side"], names),
            card=card_name(event["card"]),
            taker=_side(event["to_side"], names),
        )
    if event["type"] == "end_score":
        return t(
            "End of the deal: {a} score {pa}, {b} score {pb}.",
            a=_side(0, names),
            pa=event["sides"][0]["total"],
            b=_side(1, names),
            pb=event["sides"][1]["total"],
        )
    if event["type"] == "game_over":
        if event["winner"] is None:
            return t("The deal is drawn on resti, {n} each.", n=event["resti"][0])
        won = event["winner"]
        return t(
            "{side} win on resti, {a} to {b}.",
            side=_side(won, names),
            a=event["resti"][won],
            b=event["resti"][1 - won],
        )
    return None


def _narrate_trick(event: Trick, names: list[str]) -> str:
    winner = event["winner"]
    values = {
        "n": event["number"],
        "who": names[winner],
        "card": card_name(event["cards"][(winner - event["leader"]) % 4]),
        "points": event["points"],
    }
    if event["points"]:
        return t("Trick {n} won by {who} with the {card}, capture bonus +{points}.", **values)
    return t("Trick {n} won by {who} with the {card}.", **values)


def last_trick(event: Trick, names: list[str]) -> str:
    """The deal's last trick as it was played, card by card, and who won it: told beside the
    deal's result, as no board shows it (the result replaces it)."""
    return _last_trick_line(
        event["number"], event["cards"], event["leader"], event["winner"], names
    )


def _last_trick_line(n: int, cards: list[str], leader: int, winner: int, names: list[str]) -> str:
    return t(
        "Last trick ({n}): {cards}, won by {who}",
        n=n,
        cards=_played(cards, leader, names),
        who=names[winner],
    )


def _narrate_resti(event: Resti, names: list[str]) -> str:
    n = event["count"]
    values = {"side": _side(event["side"], names), "lead": abs(event["diff"])}
    if event["when"] == "end":
        if n == 1:
            return t("{side} take a resto for their final lead.", **values)
        return tn(
            "{side} take {n} resto for their final lead.",
            "{side} take {n} resti for their final lead.",
            n,
            **values,
        )
    if n == 1:
        return t("{side} take a resto (lead carried: {lead}).", **values)
    return tn(
        "{side} take {n} resto (lead carried: {lead}).",
        "{side} take {n} resti (lead carried: {lead}).",
        n,
        **values,
    )


def board_lines(view: MinchiateView, names: list[str]) -> list[str]:
    lines = [
        t(
            "Dealer {dealer} · cutter {cutter} · partners {a} and {b}",
            dealer=names[view["dealer"]],
            cutter=names[view["cutter"]],
            a=_side(0, names),
            b=_side(1, names),
        ),
        _score_line(view, names),
    ]
    if view["cutter_robbed"]:
        lines.append(
            t(
                "Robbed at the cut by {who}: {cards}",
                who=names[view["cutter"]],
                cards=_cards(view["cutter_robbed"], "cards"),
            )
        )
    if view["dealer_robbed"] or view["dealer_took"]:
        lines.append(
            t(
                "Taken from the fola by {who}: {cards}",
                who=names[view["dealer"]],
                cards=_cards(view["dealer_robbed"] + view["dealer_took"], "cards"),
            )
        )
    shown = ", ".join(
        t("{name} {card}", name=names[s], card=card_name(c)) for s, c in enumerate(view["shown"])
    )
    lines.append(t("21st cards shown: {shown}", shown=shown))
    for seat, answer in enumerate(view["declarations"]):
        if answer and answer["declared"]:
            lines.append(
                t(
                    "{who} declared {combos}",
                    who=names[seat],
                    combos=_combos(answer["combinations"]) or t("nothing"),
                )
            )
    lines.extend(_fola_lines(view))
    lines.extend(_phase_lines(view, names))
    if view["hand"]:  # after the last trick there is nothing to show
        lines.append(t("Your hand: {cards}", cards=_cards(view["hand"], "cards")))
    return lines


def _points(n: int) -> str:
    return tn("{n} point", "{n} points", n)


def _resti(n: int) -> str:
    return tn("{n} resto", "{n} resti", n)


def _score_line(view: MinchiateView, names: list[str]) -> str:
    diff = view["diff"]
    values = {
        "a": _side(0, names),
        "pa": _points(view["points"][0]),
        "ra": _resti(view["resti"][0]),
        "b": _side(1, names),
        "pb": _points(view["points"][1]),
        "rb": _resti(view["resti"][1]),
        "n": abs(diff),
        "leader": _side(0 if diff > 0 else 1, names),
    }
    if diff:
        return t(
            "{a}: {pa}, {ra} · {b}: {pb}, {rb} · lead carried: {n} to {leader}",
            **values,
        )
    return t("{a}: {pa}, {ra} · {b}: {pb}, {rb} · no lead", **values)


def _fola_lines(view: MinchiateView) -> list[str]:
    if view["phase"] in ("play", "over"):
        discarded = [c for cards in view["discards"] for c in cards or ()]
        return [
            t("Fola: {cards}", cards=_cards((view["fola"] or []) + discarded, "fola")),
        ]
    lines = []
    if view["fola"] is not None:
        lines.append(
            t(
                "The fola you looked through: {cards}",
                cards=_cards(view["fola"], "fola"),
            )
        )
    if view["cut_seen"] is not None:
        lines.append(t("You saw the {card} at the cut.", card=card_name(view["cut_seen"])))
    own = view["seat"]
    mine = view["discards"][own] if own is not None else None
    if mine:
        lines.append(t("Your discards: {cards}", cards=_cards(mine, "discards")))
    return lines


def _phase_lines(view: MinchiateView, names: list[str]) -> list[str]:
    current = view["current"]
    if view["phase"] == "over" or current is None:
        return [t("The deal is over.")]
    who = names[current]
    if view["phase"] == "discard":
        return [t("{who} is discarding: {n} to go.", who=who, n=view["to_discard"][current])]
    if view["phase"] == "declare":
        return [t("{who} declares or passes.", who=who)]
    lines = []
    if view["tricks"]:
        last = view["tricks"][-1]
        n = len(view["tricks"])
        lines.append(_last_trick_line(n, last["cards"], last["leader"], last["winner"], names))
    leader = view["leader"]
    if view["trick"] and leader is not None:
        trick = _played(view["trick"], leader, names)
    else:
        trick = t("empty")
    lines.append(t("Trick {n}: {cards}", n=len(view["tricks"]) + 1, cards=trick))
    lines.append(
        t(
            "Piles: {a} {na} · {b} {nb}",
            a=_side(0, names),
            na=tn("{n} card", "{n} cards", len(view["piles"][0])),
            b=_side(1, names),
            nb=tn("{n} card", "{n} cards", len(view["piles"][1])),
        )
    )
    lines.append(t("▶ {who} to play.", who=who))
    return lines


def _played(cards: list[str], leader: int, names: list[str]) -> str:
    return ", ".join(
        t("{name} {card}", name=names[(leader + i) % 4], card=card_name(c))
        for i, c in enumerate(cards)
    )


def outcome_lines(outcome: MinchiateOutcome, names: list[str]) -> list[str]:
    lines = []
    for s, part in enumerate(outcome["sides"]):
        during, end = part["during_play"], part["end"]
        lines.append(t("{side}: {points}", side=_side(s, names), points=_points(part["points"])))
        during_parts = ", ".join(
            t("{what} {n}", what=t(SCORING[k]), n=during[k]) for k in SCORING if during[k]
        )
        lines.append(
            t("  during play {n}: {parts}", n=during["total"], parts=during_parts or t("nothing"))
        )
        lines.append(
            t(
                "  at the end {n}: card points {cards}, combinations {combos}, "
                "cards beyond 42 {extra}, last trick {last}",
                n=end["total"],
                cards=end["card_points"],
                combos=end["combinations"],
                extra=end["extra_cards"],
                last=end["last_trick"],
            )
        )
        if end["combination_list"]:
            lines.append(t("  combinations: {combos}", combos=_combos(end["combination_list"])))
        lines.append(
            t(
                "  resti: {running} during play + {end} at the end = {total}",
                running=part["resti_running"],
                end=part["resti_end"],
                total=part["resti"],
            )
        )
    payment = outcome["matto_payment"]
    if payment is not None:
        lines.append(
            t(
                "Matto payment: {giver} gave the {card} to {taker}.",
                giver=_side(payment["from_side"], names),
                card=card_name(payment["card"]),
                taker=_side(payment["to_side"], names),
            )
        )
    winner = outcome["winner"]
    if winner is None:
        lines.append(t("Draw: equal net resti."))
    else:
        lines.append(
            tn(
                "{side} win by {n} net resto.",
                "{side} win by {n} net resti.",
                outcome["sides"][winner]["net_resti"],
                side=_side(winner, names),
            )
        )
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    return [
        t(
            "Resti won {won}, lost {lost} · average points {points:.1f}"
            " · combinations declared {combos}",
            won=totals["resti_won"],
            lost=totals["resti_lost"],
            points=totals["points"] / played if played else 0.0,
            combos=totals["combinations"],
        )
    ]


HELP = N_(
    "**Minchiate Fiorentine**: four players in two partnerships; the AI takes the empty seats."
)

KEPT = {
    "*": frozenset({"minchiate", "matto", "fola", "resto", "resti"}),
    "it": frozenset(
        w.lower().strip("'")
        for name in (*SUITS.values(), *COURTS.values(), *TRUMP_NAMES, "Asso", "Fantina")
        for w in name.replace("'", " ").split()
    ),
}

INPUTS = Inputs()
