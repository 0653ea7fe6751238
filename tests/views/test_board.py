"""The public board, announcements and house rules, drawn from real tables."""

from __future__ import annotations

from bot.games import SPECS
from bot.storage.records import Status
from bot.tables import Table
from bot.views.board import board_view
from bot.views.render import (
    board_embed,
    first_message,
    fit_lines,
    news_lines,
    option_fields,
    pieces,
    rules_lines,
)
from tests.games.support import middle_size

from .tables import make_table


def _text(table: Table) -> str:
    embed = board_embed(table).to_dict()
    return embed["title"] + "\n" + embed["description"] + "\n" + embed["footer"]["text"]


def test_the_board_shows_no_card_of_any_hand_and_no_seed() -> None:
    for game, spec in SPECS.items():
        table = make_table(game, middle_size(spec), seed=987654321)
        text = _text(table)
        names = SPECS[game].text.card_name
        held = {c for hand in table.rules.dump(table.state)["hands"] for c in hand}
        public = {c for c in held if c in str(table.view(None))}  # e.g. Minchiate's shown cards
        assert [c for c in held - public if names(c) in text] == []
        assert "987654321" not in text and "Table 42" in text


def _labels(table: Table) -> list[str]:
    view = board_view(table)
    rows = view.to_components() if view is not None else []
    return [c["label"] for row in rows for c in row["components"]]


def test_the_board_buttons_follow_the_table() -> None:
    def labels(game: str, status: Status) -> list[str]:
        return _labels(make_table(game, 3, status=status))

    assert labels("centocinque", "lobby")[:4] == ["Join", "Leave", "Start", "Cancel"]
    assert labels("centocinque", "playing") == ["My hand", "Call out"]
    assert labels("cento", "playing") == ["My hand"]
    assert labels("centocinque", "finished") == ["Rematch"]
    assert labels("cento", "abandoned") == []


def test_the_lobby_names_the_seats_and_the_changed_house_rules() -> None:
    table = make_table("centocinque", 2, status="lobby", ace_on_ace=True, penultima_penalty=3)
    text = _text(table)
    assert "1. Player 0\n2. Player 1" in text
    assert "An Ace may go on an Ace: on; Cards for a missed penúltima: 3" in text
    standard = _text(make_table("cento", 3, status="lobby"))
    assert "House rules: standard" in standard


def test_house_rules_are_switches_and_bounded_numbers() -> None:
    fields = {f.name: f for f in option_fields("centocinque")}
    assert fields["ace_on_ace"].is_bool and not fields["penultima_penalty"].is_bool
    assert (fields["penultima_penalty"].low, fields["penultima_penalty"].high) == (0, 10)
    assert (option_fields("cento")[0].low, option_fields("cento")[0].high) == (2, 3)
    lines = rules_lines("minchiate", {"resti_at_end_only": False})
    assert lines == ["Resti counted only at the end: off"]


def test_a_finished_match_is_announced_with_its_scoring() -> None:
    table = make_table("cento", 3)
    while table.playing and (turn := table.rules.turn(table.state)) is not None:
        table.state, events = table.rules.apply(
            table.state, turn, table.rules.legal_actions(table.state, turn)[-1]
        )
    table.record.status = "finished"
    lines = news_lines(table, events)
    assert "**Match over**" in lines and any(line.startswith("1. ") for line in lines)
    assert any("wins the match" in line for line in lines)
    assert "Rematch" in _text(table)


def test_long_announcements_are_split_into_messages() -> None:
    lines = [f"line {i} " + "x" * 300 for i in range(20)]
    first, rest = first_message(lines)
    assert len(first) <= 2000 and first.count("\n") == len(lines) - len(rest) - 1
    assert first_message(["y" * 3000])[0] == "y" * 1999 + "…"


def test_a_long_text_goes_out_whole_in_messages_cut_between_lines() -> None:
    lines = [f"{i}. Player{i}" + " " * 20 for i in range(1, 257)]  # a field of 256
    sent = pieces("\n".join(lines), 2000)
    assert len(sent) > 1 and all(len(message) <= 2000 for message in sent)
    assert "\n".join(sent).split("\n") == lines  # every line, whole, in order


def test_lines_past_a_limit_end_on_a_whole_line_saying_how_many_more() -> None:
    lines = [f"{i}. " + "n" * 30 for i in range(1, 257)]
    text = fit_lines(lines, 4096)
    shown = text.split("\n")
    assert len(text) <= 4096 and shown[:-1] == lines[: len(shown) - 1]
    assert shown[-1] == f"… and {len(lines) - len(shown) + 1} more"
    assert fit_lines(lines[:3], 4096) == "\n".join(lines[:3])
