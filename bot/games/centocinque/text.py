"""Centocinque in words: Italian card names, narration, the board and the results."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.centocinque.events import CentocinqueEvent, Play
from bot.games.centocinque.moves import CALLOUT, PENULTIMA
from bot.games.centocinque.views import CentocinqueOutcome, CentocinqueView
from bot.games.moves import Inputs, Mark, Shortcut, Target
from bot.i18n import N_, t, tn

TITLE = N_("Centocinque")

SUITS = {"c": N_("Coppe"), "d": N_("Denari"), "s": N_("Spade"), "b": N_("Bastoni")}
RANKS = {"A": N_("Asso"), "F": N_("Fante"), "C": N_("Cavallo"), "R": N_("Re")}
ANNOUNCED = frozenset({"hand_over", "eliminated", "match_over"})
OPTION_LABELS = {
    "redeal_ace_starter": N_("An Ace turned as starter is redealt"),
    "ace_on_ace": N_("An Ace may go on an Ace"),
    "voluntary_draw": N_("You may draw instead of playing"),
    "cavallo_declares_suit": N_("The Cavallo names the next suit"),
    "late_penultima": N_("Penúltima may be said late"),
    "penultima_penalty": N_("Cards for a missed penúltima"),
    "false_callout_penalty": N_("Cards for a wrong call-out"),
    "last_two_draws": N_("A 2 played last still makes the next player draw"),
}


def card_name(code: str) -> str:
    """``"Cs"`` -> ``"Cavallo di Spade"``."""
    rank = code[:-1]
    word = t(RANKS[rank]) if rank in RANKS else rank
    return t("{rank} di {suit}", rank=word, suit=t(SUITS[code[-1]]))


def action_label(token: str) -> str:
    parts = token.split(":")
    if parts[0] == "play":
        label = card_name(parts[1])
        if len(parts) > 2 and parts[2] in SUITS:
            label = t("{card}, naming {suit}", card=label, suit=t(SUITS[parts[2]]))
        if parts[-1] == "penultima":
            label = t("{card} + penúltima!", card=label)
        return label
    if parts[0] == "draw":
        return t("Draw")
    if parts[0] == "pass":
        return t("Keep the Cavallo and pass")
    if parts[0] == "callout":
        return t("Call out seat {seat}", seat=parts[1])
    return t("Penúltima!")


def announced(event: CentocinqueEvent) -> bool:
    """The card a hand's winner goes out with, each hand's result, the eliminations and the
    match's end."""
    return event["type"] in ANNOUNCED or goes_out(event)


def goes_out(event: CentocinqueEvent) -> bool:
    """The hand's last play: told beside the hand's result, as no board shows it (the next
    hand's, or the result, replaces it)."""
    return event["type"] == "play" and event["left"] == 0


def deal_news(n: int, news: str) -> str:
    """News shown once the next deal has begun, naming its own."""
    return t("Hand {n}: {news}", n=n, news=news)


def deal_begun(event: CentocinqueEvent) -> int | None:
    """The number of the hand a deal begins."""
    return event["hand"] if event["type"] == "deal" else None


def narrate(event: CentocinqueEvent, names: list[str]) -> str | None:
    who = names[event["seat"]] if "seat" in event else ""
    if event["type"] == "deal":
        line = t(
            "Hand {hand}: {dealer} deals; the starter is the {card}. {first} plays first.",
            hand=event["hand"],
            dealer=names[event["dealer"]],
            card=card_name(event["starter"]),
            first=names[event["first"]],
        )
        if event["buried"]:
            line += " " + t("(Aces turned as starter went under the stock.)")
        return line
    if event["type"] == "play":
        return _narrate_play(event, who, names)
    if event["type"] == "draw":
        if "owed" in event:
            return t("{who} draws {count} for the 2s.", who=who, count=event["count"])
        if event["count"] == 0:
            return t("{who} has nothing to draw.", who=who)
        return t("{who} draws a card.", who=who)
    if event["type"] == "pass":
        return t("{who} passes.", who=who)
    if event["type"] == "callout":
        target = names[event["target"]]
        if event.get("wrong"):
            return t(
                "{who} called out {target} wrongly and draws {n}.",
                who=who,
                target=target,
                n=event["penalty"],
            )
        return t(
            "{who} caught {target} without “penúltima”: {target} draws {n}.",
            who=who,
            target=target,
            n=event["penalty"],
        )
    if event["type"] == "penultima":
        return t("{who}: “penúltima!” (late)", who=who)
    if event["type"] == "reshuffle":
        return t("The discard pile is shuffled into a new stock.")
    if event["type"] == "hand_over":
        costs = ", ".join(
            t(
                "{name} +{points} ({tally})",
                name=names[int(s)],
                points=p,
                tally=event["tallies"][int(s)],
            )
            for s, p in event["penalties"].items()
        )
        if event.get("blocked"):
            return t(
                "Hand {hand} is blocked: the same position has come back. {winner} holds "
                "the fewest penalty points and wins it. Penalties: {costs}.",
                winner=names[event["winner"]],
                hand=event["hand"],
                costs=costs,
            )
        return t(
            "{winner} goes out and wins hand {hand}. Penalties: {costs}.",
            winner=names[event["winner"]],
            hand=event["hand"],
            costs=costs,
        )
    if event["type"] == "eliminated":
        out = ", ".join(names[s] for s in event["seats"])
        return t("Out of the match at 105 or more: {out}.", out=out)
    if event["type"] == "match_over":
        return t("🏆 {winner} wins the match!", winner=names[event["winner"]])
    return None


