"""Briscola's words: the prese with their points, a mano's summary, the match's result, the
board, the league's figures, and who is a team."""

from __future__ import annotations

from bot.games.briscola import league
from bot.games.briscola.events import BriscolaEvent, Deal, DealOver, Trick
from bot.games.briscola.text import action_label, board_lines, card_name, narrate, stats_lines
from bot.games.briscola.views import BriscolaView
from bot.i18n import speaking
from tests.games.typed import checked

from .deals import RULES, act, start

TWO = ["Ada", "Bo"]
FOUR = ["Ada", "Bo", "Cy", "Di"]


def trick(cards: list[str], winner: int, points: int, strozzo: bool = False) -> Trick:
    return {
        "type": "trick",
        "number": 4,
        "leader": 0,
        "cards": cards,
        "winner": winner,
        "points": points,
        "strozzo": strozzo,
        "last": False,
    }


def test_cards_and_moves_have_italian_names() -> None:
    assert card_name("Ad") == "Asso di Denari"
    assert card_name("7b") == "7 di Bastoni"
    assert action_label("play:Cs") == "Play the Cavallo di Spade"
    assert action_label("swap") == "Swap the 7 of trumps for the briscola"


def test_each_presa_is_told_with_its_winner_and_points() -> None:
    assert narrate(trick(["3c", "2d"], 1, 10), TWO) == (
        "Bo takes trick 4 with the 2 di Denari: 10 points."
    )
    assert narrate(trick(["4c", "5c"], 1, 0), TWO) == (
        "Bo takes trick 4 with the 5 di Coppe: only lisci, no points."
    )
    assert narrate(trick(["3c", "Ac"], 1, 21, strozzo=True), TWO) == (
        "Strozzo! Bo takes trick 4 with the Asso di Coppe: 21 points."
    )


def test_a_mano_ends_with_each_side_s_points_and_a_patta_counts_for_nobody() -> None:
    over: DealOver = {
        "type": "deal_over",
        "deal": 2,
        "points": [70, 50],
        "winner": 0,
        "deals_won": [1, 1],
    }
    assert narrate(over, FOUR) == (
        "End of round 2: Ada & Cy: 70 · Bo & Di: 50. Ada & Cy win the round."
    )
    patta: DealOver = {**over, "points": [60, 60], "winner": None}
    assert narrate(patta, TWO) == (
        "End of round 2: Ada: 60 · Bo: 60. A draw: the round counts for nobody."
    )
    assert (
        narrate({**over, "winner": 1}, TWO)
        == "End of round 2: Ada: 70 · Bo: 50. Bo wins the round."
    )
    assert narrate({"type": "match_over", "winner": 1, "ranking": [[1, 3], [0, 2]]}, FOUR) == (
        "🏆 Bo & Di win the match!"
    )
    assert narrate({"type": "match_over", "winner": 0, "ranking": [[0], [1]]}, TWO) == (
        "🏆 Ada wins the match!"
    )


def test_the_deal_the_carico_and_the_last_card_are_told() -> None:
    deal: Deal = {"type": "deal", "deal": 1, "dealer": 1, "first": 0, "briscola": "4d"}
    assert narrate(deal, TWO) == (
        "Round 1: Bo deals three cards each; the briscola is the 4 di Denari: Denari are "
        "trumps. Ada leads."
    )
    assert narrate({"type": "play", "seat": 0, "card": "3c"}, TWO) == (
        "Ada plays a carico, the 3 di Coppe."
    )
    assert narrate({"type": "last_card", "seat": 1, "card": "4d"}, TWO) == (
        "Bo draws the last card, the briscola: the 4 di Denari. The stock is finished."
    )


