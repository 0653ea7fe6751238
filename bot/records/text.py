"""The words of records: what ``verify`` found (each marked with ``N_``, translated where
shown: the terminal, the replay's Verify button), and a replay step's lines."""

from __future__ import annotations

from bot.i18n import N_, t
from bot.records.errors import RecordError

TOO_BIG = N_("The file is {size} bytes: a record is at most {most}.")
NOT_TEXT = N_("The file is not text: not a record.")
NOT_JSON = N_("The file is not complete JSON (line {line}, column {column}): truncated or damaged.")
NOT_A_RECORD = N_("The file is JSON but not a deal's record.")
OTHER_SCHEMA = N_("The record is of schema version {found}; this Tavolo reads version {schema}.")
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
COMMITMENT_DIFFERS = N_(
    "Does not match SHA-256 of the secret (fair.secret) and the table (guild, table)."
)
NO_START = N_("No Start interaction was mixed into the shuffle: the operator alone chose it.")
START_BEFORE_SHOWN = N_("The Start interaction is older than the board that showed the commitment.")
NO_SEAL = N_("The record has no seal.")
SEAL_DIFFERS = N_("Changed since the record was sealed.")
ILLEGAL_MOVE = N_("Not a legal move there: {why}")
NOT_THIS_DEAL = N_("These moves do not lead to deal {deal}.")
DEALT_DIFFERS = N_("The hands differ from those the seed deals.")
DEAL_NOT_OVER = N_("The moves do not end the deal.")
RESULT_DIFFERS = N_("Differs from the result of the moves.")
HOLDS = N_(
    "The record holds: the deck was fixed before the first card (the commitment shown "
    "matches the secret, and the Start interaction came after it), the seed deals these "
    "hands, and every move was legal and leads to this result."
)
HOLDS_UNPROVEN = N_("Every move was legal and leads to this result.")


def problem(error: RecordError) -> str:
    """A problem as one line: its field, then what is wrong."""
    said = t(error.problem, **error.values)
    return f"{error.field}: {said}" if error.field else said
