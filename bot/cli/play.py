"""``python -m bot play``: play a game in the terminal against AI seats.

You sit at ``--seat`` (0 by default); the other seats are AI players. On your turn the
board, your hand and your moves are shown; type a move's number, and a word it says after it
(Tressette's lead with *busso*: ``3 busso``). The game's marks and
targets have keys of their own (Centocinque: ``p`` to say "penúltima" with your next play,
``c N`` to call out seat N's missed penúltima), and ``q`` quits (as do Ctrl-D and Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.cli import inputs
from bot.cli.inputs import Ask, Quit, Say
from bot.cli.screen import Screen
from bot.games import GAMES, SPECS, GameError, make_player
from bot.games.ai import LEVELS
from bot.games.base import Json
from bot.games.moves import Offer, offers, with_marks
from bot.games.spec import GameSpec
from bot.games.turns import Over, Turns
from bot.i18n import LANGUAGES, speak, t
from bot.text import ai_name, game_title, narrate_all, opening, refusal

WITH_WORD = re.compile(r"[1-9][0-9]*\s+\S+")  # a move's number and a word it says


def _label(spec: GameSpec[Any, Any, Any], offer: Offer) -> str:
    card = spec.text.card_name(offer.move.card) if offer.move.card is not None else ""
    if offer.need is not None:
        return inputs.of(offer.need).label(offer.need, card)
    return spec.text.action_label(offer.token)


def _out_of_range(n: int) -> str:
    return t("Type 1, the only choice.") if n == 1 else t("Type a number from 1 to {n}.", n=n)


def _pick(options: list[str], ask: Ask, say: Say, prompt: str) -> str | None:
    """The option whose number is typed, or the answer itself when it is not a number."""
    for n, option in enumerate(options, start=1):
        say(f"  {n}. {option}")
    answer = ask(prompt).strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(options):
        return str(int(answer) - 1)
    return None if answer.isdigit() else answer


def _pick_one(options: list[str], ask: Ask, say: Say) -> int:
    """The index of the option whose number is typed; anything else is explained and asked
    again (``q`` quits)."""
    prompt = t("Your move ({keys}): ", keys=", ".join([t("number"), "q"]))
    while True:
        answer = _pick(options, ask, say, prompt)
        if answer == "q":
            raise Quit
        if answer is not None and answer.isdigit():
            return int(answer)
        say(_out_of_range(len(options)))


def _folded(listed: list[Offer]) -> tuple[list[Offer], dict[int, dict[str, str]]]:
    """The offers to list, a card's moves that only add a word to its plain move (Tressette's
    lead with *busso*) folded into that move, and the words each listed entry may be typed
    with ("5 busso"), with the move each makes."""
    plain = {
        (o.move.kind, o.move.card)
        for o in listed
        if o.need is None and o.move.card is not None and o.move.named is None
    }
    words: dict[tuple[str, str | None], dict[str, str]] = {}
    shown = []
    for offer in listed:
        key = (offer.move.kind, offer.move.card)
        if offer.need is None and offer.move.named is not None and key in plain:
            words.setdefault(key, {})[offer.move.named] = offer.token
        else:
            shown.append(offer)
    said = {
        n: words[(o.move.kind, o.move.card)]
        for n, o in enumerate(shown)
        if o.move.named is None and (o.move.kind, o.move.card) in words
    }
    return shown, said


def _with_word(answer: str, words: dict[int, dict[str, str]], say: Say) -> str | None:
    """The move ``answer`` ("5 busso", or "5 b" when one word starts so) means; None, said
    why, when it means none."""
    number, _, typed = answer.partition(" ")
    its = words.get(int(number) - 1, {})
    found = [token for word, token in its.items() if word.startswith(typed.strip())]
    if len(found) == 1:
        return found[0]
    if its:
        say(t("With this move you may say: {words}.", words=", ".join(its)))
    else:
        say(t("This move says nothing more: type its number alone."))
    return None


def _human_turn(game: str, legal: list[str], ask: Ask, say: Say) -> str:
    """The person's move: one of the listed offers (what completes it asked for when it
    needs it, a word typed after its number), or what the game's inputs understand typed by
    their keys (so the list never tells whether a call-out is possible)."""
    spec = SPECS[game]
    declared = spec.inputs.declared
    listed, words = _folded(offers(spec.moves, spec.inputs, legal))
    keys = [t("number"), *([t("number word")] if words else []), *inputs.keys(declared), "q"]
    prompt = t("Your move ({keys}): ", keys=", ".join(keys))
    turn = inputs.Turn(spec, legal, ask, say, lambda options: _pick_one(options, ask, say))
    labels = [
        _label(spec, o) + (" · " + " / ".join(words[n]) if n in words else "")
        for n, o in enumerate(listed)
    ]
    while True:
        answer = _pick(labels, ask, say, prompt)
        if answer == "q":
            raise Quit
        if answer is not None and WITH_WORD.fullmatch(answer):
            if int(answer.split()[0]) <= len(listed):
                token = _with_word(answer, words, say)
                if token is not None:
                    return with_marks(spec.moves, legal, token, turn.said)
                continue
        elif answer is not None and not answer.isdigit():
            meant = next(
                (m for one in declared if (m := inputs.of(one).typed(one, answer, turn))), None
            )
            if isinstance(meant, str):
                return meant
            if meant:
                continue
        if answer is None or not answer.isdigit():
            say(_out_of_range(len(listed)))
            continue
        offer = listed[int(answer)]
        token = offer.token
        if offer.need is not None:
            completed = inputs.of(offer.need).complete(offer.need, offer, turn)
            if completed is None:
                continue
            token = completed
        return with_marks(spec.moves, legal, token, turn.said)


def play(
    game: str,
    seats: int,
    levels: list[str],
    human: int,
    seed: int,
    options: Json | None,
    ask: Ask = input,
    say: Say = print,
) -> Json | None:
    """Play one match; return its outcome (None if the player quit: ``q``, Ctrl-D or
    Ctrl-C, each said goodbye to)."""
    with _leaving(say):
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
                action = _human_turn(game, legal, ask, say)
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
    return None


@contextmanager
def _leaving(say: Say) -> Iterator[None]:
    """Leaving the match (``q``, Ctrl-D, Ctrl-C) ends it with a goodbye, never a traceback."""
    try:
        yield
    except (Quit, EOFError, KeyboardInterrupt):
        say("")
        say(t("Bye."))


def _options(game: str, typed: str | None) -> Json | None:
    """``--options``: a JSON object of the game's house rules, each named as the game names
    it."""
    if typed is None:
        return None
    try:
        options = json.loads(typed)
    except json.JSONDecodeError as exc:
        raise GameError("--options is not JSON: {reason}.", reason=str(exc)) from None
    if not isinstance(options, dict):
        raise GameError("--options must be a JSON object, such as {example}.", example="{}")
    known = GAMES[game].options_model.model_fields
    unknown = sorted(name for name in options if name not in known)
    if unknown:
        raise GameError(
            "Unknown option “{name}”; {game}'s options are: {known}.",
            name=unknown[0],
            game=game_title(game),
            known=", ".join(known),
        )
    return options


def main(argv: list[str], ask: Ask = input, screen: Screen | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot play",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=None, help="players at the table")
    parser.add_argument(
        "--ai", default="easy", help=f"AI levels, comma-separated: {', '.join(LEVELS)}"
    )
    parser.add_argument("--seat", type=int, default=0, help="your seat")
    parser.add_argument("--seed", type=int, default=None, help="deal (random if not given)")
    parser.add_argument("--options", default=None, help="house rules as a JSON object")
    parser.add_argument(
        "--language", choices=sorted(LANGUAGES), default="en", help="the language of the game"
    )
    args = parser.parse_args(argv)
    speak(args.language)
    rules: Any = GAMES[args.game]
    seats = args.seats or SPECS[args.game].seats.default
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    try:
        options = _options(args.game, args.options)
        if not 0 <= args.seat < seats:
            raise GameError("Your seat must be from 0 to {last}.", last=seats - 1)
        for level in args.ai.split(","):
            make_player(args.game, level)
        rules.new_game(seats=seats, seed=seed, options=options)
    except GameError as exc:
        print(f"play: {refusal(exc)}", file=sys.stderr)
        return 2
    shown = screen or Screen.here()
    play(args.game, seats, args.ai.split(","), args.seat, seed, options, ask, shown.say)
    return 0


# What ``--help`` says: the module's account, without its source's markup.
DESCRIPTION = (__doc__ or "").replace("``", "")
