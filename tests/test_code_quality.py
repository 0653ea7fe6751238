"""The project's own checks, as tests: lint, format, types, and the layering of DESIGN.md."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"

# package (relative to bot/) -> modules it must never import
FORBIDDEN = {
    "games": {"discord", "aiosqlite", "sqlite3", "asyncio", "logging", "time", "bot.storage"},
    "text": {"discord", "aiosqlite", "sqlite3", "bot.storage", "bot.tables"},
    "storage": {"discord", "bot.views", "bot.cogs"},
    "views": {"aiosqlite", "sqlite3", "bot.storage"},
    "cogs": {"aiosqlite", "sqlite3", "bot.storage"},
    "tables": {"discord.ui", "bot.views", "bot.cogs", "bot.league"},
    "league": {"discord", "bot.views", "bot.cogs", "bot.tables"},
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _layer_files(layer: str) -> list[Path]:
    package = BOT / layer
    return sorted(package.rglob("*.py")) if package.is_dir() else sorted(BOT.glob(f"{layer}.py"))


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_import_only_what_they_may(layer: str) -> None:
    bad = []
    for path in _layer_files(layer):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "bot", "tests", "bench"],
        ["ruff", "format", "--check", "bot", "tests", "bench"],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_code_is_clean(command: list[str]) -> None:
    tool = [sys.executable, "-m", *command]
    result = subprocess.run(tool, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
