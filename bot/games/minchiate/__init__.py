"""Minchiate Fiorentine: the 97-card Florentine tarot game for two partnerships (RULES.md §3)."""

from __future__ import annotations

from bot.games.minchiate.engine import Minchiate, MinchiateOptions, MinchiateState

__all__ = ["Minchiate", "MinchiateOptions", "MinchiateState"]
