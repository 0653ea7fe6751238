"""A person's statistics added up from their matches: totals, win rates, streaks."""

from __future__ import annotations

from bot.games import SPECS
from bot.league.stats import game_stats
from bot.storage.records import MatchResult

from .helpers import result


def _match(match_id: int, game: str, place: int, stats: dict[str, int]) -> MatchResult:
    match = result(game, [7, 8], [place, 3 - place])
    match.id = match_id
    match.seats[0].stats = stats
    return match


def test_streaks_win_rates_and_game_figures() -> None:
    matches = [
        _match(1, "centocinque", 1, {"hands": 5, "hands_won": 3, "penalty": 20, "missed": 1}),
        _match(2, "centocinque", 1, {"hands": 4, "hands_won": 2, "penalty": 10, "eliminated": 0}),
        _match(3, "centocinque", 2, {"hands": 6, "hands_won": 1, "penalty": 110, "eliminated": 1}),
        _match(4, "centocinque", 1, {"hands": 5, "hands_won": 3, "penalty": 5, "called_out": 2}),
        _match(5, "cento", 2, {"busts": 3, "chips_lost": 3}),
    ]
    stats = {s.game: s for s in game_stats(7, list(reversed(matches)))}  # any order
    c = stats["centocinque"]
    assert (c.played, c.won, c.streak, c.best_streak) == (4, 3, 1, 2)
    assert c.win_rate == 0.75
    assert c.totals == dict(
        hands_won=9, hands=20, penalty=145, eliminated=1, missed=1, called_out=2
    )
    lines = SPECS["centocinque"].text.stats_lines(c.totals, c.played)
    assert "tally per hand 7.2" in lines[0]  # 145 penalty points in 20 hands
    assert (stats["cento"].played, stats["cento"].won, stats["cento"].totals["busts"]) == (1, 0, 3)


def test_minchiate_resti_won_and_lost_and_a_draw_is_no_win() -> None:
    win = result("minchiate", [7, 8, 9, 10], [1, 2, 1, 2])
    win.id, win.seats[0].stats = 1, {"points": 60, "resti": 3, "combinations": 2}
    lose = result("minchiate", [7, 8, 9, 10], [2, 1, 2, 1])
    lose.id, lose.seats[0].stats = 2, {"points": 40, "resti": -1}
    draw = result("minchiate", [7, 8, 9, 10], [1, 1, 1, 1])
    draw.id, draw.seats[0].stats = 3, {"points": 50, "resti": 0}
    (m,) = game_stats(7, [win, lose, draw])
    assert (m.played, m.won, m.totals["resti_won"], m.totals["resti_lost"]) == (3, 1, 3, 1)
    assert m.totals["points"] / m.played == 50
    assert m.totals["combinations"] == 2 and m.streak == 0
    (line,) = SPECS["minchiate"].text.stats_lines(m.totals, m.played)
    assert line == "Resti won 3, lost 1 · average points 50.0 · combinations declared 2"
