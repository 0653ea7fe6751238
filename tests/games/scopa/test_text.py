"""Scopa in words: names, labels, narration, the board and the results."""

from __future__ import annotations

from bot.games.scopa import text
from bot.games.scopa.events import GameOver, Play, RoundOver, SideScore, Sweep
from bot.games.scopa.views import ScopaView
from bot.i18n import speaking
from tests.games.typed import checked

from .positions import RULES, act, of_type, position

NAMES = ["Ada", "Bo", "Cy", "Di"]


def test_cards_and_moves_are_named_in_full() -> None:
    assert text.card_name("7d") == "7 di Denari"
    assert text.card_name("Cs") == "Cavallo di Spade"
    assert text.action_label("play:7b") == "Lay down the 7 di Bastoni"
    assert text.action_label("play:7b:3c+4s") == (
        "The 7 di Bastoni takes the 3 di Coppe + the 4 di Spade"
    )


def test_a_take_names_the_card_and_what_it_took_and_a_scopa_is_announced() -> None:
    st = position([["7b", "Fs", "2s"], ["4c", "5c", "6c"]], ["3c", "4s", "7d"])
    _, (event,) = act(st, 0, "play:7b:7d")
    take = checked(Play, event)
    assert text.narrate(take, NAMES) == "Ada plays the 7 di Bastoni and takes the 7 di Denari."
    assert not text.announced(take)
    st = position([["Fs", "Ac", "2s"], ["4c", "5c", "6c"]], ["Fc"])
    _, (event,) = act(st, 0, "play:Fs:Fc")
    scopa = checked(Play, event)
    assert text.narrate(scopa, NAMES) == (
        "Ada plays the Fante di Spade and takes the Fante di Coppe: scopa!"
    )
    assert text.announced(scopa)


def test_the_round_s_summary_gives_every_count_and_point() -> None:
    st = position([["2b"], ["5b"]], ["2s", "3c", "Cd", "5s"], stock=[], options={"napola": True})
    st, _ = act(st, 0, "play:2b:2s")
    _, events = act(st, 1, "play:5b:5s")
    (event,) = of_type(events, "sweep")
    sweep = checked(Sweep, event)
    assert text.narrate(sweep, NAMES) == (
        "Bo made the last take and takes what is left: the 3 di Coppe and the Cavallo di Denari."
    )
    (event,) = of_type(events, "round_over")
    summary = checked(RoundOver, event)
    line = text.narrate(summary, NAMES)
    assert text.announced(summary) and line is not None
    ada, bo = summary["sides"]
    # One line a figure, every side on it.
    assert line.splitlines() == [
        "Round 1 is over.",
        f"Cards — Ada: {ada['cards']} (+1) · Bo: 4 (+0)",
        f"Denari — Ada: {ada['coins']} (+{ada['denari']}) · Bo: 1 (+0)",
        f"Settebello — Ada: +{ada['settebello']} · Bo: +0",
        f"Primiera — Ada: {ada['primiera_sum']} (+{ada['primiera']}) · Bo: 53 (+0)",
        "Scope — Ada: +0 · Bo: +0",
        f"Napola — Ada: +{ada['napola']} · Bo: +0",
        f"Points this round: Ada: {ada['total']} points · Bo: 0 points",
        "Score 12 – 0 (to 11).",
    ]
    assert bo["total"] == 0


def test_the_board_shows_counts_scope_and_the_last_take_never_a_hidden_card() -> None:
    st = position(
        [["Fs", "Ac", "2s"], ["4c", "5c", "6c"], ["Rc", "Rd", "Rs"], ["7c", "7s", "7b"]],
        ["Fc", "3b"],
    )
    st, _ = act(st, 0, "play:Fs:Fc")
    lines = text.board_lines(checked(ScopaView, RULES.view(st, 1)), NAMES)
    joined = "\n".join(lines)
    assert "Table: **3 di Bastoni**" in joined
    assert (
        "Ada & Cy: 0 points · scope 0 · taken 2 cards · denari 0 · primiera 20 (2 suits)" in joined
    )
    assert "Last take: Ada took the Fante di Coppe with the Fante di Spade" in joined
    assert "Bo & Di: 0 points · scope 0 · taken none" in joined
    assert "Taken by Ada & Cy: Coppe: Fante · Spade: Fante" in joined  # the side's pile
    assert "Your hand: 4 di Coppe, 5 di Coppe, 6 di Coppe" in joined
    assert "Re di" not in joined and "7 di" not in joined


