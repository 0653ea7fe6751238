"""Every language over whole random matches: every text the bot shows comes from the
catalogue (nothing left in English by a text the extractor could not see), and everything
fits Discord's limits before any clipping."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot import i18n
from bot.games import GAMES, SPECS, GameError
from bot.i18n import LANGUAGES, Catalogue, speaking
from bot.text import refusal
from bot.views.render import (
    DESCRIPTION_MAX,
    LABEL_MAX,
    MESSAGE_MAX,
    board_embed,
    hand_choices,
    hand_embed,
    lobby_embed,
    news_lines,
    rules_lines,
)
from tests.games.support import middle_size
from tests.views.tables import make_table

SEATS = {name: middle_size(spec) for name, spec in SPECS.items()}
STATES = 250  # of each match, spread over it
NOT_MOVES = ["draw", "pass", "play:XX", "play:AS:500", "discard:T29", "declare:now", "callout:0"]


class _Watched(dict[str, Any]):
    """A catalogue's lookups that writes down every text it does not have."""

    def __init__(self, found: dict[str, Any], missed: set[str]) -> None:
        super().__init__(found)
        self.missed = missed

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self.missed.add(key)
        return super().get(key, default)


@pytest.fixture
def missed(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    found: set[str] = set()
    real = i18n.catalogue

    def watched(language: str) -> Catalogue:
        catalogue = real(language)
        if language == "en":
            return catalogue
        return Catalogue(
            _Watched(catalogue.texts, found), _Watched(catalogue.plurals, found), catalogue.plural
        )

    monkeypatch.setattr(i18n, "catalogue", watched)
    return found


def _states(game: str, seed: int) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    rules = GAMES[game]
    rng = random.Random(seed)
    table = make_table(game, SEATS[game], seed=seed)
    state = table.state
    steps: list[tuple[Any, list[dict[str, Any]]]] = []
    steps.append((state, []))
    while (seat := rules.turn(state)) is not None:
        state, events = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        steps.append((state, events))
    every = max(1, len(steps) // STATES)
    yield from steps[::every]
    yield steps[-1]


def _fits(embed: Any) -> None:
    assert len(embed.title) <= 256, embed.title
    assert len(embed.description) < DESCRIPTION_MAX, "clipped"
    assert not embed.description.endswith("…")


@pytest.mark.parametrize("game", list(SPECS))
@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_a_whole_match_is_told_in_the_language_and_within_discord_s_limits(
    language: str, game: str, missed: set[str]
) -> None:
    table = make_table(game, SEATS[game], seed=5)
    rules = table.rules
    with speaking(language):
        lobby = make_table(game, SEATS[game], status="lobby")
        _fits(lobby_embed(lobby))
        assert rules_lines(game, rules.options_model().model_dump())
        for state, events in _states(game, 5):
            table.state = state
            table.recent = (table.recent + events)[-6:]
            if rules.outcome(state) is not None:
                table.record.status = "finished"
            _fits(board_embed(table))
            for line in news_lines(table, events):
                assert len(line) <= MESSAGE_MAX
            for seat in range(SEATS[game]):
                legal = rules.legal_actions(state, seat) if table.playing else []
                choices = hand_choices(game, legal)
                _fits(hand_embed(table, seat, choices))
                assert all(len(c.label) < LABEL_MAX for c in choices), "a label was clipped"
                for wrong in NOT_MOVES:
                    if table.playing and wrong not in legal:
                        with pytest.raises(GameError) as error:
                            rules.apply(state, seat, wrong)
                        assert 0 < len(refusal(error.value)) <= MESSAGE_MAX
    assert missed == set(), f"shown in English in {language}: {sorted(missed)[:10]}"
