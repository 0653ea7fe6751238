"""Where discord.py sends its requests: the real Discord, or a Discord-compatible server.

discord.py keeps the REST base and the gateway address in two class attributes;
``use_endpoints`` sets both, and must run before the client logs in.
"""

from __future__ import annotations

import logging

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

log = logging.getLogger(__name__)


def use_endpoints(api_base: str, gateway_url: str) -> None:
    """Point discord.py's REST calls at ``api_base`` and its gateway at ``gateway_url``."""
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    log.debug("Discord endpoints: api=%s gateway=%s", Route.BASE, gateway_url)
