"""The pages, one handler each: every path part and parameter checked before it reaches a
query, and anything of a server that did not turn its pages on, or of an id it does not
have, answered as the same "nothing here" page (a 404)."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from aiohttp import web
from jinja2 import Environment

from bot.games import SPECS
from bot.i18n import LANGUAGES, speaking
from bot.league import League, LeagueError
from bot.league.service import StandingsPage
from bot.pictures import png
from bot.pictures.league import Chart, chart_picture
from bot.storage.tournaments import TournamentRepo
from bot.storage.web import WebRepo, WebServer
from bot.tables.history import History
from bot.text import game_title
from bot.web import text
from bot.web.boards import Boards
from bot.web.live import Full, Streams, Watchers

SNOWFLAKE = re.compile(r"[0-9]{1,20}")
NUMBER = re.compile(r"[0-9]{1,6}")
ID_MAX = 2**63 - 1
LIVE_TABLES = 25
DEALS = 100  # a finished table's deals listed on its page


@dataclass
class Site:
    """What every handler works with."""

    league: League
    repo: WebRepo
    history: History
    tournaments: TournamentRepo
    boards: Boards
    watchers: Watchers
    streams: Streams
    templates: Environment


SITE = web.AppKey("site", Site)
SERVER_LANGUAGE = web.RequestKey("server_language", str)


def missing() -> web.HTTPNotFound:
    return web.HTTPNotFound()


RETRY = {"Retry-After": "60"}  # seconds: a watcher leaves a board within a minute or so


def path_id(request: web.Request, name: str) -> int:
    found = request.match_info.get(name, "")
    if not SNOWFLAKE.fullmatch(found) or int(found) > ID_MAX:
        raise missing()
    return int(found)


def _number(request: web.Request, name: str) -> int | None:
    """A query parameter that must be a small positive number, when given."""
    found = request.query.get(name)
    if found is None:
        return None
    if not NUMBER.fullmatch(found) or int(found) < 1:
        raise missing()
    return int(found)


def _game(request: web.Request) -> str | None:
    found = request.query.get("game")
    if found is not None and found not in SPECS:
        raise missing()
    return found


async def server_of(request: web.Request) -> tuple[Site, WebServer, str]:
    """The site, the server (404 unless its pages are on) and the page's language."""
    site = request.app[SITE]
    server = await site.repo.server(path_id(request, "guild"))
    if server is None:
        raise missing()
    request[SERVER_LANGUAGE] = server.language  # an error page's, from now on
    language = request.query.get("lang", server.language)
    if language not in LANGUAGES:
        raise missing()
    return site, server, language


def picture_answer(request: web.Request, data: bytes) -> web.Response:
    """A PNG that may show a person's name: kept by no shared cache, and asked again each time
    it is shown (a 304 while it is the same), so a name hidden with /league privacy leaves
    every picture at once."""
    tag = hashlib.blake2b(data, digest_size=16).hexdigest()
    headers = {"Cache-Control": "private, no-cache", "ETag": f'"{tag}"'}
    if any(seen.value in (tag, "*") for seen in request.if_none_match or ()):
        return web.Response(status=304, headers=headers)
    return web.Response(body=data, content_type="image/png", headers=headers)


def link(path: str, **query: object) -> str:
    wanted = urlencode({k: v for k, v in query.items() if v is not None})
    return path + (f"?{wanted}" if wanted else "")


def render(
    site: Site, server: WebServer, language: str, template: str, request: web.Request, **values: Any
) -> web.Response:
    """A page in ``language``, with the switch to every other (the same page, the same
    parameters)."""
    with speaking(language):
        others = [
            (name, link(request.path, **{**request.query, "lang": code}))
            for code, name in LANGUAGES.items()
        ]
        html = site.templates.get_template(template).render(
            words=text.words(),
            server=server,
            language=language,
            languages=others,
            home=link(f"/s/{server.guild_id}/", lang=request.query.get("lang")),
            tables=link(f"/s/{server.guild_id}/tables", lang=request.query.get("lang")),
            tournaments=link(f"/s/{server.guild_id}/tournaments", lang=request.query.get("lang")),
            **values,
        )
    return web.Response(text=html, content_type="text/html", charset="utf-8")


