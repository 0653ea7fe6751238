"""A new game is its folder and its registry entry, nothing else (docs/adding-a-game.md).

War (``tests/games/toy/war/``) is the guide followed to the letter, kept in the tests only. It
is registered here as the registry line would register it, and every generic part of the bot
then serves it with no code of its own: the conformance suite, the facts, the specs' checks,
a table from its lobby to its result on a real SQLite file, the terminal, the Discord texts,
the board's picture, the help, the settings' example and the catalogue tools. And the bot's
code names no game, this one included (``tests/test_boundary.py`` on the registry with it).
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

import tests.test_boundary as boundary
from bot.ai_process import decide
from bot.cli.play import play
from bot.cli.simulate import format_report, simulate
from bot.config import TableSettings, rules_example
from bot.gallery import board_picture, pack_of
from bot.games import GAMES, SPECS
from bot.locales.tools import owner_of, owners
from bot.pictures import hand_picture
from bot.storage import TableRepo
from bot.tables import TableManager
from bot.tables.ai_worker import AIWorkers
from bot.views.help import help_text
from bot.views.render import board_embed, hand_choices, hand_embed, news_lines, result_embed
from tests.clock import VirtualClock
from tests.databases import SQLiteBackend
from tests.games import test_conformance, test_facts, test_specs
from tests.games.options import option_values
from tests.games.toy.war.spec import SPEC

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
FOLDER = Path(__file__).resolve().parent / "toy" / "war"
TOY = "tests.games.toy.war"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry line: War last in the order offered, its rules among ``GAMES``."""
    monkeypatch.setitem(SPECS, SPEC.name, SPEC)
    monkeypatch.setitem(GAMES, SPEC.name, SPEC.rules)


def test_the_folder_holds_what_the_guide_lists() -> None:
    """The files the guide's table names, and the rules page beside them."""
    text = GUIDE.read_text(encoding="utf-8")
    listed = {
        name
        for row in re.findall(r"^\| (.+?) \|", text, re.M)
        for name in re.findall(r"`(\w+\.py)`", row)
    }
    assert "RULES.md" in text
    assert {p.name for p in FOLDER.iterdir() if p.suffix in (".py", ".md")} == {
        *listed,
        "RULES.md",
        "__init__.py",
    }


def test_the_bot_names_no_game_and_the_game_no_other() -> None:
    """The boundary test over the registry with War in it: no module of the bot names it
    (or any game) or spells its tokens; and War's folder imports no other game's."""
    names = "|".join(rf"(?<![a-z]){re.escape(n)}(?![a-z])" for n in sorted(SPECS))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(boundary, "NAMES", re.compile(names, re.IGNORECASE))
        assert boundary.offences("bot/x.py", 'GAME = "war"\n')  # the check sees this game
        boundary.test_no_module_outside_a_games_folder_names_a_game_or_its_tokens()
    for path in FOLDER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(tuple(f"bot.games.{g}" for g in SPECS)), path
                assert node.module.startswith(
                    (
                        "bot.",
                        TOY,
                        "__future__",
                        "typing",
                        "collections",
                        "dataclasses",
                        "PIL",
                        "pydantic",
                    )
                ), path


def test_the_conformance_suite_and_the_facts_hold() -> None:
    test_conformance.test_random_play_keeps_every_promise(SPEC, 2)
    for option, values in option_values(SPEC.rules.options_model).items():
        for value in values:
            test_conformance.test_every_value_of_every_house_rule_is_played(SPEC, option, value)
    test_conformance.test_a_damaged_save_is_refused(SPEC)
    test_facts.test_a_new_game_takes_exactly_the_seats_its_seating_allows(SPEC)
    test_facts.test_the_sides_a_game_reports_are_its_seatings_teams(SPEC)
    test_facts.test_a_refused_number_of_seats_is_told_with_the_numbers_allowed(SPEC)
    test_facts.test_a_game_deals_its_pack(SPEC)
    test_facts.test_table_kick_takes_the_seat_numbers_of_the_largest_lobby()
    test_facts.test_every_game_is_on_the_kit_and_registered_once()


def test_the_specs_checks_hold() -> None:
    test_specs.test_the_registry_is_the_specs_in_the_order_offered()
    test_specs.test_the_seating_fits_the_rules(SPEC)
    test_specs.test_every_house_rule_has_a_label(SPEC)
    for level in ("random", "easy", "hard"):
        test_specs.test_every_ai_level_plays_a_legal_move(SPEC, level)
    test_specs.test_random_matches_are_what_the_spec_says(SPEC)
    test_specs.test_the_types_catch_what_they_do_not_describe(SPEC)


