"""The web server: the application (routes, headers, error pages), and running it on its own
(``python -m bot web``) or inside the bot (``[web] in_bot``)."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, select_autoescape

from bot.config import LeagueSettings, Settings, WebSettings
from bot.i18n import LANGUAGES, speaking
from bot.league import League
from bot.storage import Database, LeagueRepo, WebRepo
from bot.storage.deals import DealRepo
from bot.storage.tournaments import TournamentRepo
from bot.tables.history import History
from bot.web import replays, routes, text, tournaments
from bot.web.boards import Boards, Painter
from bot.web.live import Streams, Watchers

log = logging.getLogger(__name__)

FILES = Path(str(resources.files("bot.web")))
# Nothing runs but the site's own script, nothing loads from elsewhere, no page frames them.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
    " connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
PAGES: list[tuple[str, Handler]] = [
    (r"/s/{guild}/", routes.standings),
    (r"/s/{guild}/p/{user}", routes.player),
    (r"/s/{guild}/p/{user}/chart/{game}.png", routes.chart),
    (r"/s/{guild}/tables", routes.tables),
    (r"/s/{guild}/t/{table}", routes.board),
    (r"/s/{guild}/t/{table}/board.png", routes.board_picture),
    (r"/s/{guild}/t/{table}/events", routes.events),
    (r"/s/{guild}/r/{deal}", replays.replay),
    (r"/s/{guild}/r/{deal}/{step}.png", replays.replay_picture),
    (r"/s/{guild}/tournaments", tournaments.tournaments),
    (r"/s/{guild}/tournaments/{tournament}", tournaments.tournament),
    (r"/s/{guild}/tournaments/{tournament}/bracket.png", tournaments.bracket),
]


STATIC = FILES / "static"
SERVED = frozenset(p.name for p in STATIC.iterdir())


async def _static(request: web.Request) -> web.StreamResponse:
    """One of the site's few files, named: nothing else of the folder, and no listing (a
    FileResponse would answer a missing file with an empty 404 of its own)."""
    name = request.match_info["name"]
    if name not in SERVED:
        raise routes.missing()
    return web.FileResponse(STATIC / name)


def _templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(FILES / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    env.globals["static"] = lambda name: f"/static/{name}"
    return env


def _own_thread() -> Painter:
    """Pictures drawn in one thread of this process (Pillow's cached fonts and cards are not
    drawn from two at once)."""
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="web-pictures")

    async def draw(job: Callable[[], bytes]) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(pool, job)

    return draw


def make_app(
    db: Database,
    league: LeagueSettings,
    painter: Painter | None = None,
    interval: float = 1.0,
    settings: WebSettings | None = None,
) -> web.Application:
    """The pages over ``db``; ``painter`` draws the pictures (the bot's own pictures thread,
    inside the bot), ``interval`` is how often a watched table is looked at, ``settings`` the
    [web] section (its caps on the live boards' streams)."""
    settings = settings or WebSettings()
    repo = WebRepo(db)
    site = routes.Site(
        league=League(LeagueRepo(db), league),
        repo=repo,
        history=History(DealRepo(db)),
        tournaments=TournamentRepo(db),
        boards=Boards(painter or _own_thread()),
        watchers=Watchers(repo, interval),
        streams=Streams(settings.streams, settings.streams_per_address),
        templates=_templates(),
    )
    app = web.Application(middlewares=[_guarded])
    app.on_response_prepare.append(_headers)
    app[routes.SITE] = site
    for path, handler in PAGES:
        app.router.add_get(path, handler)
    app.router.add_get("/static/{name}", _static)

    async def closing(app: web.Application) -> None:
        await site.watchers.close()

    app.on_shutdown.append(closing)
    return app


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer with the headers above: pages, pictures, files, event streams, errors."""
    response.headers.update(HEADERS)


@web.middleware
async def _guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Any error (an unknown path, server or id, a file not served, a full house, a failure)
    as a page of ours, never aiohttp's text nor a traceback."""
    try:
        return await handler(request)
    except web.HTTPException as error:
        if error.status < 400:  # a redirect, say: aiohttp's own answer
            raise
        response = _page(request, error.status, *_WORDS.get(error.status, _NOT_HERE))
        if "Retry-After" in error.headers:
            response.headers["Retry-After"] = error.headers["Retry-After"]
        return response
    except Exception:
        log.exception("web: %s failed", request.path)
        return _page(request, 500, "broken", "broken")


# An error's title and note (the pages' words): most say there is nothing here to show.
_NOT_HERE = ("missing", "missing_note")
_WORDS = {429: ("busy", "busy_note"), 503: ("busy", "busy_note"), 500: ("broken", "broken")}


def _page(request: web.Request, status: int, title: str, note: str) -> web.Response:
    """The error page in the reader's language (?lang=), else the server's where the path
    named one whose pages are on, else English."""
    language = request.query.get("lang", "")
    if language not in LANGUAGES:
        language = request.get(routes.SERVER_LANGUAGE, "en")
    with speaking(language):
        words = text.words()
        html = (
            request.app[routes.SITE]
            .templates.get_template("missing.html")
            .render(words=words, title=words[title], note=words[note], language=language)
        )
    return web.Response(status=status, text=html, content_type="text/html", charset="utf-8")


async def start(app: web.Application, settings: WebSettings) -> web.AppRunner:
    """Serve ``app`` on the configured host and port; the runner, to stop it with
    ``cleanup()``."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port)
    await site.start()
    log.info("web: serving on %s", ", ".join(str(a) for a in runner.addresses))
    return runner


def run_web(settings: Settings) -> None:
    """``python -m bot web``: serve the pages until SIGTERM or SIGINT."""
    asyncio.run(_serve(settings))


async def _serve(settings: Settings) -> None:
    db = await Database.configured(settings.database)
    try:
        runner = await start(make_app(db, settings.league, settings=settings.web), settings.web)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await runner.cleanup()
    finally:
        await db.close()
