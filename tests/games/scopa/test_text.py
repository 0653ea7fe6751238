"""Scopa in words: names, labels, narration, the board and the results."""

from __future__ import annotations

from bot.games.scopa import text
from bot.games.scopa.events import GameOver, Play, RoundOver, Sweep
from bot.games.scopa.views import ScopaView
from tests.games.typed import checked

from .positions import RULES, act, of_type, position

NAMES = ["Ada", "Bo", "Cy", "Di"]


def test_cards_and_moves_are_named_in_full() -> None:
    assert text.card_name("7d") == "7 di Denari"
    assert text.card_name("Cs") == "Cavallo di Spade"
    assert text.action_label("play:7b") == "Lay down the 7 di Bastoni"
    assert text.action_label("play:7b:3c+4s") == "7 di Bastoni takes 3 di Coppe + 4 di Spade"


def test_a_take_names_the_card_and_what_it_took_and_a_scopa_is_announced() -> None:
    st = position([["7b", "Fs", "2s"], ["4c", "5c", "6c"]], ["3c", "4s", "7d"])
    _, (event,) = act(st, 0, "play:7b:7d")
    take = checked(Play, event)
    assert text.narrate(take, NAMES) == "Ada plays the 7 di Bastoni and takes 7 di Denari."
    assert not text.announced(take)
    st = position([["Fs", "Ac", "2s"], ["4c", "5c", "6c"]], ["Fc"])
    _, (event,) = act(st, 0, "play:Fs:Fc")
    scopa = checked(Play, event)
    assert text.narrate(scopa, NAMES) == (
        "Ada plays the Fante di Spade and takes Fante di Coppe: scopa!"
    )
    assert text.announced(scopa)


def test_the_round_s_summary_gives_every_count_and_point() -> None:
    st = position([["2b"], ["5b"]], ["2s", "3c", "Cd", "5s"], stock=[], options={"napola": True})
    st, _ = act(st, 0, "play:2b:2s")
    _, events = act(st, 1, "play:5b:5s")
    (event,) = of_type(events, "sweep")
    sweep = checked(Sweep, event)
    assert text.narrate(sweep, NAMES) == (
        "Bo made the last take and takes what is left: 3 di Coppe, Cavallo di Denari."
    )
    (event,) = of_type(events, "round_over")
    summary = checked(RoundOver, event)
    line = text.narrate(summary, NAMES)
    assert text.announced(summary) and line is not None
    assert line.startswith("Round 1 is over. Ada: ") and line.endswith("Score 12 – 0 (to 11).")
    side = summary["sides"][0]
    assert (
        f"carte {side['cards']} (+{side['carte']}), denari {side['coins']} (+{side['denari']}), "
        f"settebello +{side['settebello']}, primiera {side['primiera_sum']} (+{side['primiera']}), "
        f"scope +0, napola +{side['napola']}"
    ) in line
    assert (
        "Bo: 0 points (carte 4 (+0), denari 1 (+0), settebello +0, primiera 53 (+0), scope +0)"
        in line
    )


def test_the_board_shows_counts_scope_and_the_last_take_never_a_hidden_card() -> None:
    st = position(
        [["Fs", "Ac", "2s"], ["4c", "5c", "6c"], ["Rc", "Rd", "Rs"], ["7c", "7s", "7b"]],
        ["Fc", "3b"],
    )
    st, _ = act(st, 0, "play:Fs:Fc")
    lines = text.board_lines(checked(ScopaView, RULES.view(st, 1)), NAMES)
    joined = "\n".join(lines)
    assert "Table: **3 di Bastoni**" in joined
    assert "Ada & Cy: 0 points · taken 2 · scope 0" in joined
    assert "Last take: Ada, the Fante di Spade taking Fante di Coppe" in joined
    assert "Your hand: 4 di Coppe, 5 di Coppe, 6 di Coppe" in joined
    assert "Re di" not in joined and "7 di" not in joined


def test_the_game_s_winner_agrees_with_one_player_or_a_partnership() -> None:
    over: GameOver = {"type": "game_over", "ranking": [[1], [0]], "scores": [9, 11], "rounds": 3}
    assert text.narrate(over, NAMES[:2]) == "🏆 Bo wins the game (9 – 11)!"
    pair: GameOver = {**over, "ranking": [[0, 2], [1, 3]], "scores": [11, 7]}
    assert text.narrate(pair, NAMES) == "🏆 Ada & Cy win the game (11 – 7)!"
