"""The words of records: what ``verify`` found (each marked with ``N_``, translated where
shown: the terminal, the replay's Verify button), and a replay step's lines."""

from __future__ import annotations

from bot.games import SPECS, GameError
from bot.i18n import N_, t
from bot.records.errors import RecordError
from bot.records.replay import Step
from bot.records.schema import DealRecord
from bot.records.stepper import board_of, face_up
from bot.text import AI_NAMES, game_title, narrate_all, refusal

TOO_BIG = N_("The file is too big: a record is at most {most} bytes.")
NOT_TEXT = N_("The file is not text: not a record.")
NOT_JSON = N_("The file is not complete JSON (line {line}, column {column}): truncated or damaged.")
TOO_DEEP = N_("The file nests lists or objects more than {most} deep: not a record.")
NUMBER_TOO_LONG = N_("The file holds a number too long to read: not a record.")
NOT_UNICODE = N_("The file holds an escaped character that is no character: not a record.")
NOT_A_RECORD = N_("The file is JSON but not a deal's record.")
OTHER_SCHEMA = N_(
    "The record is of schema version {found}; this Tavolo reads versions 1 to {schema}."
)
INVALID = N_("Not as the schema says: {reason}.")
UNKNOWN_GAME = N_("This Tavolo has no game “{game}”.")
NOT_REVEALED = N_(
    "The secret is not revealed yet: its match is still being played. Verify the record "
    "once the match is over."
)
NO_COMMITMENT = N_(
    "This deal was dealt before Tavolo showed commitments: its moves are checked, but "
    "nothing proves its deck was fixed before the first card."
)
SECRET_DIFFERS = N_("Neither the commitment nor any seal was made with this secret.")
COMMITMENT_DIFFERS = N_(
    "Does not match SHA-256 of the secret (fair.secret) and the table (guild, table)."
)
NO_START = N_("No Start interaction was mixed into the shuffle: the operator alone chose it.")
NOT_SHOWN = N_(
    "The board that showed the commitment is not recorded: nothing proves the Start "
    "interaction came after it."
)
START_BEFORE_SHOWN = N_("The Start interaction is older than the board that showed the commitment.")
NO_SEAL = N_("The record has no seal.")
SEAL_DIFFERS = N_("Changed since the record was sealed.")
SEAL_FOREIGN = N_("No seal was made with the record's secret: the seal was replaced.")
CANNOT_PLAY = N_("The game is not played so: {why}")
ILLEGAL_MOVE = N_("Not a legal move there: {why}")
NOT_THIS_DEAL = N_("No deal begins after these moves.")
DEAL_DIFFERS = N_("The moves before it (earlier) lead to deal {found}.")
DEALT_DIFFERS = N_("The hands differ from those the seed deals.")
DEAL_NOT_OVER = N_("The moves do not end the deal.")
RESULT_DIFFERS = N_("Differs from the result of the moves.")
HOLDS = N_(
    "The record holds: the deck was fixed before the first card (the commitment shown "
    "matches the secret, and the Start interaction came after it), the seed deals these "
    "hands, and every move was legal and leads to this result."
)
HOLDS_UNPROVEN = N_("Every move was legal and leads to this result.")
HOLDS_TOURNAMENT = N_(
    "The record holds: the deck was fixed before anyone signed up (the tournament's "
    "commitment matches its secret, mixed with its sign-up message), the seed deals these "
    "hands, and every move was legal and leads to this result."
)
TOURNAMENT_NOT_REVEALED = N_(
    "The tournament's secret is not revealed yet: it deals all its tables. Verify the "
    "record once the tournament is over."
)
TOURNAMENT_COMMITMENT_DIFFERS = N_(
    "Does not match SHA-256 of the tournament's secret and the tournament (guild, id)."
)
TOURNAMENT_SEED_DIFFERS = N_(
    "The table's seed does not follow from the tournament's secret, its sign-up message "
    "and these parts."
)
TOURNAMENT_NOT_SHOWN = N_(
    "The sign-up message that showed the commitment is not recorded: nothing but the secret "
    "dealt the tournament."
)


def holds(record: DealRecord, verdict_notes: int) -> str:
    """What a record that holds proves: less where ``verify`` noted what it could not prove."""
    if verdict_notes:
        return HOLDS_UNPROVEN
    return HOLDS_TOURNAMENT if record.fair.tournament is not None else HOLDS


STEP_NAMES = {"move": N_("move"), "turn": N_("turn"), "trick": N_("trick"), "take": N_("take")}


def problem(error: RecordError) -> str:
    """A problem as one line: its field, then what is wrong."""
    values = {k: refusal(v) if isinstance(v, GameError) else v for k, v in error.values.items()}
    said = t(error.problem, **values)
    return f"{error.field}: {said}" if error.field else said


def seat_names(record: DealRecord) -> list[str]:
    """The seats' names as the board showed them, an AI's in the current language."""
    names = []
    for seat in record.seats:
        number = seat.name.rpartition(" ")[2]
        if seat.ai in AI_NAMES and seat.user_id is None:
            word = t(AI_NAMES[seat.ai])
            names.append(f"{word} {number}" if number.isdigit() else word)
        else:
            names.append(seat.name)
    return names


def heading(record: DealRecord, index: int, steps: int) -> str:
    return t(
        "**{game}**, deal {deal} (`{id}`): step {step} of {steps}",
        game=game_title(record.game),
        deal=record.deal,
        id=record.id,
        step=index,
        steps=steps - 1,
    )


def step_lines(record: DealRecord, step: Step, last: bool) -> list[str]:
    """A replay's step: the move just made and what it did, the board, and every hand face up
    (at a deal's last step only in a match that is over: a later deal's hands are hidden)."""
    spec = SPECS[record.game]
    names = seat_names(record)
    lines = []
    if step.move is None:
        lines.append(t("The deal as dealt."))
    else:
        move = t(
            "{name} played: {move}",
            name=names[step.move.seat],
            move=spec.text.action_label(step.move.action),
        )
        lines.append(f"**{move}**")
        lines += narrate_all(record.game, step.events, names)
    lines += spec.text.board_lines(board_of(record, step), names)
    hands = face_up(record, step, last)
    if hands is None:
        lines.append(t("The deal is over; the next deal's hands stay hidden."))
        return lines
    lines.append(t("Every hand, face up:"))
    for name, hand in zip(names, hands, strict=True):
        cards = ", ".join(spec.text.card_name(c) for c in hand) or t("no cards")
        lines.append(f"- {name}: {cards}")
    return lines
