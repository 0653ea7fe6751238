"""Briscola's ``hard`` AI against OpenSpiel's ISMCTS, heads-up:
``python -m bench.openspiel_briscola [--pairs N] [--seed S] [--simulations K] [--quick]``.

OpenSpiel (the ``bench`` extra) has no Briscola, so this module makes our engine one: a deal of
heads-up Briscola as a ``pyspiel`` game (``python_briscola_deal``). Its states hold the engine's
state and move with the engine's own rules (``legal_actions``; a card played in place with
``play_card``, the draws and the trick's winner included); the game ends with the deal, worth
+1 to the side that won it, -1 to the other, 0 to both at 60-60. A player's information state
is everything the engine's view shows it (its hand, every trick played, the face-up briscola,
the cards all know to be in a hand, the stock's size); resampling it deals the cards it has not
seen at random into the other hand and the stock, as the ``hard`` AI's own sampler does.

The opponent is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts
(``RandomRolloutEvaluator``, one rollout), UCT constant 2, unlimited world samples, the most
visited move played. ISMCTS counts simulations, not time: ``--simulations`` is chosen so that
its mean time per move is at least ``hard``'s, and both are printed. Each deal is played twice,
seats swapped (see ``bench.briscola``).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from bench.briscola import RULES, Tally
from bot.games import make_player
from bot.games.ai import Player
from bot.games.base import Json
from bot.games.briscola.ai import Sampler
from bot.games.briscola.cards import PACK
from bot.games.briscola.engine import BriscolaState, play_card

INDEX = {card: i for i, card in enumerate(PACK)}
GOAL = 0.55
"""The share of deals ``hard`` aims to win against ISMCTS."""

_TYPE = pyspiel.GameType(
    short_name="python_briscola_deal",
    long_name="Python Briscola (one heads-up deal, Tavolo's engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
)
_INFO = pyspiel.GameInfo(
    num_distinct_actions=len(PACK),
    max_chance_outcomes=0,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=len(PACK),
)


class BriscolaGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_TYPE, _INFO, params or {})

    def new_initial_state(self) -> BriscolaDealState:
        """A deal shuffled at random (the benchmark starts from its own deals, ``of``)."""
        return BriscolaDealState(self, RULES.new_game(seats=2, seed=random.randrange(2**31)))


class BriscolaDealState(pyspiel.State):  # type: ignore[misc]
    """One deal, at the engine's state ``st`` (owned: moves change it in place)."""

    def __init__(self, game: BriscolaGame, st: BriscolaState) -> None:
        super().__init__(game)
        self.st = st
        self.points: list[int] | None = None  # the deal's card points, once it is over
        self.rng = random.Random(st.seed)

    def current_player(self) -> int:
        if self.points is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.st.current is not None
        return self.st.current

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(INDEX[a[5:]] for a in RULES.legal_actions(self.st, player))

    def _apply_action(self, action: int) -> None:
        events: list[Json] = []
        play_card(self.st, self.current_player(), PACK[action], events)
        for event in events:
            if event["type"] == "deal_over":
                self.points = list(event["points"])

    def _action_to_string(self, player: int, action: int) -> str:
        return PACK[action]

    def is_terminal(self) -> bool:
        return self.points is not None

    def returns(self) -> list[float]:
        if self.points is None or self.points[0] == self.points[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.points[0] > self.points[1] else [-1.0, 1.0]

    def information_state_string(self, player: int | None = None) -> str:
        """What the engine's view shows ``player``, written compactly (the search keys its
        nodes by it): its seat and hand, the briscola and whether it is still face up, the
        cards known to be in a hand, and every card played, in order, with who led."""
        st = self.st
        seat = self.current_player() if player is None else player
        tricks = zip(st.leaders, st.tricks, strict=True)
        played = " ".join(f"{lead}:{','.join(cards)}" for lead, cards in tricks)
        return (
            f"{seat}|{','.join(sorted(st.hands[seat]))}|{st.briscola}|{st.face_up}|"
            f"{sorted(st.known.items())}|{played}|{st.leader}:{','.join(st.trick)}"
        )

    def resample_from_infostate(self, player: int, sampler: Any = None) -> BriscolaDealState:
        drawn = Sampler(RULES.view(self.st, player)).draw(self.rng)
        return BriscolaDealState(self.get_game(), drawn)

    def clone(self) -> BriscolaDealState:
        copy = BriscolaDealState(self.get_game(), self.st.clone())
        copy.points = None if self.points is None else list(self.points)
        copy.rng = random.Random(self.rng.random())
        return copy

    def __str__(self) -> str:
        return f"hands {self.st.hands}, trick {self.st.trick}, briscola {self.st.briscola}"


pyspiel.register_game(_TYPE, BriscolaGame)


class IsmctsPlayer:
    """ISMCTS behind our players' interface: it is handed the true state (and reads only its
    information state through the adapter; every search starts from resampled deals)."""

    def __init__(self, simulations: int, seed: int) -> None:
        self.game = BriscolaGame()
        evaluator = RandomRolloutEvaluator(1, np.random.RandomState(seed))
        self.bot = ismcts.ISMCTSBot(
            self.game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(seed),
        )

    def choose_from(self, st: BriscolaState) -> str:
        card: int = self.bot.step(BriscolaDealState(self.game, st.clone()))  # OpenSpiel's action
        return "play:" + PACK[card]


def play_deal(hard: Player, other: IsmctsPlayer, hard_seat: int, seed: int, tally: Tally) -> int:
    """One deal from ``seed``; ``hard``'s card points. Wall time per move goes to the tally."""
    state = RULES.new_game(seats=2, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while True:
        seat = state.current
        assert seat is not None
        start = time.perf_counter()
        if seat == hard_seat:
            action = hard.choose(RULES.view(state, seat), RULES.legal_actions(state, seat), rng)
            level = "hard"
        else:
            action = other.choose_from(state)
            level = "ismcts"
        tally.seconds[level].append(time.perf_counter() - start)
        assert action is not None
        state, events = RULES.apply(state, seat, action)
        for event in events:
            if event["type"] == "deal_over":
                return int(event["points"][hard_seat])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=40, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=300, help="ISMCTS's per move")
    parser.add_argument("--quick", action="store_true", help="2 pairs, 50 simulations")
    args = parser.parse_args(argv)
    pairs, simulations = (2, 50) if args.quick else (args.pairs, args.simulations)
    hard = make_player("briscola", "hard")
    other = IsmctsPlayer(simulations, args.seed)
    tally = Tally("hard", f"ismcts ({simulations} simulations)", clock="wall time")
    tally.seconds = {"hard": [], "ismcts": []}
    for i in range(pairs):
        seed = args.seed + i
        at_zero = play_deal(hard, other, 0, seed, tally)
        at_one = play_deal(hard, other, 1, seed, tally)
        tally.add_pair((at_zero, at_one))
    print("Briscola heads-up, hard against OpenSpiel ISMCTS, seats swapped (95% intervals):")
    deals = 2 * pairs
    share = tally.won / deals
    lines = tally.lines()
    lines[1] += f" (goal >= {100 * GOAL:.0f}%: {'met' if share >= GOAL else 'NOT met'})"
    for level in ("hard", "ismcts"):
        ms = [1000 * s for s in tally.seconds[level]]
        lines.append(f"    {level} mean wall time per move: {sum(ms) / len(ms):.1f} ms")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
