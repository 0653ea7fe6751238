"""The server's tournaments: the list, and each one's page with its rounds, and the bracket's
picture (a knockout, as the tournament's message draws it) or the standings as a table (Swiss,
duplicate). An entrant with a member who hid their name from the pages is called by its
number."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.gallery import Slot, bracket_image
from bot.i18n import N_, speaking, t
from bot.storage.tournaments import MatchRecord, Tournament
from bot.storage.web import WebServer
from bot.tournaments import rounds, words
from bot.tournaments.standings import halves, standings
from bot.web import text
from bot.web.routes import Site, link, missing, path_id, picture_answer, render, server_of

LISTED = 25  # the latest open tournaments on the list, and the latest ended
STATES = {
    "signup": N_("Sign-up"),
    "running": N_("Running"),
    "paused": N_("Paused"),
    "finished": N_("Over"),
    "cancelled": N_("Cancelled"),
}


async def _tournament(request: web.Request, site: Site, server: WebServer) -> Tournament:
    found = await site.tournaments.get(path_id(request, "tournament"))
    if found is None or found.record.guild_id != server.guild_id:
        raise missing()
    return found


async def _names(site: Site, tour: Tournament) -> dict[int, str]:
    """Each entrant's name on the pages."""
    users = [u for e in tour.entrants for u in e.user_ids]
    hidden = await site.repo.hidden(tour.record.guild_id, users)
    return {
        e.n: text.entrant_name(e.n) if hidden.intersection(e.user_ids) else e.name
        for e in tour.entrants
    }


async def tournaments(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    opened = await site.tournaments.open_in(server.guild_id, LISTED)
    ended = await site.tournaments.history(server.guild_id, LISTED)
    lang = request.query.get("lang")
    with speaking(language):
        listed = [
            (
                words.title(tour),
                t(STATES[tour.record.status]),
                tour.record.created_at[:10],
                link(f"/s/{server.guild_id}/tournaments/{tour.record.id}", lang=lang),
            )
            for tour in sorted([*opened, *ended], key=lambda tour: -tour.record.id)
        ]
    return render(site, server, language, "tournaments.html", request, listed=listed)


def _played(m: MatchRecord, names: dict[int, str], knockout: bool) -> dict[str, Any]:
    """A match as its round lists it: its sides' names, which won, and its result."""
    won = rounds.winner(m) if knockout else None
    if m.bye:
        result = t("a bye")
    elif m.status == "void":
        result = t("void")
    elif m.status != "done" or m.points is None:
        result = t("being played") if m.status == "playing" else ""
    elif m.result == "walkover":
        result = t("walkover")
    else:
        result = " – ".join(halves(p) for p in m.points)
    return {
        "sides": [names[e] for e in m.sides],
        "won": None if won is None else m.sides.index(won),
        "result": result,
    }


def _standings(tour: Tournament, names: dict[int, str]) -> list[tuple[int, str, str, str]]:
    """The standings' rows: place, name, score and (Swiss) Buchholz."""
    if tour.record.format == "duplicate":
        totals = rounds.duplicate_totals(tour)
        order = rounds.final_order(tour)
        return [(i, names[e], f"{totals[e]:+.1f}", "") for i, e in enumerate(order, 1)]
    lines = standings(rounds.active(tour), rounds.played(tour.matches))
    return [
        (i, names[ln.entrant], halves(ln.score), halves(ln.buchholz))
        for i, ln in enumerate(lines, 1)
    ]


async def tournament(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    tour = await _tournament(request, site, server)
    names = await _names(site, tour)
    record = tour.record
    knockout = record.format == "knockout"
    with speaking(language):
        played = [
            (
                t("Round {round}", round=number),
                [_played(m, names, knockout) for m in tour.matches if m.round == number],
            )
            for number in sorted({m.round for m in tour.matches})
        ]
        champion = names.get(record.champion) if record.champion is not None else None
        page = {
            "title": words.title(tour),
            "state": t(STATES[record.status]),
            "champion": champion,
            "entrants": [names[e.n] for e in tour.entrants],
            "rounds": played,
            "standings": [] if knockout or not tour.matches else _standings(tour, names),
            "duplicate": record.format == "duplicate",
        }
    bracket = None
    if knockout and tour.matches:
        bracket = link(
            f"/s/{server.guild_id}/tournaments/{record.id}/bracket.png",
            lang=request.query.get("lang"),
        )
    return render(site, server, language, "tournament.html", request, bracket=bracket, **page)


async def bracket(request: web.Request) -> web.Response:
    """A knockout's bracket, drawn as the tournament's message draws it."""
    site, server, language = await server_of(request)
    tour = await _tournament(request, site, server)
    if tour.record.format != "knockout" or not tour.matches:
        raise missing()
    names = await _names(site, tour)
    columns = []
    for number in sorted({m.round for m in tour.matches}):
        drawn = [_played(m, names, True) for m in tour.matches if m.round == number]
        columns.append(
            [Slot(m["sides"][0], (m["sides"][1:] or [None])[0], m["won"]) for m in drawn]
        )
    with speaking(language):
        title = words.title(tour)
    data = await site.boards.painter(lambda: bracket_image(title, columns, len(columns[0])))
    return picture_answer(request, data)
