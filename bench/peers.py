"""Centocinque against peer engines, side by side: ``python -m bench.peers [--seconds S]``.

The peers are RLCard's UNO and OpenSpiel's ``crazy_eights``, both shedding games like ours,
installed with the ``bench`` extra (``pip install -e '.[bench]'``); without them this prints
a line saying so and measures only Centocinque.

Every engine is driven the same way as ``bench.throughput`` drives ours: four seats, a
uniformly random legal action for the player to act, step by step from Python, game after
game; one decision is one player's action.

- RLCard UNO: ``rlcard.make("uno")``, set to four players (its environment does not pass
  the player count on, so the game itself is configured and the environment told), then
  ``env.reset()`` and ``env.step(action)`` with an action drawn from the state's
  ``legal_actions``, until ``env.is_over()``. Every step is a player's action.
- OpenSpiel ``crazy_eights`` with ``players=4``: ``state.legal_actions()`` then
  ``state.apply_action``. Its chance nodes (the shuffle and deal, card by card) are played
  with outcomes drawn by their probabilities and timed, but not counted as decisions, as
  our engines deal inside ``new_game`` and ``apply``.

Goals (the benchmark issue): Centocinque at least 5x RLCard UNO and at least 0.5x OpenSpiel
``crazy_eights``. Both Centocinque paths are measured: the engine contract (what the bot
uses for every move) and the in-place fast path (what the AI's playouts use).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from bench.throughput import (
    FAST,
    SEATS,
    PlayGame,
    add_arguments,
    compare,
    contract_game,
    fast_centocinque,
    timing,
)

INSTALL = "pip install -e '.[bench]'"
UNO = "RLCard uno"
CRAZY_EIGHTS = "OpenSpiel crazy_eights"
GOALS = {UNO: 5.0, CRAZY_EIGHTS: 0.5}  # Centocinque's decisions/s over the peer's, at least


def uno_game() -> PlayGame:
    """RLCard's UNO at four players, one decision per ``env.step``."""
    import rlcard

    env: Any = rlcard.make("uno", config={"seed": 1})
    env.game.configure({"game_num_players": SEATS})
    env.num_players = SEATS

    def play(rng: random.Random, seed: int) -> int:
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        return decisions

    return play


def crazy_eights_game() -> PlayGame:
    """OpenSpiel's crazy_eights at four players; chance steps played but not counted."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights", {"players": SEATS})

    def play(rng: random.Random, seed: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def peer_drivers() -> tuple[dict[str, PlayGame], list[str]]:
    """The peers that are installed, and a line for each that is not."""
    drivers: dict[str, PlayGame] = {}
    missing: list[str] = []
    for name, factory in ((UNO, uno_game), (CRAZY_EIGHTS, crazy_eights_game)):
        try:
            drivers[name] = factory()
        except ImportError as exc:
            missing.append(f"  {name}: not installed ({exc.name}); install with {INSTALL}")
    return drivers, missing


def ratio_lines(rates: dict[str, float]) -> list[str]:
    """Centocinque over each measured peer, both paths, with the goal met or missed."""
    lines = []
    for peer, goal in GOALS.items():
        if peer not in rates:
            continue
        for ours in ("centocinque", FAST):
            if ours in rates:
                ratio = rates[ours] / rates[peer]
                verdict = "met" if ratio >= goal else "NOT met"
                lines.append(f"  {ours} / {peer}: {ratio:.2f}x (goal >= {goal}x: {verdict})")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    seconds, rounds = timing(args)
    peers, missing = peer_drivers()
    drivers = {"centocinque": contract_game("centocinque"), FAST: fast_centocinque, **peers}
    print(f"Peer engines: random legal moves, {SEATS} seats, median of {rounds} x {seconds}s")
    for line in missing:
        print(line)
    rates = compare(drivers, seconds, rounds)
    for name, value in rates.items():
        print(f"  {name}: {value:,.0f} decisions/s")
    for line in ratio_lines(rates):
        print(line)


if __name__ == "__main__":
    main()