def test_the_game_s_winner_agrees_with_one_player_or_a_partnership() -> None:
    over: GameOver = {"type": "game_over", "ranking": [[1], [0]], "scores": [9, 11], "rounds": 3}
    assert text.narrate(over, NAMES[:2]) == "🏆 Bo wins the match (11 – 9)!"
    pair: GameOver = {**over, "ranking": [[0, 2], [1, 3]], "scores": [11, 7]}
    assert text.narrate(pair, NAMES) == "🏆 Ada & Cy win the match (11 – 7)!"


def test_the_running_count_has_the_settebello_and_the_primiera_of_every_suit() -> None:
    st = position([["7d", "Ac"], ["4c", "5c"]], ["7c", "Ab", "6s", "2d"])
    st, _ = act(st, 0, "play:7d:7c")
    lines = text.board_lines(checked(ScopaView, RULES.view(st, None)), NAMES[:2])
    assert (
        "Ada: 0 points · scope 0 · taken 2 cards · denari 1 · primiera 42 (2 suits) · settebello"
        in lines
    )
    assert not any(line.startswith("Taken by") for line in lines)  # a pile only in a hand


def test_scopone_is_named_on_the_board() -> None:
    st = position([["Ac"], ["2c"], ["3c"], ["4c"]], [], options={"scopone": True})
    lines = text.board_lines(checked(ScopaView, RULES.view(st, 0)), NAMES)
    assert lines[0].startswith("Scopone scientifico · Round 1 ·")


def _told(language: str) -> list[str | None]:
    play: Play = {
        "type": "play",
        "seat": 0,
        "card": "Ac",
        "took": ["Ad"],
        "scopa": False,
        "left": 2,
        "last": False,
    }
    two: Play = {**play, "card": "7b", "took": ["3c", "4s"]}
    laid: Play = {**play, "card": "Fs", "took": []}
    with speaking(language):
        return [
            text.narrate(play, NAMES),
            text.narrate(two, NAMES),
            text.narrate(laid, NAMES),
            text.action_label("play:Ac:Ad"),
        ]


def test_in_italian_each_card_takes_the_article_of_its_rank() -> None:
    assert _told("it") == [
        "Ada gioca l'Asso di Coppe e prende l'Asso di Denari.",
        "Ada gioca il 7 di Bastoni e prende il 3 di Coppe e il 4 di Spade.",
        "Ada mette in tavola il Fante di Spade.",
        "L'Asso di Coppe prende l'Asso di Denari",
    ]


def test_in_spanish_and_portuguese_too() -> None:
    assert _told("es") == [
        "Ada juega el As de Copas y se lleva el As de Oros.",
        "Ada juega el 7 de Bastos y se lleva el 3 de Copas y el 4 de Espadas.",
        "Ada deja la Sota de Espadas en la mesa.",
        "El As de Copas se lleva el As de Oros",
    ]
    assert _told("pt_BR") == [
        "Ada joga o Ás de Copas e captura o Ás de Ouros.",
        "Ada joga o 7 de Paus e captura o 3 de Copas e o 4 de Espadas.",
        "Ada põe o Valete de Espadas na mesa.",
        "O Ás de Copas captura o Ás de Ouros",
    ]


def test_the_summary_counts_the_suit_by_the_name_it_shows() -> None:
    side: SideScore = {
        "seats": [0],
        "cards": 22,
        "coins": 6,
        "primiera_sum": 78,
        "carte": 1,
        "denari": 1,
        "settebello": 1,
        "primiera": 1,
        "scope": 0,
        "napola": 0,
        "total": 4,
    }
    other: SideScore = {**side, "seats": [1], "cards": 18, "coins": 4, "primiera_sum": None}
    summary: RoundOver = {
        "type": "round_over",
        "round": 2,
        "sides": [side, other],
        "scores": [4, 0],
        "target": 11,
    }
    with speaking("es"):
        line = text.narrate(summary, NAMES[:2])
    assert line is not None
    assert "Oros — Ada: 6 (+1) · Bo: 4 (+1)" in line.splitlines()
    assert "Primiera — Ada: 78 (+1) · Bo: ninguna, falta un palo" in line.splitlines()
