"""Centocinque ("105"): the Sicilian shedding game with the 40-card Italian pack (RULES.md §1)."""

from __future__ import annotations

from bot.games.centocinque.engine import Centocinque, CentocinqueOptions, CentocinqueState

__all__ = ["Centocinque", "CentocinqueOptions", "CentocinqueState"]
