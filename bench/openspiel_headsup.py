"""A heads-up contest of one of our engines as an OpenSpiel game, and a ``hard`` AI against
OpenSpiel's ISMCTS through it: what ``bench.openspiel_briscola`` and ``bench.openspiel_scopa``
share (and ``bench.openspiel_tressette``, two sides of partners too: a seat's side is its
seat modulo 2).

OpenSpiel (the ``bench`` extra) has neither Briscola nor Scopa, so a game's ``Adapter`` makes the
engine one: ``register`` turns it into a ``pyspiel`` game whose states hold the engine's state
and move with the engine's own rules (``legal_actions``; a move made in place with the game's own
function, whatever follows it included); the game ends with the contest (``bench.headsup``),
worth +1 to the side with more points, -1 to the other, 0 to both when level. Every action token
the game can have is one OpenSpiel action. A seat's information state is exactly what the
engine's view shows it, written as JSON (its observer's string); resampling it makes a full state
that fits that view with the game's own sampler, as its ``hard`` AI does, so the cards it has not
seen are dealt at random, consistently with all it saw.

The opponent is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts
(``RandomRolloutEvaluator``, one rollout), UCT constant 2, unlimited world samples, the most
visited move played. It is handed no state of ours, only the seat's view: its root is a state
resampled from that view, and every one of its searches starts from states resampled again.
ISMCTS counts simulations, not time: ``--simulations`` is to be chosen so that its mean CPU time
per move is at least ``hard``'s; both are printed, and whether it was. Each contest is played
twice, seats swapped (``bench.headsup``).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from bench.headsup import Contest, Goal, Scores, Tally, matchup
from bot.games import GAMES, make_player
from bot.games.base import Event, Json, Rules
from bot.games.kit import clone


@dataclass(frozen=True)
class Adapter:
    """What OpenSpiel needs of one of our games beyond its engine."""

    contest: Contest  # the unit: a state from a seed, the seats' points once it is over
    short_name: str  # OpenSpiel's name of the game
    long_name: str
    actions: list[str]  # every action token the contest can have: OpenSpiel's action ids
    act: Callable[[Any, int, str, list[Event]], None]  # a legal token of a seat, in place
    resample: Callable[[Json, random.Random], Any]  # a full state that fits a seat's view
    max_moves: int  # the most moves a contest can take


class EngineGame(pyspiel.Game):  # type: ignore[misc]
    """An adapter's game; ``register`` makes one subclass per adapter."""

    adapter: ClassVar[Adapter]
    game_type: ClassVar[Any]
    game_info: ClassVar[Any]
    state_class: ClassVar[type[EngineState]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.game_info, params or {})

    def new_initial_state(self) -> EngineState:
        """A contest dealt at random (the benchmark starts its own, from seeds)."""
        return self.state_of(self.adapter.contest.start(random.randrange(2**31)))

    def state_of(self, st: Any, seed: int | None = None) -> EngineState:
        """The OpenSpiel state of the engine's state ``st`` (owned: moves change it)."""
        return self.state_class(self, st, random.Random(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self.state_class.rules)


def register(adapter: Adapter) -> type[EngineGame]:
    """The adapter's game, registered with OpenSpiel under its short name."""
    players = adapter.contest.seats
    game_type = pyspiel.GameType(
        short_name=adapter.short_name,
        long_name=adapter.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(adapter.actions),
        max_chance_outcomes=0,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=adapter.max_moves,
    )
    state = type(
        f"{adapter.short_name}_state",
        (EngineState,),
        {
            "adapter": adapter,
            "rules": GAMES[adapter.contest.game],
            "ids": {token: i for i, token in enumerate(adapter.actions)},
        },
    )
    game = type(
        f"{adapter.short_name}_game",
        (EngineGame,),
        {"adapter": adapter, "game_type": game_type, "game_info": game_info, "state_class": state},
    )
    pyspiel.register_game(game_type, game)
    return game


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A contest at the engine's state ``st``, owned: moves change it in place. What the game
    is lives in the class (``register``): OpenSpiel copies a Python state by deep-copying its
    attributes, so they hold only the contest's own data."""

    adapter: ClassVar[Adapter]
    rules: ClassVar[Rules[Any]]
    ids: ClassVar[dict[str, int]]

    def __init__(self, game: EngineGame, st: Any, rng: random.Random) -> None:
        super().__init__(game)
        self.st = st
        self.scores: Scores | None = None  # each seat's points, once the contest is over
        self.rng = rng  # for resampling

    def current_player(self) -> int:
        if self.scores is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self.rules.turn(self.st)
        assert seat is not None
        return int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.ids[token] for token in self.rules.legal_actions(self.st, player))

    def _apply_action(self, action: int) -> None:
        events: list[Event] = []
        self.adapter.act(self.st, self.current_player(), self.adapter.actions[action], events)
        self.scores = self.adapter.contest.scores(events)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.adapter.actions[action]

    def is_terminal(self) -> bool:
        return self.scores is not None

    def returns(self) -> list[float]:
        """+1 to each seat of the side with more points, -1 to the other's; 0 when level."""
        seats = self.adapter.contest.seats
        if self.scores is None or self.scores[0] == self.scores[1]:
            return [0.0] * seats
        won = 0 if self.scores[0] > self.scores[1] else 1
        return [1.0 if seat % 2 == won else -1.0 for seat in range(seats)]

    def resample_from_infostate(self, player: int, sampler: Any = None) -> EngineState:
        """A state that fits all ``player`` can see here, from the game's own sampler."""
        drawn = self.adapter.resample(self.rules.view(self.st, player), self.rng)
        return type(self)(self.get_game(), drawn, random.Random(self.rng.getrandbits(64)))

    def clone(self) -> EngineState:
        """A copy (the kit's ``clone``, quicker than OpenSpiel's deep copy)."""
        rng = random.Random(self.rng.getrandbits(64))
        copy = type(self)(self.get_game(), clone(self.st), rng)
        copy.scores = self.scores
        return copy

    def __str__(self) -> str:
        return json.dumps(self.rules.dump(self.st), sort_keys=True)


