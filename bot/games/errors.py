"""The one error family of the rules layer."""

from __future__ import annotations


class GameError(ValueError):
    """A move or option the rules refuse. The message is written for the player."""
