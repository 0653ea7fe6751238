"""Every clickable kind and modal of the bot, for the client to register."""

from __future__ import annotations

from typing import Any

from bot.views import hand, history, kinds, league, lobby, replay, rules, tournament_signup
from bot.views.click import Click, Form, listener

CLICKS: tuple[type[Click[Any]], ...] = (
    *lobby.CLICKS,
    *rules.CLICKS,
    *hand.CLICKS,
    *kinds.CLICKS,
    league.StandingsButton,
    *history.CLICKS,
    *replay.CLICKS,
    *tournament_signup.CLICKS,
)
FORMS: tuple[type[Form], ...] = (*rules.FORMS, *kinds.FORMS)
on_interaction = listener(CLICKS, FORMS)