def _narrate_play(event: Play, who: str, names: list[str]) -> str:
    line = t("{who} played the {card}", who=who, card=card_name(event["card"]))
    if event.get("penultima"):
        line += t(" and says “penúltima!”")
    effect = event.get("effect")
    if effect == "skip" and "skipped" in event:
        line += t(": {skipped} is skipped", skipped=names[event["skipped"]])
    elif effect == "draw_two":
        line += t(": the next player plays a 2 or draws {n}", n=event["pending"])
    elif effect == "free_play":
        line += t(": the next player may play anything")
    elif effect == "call_suit":
        line += t(": the next card must be {suit}", suit=t(SUITS[event["suit"]]))
    elif effect == "reverse":
        line += t(": the direction is reversed")
    return line + "."


def board_lines(view: CentocinqueView, names: list[str]) -> list[str]:
    arrow = "↻" if view["direction"] == 1 else "↺"
    lines = [
        t(
            "Hand {hand} · dealer {dealer} · direction {arrow} · stock {stock}",
            hand=view["hand_no"],
            dealer=names[view["dealer"]],
            arrow=arrow,
            stock=view["stock"],
        )
    ]
    top = [t("Top card: **{card}**", card=card_name(view["top"]))] if view["top"] else []
    if view["pending_draw"]:
        top.append(t("2s pending: draw {n} or play a 2", n=view["pending_draw"]))
    elif view["free_play"]:
        top.append(t("free play: any card"))
    elif view["called_suit"]:
        top.append(t("named suit: {suit}", suit=t(SUITS[view["called_suit"]])))
    elif view["ace_lock"]:
        top.append(t("Ace: play a {suit} that is not an Ace", suit=t(SUITS[view["ace_lock"]])))
    if top:
        lines.append(" · ".join(top))
    for seat, name in enumerate(names):
        marker = "▶" if seat == view["current"] else "·"
        if view["out"][seat]:
            lines.append(
                t("{m} {name}: out · tally {tally}", m="✖", name=name, tally=view["tallies"][seat])
            )
            continue
        lines.append(
            tn(
                "{m} {name}: {n} card · tally {tally}",
                "{m} {name}: {n} cards · tally {tally}",
                view["hand_sizes"][seat],
                m=marker,
                name=name,
                tally=view["tallies"][seat],
            )
        )
    if view["hand"]:  # a seat that is out, or has gone out, holds nothing to show
        cards = ", ".join(card_name(c) for c in view["hand"])
        lines.append(t("Your hand: {cards}", cards=cards))
    if view["hand"] is not None and view["drawn"]:
        lines.append(t("You drew the {card}.", card=card_name(view["drawn"])))
    return lines


def outcome_lines(outcome: CentocinqueOutcome, names: list[str]) -> list[str]:
    lines = [tn("Match over after {n} hand.", "Match over after {n} hands.", outcome["hands"])]
    for place, group in enumerate(outcome["ranking"], start=1):
        for seat in group:
            lines.append(
                t(
                    "{place}. {name}: tally {tally}, hands won {won}",
                    place=place,
                    name=names[seat],
                    tally=outcome["tallies"][seat],
                    won=outcome["hands_won"][seat],
                )
            )
    return lines


def stats_lines(totals: Mapping[str, int], played: int) -> list[str]:
    hands = totals["hands"]
    return [
        t(
            "Hands won {won} of {hands} · tally per hand {tally:.1f} · eliminated {out}",
            won=totals["hands_won"],
            hands=hands,
            tally=totals["penalty"] / hands if hands else 0.0,
            out=totals["eliminated"],
        ),
        t(
            "Penúltima missed {missed} · called out {called}",
            missed=totals["missed"],
            called=totals["called_out"],
        ),
    ]


HELP = N_(
    "**Centocinque** (105): `/draw` and `/pass` too. Say **Penúltima!** (in your hand, or "
    "`/penultima`) before the play that leaves you one card. Forgot? Others may **Call out** "
    "(on the board, or `/penultima player:`) until the next card is played or drawn."
)

# -- what a person says and does besides a listed move (bot.games.moves) ---------------------

COMMAND = "penultima"
COMMAND_DESCRIPTION = "Say “penúltima” for your next play, or call out a player who forgot"

MARK = Mark(
    name=PENULTIMA,
    button=N_("Penúltima!"),
    noted=N_("Noted: your next play says “penúltima”."),
    pending=N_("You have said “penúltima” for your next play."),
    rides_on=frozenset({"play"}),
    command=COMMAND,
    command_description=COMMAND_DESCRIPTION,
    elsewhere=N_("Penúltima is said only in a game of Centocinque."),
    terminal_noted=N_("You will say “penúltima!” with your next play."),
)

TARGET = Target(
    kind=CALLOUT,
    button=N_("Call out"),
    one=N_("Call out {name}"),
    ask=N_("Whom do you call out?"),
    nobody=N_("Nobody can be called out for penúltima right now."),
    done=N_("You called out {name}."),
    command=COMMAND,
    command_description=COMMAND_DESCRIPTION,
    option_description="The player to call out (leave out to say it yourself)",
    elsewhere=N_("Call-outs belong to a game of Centocinque."),
)
SHORTCUTS = (
    Shortcut("draw", "Draw from the stock", kind="draw"),
    Shortcut("pass", "Keep the Cavallo you drew and pass", kind="pass"),
)

LOBBY_NOTE: str | None = None  # anyone sits anywhere: nothing to say
KEPT = {
    "*": frozenset({"centocinque", "penúltima", "penultima"}),
    "it": frozenset(w.lower() for name in (*SUITS.values(), *RANKS.values()) for w in name.split()),
}

INPUTS = Inputs(MARK, TARGET, *SHORTCUTS)
