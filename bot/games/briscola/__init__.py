"""Briscola: the Italian trick-taking game for 2, 3 or 4 players (RULES.md §5)."""

from __future__ import annotations

from bot.games.briscola.engine import Briscola, BriscolaOptions, BriscolaState

__all__ = ["Briscola", "BriscolaOptions", "BriscolaState"]
