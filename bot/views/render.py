"""Pure rendering: tables, engine views and legal moves to embeds, text and move choices.

Nothing here talks to Discord or the database. The board is always drawn from the PUBLIC
view (``table.view(None)``); only ``hand_embed`` uses a seat's own view, and it goes into an
ephemeral message for that seat alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import discord

from bot.games import GAMES, SPECS, GameSpec
from bot.games.base import Event, parse_options
from bot.games.moves import Offer, offers
from bot.i18n import t, tn
from bot.records.fair import SHORT as SHORT_COMMITMENT
from bot.tables import Table
from bot.text import game_title, narrate_all
from bot.views import inputs
from bot.views.inputs import Choice

DESCRIPTION_MAX = 4096
MESSAGE_MAX = 2000
LABEL_MAX = 80
MOVE_ROWS = 4  # the fifth row holds the hand's own buttons
ROW_WIDTH = 5
MOVE_BUTTONS = 10  # more moves than this read better as a list (a select) than as buttons
SELECT_OPTIONS = 25

COLOURS = {"lobby": 0x3498DB, "playing": 0x2ECC71, "finished": 0xF1C40F, "abandoned": 0x95A5A6}


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_lines(lines: list[str], limit: int) -> str:
    """The lines joined, as many as fit in ``limit`` characters with a last line saying how
    many more were left out: a long list ends on a whole line, never mid-name."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    shown = len(lines)
    while shown and len("\n".join([*lines[:shown], _more(len(lines) - shown)])) > limit:
        shown -= 1
    return "\n".join([*lines[:shown], _more(len(lines) - shown)])


def _more(n: int) -> str:
    return "… " + tn("and {n} more", "and {n} more", n)


def pieces(text: str, limit: int) -> list[str]:
    """``text`` in messages of at most ``limit`` characters each, cut between lines."""
    found, rest = [], text.split("\n")
    while rest:
        message, rest = first_message(rest, limit)
        found.append(message)
    return found


# -- moves --------------------------------------------------------------------------------------


def hand_choices(game: str, legal: list[str]) -> list[Choice]:
    """The moves a person may pick, once each, labelled in words (``bot.games.moves.offers``).
    Moves with a mark or a target (Centocinque's penúltima variants and call-outs) are never
    offered as moves: the hand's mark buttons and the board's target button stand for them,
    always shown, so the interface never gives a miss away."""
    spec = SPECS[game]
    return [_choice(spec, offer) for offer in offers(spec.moves, spec.inputs, legal)]


def _choice(spec: GameSpec[Any, Any, Any], offer: Offer) -> Choice:
    card = spec.text.card_name(offer.move.card) if offer.move.card is not None else ""
    need = offer.need
    label = inputs.of(need).label(need, card) if need else spec.text.action_label(offer.token)
    return Choice(offer.token, clip(label, LABEL_MAX), offer.move.card, need)


def every_choice(game: str, legal: list[str]) -> list[Choice]:
    """A hand's entries, each card to complete followed by what its input suggests besides
    (a card's takes, each its own): what ``/play`` suggests and understands."""
    spec = SPECS[game]
    out: list[Choice] = []
    for offer in offers(spec.moves, spec.inputs, legal):
        out.append(_choice(spec, offer))
        if offer.need is not None:
            out += inputs.of(offer.need).suggestions(offer.need, spec, offer)
    return out


def resolve_choice(choices: list[Choice], typed: str) -> Choice | None:
    """What ``/play card:`` meant: a suggested token, a card code or a label."""
    folded = typed.strip().lower()
    if not folded:
        return None
    for key in ("token", "card", "label"):
        found = [c for c in choices if (getattr(c, key) or "").lower() == folded]
        if len(found) == 1:
            return found[0]
    return None


