"""What every game's AI shares: the levels, the player protocol and the random baseline
(``base``), and the determinized Monte Carlo search of the ``hard`` players (``search``).
Each game's own players are in its package (``bot/games/<game>/ai.py``), and its spec names
them:

player = make_player("centocinque", "hard")   # from bot.games
action = player.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng)
"""

from __future__ import annotations

from bot.games.ai.base import LEVELS, Player, RandomPlayer

__all__ = ["LEVELS", "Player", "RandomPlayer"]
