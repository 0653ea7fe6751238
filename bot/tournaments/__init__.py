"""Tournaments: a server's event, from sign-up to champion (knockout, Swiss, duplicate)."""

from bot.storage.tournaments import EntrantRecord, MatchRecord, Member, Tournament
from bot.tournaments.host import ChannelGone, Host, ThreadRefused
from bot.tournaments.service import Tournaments
from bot.tournaments.signup import Plan

__all__ = [
    "ChannelGone",
    "EntrantRecord",
    "Host",
    "MatchRecord",
    "Member",
    "Plan",
    "ThreadRefused",
    "Tournament",
    "Tournaments",
]
