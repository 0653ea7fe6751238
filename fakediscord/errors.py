"""Discord's JSON error answers: the error kinds the fake uses and the form-error tree."""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, NamedTuple

Path = Sequence[str | int]


class DiscordError(Exception):
    """An error answer: HTTP status, Discord's JSON error code and message, optional tree."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


class ErrorKind(NamedTuple):
    status: int
    code: int
    message: str

    def __call__(self) -> DiscordError:
        return DiscordError(self.status, self.code, self.message)


UNAUTHORIZED = ErrorKind(401, 0, "401: Unauthorized")
NOT_FOUND = ErrorKind(404, 0, "404: Not Found")
METHOD_NOT_ALLOWED = ErrorKind(405, 0, "405: Method Not Allowed")
UNKNOWN_CHANNEL = ErrorKind(404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = ErrorKind(404, 10008, "Unknown Message")
UNKNOWN_USER = ErrorKind(404, 10013, "Unknown User")
UNKNOWN_WEBHOOK = ErrorKind(404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = ErrorKind(404, 10062, "Unknown interaction")
REQUEST_TOO_LARGE = ErrorKind(413, 40005, "Request entity too large")
ALREADY_ACKNOWLEDGED = ErrorKind(400, 40060, "Interaction has already been acknowledged.")
MISSING_ACCESS = ErrorKind(403, 50001, "Missing Access")
CANNOT_EDIT_OTHERS = ErrorKind(403, 50005, "Cannot edit a message authored by another user")
EMPTY_MESSAGE = ErrorKind(400, 50006, "Cannot send an empty message")
MISSING_PERMISSIONS = ErrorKind(403, 50013, "Missing Permissions")
INVALID_WEBHOOK_TOKEN = ErrorKind(401, 50027, "Invalid Webhook Token")
INVALID_JSON = ErrorKind(400, 50109, "The request body contains invalid JSON.")
INVALID_FORM_BODY = ErrorKind(400, 50035, "Invalid Form Body")
TOO_MANY_THREADS = ErrorKind(400, 160006, "Maximum number of active threads reached")
NOT_A_THREAD_PARENT = ErrorKind(400, 50024, "Cannot execute action on this channel type")


def too_many_attachments(limit: int) -> DiscordError:
    """Discord's 30015, which names the limit (10 unless a test changed ``max_files``)."""
    return DiscordError(
        400, 30015, f"Maximum number of attachments in a message reached ({limit})."
    )


SPEC_ERRORS: ContextVar[dict[str, Any] | None] = ContextVar("spec_errors", default=None)
"""The form-error tree of the request being handled if it breaks Discord's OpenAPI
description (set by the server): Discord's documented rules answer first, with Discord's
own codes, and a body that passes them is refused for the description before it acts."""


class FormErrors:
    """Collects field errors into Discord's nested tree.

    ``{"embeds": {"0": {"title": {"_errors": [{"code": ..., "message": ...}]}}}}``
    """

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: Path, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: Path, value: Sequence[Any] | None, limit: int) -> None:
        """Strings and lists longer than ``limit``."""
        if value is not None and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def length_between(self, path: Path, value: Sequence[Any] | None, low: int, high: int) -> None:
        if value is None or not low <= len(value) <= high:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def required(self, path: Path, value: object) -> bool:
        """Record a missing value; True when the value is there."""
        if value is None:
            self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return False
        return True

    def raise_if_any(self) -> None:
        """Refuse the request for these errors, else for its ``SPEC_ERRORS`` if any."""
        tree = self.tree or SPEC_ERRORS.get()
        if tree:
            error = INVALID_FORM_BODY()
            error.errors = tree
            raise error
