"""A table's news with the deal it belongs to (``bot.views.news``), and each game's count of
its deals (``GameText.deal_begun``) tied to what its engine does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games import SPECS
from bot.i18n import speaking
from bot.views.news import named, news_of
from bot.views.outbox import News
from tests.views.tables import make_table


@pytest.mark.parametrize("game", sorted(SPECS))
def test_the_deals_a_game_begins_are_counted_one_by_one(game: str) -> None:
    """Random play: each deal begun is the one after the last (the first is dealt with the
    new game), so the news before a deal's first event belongs to the deal before it."""
    spec = SPECS[game]
    rules, rng = spec.rules, random.Random(3)
    state = rules.new_game(seats=spec.seats.default, seed=3)
    begun: list[int] = []
    for _ in range(3000):
        if rules.outcome(state) is not None:
            break
        seat = rng.choice(rules.to_act(state))
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        begun += [n for e in events if (n := spec.text.deal_begun(e)) is not None]
    assert begun == list(range(2, 2 + len(begun)))


def test_news_made_as_a_deal_ends_belongs_to_it_and_is_named_once_the_next_has_begun() -> None:
    table = make_table("scopa", 2, seed=5)
    rules = table.rules
    deal, news = None, list[News]()
    while deal != 2:
        seat = rules.to_act(table.state)[0]
        table.state, events = rules.apply(
            table.state, seat, rules.legal_actions(table.state, seat)[0]
        )
        table.record.moves += 1
        made, deal = news_of(table, events, deal, 0.0)
        news += made
    # The move that dealt the second round ended the first: its summary belongs to the first.
    first = [n for n in news if n.deal == 1]
    assert first and first[-1].move == table.record.moves
    with speaking("en"):
        # The summary names its round already; other news is named as the game says "round".
        assert first[-1].line.startswith("Round 1 is over.")
        assert named(first[-1], 2) == first[-1].line
        played = replace(first[-1], line="Player 1 plays the 2 di Coppe: scopa!")
        assert named(played, 2) == "Round 1: Player 1 plays the 2 di Coppe: scopa!"
        assert named(played, 1) == played.line
    with speaking("it"):
        assert named(played, 2).startswith("Smazzata 1: ")


def test_a_game_without_numbered_deals_has_news_of_no_deal() -> None:
    table = make_table("minchiate", 4)
    seat = table.rules.to_act(table.state)[0]
    table.state, events = table.rules.apply(
        table.state, seat, table.rules.legal_actions(table.state, seat)[0]
    )
    made, deal = news_of(table, events, None, 0.0)
    assert deal is None and all(n.deal is None for n in made)
