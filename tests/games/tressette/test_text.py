"""Tressette's words: the moves, the accusi and the signals, a trick and a round's summary in
thirds, the board at two and four seats, the match's result and the league's figures."""

from __future__ import annotations

from typing import Any

from bot.games.tressette import league
from bot.games.tressette.events import DealOver, Trick
from bot.games.tressette.text import (
    action_label,
    board_lines,
    narrate,
    outcome_lines,
    points_in_thirds,
    stats_lines,
)
from bot.i18n import speaking

from .deals import NAPOLETANA_AND_FIVE, RULES, act, fill, hands_for, play_tricks, start

TWO = ["Ada", "Bo"]
FOUR = ["Ada", "Bo", "Cy", "Di"]


def test_moves_name_the_card_the_accuso_and_the_signal() -> None:
    assert action_label("play:Cs") == "Play the Cavallo di Spade"
    assert action_label("play:Ac:volo") == "Lead the Asso di Coppe saying volo"
    assert action_label("accuse:napoletana:d") == "Declare a napoletana of Denari"
    assert action_label("accuse:buongioco:A:s") == (
        "Declare a buongioco of three Assi (all but Spade)"
    )
    assert action_label("accuse:buongioco:3") == "Declare a buongioco of the four 3s"
    with speaking("it"):
        assert action_label("accuse:buongioco:2") == "Accusa un buongioco dei quattro 2"
        assert action_label("play:Ac:busso") == "Apri con l'Asso di Coppe dicendo busso"


def test_points_are_written_in_thirds_as_players_count_them() -> None:
    assert [points_in_thirds(n) for n in (0, 2, 3, 23)] == ["0", "2/3", "1", "7 2/3"]


def test_a_lead_with_a_signal_and_a_trick_are_told() -> None:
    play: Any = {"type": "play", "seat": 1, "card": "4c", "signal": "busso"}
    assert narrate(play, FOUR) == "Bo leads the 4 di Coppe: “busso!”"
    trick: Trick = {
        "type": "trick",
        "number": 3,
        "leader": 1,
        "cards": ["4c", "3c", "Ac", "Rb"],
        "signal": "busso",
        "winner": 2,
        "thirds": 5,
        "last": False,
    }
    assert narrate(trick, FOUR) == "Cy takes trick 3 with the 3 di Coppe: 5 thirds."
    last = trick | {"last": True, "number": 10}
    assert narrate(last, FOUR) == (
        "The round's last trick: Bo: 4 di Coppe · Cy: 3 di Coppe · Di: Asso di Coppe · Ada: "
        "Re di Bastoni; to Cy, 5 thirds and the point of the last trick."
    )


def test_a_rounds_summary_gives_each_sides_points_thirds_and_accusi() -> None:
    st, _ = act(start(hands_for(NAPOLETANA_AND_FIVE)), 0, "accuse:napoletana:c")
    _, events = play_tricks(st, NAPOLETANA_AND_FIVE)
    (over,) = [e for e in events if e["type"] == "deal_over"]
    summary: DealOver = over
    assert narrate(summary, FOUR) == (
        "End of round 1: Ada & Cy: 8 (5 1/3 in thirds, 3 from the accusi) · Bo & Di: 6 "
        "(6 1/3 in thirds). Totals: Ada & Cy: 8 · Bo & Di: 6."
    )


def test_the_board_shows_the_signal_the_accusi_and_the_known_cards() -> None:
    st = start(fill([["Ac", "2c", "3c", "4c"], [], [], []]))
    st, _ = act(st, 0, "accuse:napoletana:c")
    st, _ = act(st, 0, "play:4c:striscio")
    lines = board_lines(RULES.view(st, None), FOUR)  # type: ignore[arg-type]
    assert "Ada declared a napoletana of Coppe." in lines
    assert "Ada is known to hold Coppe: Asso, 2, 3." in lines
    assert "Ada led saying striscio: I hold more of this suit" in lines
    assert not any(line.startswith("Stock") for line in lines)


def test_at_two_seats_the_board_counts_the_stock_and_shows_the_drawn_cards() -> None:
    st = start(fill([["4c"], ["3c"]], keep=("Rs", "4d")), stock=["Rs", "4d"])
    st, _ = act(st, 0, "play:4c")
    st, _ = act(st, 1, "play:3c")
    lines = board_lines(RULES.view(st, 0), TWO)  # type: ignore[arg-type]
    assert "Stock: 18 cards" in lines
    assert "Ada is known to hold Denari: 4." in lines
    assert "Bo is known to hold Spade: Re." in lines
    assert "This round, in thirds: Ada: 0 · Bo: 1/3" in lines  # the 3 di Coppe


def test_the_result_ranks_the_sides_by_points() -> None:
    outcome: Any = {
        "ranking": [[1, 3], [0, 2]],
        "sides": [[0, 2], [1, 3]],
        "deals": 2,
        "points": [12, 22, 12, 22],
        "deal_points": [[4, 7], [8, 15]],
        "deals_won": [0, 2, 0, 2],
    }
    assert outcome_lines(outcome, FOUR) == [
        "Round 1: Ada & Cy: 4 · Bo & Di: 7",
        "Round 2: Ada & Cy: 8 · Bo & Di: 15",
        "1. Bo & Di: 22 points",
        "2. Ada & Cy: 12 points",
    ]
    assert league.figures(outcome, 1) == {"deals_won": 2, "deals": 2, "points": 22}


def test_the_league_counts_accusi_and_last_tricks() -> None:
    events: Any = [
        {"type": "accuse", "seat": 1, "combination": "buongioco:2", "cards": [], "points": 4},
        {"type": "accuse", "seat": 1, "combination": "buongioco:3:s", "cards": [], "points": 3},
        {"type": "trick", "winner": 2, "last": True, "leader": 0, "cards": [], "number": 10},
        {"type": "trick", "winner": 3, "last": False, "leader": 0, "cards": [], "number": 9},
    ]
    assert league.counts(events) == {1: {"accusi": 2}, 2: {"last_tricks": 1}}
    totals = league.totals({"deals_won": 3, "deals": 5, "accusi": 2, "last_tricks": 1})
    assert stats_lines(totals, 2) == ["Rounds won 3 of 5 · accusi declared 2 · last tricks taken 1"]
