"""``python -m bot play``: play a game in the terminal against AI seats.

You sit at ``--seat`` (0 by default); the other seats are AI players. On your turn the
board, your hand and your moves are shown; type a move's number. At any prompt you may also
type ``p`` to say "penúltima" with your next play, or ``c N`` to call out seat N's missed
penúltima (Centocinque), and ``q`` to quit.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import Any

from bot.games import GAMES, SPECS, GameError, make_player
from bot.games.ai import LEVELS
from bot.games.base import Json
from bot.games.spec import Inputs
from bot.games.turns import Over, Turns
from bot.i18n import LANGUAGES, speak, t
from bot.text import game_title, narrate_all, refusal

Ask = Callable[[str], str]


class Quit(Exception):
    pass


def _choices(inputs: Inputs, legal: list[str]) -> list[str]:
    """The moves to list: side actions and the penúltima variants are typed, not listed
    (so the list never tells whether a call-out is possible), and a chosen-value Ace is one
    entry whose value is asked for."""
    out: list[str] = []
    for action in legal:
        parts = action.split(":")
        if not inputs.listed(action):
            continue
        if len(parts) == 3 and parts[1] in inputs.valued:
            action = f"{parts[0]}:{parts[1]}:?"
        if action not in out:
            out.append(action)
    return out


def _label(game: str, action: str) -> str:
    if action.endswith(":?"):
        card = SPECS[game].text.card_name(action.split(":")[1])
        return t("{card}, choosing the total", card=card)
    return SPECS[game].text.action_label(action)


def _human_turn(game: str, legal: list[str], ask: Ask, say: Callable[[str], None]) -> str:
    choices = _choices(SPECS[game].inputs, legal)
    penultima = False
    while True:
        for n, action in enumerate(choices, start=1):
            say(f"  {n}. {_label(game, action)}")
        answer = ask(t("Your move (number, p, c N, q): ")).strip().lower()
        if answer == "q":
            raise Quit
        if answer == "p":
            penultima = True
            say(t("You will say “penúltima!” with your next play."))
            continue
        if answer.startswith("c"):
            return f"callout:{answer[1:].strip()}"
        if not answer.isdigit() or not 1 <= int(answer) <= len(choices):
            say(t("Type a number from 1 to {n}.", n=len(choices)))
            continue
        action = choices[int(answer) - 1]
        if action.endswith(":?"):
            value = ask(t("Set the total to (0-100): ")).strip()
            action = action[:-1] + value
        if penultima and action + ":penultima" in legal:
            action += ":penultima"
        return action


def play(
    game: str,
    seats: int,
    levels: list[str],
    human: int,
    seed: int,
    options: Json | None,
    ask: Ask = input,
    say: Callable[[str], None] = print,
) -> Json | None:
    """Play one match; return its outcome (None if the player quit)."""
    rules = GAMES[game]
    text = SPECS[game].text
    state = rules.new_game(seats=seats, seed=seed, options=options)
    others = [s for s in range(seats) if s != human]
    players = {s: make_player(game, levels[i % len(levels)]) for i, s in enumerate(others)}
    names = [t("Player {n} (you)", n=s) if s == human else t("Seat {n}", n=s) for s in range(seats)]
    rng = random.Random(f"{seed}:terminal")
    say(
        t(
            "{game} with {n} players. You are seat {seat}.",
            game=game_title(game),
            n=seats,
            seat=human,
        )
    )
    # What happened while dealing (Minchiate's cut, robbing and shown cards), told publicly.
    for line in narrate_all(game, rules.view(state, human).get("opening", []), names):
        say(line)
    turns = Turns(rules, state, ai=lambda seat: seat in players, ai_formalities=False)
    while True:
        made, wanted = turns.ready()  # a move that decides nothing is made for the player
        for move in made:
            for line in narrate_all(game, move.events, names):
                say(line)
        if isinstance(wanted, Over):
            break
        seat = wanted.seat
        legal = rules.legal_actions(turns.state, seat)
        if wanted.ai:
            action = players[seat].choose(rules.view(turns.state, seat), legal, rng)
            if action is None:
                assert wanted.optional, "a seat on turn always gets an action"
                continue  # an optional move let go
        else:
            say("")
            for line in text.board_lines(rules.view(turns.state, human), names):
                say(line)
            try:
                action = _human_turn(game, legal, ask, say)
            except (Quit, EOFError):
                say(t("Bye."))
                return None
        try:
            events = turns.play(seat, action).events
        except GameError as exc:
            say(f"✋ {refusal(exc)}")
            continue
        for line in narrate_all(game, events, names):
            say(line)
    outcome = wanted.outcome
    say("")
    for line in text.outcome_lines(outcome, names):
        say(line)
    return outcome


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot play", description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=None, help="players at the table")
    parser.add_argument("--ai", default="easy", help=f"AI levels, comma-separated: {LEVELS}")
    parser.add_argument("--seat", type=int, default=0, help="your seat")
    parser.add_argument("--seed", type=int, default=None, help="deal (random if not given)")
    parser.add_argument("--options", default=None, help="house rules as JSON")
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en")
    args = parser.parse_args(argv)
    speak(args.language)
    rules: Any = GAMES[args.game]
    seats = args.seats or SPECS[args.game].seats.default
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        options = json.loads(args.options) if args.options else None
        if not 0 <= args.seat < seats:
            raise GameError("Your seat must be from 0 to {last}.", last=seats - 1)
        for level in args.ai.split(","):
            make_player(args.game, level)
        rules.new_game(seats=seats, seed=seed, options=options)
    except (GameError, json.JSONDecodeError) as exc:
        print(f"play: {refusal(exc) if isinstance(exc, GameError) else exc}", file=sys.stderr)
        return 2
    play(args.game, seats, args.ai.split(","), args.seat, seed, options)
    return 0