def suggest(choices: list[Choice], typed: str) -> list[Choice]:
    """Choices whose label or token contains what was typed, at most 25 (autocomplete)."""
    needle = typed.strip().lower()
    hits = [c for c in choices if needle in c.label.lower() or needle in c.token.lower()]
    return hits[:SELECT_OPTIONS]


@dataclass(frozen=True)
class MovePage:
    """The moves shown on one page of a hand: as buttons (two rows at most) when they are
    few, else as selects of up to 25, four selects a page."""

    buttons: list[Choice]
    selects: list[list[Choice]]
    number: int
    pages: int


def move_page(choices: list[Choice], number: int) -> MovePage:
    if len(choices) <= MOVE_BUTTONS:
        return MovePage(list(choices), [], 0, 1)
    per_page = MOVE_ROWS * SELECT_OPTIONS
    pages = math.ceil(len(choices) / per_page)
    number = min(max(number, 0), pages - 1)
    chunk = choices[number * per_page : (number + 1) * per_page]
    selects = [chunk[i : i + SELECT_OPTIONS] for i in range(0, len(chunk), SELECT_OPTIONS)]
    return MovePage([], selects, number, pages)


# -- house rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionField:
    name: str
    label: str
    is_bool: bool
    low: int | None = None
    high: int | None = None


def option_fields(game: str) -> list[OptionField]:
    """The game's house rules, from its options model: switches and numbers."""
    spec = SPECS[game]
    fields = []
    for name, info in spec.rules.options_model.model_fields.items():
        label = t(spec.text.option_labels.get(name, name.replace("_", " ")))
        low, high = _bound(info.metadata, "ge"), _bound(info.metadata, "le")
        fields.append(OptionField(name, label, info.annotation is bool, low, high))
    return fields


def _bound(metadata: list[Any], kind: str) -> int | None:
    """A number's bound from its pydantic constraints (``Ge.ge``, ``Le.le``)."""
    for constraint in metadata:
        value = getattr(constraint, kind, None)
        if isinstance(value, int):
            return value
    return None


def number_label(field: OptionField) -> str:
    if field.low is not None and field.high is not None:
        return t("{label} ({low}–{high})", label=field.label, low=field.low, high=field.high)
    return field.label


def current_options(table: Table) -> dict[str, Any]:
    """Every house rule of the table with its value (defaults filled in)."""
    return parse_options(table.rules.options_model, table.record.options).model_dump()


def rules_lines(game: str, options: dict[str, Any], *, changed_only: bool = False) -> list[str]:
    defaults = GAMES[game].options_model().model_dump()
    lines = []
    for field in option_fields(game):
        value = options[field.name]
        if changed_only and value == defaults[field.name]:
            continue
        shown = (t("on") if value else t("off")) if field.is_bool else str(value)
        lines.append(t("{label}: {value}", label=field.label, value=shown))
    return lines


# -- the board -------------------------------------------------------------------------------


def _embed(table: Table, title: str, lines: list[str]) -> discord.Embed:
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip("\n".join(lines), DESCRIPTION_MAX),
        colour=COLOURS[table.record.status],
    )
    embed.set_footer(text=t("Table {id}", id=table.id))
    return embed


def board_embed(table: Table) -> discord.Embed:
    """The public board of a table in any state."""
    status = table.record.status
    if status == "lobby":
        return lobby_embed(table)
    if status == "playing":
        return playing_embed(table)
    if status == "finished":
        return result_embed(table)
    return _embed(
        table, t("{game} · closed", game=game_title(table.game)), [t("This table was closed.")]
    )


