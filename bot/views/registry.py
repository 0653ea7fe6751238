"""Every clickable kind and modal of the bot, for the client to register."""

from __future__ import annotations

from typing import Any

from bot.views import hand, league, lobby, rules, targets
from bot.views.click import Click, Form, listener

CLICKS: tuple[type[Click[Any]], ...] = (
    *lobby.CLICKS,
    *rules.CLICKS,
    *hand.CLICKS,
    *targets.CLICKS,
    league.StandingsButton,
)
FORMS: tuple[type[Form], ...] = (*rules.FORMS, *hand.FORMS)
on_interaction = listener(CLICKS, FORMS)
