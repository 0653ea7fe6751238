"""``python -m bot play``: play a game in the terminal against AI seats.

You sit at ``--seat`` (0 by default); the other seats are AI players. On your turn the
board, your hand and your moves are shown; type a move's number. The game's marks and
targets have keys of their own (Centocinque: ``p`` to say "penúltima" with your next play,
``c N`` to call out seat N's missed penúltima), and ``q`` quits.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.games import GAMES, SPECS, GameError, make_player
from bot.games.ai import LEVELS
from bot.games.base import Json
from bot.games.moves import Move, Offer, offers, with_marks
from bot.games.spec import GameSpec
from bot.games.turns import Over, Turns
from bot.i18n import LANGUAGES, speak, t
from bot.text import ai_name, narrate_all, opening, refusal

Ask = Callable[[str], str]


class Quit(Exception):
    pass


def _label(spec: GameSpec[Any, Any, Any], offer: Offer) -> str:
    card = spec.text.card_name(offer.move.card) if offer.move.card is not None else ""
    number, completion = spec.inputs.number, spec.inputs.completion
    if offer.needs == "number" and number is not None:
        return t(number.terminal_offer, card=card)
    if offer.needs == "completion" and completion is not None:
        return t(completion.offer, card=card)
    return spec.text.action_label(offer.token)


def _pick(options: list[str], ask: Ask, say: Callable[[str], None], prompt: str) -> str | None:
    """The option whose number is typed, or the answer itself when it is not a number."""
    for n, option in enumerate(options, start=1):
        say(f"  {n}. {option}")
    answer = ask(prompt).strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(options):
        return str(int(answer) - 1)
    return None if answer.isdigit() else answer


def _human_turn(game: str, legal: list[str], ask: Ask, say: Callable[[str], None]) -> str:
    """The person's move: one of the listed offers (a number or a take asked for when the
    offer needs one), with the game's marks and targets typed by their keys (so the list
    never tells whether a call-out is possible)."""
    spec = SPECS[game]
    inputs, moves = spec.inputs, spec.moves
    listed = offers(moves, inputs, legal)
    keys = [t("number"), *(m.terminal_key for m in inputs.marks)]
    if inputs.target is not None:
        keys.append(f"{inputs.target.terminal_key} N")
    prompt = t("Your move ({keys}): ", keys=", ".join([*keys, "q"]))
    said: list[str] = []
    while True:
        answer = _pick([_label(spec, o) for o in listed], ask, say, prompt)
        if answer == "q":
            raise Quit
        mark = next((m for m in inputs.marks if answer == m.terminal_key), None)
        if mark is not None:
            said.append(mark.name)
            say(t(mark.terminal_noted))
            continue
        target = inputs.target
        if target is not None and answer and answer.startswith(target.terminal_key):
            seat = answer[len(target.terminal_key) :].strip()
            return moves.write(Move(target.kind, target=int(seat))) if seat.isdigit() else answer
        if answer is None or not answer.isdigit():
            say(t("Type a number from 1 to {n}.", n=len(listed)))
            continue
        offer = listed[int(answer)]
        token = offer.token
        if offer.needs == "number" and inputs.number is not None:
            typed = ask(t(inputs.number.terminal_prompt))
            value = inputs.number.parse(typed)
            if value is None:
                say(t(inputs.number.refused, typed=typed))
                continue
            token = moves.write(replace(offer.move, value=value))
        elif offer.needs == "completion":
            takes = [spec.text.action_label(done) for done, _ in offer.completions]
            which = _pick(takes, ask, say, prompt)
            if which is None or not which.isdigit():
                continue
            token = offer.completions[int(which)][0]
        return with_marks(moves, legal, token, said)


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
    names = [
        t("Player {n} (you)", n=s)
        if s == human
        else ai_name(levels[others.index(s) % len(levels)], s)
        for s in range(seats)
    ]
    rng = random.Random(f"{seed}:terminal")
    for line in opening(game, human, names, options or {}):
        say(line)
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