def test_the_board_shows_the_briscola_the_mazzo_and_the_hand() -> None:
    st = start([["3c", "5s", "6b"], ["Ac", "7b", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    lines = board_lines(checked(BriscolaView, RULES.view(st, 1)), TWO)
    assert lines[0] == "Round 1 · dealer Bo · briscola 4 di Denari · stock 34"
    assert "On the table: Ada: 3 di Coppe" in lines
    assert lines[-1] == "Your hand: Asso di Coppe, Fante di Bastoni, 7 di Bastoni"


def test_the_league_counts_the_carichi_taken_from_the_other_side() -> None:
    events: list[BriscolaEvent] = [
        trick(["3c", "Ac", "2c", "Rc"], 1, 25),  # seat 1 takes seat 0's 3 (its own Asso: no)
        trick(["3s", "As"], 0, 21),
    ]
    assert league.counts(events) == {1: {"carichi": 1}, 0: {"carichi": 1}}
    totals = league.totals({"deals_won": 2, "deals": 3, "points": 190, "carichi": 4})
    assert stats_lines(totals, 1) == ["Rounds won 2 of 3 · points per round 63.3 · carichi taken 4"]


def test_partners_are_a_team_only_at_four() -> None:
    from bot.games import SPECS

    seating = SPECS["briscola"].seats
    assert [seating.teams(n) for n in (2, 3, 4)] == [[0, 1], [0, 1, 2], [0, 1, 0, 1]]


def test_in_italian_a_partnership_wins_in_the_plural_and_one_player_in_the_singular() -> None:
    over: DealOver = {
        "type": "deal_over",
        "deal": 1,
        "points": [70, 50],
        "winner": 0,
        "deals_won": [1, 0],
    }
    with speaking("it"):
        four, two = narrate(over, FOUR), narrate(over, TWO)
    assert four is not None and four.endswith("Ada & Cy vincono la smazzata.")
    assert two is not None and two.endswith("Ada vince la smazzata.")


def test_in_italian_the_asso_takes_its_article_and_a_plural_suit_its_verb() -> None:
    deal: Deal = {"type": "deal", "deal": 1, "dealer": 1, "first": 0, "briscola": "Ac"}
    with speaking("it"):
        told = [
            narrate(deal, TWO),
            narrate({"type": "play", "seat": 0, "card": "As"}, TWO),
            narrate(trick(["3c", "Ad"], 1, 21), TWO),
            action_label("play:Ad"),
        ]
    assert told == [
        "Smazzata 1: Bo dà tre carte a testa; la briscola è l'Asso di Coppe: le Coppe sono "
        "briscola. Apre Ada.",
        "Ada gioca un carico, l'Asso di Spade.",
        "Bo fa la presa 4 con l'Asso di Denari: 21 punti.",
        "Gioca l'Asso di Denari",
    ]
    with speaking("es"):
        assert narrate({**deal, "briscola": "Fd"}, TWO) == (
            "Ronda 1: Bo reparte tres cartas a cada uno; la briscola es la Sota de Oros: los "
            "Oros son triunfo. Sale Ada."
        )


def test_the_board_shows_the_last_trick_the_cards_played_and_the_side_s_tricks() -> None:
    st = start([["3c", "5s", "6b"], ["Ac", "7b", "Fb"]], "4d")
    st, _ = act(st, 0, "play:3c")
    st, _ = act(st, 1, "play:Ac")  # Bo takes the trick; both draw
    leader = RULES.view(st, None)["current"]
    card = RULES.view(st, leader)["hand"][0]
    st, _ = act(st, leader, f"play:{card}")
    lines = board_lines(checked(BriscolaView, RULES.view(st, 1)), TWO)
    assert "Bo took the last trick: Ada: 3 di Coppe · Bo: Asso di Coppe" in lines
    assert any(line.startswith("On the table: ") for line in lines)  # the last trick stays
    assert "Played this round: Coppe: Asso, 3" in lines
    assert "Your tricks: Coppe: Asso, 3" in lines
    public = board_lines(checked(BriscolaView, RULES.view(st, None)), TWO)
    assert not any(line.startswith("Your side") for line in public)
