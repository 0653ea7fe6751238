"""One Hundred ("Cien", "Cent"): the adding game with one or two 52-card packs (RULES.md §2)."""

from __future__ import annotations

from bot.games.cento.engine import Cento, CentoOptions, CentoState

__all__ = ["Cento", "CentoOptions", "CentoState"]