async def _names(site: Site, guild_id: int, user_ids: list[int]) -> dict[int, str | None]:
    """Each person's name on the pages; None for those who hid it."""
    names = await site.league.names(guild_id, user_ids)
    hidden = await site.repo.hidden(guild_id, user_ids)
    return {u: None if u in hidden else names.get(u, str(u)) for u in user_ids}


async def _person(site: Site, guild_id: int, user_id: int) -> str:
    """The person's name on the pages; a 404 for someone who never played on the server, or
    who hid their name from its pages."""
    names = await site.league.names(guild_id, [user_id])
    if user_id not in names or await site.repo.hidden(guild_id, [user_id]):
        raise missing()
    return names[user_id]


# -- standings -----------------------------------------------------------------------------------


async def standings(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    game, season, page = _game(request), _number(request, "season"), _number(request, "page")
    try:
        found = await site.league.standings(server.guild_id, game, season, (page or 1) - 1)
    except LeagueError:
        raise missing() from None
    if page is not None and page > found.pages:
        raise missing()
    names = await _names(site, server.guild_id, [r.user_id for r in found.rows])
    seasons = await site.league.repo.season_list(server.guild_id)
    lang = request.query.get("lang")
    base = f"/s/{server.guild_id}/"
    with speaking(language):
        games = [(text.words()["all_games"], link(base, season=season, lang=lang), game is None)]
        games += [
            (game_title(g), link(base, game=g, season=season, lang=lang), g == game) for g in SPECS
        ]
        season_links = [
            (
                text.season_title(s.number, s.name, s.ended_at is None),
                link(base, game=game, season=s.number, lang=lang),
                s.id == found.season.id,
            )
            for s in seasons
        ]
        title = text.season_title(
            found.season.number, found.season.name, found.season.ended_at is None
        )
        footer = text.page_of(found.page + 1, found.pages, found.players)
    return render(
        site,
        server,
        language,
        "standings.html",
        request,
        title=title,
        footer=footer,
        games=games,
        seasons=season_links,
        rows=_rows(found, names, server.guild_id, lang),
        rated=game is not None,
        previous=_turn(found, -1, base, game, season, lang),
        next=_turn(found, 1, base, game, season, lang),
    )


def _rows(
    page: StandingsPage, names: dict[int, str | None], guild_id: int, lang: str | None
) -> list[dict[str, Any]]:
    rows = []
    for row in page.rows:
        name = names.get(row.user_id)
        rows.append(
            {
                "rank": row.rank,
                "name": name if name is not None else text.hidden_name(),
                "link": link(f"/s/{guild_id}/p/{row.user_id}", lang=lang) if name else None,
                "points": row.points,
                "rating": f"{row.rating:.1f}" if row.rating is not None else "",
                "moved": f"{row.moved:+.1f}" if row.moved is not None else "",
                "up": row.moved is not None and row.moved > 0,
                "down": row.moved is not None and row.moved < 0,
                "played": row.played,
                "won": row.won,
            }
        )
    return rows


def _turn(
    page: StandingsPage, by: int, base: str, game: str | None, season: int | None, lang: str | None
) -> str | None:
    to = page.page + by
    if not 0 <= to < page.pages:
        return None
    return link(base, game=game, season=season, page=to + 1, lang=lang)


# -- players -------------------------------------------------------------------------------------


async def player(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    user_id = path_id(request, "user")
    name = await _person(site, server.guild_id, user_id)
    records = await site.league.stats(server.guild_id, user_id)
    if not records:  # only abandoned matches here
        raise missing()
    lang = request.query.get("lang")
    games = []
    with speaking(language):
        for found in records:
            rating = await site.league.rating(server.guild_id, found.game, user_id)
            games.append(
                {
                    "title": game_title(found.game),
                    "played": found.played,
                    "won": found.won,
                    "rate": f"{found.win_rate:.0%}",
                    "rating": f"{rating:.1f}" if rating is not None else "",
                    "lines": SPECS[found.game].text.stats_lines(found.totals, found.played),
                    "chart": link(
                        f"/s/{server.guild_id}/p/{user_id}/chart/{found.game}.png", lang=lang
                    ),
                }
            )
    return render(site, server, language, "player.html", request, name=name, games=games)


async def chart(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    user_id, game = path_id(request, "user"), request.match_info.get("game", "")
    if game not in SPECS:
        raise missing()
    await _person(site, server.guild_id, user_id)
    history = await site.league.rating_history(server.guild_id, user_id, game)
    with speaking(language):
        label = text.chart_label(game_title(game), len(history))
    data = await site.boards.painter(
        lambda: png(chart_picture(Chart(label, [r for _, r in history])), shared=False)
    )
    return picture_answer(request, data)


# -- live tables ---------------------------------------------------------------------------------


async def tables(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    page = _number(request, "page") or 1
    # One table more than a page shows tells whether a next page exists.
    found = await site.repo.live_tables(server.guild_id, LIVE_TABLES + 1, (page - 1) * LIVE_TABLES)
    if page > 1 and not found:
        raise missing()
    more, found = len(found) > LIVE_TABLES, found[:LIVE_TABLES]
    ids = sorted({u for table in found for u in table.user_ids if u is not None})
    hidden = await site.repo.hidden(server.guild_id, ids)
    lang = request.query.get("lang")
    with speaking(language):
        listed = [
            (
                text.table_line(
                    game_title(table.game) if table.game in SPECS else table.game,
                    _seat_names(table.names, table.user_ids, hidden),
                    table.moves,
                ),
                link(f"/s/{server.guild_id}/t/{table.id}", lang=lang),
            )
            for table in found
        ]
    base = f"/s/{server.guild_id}/tables"
    return render(
        site,
        server,
        language,
        "tables.html",
        request,
        listed=listed,
        previous=link(base, page=page - 1, lang=lang) if page > 1 else None,
        next=link(base, page=page + 1, lang=lang) if more else None,
    )


def _seat_names(names: list[str], user_ids: list[int | None], hidden: set[int]) -> list[str]:
    return [
        text.seat_name(i) if user in hidden else name
        for i, (name, user) in enumerate(zip(names, user_ids, strict=True))
    ]


async def board(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    table_id = path_id(request, "table")
    found = await site.repo.board(server.guild_id, table_id)
    if found is None or found.game not in SPECS:
        raise missing()
    lang = request.query.get("lang")
    base = f"/s/{server.guild_id}/t/{table_id}"
    over = found.status != "playing"
    # A match over: its deals' replays (while it is played, they may show later deals' cards).
    deals = await site.repo.deals(server.guild_id, table_id, DEALS) if over else []
    with speaking(language):
        heading = game_title(found.game)
        replays = [
            (text.deal_line(number, short), link(f"/s/{server.guild_id}/r/{short}", lang=lang))
            for short, number in deals
        ]
    return render(
        site,
        server,
        language,
        "board.html",
        request,
        heading=heading,
        over=over,
        replays=replays,
        moves=found.moves,
        picture=link(f"{base}/board.png", m=found.moves, lang=lang),
        events=link(f"{base}/events"),
        picture_base=link(f"{base}/board.png", lang=lang),
    )


async def board_picture(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    found = await site.repo.board(server.guild_id, path_id(request, "table"))
    if found is None:
        raise missing()
    hidden = await site.repo.hidden(server.guild_id, [u for u in found.user_ids if u is not None])
    with speaking(language):
        names = _seat_names(found.names, found.user_ids, hidden)
        data = await site.boards.picture(found, names, language)
    if data is None:
        raise missing()
    return picture_answer(request, data)


async def events(request: web.Request) -> web.StreamResponse:
    """The table's moves as server-sent events: one now, one at each change, until the game
    is over (the browser's EventSource then stops, told by the last event)."""
    site, server, _ = await server_of(request)
    table_id = path_id(request, "table")
    if await site.repo.moves(server.guild_id, table_id) is None:
        raise missing()
    try:
        with site.streams.held(request.remote):
            return await _stream(request, site, server.guild_id, table_id)
    except Full as full:
        if full.per_address:
            raise web.HTTPTooManyRequests(headers=RETRY) from None
        raise web.HTTPServiceUnavailable(headers=RETRY) from None


async def _stream(
    request: web.Request, site: Site, guild_id: int, table_id: int
) -> web.StreamResponse:
    response = web.StreamResponse(
        headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
    )
    await response.prepare(request)
    try:
        async for seen in site.watchers.follow(guild_id, table_id):
            status, moves = seen if seen is not None else ("gone", 0)
            payload = json.dumps({"status": status, "moves": moves})
            await response.write(f"data: {payload}\n\n".encode())
    except ConnectionResetError:  # the watcher went away: nothing more to send
        pass
    return response
