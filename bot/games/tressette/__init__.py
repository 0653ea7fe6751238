"""Tressette: the Italian trick-taking game without trumps, for 2 or 4 players, partners
opposite at four, with the accusi and the partners' three signals (RULES.md §6)."""

from __future__ import annotations

from bot.games.tressette.engine import Tressette, TressetteOptions, TressetteState

__all__ = ["Tressette", "TressetteOptions", "TressetteState"]