def lobby_embed(table: Table) -> discord.Embed:
    high = table.spec.seats.most
    host = next(
        (
            n
            for s, n in zip(table.seats, table.names, strict=True)
            if s.user_id == table.record.host_id
        ),
        "?",
    )
    lines = [
        t("Host: {host}", host=host),
        t("Seats ({n}, at most {high}):", n=len(table.seats), high=high),
    ]
    lines += [f"{i}. {name}" for i, name in enumerate(table.names, start=1)]
    changed = rules_lines(table.game, current_options(table), changed_only=True)
    lines.append(t("House rules: {rules}", rules="; ".join(changed) if changed else t("standard")))
    if table.spec.text.lobby_note is not None:
        lines.append(t(table.spec.text.lobby_note))
    lines.append(t("Press **Join** to sit down; the host presses **Start**."))
    lines += committed(table)
    return _embed(table, t("{game} · lobby", game=game_title(table.game)), lines)


def committed(table: Table) -> list[str]:
    """The line showing the table's commitment: its deals' deck is fixed before its first card
    (``python -m bot verify`` checks a deal's record against it); none for a table from before
    commitments."""
    if table.commitment is None:
        return []
    short = table.commitment[:SHORT_COMMITMENT]
    return [t("Commitment: `{commitment}` (SHA-256 of the deck's secret)", commitment=short)]


def playing_embed(table: Table) -> discord.Embed:
    text = table.spec.text
    lines = list(text.board_lines(table.view(None), table.names))
    away = [name for seat, name in zip(table.seats, table.names, strict=True) if seat.away]
    if away:
        lines.append(t("The AI plays for: {names}", names=", ".join(away)))
    if table.recent:
        lines += ["", t("**Last moves**"), *narrate_all(table.game, table.recent, table.names)]
    lines += committed(table)
    return _embed(table, t("{game} · playing", game=game_title(table.game)), lines)


def result_embed(table: Table) -> discord.Embed:
    outcome = table.outcome()
    lines = list(table.spec.text.outcome_lines(outcome, table.names)) if outcome else []
    # What ended the match (the last trick, the last play and sweep), which no board showed:
    # the table's last moves, or what the engine keeps of them when the bot has restarted since.
    last = table.recent or table.view(None).get("ending", [])
    if last:
        lines += ["", t("**Last moves**"), *narrate_all(table.game, last, table.names), ""]
    lines.append(t("Press **Rematch** to play again with the same seats and house rules."))
    return _embed(table, t("{game} · match over", game=game_title(table.game)), lines)


def news_lines(table: Table, events: list[Event]) -> list[str]:
    """Public announcements of a change: results and how they were scored."""
    text = table.spec.text
    lines = [
        line
        for event in events
        if text.announced(event)
        if (line := text.narrate(event, table.names)) is not None
    ]
    outcome = table.outcome() if table.record.status == "finished" else None
    if outcome is not None:
        lines += [t("**Match over**"), *text.outcome_lines(outcome, table.names)]
    return lines


def first_message(lines: list[str], limit: int = MESSAGE_MAX) -> tuple[str, list[str]]:
    """As many of ``lines`` as fit one message of ``limit`` characters, and the rest."""
    taken: list[str] = []
    for line in lines:
        line = clip(line, limit)
        if taken and len("\n".join([*taken, line])) > limit:
            break
        taken.append(line)
    return "\n".join(taken), lines[len(taken) :]


# -- a hand ----------------------------------------------------------------------------------


def hand_embed(table: Table, seat: int, choices: list[Choice]) -> discord.Embed:
    """A seat's own view, for an ephemeral message to that seat's person only."""
    text = table.spec.text
    lines = list(text.board_lines(table.view(seat), table.names))
    record = table.seats[seat]
    turn = table.rules.turn(table.state) if table.playing else None
    if not table.playing:
        lines.append(t("The game is over."))
    elif turn == seat and choices:
        lines.append(t("▶ **Your turn**: choose a move below."))
    elif turn is not None:
        lines.append(t("Waiting for {name}.", name=table.names[turn]))
    lines += inputs.hand_lines(table, seat)
    if record.away:
        lines.append(t("The AI is playing your seat; any move of yours brings you back."))
    title = t("Your hand · {game}", game=game_title(table.game))
    return _embed(table, title, lines)
