"""Commit, then reveal: a table's secret is committed to on its lobby's board, and its deals are
shuffled from that secret mixed with the id of the interaction that pressed Start, which
Discord assigned after the commitment was shown (docs/records.md)."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from typing import Any

SECRET_BYTES = 32
SHORT = 16  # the hex digits of a commitment a board shows
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: read aloud, typed by hand
ID_LENGTH = 8


def new_secret() -> str:
    """A table's secret: 256 random bits, as hex."""
    return secrets.token_hex(SECRET_BYTES)


def new_deal_id() -> str:
    """A deal's public id: 8 random characters of an unambiguous alphabet (never derived from
    the seed, so it tells nothing of the cards)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(ID_LENGTH))


def commitment(secret: str, guild_id: int, table_id: int) -> str:
    """SHA-256 (hex) over the table's secret and its identity (server, table)."""
    text = f"tavolo-commitment:v1:{guild_id}:{table_id}:{secret}"
    return hashlib.sha256(text.encode()).hexdigest()


def match_seed(secret: str, start: int | None) -> int:
    """The engine's seed for a match: SHA-256 over the secret and the Start interaction's id,
    read as a 256-bit number."""
    text = f"tavolo-seed:v1:{secret}:{start if start is not None else ''}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest(), "big")


def tournament_commitment(secret: str, guild_id: int, tournament_id: int) -> str:
    """SHA-256 (hex) over a tournament's secret and its identity (server, tournament), shown
    on its sign-up message before anyone signs up."""
    text = f"tavolo-tournament-commitment:v1:{guild_id}:{tournament_id}:{secret}"
    return hashlib.sha256(text.encode()).hexdigest()


def tournament_seed(secret: str, shown: int | None) -> int:
    """A tournament's seed: SHA-256 over its secret and the id Discord gave the sign-up
    message showing the commitment (assigned after the commitment was fixed), 48 bits."""
    text = f"tavolo-tournament-seed:v1:{secret}:{shown if shown is not None else ''}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


def derived_seed(seed: int, *parts: object) -> int:
    """A tournament table's deal from the tournament's seed and what names the table (a
    duplicate's deal number, or a match's round and number): the same parts, the same deal."""
    # Repeatable from a seed that is itself secret until the tournament is over: a deal, not a
    # key.
    return random.Random(":".join(str(p) for p in (seed, *parts))).getrandbits(48)  # noqa: S311


SET_ROUNDS = 2
"""The rounds of a duplicate that deal one set of deals: one a side, and a tournament's match
is two sides (``bot.tournaments.rounds.SIDES``, tied to it by a test)."""


def seed_parts(duplicate: bool, round_no: int, n: int) -> list[str | int]:
    """What names a tournament table's deal: a duplicate's round shares its deals with the
    other rounds of its set, any other match is its own."""
    return ["deal", (round_no - 1) // SET_ROUNDS] if duplicate else ["match", round_no, n]


def seal(secret: str, section: str, data: Any) -> str:
    """An HMAC-SHA-256 of a section of a record under the secret, made with the record, so
    that a section edited afterwards (in the database, in a file) no longer matches it (it
    proves nothing against whoever holds the secret: the operator, and anyone once it is
    revealed)."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    key = f"tavolo-seal:v1:{secret}".encode()
    return hmac.new(key, f"{section}:{canonical}".encode(), hashlib.sha256).hexdigest()


FIRST_SECTIONS = ("options", "seats", "earlier", "moves", "dealt", "result")
"""The sections of a record of schema 1, sealed when its secret was revealed."""
UNSEALED = ("seal", "fair")  # the seal itself; fair's fields are sealed one by one, but its secret


def sections(document: dict[str, Any]) -> dict[str, Any]:
    """The parts of a record its seal covers: since schema 2 every field but the seal and the
    secret (``fair.start``, ...), so that no field can be edited unseen."""
    if document["schema"] == 1:
        return {name: document[name] for name in FIRST_SECTIONS}
    out = {name: data for name, data in document.items() if name not in UNSEALED}
    out |= {f"fair.{name}": data for name, data in document["fair"].items() if name != "secret"}
    return out


def seals(secret: str, document: dict[str, Any]) -> dict[str, str]:
    """The seal of each section of a record's document (``seats[2]``, ``moves[7]``, ...), a
    list's each item alone so that a seal names the one edited, and each list's length
    (``moves``)."""
    out = {}
    for name, data in sections(document).items():
        if isinstance(data, list):
            out[name] = seal(secret, name, len(data))
            for i, item in enumerate(data):
                out[f"{name}[{i}]"] = seal(secret, f"{name}[{i}]", item)
        else:
            out[name] = seal(secret, name, data)
    return out
