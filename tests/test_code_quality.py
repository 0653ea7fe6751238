"""The project's own checks, as tests: lint, format, types, and the layering of DESIGN.md."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"

# What each part of bot/ may import: other parts of the bot, and packages from outside the
# standard library. Anything not listed is refused, so an upward import fails here.
# (part of bot/ -> (bot parts it may import, third-party packages it may import))
ALLOWED: dict[str, tuple[set[str], set[str]]] = {
    # i18n: each game's words (``bot/games/<game>/text.py``) live with the game and translate
    # through bot.i18n; only those modules may (``test_only_the_games_words_translate``).
    "games": ({"games", "i18n"}, {"pydantic"}),
    "i18n": (set(), set()),
    "text": ({"text", "i18n", "games"}, set()),
    "config": ({"games"}, {"pydantic", "pydantic_settings"}),
    "storage": ({"storage"}, {"aiosqlite", "asyncpg", "pydantic"}),
    # games: each game's spec says how its matches count (its figures, its partnerships).
    "league": ({"league", "storage", "config", "i18n", "games"}, {"openskill"}),
    # records: a finished deal's record, its commitment, replay and check (pure but for words).
    "records": ({"records", "games", "i18n", "text"}, {"pydantic"}),
    "tables": (
        {"tables", "ai_process", "games", "storage", "config", "i18n", "text", "records"},
        set(),
    ),
    "ai_process": ({"games"}, set()),
    # Tournaments drive tables: their pairings, standings and rounds, above the table manager.
    "tournaments": (
        {"tournaments", "tables", "storage", "league", "games", "config", "i18n", "text"}
        | {"records"},  # a table's deal derived from the tournament's committed secret
        {"networkx"},
    ),
    "views": (
        {"views", "tables", "tournaments", "games", "league", "text", "i18n", "gallery", "records"}
        | {"pictures"},
        {"discord"},
    ),
    "cogs": ({"cogs", "views", "text", "i18n"}, {"discord"}),
    # The pictures know no game: only the packs' cards (bot.games.cards), the drawing pieces
    # and the packs; the cards' words come from the games' own (bot/games/<game>/text.py).
    "pictures": ({"pictures", "games.cards", "i18n"}, {"PIL", "isal"}),
    # A game's painter and pack, chosen above both the games and the pictures.
    "gallery": ({"games", "pictures"}, {"PIL"}),
    "cli": ({"cli", "games", "text", "i18n", "pictures", "gallery", "storage", "records"}, set()),
    "endpoints": (set(), {"discord", "yarl"}),
    # The heartbeat record: the standard library only (the bot passes its latencies in).
    "health": (set(), set()),
    # The garbage collector's settings: the standard library only.
    "heap": (set(), set()),
    "app": (
        {"cogs", "config", "endpoints", "health", "heap", "league", "storage", "tables"}
        | {"tournaments", "views", "web"},
        {"discord", "uvloop", "aiohttp"},  # uvloop: the event loop, where installed
    ),
    # games: the words each game keeps in every language (``GameText.kept``).
    "locales": ({"locales", "cogs", "i18n", "games"}, {"babel", "discord"}),
    "__main__": ({"app", "cli", "config", "health", "storage", "locales", "web"}, set()),
    # The league's web pages: the league and what the pages read besides it, the games' words
    # and painters (the live boards), the pictures (the charts), the finished deals' records
    # and their lookup (the replays), the tournaments' rounds and standings.
    "web": (
        {"web", "league", "storage", "config", "games", "gallery", "pictures", "text", "i18n"}
        | {"records", "tables", "tournaments"},
        {"aiohttp", "jinja2"},
    ),
    "__init__": (set(), set()),
}
# A game's board painter (``bot/games/<game>/board.py``) draws with the pictures' pieces, so it
# may import bot.pictures and Pillow, beside what any module of the games may; no other module
# of the games may (the engines, the AI and the specs stay pure, and the AI workers and the
# terminal never load Pillow: a spec loads its painter only when a picture is first wanted).
PAINTER = ({"pictures"}, {"PIL"})
# The engines are pure: no clock, no I/O, no concurrency, even from the standard library.
IMPURE = {
    "asyncio",
    "logging",
    "time",
    "datetime",
    "sqlite3",
    "os",
    "pathlib",
    "io",
    "socket",
    "subprocess",
    "threading",
    "multiprocessing",
    "concurrent",
    "secrets",
}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth, relative imports made absolute."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}".rstrip(".")
            # ``from bot.views import flows`` imports the module bot.views.flows.
            names.update(
                f"{base}.{alias.name}" if _module_path(f"{base}.{alias.name}") else base
                for alias in node.names
            )
        elif (loaded := _loaded(node)) is not None:
            names.add(loaded)
    return names


def _loaded(node: ast.AST) -> str | None:
    """The module an ``import_module("bot.…")`` call loads, when named by a literal (a spec's
    painter, loaded when first wanted, is imported all the same)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func, name = node.func, node.args[0]
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if called != "import_module" or not isinstance(name, ast.Constant):
        return None
    return name.value if isinstance(name.value, str) else None


