"""Scopa: the Italian fishing game for two to four players, Scopone as an option (RULES.md §4)."""

from __future__ import annotations

from bot.games.scopa.engine import Scopa, ScopaOptions, ScopaState

__all__ = ["Scopa", "ScopaOptions", "ScopaState"]
