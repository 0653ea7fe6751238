"""The games' doors: tokens read into typed moves and written back, and the offers a hand
makes of them (``bot.games.moves``)."""

from __future__ import annotations

from bot.games import SPECS
from bot.games.moves import Move, offers, with_marks


def test_each_game_reads_its_tokens_into_moves() -> None:
    read = SPECS["centocinque"].moves.read
    assert read("play:7d") == Move("play", card="7d")
    assert read("play:7d:penultima") == Move("play", card="7d", marks=frozenset({"penultima"}))
    assert read("play:Cs:b") == Move("play", card="Cs", named="b")
    assert read("callout:2") == Move("callout", target=2)
    assert read("penultima") == Move("penultima", marks=frozenset({"penultima"}))
    assert read("draw") == Move("draw")
    assert SPECS["cento"].moves.read("play:AS:37") == Move("play", card="AS", value=37)
    assert SPECS["minchiate"].moves.read("discard:T3") == Move("discard", card="T3")


def test_a_token_a_game_does_not_know_is_written_back_as_it_came() -> None:
    for spec in SPECS.values():
        for odd in ("xyz", "play", "play:7d:what:now", "callout:x", ""):
            assert spec.moves.write(spec.moves.read(odd)) == odd


def test_the_cards_that_moves_play() -> None:
    cards = SPECS["centocinque"].moves.cards
    assert cards(["play:7d", "play:7d:penultima", "play:Cs:b", "draw", "pass", "callout:2"]) == {
        "7d",
        "Cs",
    }
    assert SPECS["cento"].moves.cards(["play:AS:0", "play:AS:100", "play:QH"]) == {"AS", "QH"}
    assert SPECS["minchiate"].moves.cards(["discard:T3", "declare", "nodeclare"]) == {"T3"}


def test_marked_and_target_moves_are_not_offered_and_numbers_make_one_offer() -> None:
    spec = SPECS["centocinque"]
    listed = offers(spec.moves, spec.inputs, ["play:7d", "play:7d:penultima", "callout:1", "draw"])
    assert [o.token for o in listed] == ["play:7d", "draw"]
    cento = SPECS["cento"]
    aces = [f"play:AS:{n}" for n in range(101)]
    (ace, seven) = offers(cento.moves, cento.inputs, [*aces, "play:7D"])
    assert (ace.token, ace.needs, len(ace.completions)) == ("play:AS", "number", 101)
    assert (seven.token, seven.needs) == ("play:7D", None)


def test_a_pending_mark_rides_on_the_move_only_where_the_marked_move_is_legal() -> None:
    reader = SPECS["centocinque"].moves
    legal = ["play:7d", "play:7d:penultima", "draw"]
    assert with_marks(reader, legal, "play:7d", ["penultima"]) == "play:7d:penultima"
    assert with_marks(reader, legal, "draw", ["penultima"]) == "draw"
    assert with_marks(reader, legal, "play:7d", []) == "play:7d"