def _module_path(name: str) -> Path | None:
    parts = name.split(".")
    if parts[0] != "bot":
        return None
    base = ROOT.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(path: Path) -> str:
    """The part of bot/ a file belongs to: its package, or its own name at the top."""
    parts = path.relative_to(BOT).with_suffix("").parts
    return parts[0]


def test_every_part_of_the_bot_has_its_imports_listed() -> None:
    assert {_part(p) for p in BOT.rglob("*.py")} == set(ALLOWED)


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_part_imports_only_what_it_may(part: str) -> None:
    bad = []
    for path in sorted(BOT.rglob("*.py")):
        if _part(path) != part:
            continue
        own, outside = ALLOWED[part]
        if _is_painter(path):
            own, outside = own | PAINTER[0], outside | PAINTER[1]
        for name in sorted(_imports(path)):
            top, _, rest = name.partition(".")
            if top == "bot":
                ok = rest.split(".")[0] in own or ".".join(rest.split(".")[:2]) in own
            elif top in sys.stdlib_module_names:
                ok = not (part == "games" and top in IMPURE)
            else:
                ok = top in outside
            if not ok:
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, "\n".join(bad)


def _is_painter(path: Path) -> bool:
    """A game's board painter: ``bot/games/<game>/board.py``."""
    parts = path.relative_to(BOT).parts
    return len(parts) == 3 and parts[0] == "games" and parts[2] == "board.py"


def test_only_the_games_words_translate() -> None:
    """The engines, the AI and the specs stay free of the translation machinery: in the games,
    only a game's words (its ``text`` module) and its board painter (``board``) import
    bot.i18n."""
    bad = [
        str(path.relative_to(ROOT))
        for path in sorted((BOT / "games").rglob("*.py"))
        if path.stem != "text"
        and not _is_painter(path)
        and any(n.startswith("bot.i18n") for n in _imports(path))
    ]
    assert not bad, bad


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` (as the modules in order, the first repeated last), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for after in sorted(graph.get(node, ())):
            found = visit(after)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for node in sorted(graph):
        found = visit(node)
        if found:
            return found
    return None


def _graph() -> dict[str, set[str]]:
    """Module -> the bot's modules it imports (a package's ``__init__`` counts as the package)."""
    graph: dict[str, set[str]] = {}
    for path in BOT.rglob("*.py"):
        found = (_module_path(name) for name in _imports(path))
        graph[_module_name(path)] = {_module_name(module) for module in found if module}
    return graph


def test_no_module_imports_itself_in_a_cycle() -> None:
    """Function-level imports count too: a cycle hidden in a function is still a cycle."""
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_a_module_loaded_by_name_is_imported() -> None:
    """A module loaded by ``import_module`` with its name written out is an edge of the graph
    as an import statement is (a game's spec once loaded its painter so, in a cycle)."""
    call = ast.parse('importlib.import_module("bot.games.scopa.board").PAINTER').body[0]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Attribute)
    assert _loaded(call.value.value) == "bot.games.scopa.board"
    assert _loaded(ast.parse("import_module(name)").body[0].value) is None  # type: ignore[attr-defined]


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "bot", "fakediscord", "tests", "bench"],
        ["ruff", "format", "--check", "bot", "fakediscord", "tests", "bench"],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_code_is_clean(command: list[str]) -> None:
    tool = [sys.executable, "-m", *command]
    result = subprocess.run(tool, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
