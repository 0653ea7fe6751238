"""Every clickable kind and modal of the bot, for the client to register."""

from __future__ import annotations

from typing import Any

from bot.views import hand, kinds, league, lobby, rules, tournament
from bot.views.click import Click, Form, listener

CLICKS: tuple[type[Click[Any]], ...] = (
    *lobby.CLICKS,
    *rules.CLICKS,
    *hand.CLICKS,
    *kinds.CLICKS,
    league.StandingsButton,
    *tournament.CLICKS,
)
FORMS: tuple[type[Form], ...] = (*rules.FORMS, *kinds.FORMS)
on_interaction = listener(CLICKS, FORMS)