class InProcessAI(AIWorkers):
    """The AI worker's decision, made in this process: the real workers are processes of
    their own that import the registry afresh, where no test registered War."""

    def __init__(self) -> None:
        pass

    async def decide(
        self, game: str, level: str, view: dict[str, Any], legal: list[str], seed: str
    ) -> str | None:
        return decide(game, level, view, legal, seed)

    def close(self) -> None:
        pass


async def test_a_table_from_its_lobby_to_its_result(tmp_path: Path) -> None:
    """A person against the easy AI on a SQLite file, on the virtual clock, with the texts
    Discord would show at each step."""
    clock = VirtualClock()
    db = await SQLiteBackend(tmp_path / "tavolo.sqlite3").open()
    settings = TableSettings(ai_delay=0, turn_timeout=60)
    m = TableManager(TableRepo(db), settings, {}, InProcessAI(), clock=clock)
    try:
        await m.restore()
        table = await m.create(1, 10, 100, "Ann", "war", {"rounds": 4})
        assert "War" in str(board_embed(table).to_dict())
        await m.add_ai(table, 100, "easy")
        await m.start(table, 100)
        moved = 0
        while table.playing:
            await clock.run_until(lambda: table.rules.turn(table.state) in (0, None))
            if not table.playing:
                break
            choices = hand_choices("war", table.rules.legal_actions(table.state, 0))
            assert choices and all(c.label.startswith("Turn up ") for c in choices)
            hand = str(hand_embed(table, 0, choices).to_dict())
            assert "Your hand: " in hand and "Round " in hand
            assert "Ann" in str(board_embed(table).to_dict())
            await m.act(table, 100, choices[0].token, None)
            moved += 1
        moves = await m.repo.moves(table.id)
        assert len(moves) == 8 and moved == sum(mv.seat == 0 for mv in moves) == 4
        assert {mv.by for mv in moves if mv.seat == 1} == {"ai"}
        assert table.record.status == "finished"
        result = str(result_embed(table).to_dict())
        assert "1. " in result and "Ann" in result
        outcome = table.outcome()
        assert outcome is not None
        ending = [{"type": "match_over", "ranking": outcome["ranking"]}]
        assert any("wins the match" in line for line in news_lines(table, ending))
    finally:
        await m.close()
        await db.close()


def test_the_terminal_and_the_simulator_play_it() -> None:
    said: list[str] = []
    outcome = play("war", 2, ["hard"], 0, 5, {"rounds": 3}, ask=lambda _: "1", say=said.append)
    assert outcome is not None and sum(outcome["won"]) <= 52
    assert any(line.startswith("Your hand: ") for line in said)
    assert any("turned up" in line for line in said)
    assert any(line.startswith("1. ") for line in said)
    report = simulate("war", 2, ["hard", "easy"], 20, 1)
    assert sum(seat["win_rate"] for seat in report["per_seat"]) == pytest.approx(1.0)
    assert "hard" in format_report(report)


def test_the_board_and_the_hand_are_drawn() -> None:
    rules = SPEC.rules
    state = rules.new_game(seats=2, seed=4)
    seat = rules.turn(state)
    assert seat is not None
    state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    picture = board_picture("war", rules.view(state, None), ["Ann", "Bob"])
    assert picture.width > 200 and picture.height > 200
    hand = rules.view(state, 1 - seat)["hand"]
    # The picture, not its PNG: the PNG's palette, shared, is learnt once from the registry's
    # boards, and this test would have War's board teach it to every later test.
    assert hand_picture(pack_of("war"), hand, hand[:1]).width > 3 * 50


def test_the_words_settings_and_tools_see_the_game() -> None:
    example = rules_example()
    assert "[rules.war]\n# Rounds in a match; 1 to 20\n# rounds = 10\n" in example
    assert "**War**" in help_text()
    assert "war" in owners() and owner_of("bot/games/war/text.py") == "war"
    place = list(SPECS).index("war") + 1
    assert (FOLDER / "RULES.md").read_text(encoding="utf-8").startswith(f"## {place}. War\n")


def test_the_ai_reads_only_the_seats_view() -> None:
    """What ``tests/games/test_ai.py`` checks at three seats, at War's two."""
    rules = SPEC.rules
    for seed in range(10):
        state = rules.new_game(seats=2, seed=seed)
        seat = rules.turn(state)
        assert seat is not None
        data = rules.dump(state)
        other = 1 - seat
        hidden = data["hands"][other] + data["piles"][other]
        random.Random(seed).shuffle(hidden)
        data["hands"][other], data["piles"][other] = hidden[:3], hidden[3:]
        moved = rules.load(data)
        assert rules.view(moved, seat) == rules.view(state, seat)
        for level in ("easy", "hard"):
            player = SPEC.player(level)
            picks = {
                player.choose(rules.view(s, seat), rules.legal_actions(s, seat), random.Random(1))
                for s in (state, moved)
            }
            assert len(picks) == 1
