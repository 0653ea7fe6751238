"""A game is one folder: outside ``bot/games/<game>/`` no module names a game or holds one of
its action tokens (DESIGN.md). The registry (``bot/games/__init__.py``) is the one place that
lists the games; the words below are the only other exceptions, each with its reason."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from bot.games import SPECS

BOT = Path(__file__).resolve().parents[1] / "bot"
REGISTRY = BOT / "games" / "__init__.py"

# A string that looks like a game's but means something else there.
ALLOWED = {
    ("bot/config.py", "minchiate_win"): "an old setting's name, still read",
    ("bot/config.py", "minchiate_draw"): "an old setting's name, still read",
}


def _tokens() -> set[str]:
    """Every game's legal tokens over a few random games: what a token literal looks like."""
    seen: set[str] = set()
    for name, spec in SPECS.items():
        rules = spec.rules
        for seed in range(3):
            rng = random.Random(seed)
            seats = spec.seats.default
            state = rules.new_game(seats=seats, seed=seed)
            for _ in range(400):
                if rules.outcome(state) is not None:
                    break
                actors = rules.to_act(state)
                for seat in actors:
                    seen.update(rules.legal_actions(state, seat))
                seat = rng.choice(actors)
                action = rng.choice(rules.legal_actions(state, seat))
                state, _ = rules.apply(state, seat, action)
        assert seen, name
    return seen


def _shapes() -> tuple[re.Pattern[str], set[str]]:
    """The parts of a token that only a game's code should spell: ``play:``, ``:penultima``,
    ``callout:``; and the tokens that are one game word (``nodeclare``, ``penultima``)."""
    parts: set[str] = set()
    words: set[str] = set()
    for token in _tokens():
        for spec in SPECS.values():
            move = spec.moves.read(token)
            if move.kind == token and ":" in token:
                continue  # not this game's token: read back as it came
            if ":" in token:
                parts.add(re.escape(move.kind.split(":")[0] + ":") + "(?=[A-Za-z0-9]|$)")
            parts.update(re.escape(":" + mark) + "(?![a-z])" for mark in move.marks)
            if ":" not in token:
                words.add(token)
    return re.compile("|".join(sorted(parts))), words


NAMES = re.compile(
    "|".join(rf"(?<![a-z]){re.escape(n)}(?![a-z])" for n in sorted(SPECS)), re.IGNORECASE
)
TOKEN_PARTS, TOKEN_WORDS = _shapes()
ORDINARY = {"draw": "a drawn match, in the league's words", "pass": "an English word"}


def _docstrings(tree: ast.AST) -> set[int]:
    """The strings that stand alone as statements: docstrings, of modules, classes, functions
    and attributes. They document; they are not code."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def _names_in(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module]
    return []


def offences(where: str, source: str) -> list[str]:
    """Each line of ``source`` that names a game or spells one of its tokens, outside
    docstrings and comments."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        texts = _names_in(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if (where, text) in ALLOWED:
                continue
            texts.append(text)
            if TOKEN_PARTS.search(text) or (text in TOKEN_WORDS and text not in ORDINARY):
                found.append((node.lineno, f"{where}:{node.lineno}: a game's token {text!r}"))
                continue
        line = getattr(node, "lineno", 0)
        found += [(line, f"{where}:{line}: names a game: {t!r}") for t in texts if NAMES.search(t)]
    return [offence for _, offence in sorted(found)]


def _outside_the_games() -> list[Path]:
    folders = [BOT / "games" / name for name in SPECS]
    return [
        path
        for path in sorted(BOT.rglob("*.py"))
        if path != REGISTRY and not any(folder in path.parents for folder in folders)
    ]


def test_no_module_outside_a_games_folder_names_a_game_or_its_tokens() -> None:
    found = [
        line
        for path in _outside_the_games()
        for line in offences(str(path.relative_to(BOT.parent)), path.read_text())
    ]
    assert found == []


def test_the_check_finds_a_planted_game_name_and_token_literal() -> None:
    planted = (
        '"""A docstring may say centocinque."""\n'
        "# so may a comment: play:7d\n"
        "def deal(kind: str) -> str:\n"
        '    if kind == "minchiate":\n'
        '        return f"play:{kind}"\n'
        '    return "7d:penultima" if kind else "nodeclare"\n'
        "cento_rules = None\n"
    )
    assert offences("bot/planted.py", planted) == [
        "bot/planted.py:4: names a game: 'minchiate'",
        "bot/planted.py:5: a game's token 'play:'",
        "bot/planted.py:6: a game's token '7d:penultima'",
        "bot/planted.py:6: a game's token 'nodeclare'",
        "bot/planted.py:7: names a game: 'cento_rules'",
    ]
    assert offences("bot/fine.py", 'status = "playing"\nlabel = "draw"\n') == []