class ViewObserver:
    """A seat's information state: the engine's view of it, as JSON. No tensor."""

    def __init__(self, rules: Rules[Any]) -> None:
        self.rules = rules
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        pass

    def string_from(self, state: EngineState, player: int) -> str:
        view = self.rules.view(state.st, player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


class IsmctsPlayer:
    """ISMCTS behind our players' interface (``choose(view, legal, rng)``): like every AI of
    ours it sees only the seat's view, from which its root state is resampled."""

    def __init__(self, game: EngineGame, simulations: int, seed: int) -> None:
        self.game = game
        evaluator = RandomRolloutEvaluator(1, np.random.RandomState(seed))
        self.bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=simulations,
            random_state=np.random.RandomState(seed),
        )

    def choose(self, view: Json, legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        root = self.game.adapter.resample(view, rng)
        action = self.bot.step(self.game.state_of(root, rng.getrandbits(64)))
        token: str = self.game.adapter.actions[int(action)]
        assert token in legal
        return token


def versus(
    game: EngineGame, pairs: int, simulations: int, seed: int, goal: float
) -> tuple[Tally, list[str]]:
    """``hard`` against ISMCTS, ``pairs`` contests each played twice, seats swapped: the tally
    and its report lines (the time each took per move, and whether ISMCTS had at least
    ``hard``'s)."""
    contest = game.adapter.contest
    hard = make_player(contest.game, "hard")
    other = IsmctsPlayer(game, simulations, seed)
    tally = matchup(contest, hard, other, ("hard", "ismcts"), pairs, seed)
    tally.goal = Goal(share=goal)
    lines = tally.lines()
    lines[0] += f", ISMCTS with {simulations} simulations per move"
    hard_ms, ismcts_ms = tally.mean_ms("hard"), tally.mean_ms("ismcts")
    enough = "yes" if ismcts_ms >= hard_ms else "NO: give it more simulations"
    lines.append(
        f"    mean CPU per move: hard {hard_ms:.1f} ms, ismcts {ismcts_ms:.1f} ms "
        f"(ISMCTS had at least hard's time: {enough})"
    )
    return tally, lines


def main(
    game: EngineGame,
    title: str,
    goal: float,
    simulations: int,
    argv: list[str] | None,
    doc: str | None,
) -> None:
    """The command line of a game's ISMCTS bench (``simulations``: ISMCTS's unless told)."""
    parser = argparse.ArgumentParser(description=doc)
    noun = game.adapter.contest.noun
    parser.add_argument("--pairs", type=int, default=40, help=f"{noun}s, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=simulations, help="ISMCTS's per move")
    parser.add_argument("--quick", action="store_true", help="2 pairs, 50 simulations")
    args = parser.parse_args(argv)
    pairs, simulations = (2, 50) if args.quick else (args.pairs, args.simulations)
    print(title)
    _, lines = versus(game, pairs, simulations, args.seed, goal)
    print("\n".join(lines), flush=True)
