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
from bot.web.live import Watchers

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
    db: Database, league: LeagueSettings, painter: Painter | None = None, interval: float = 1.0
) -> web.Application:
    """The pages over ``db``; ``painter`` draws the pictures (the bot's own pictures thread,
    inside the bot), ``interval`` is how often a watched table is looked at."""
    repo = WebRepo(db)
    site = routes.Site(
        league=League(LeagueRepo(db), league),
        repo=repo,
        history=History(DealRepo(db)),
        tournaments=TournamentRepo(db),
        boards=Boards(painter or _own_thread()),
        watchers=Watchers(repo, interval),
        templates=_templates(),
    )
    app = web.Application(middlewares=[_guarded])
    app[routes.SITE] = site
    for path, handler in PAGES:
        app.router.add_get(path, handler)
    app.router.add_static("/static/", FILES / "static")

    async def closing(app: web.Application) -> None:
        await site.watchers.close()

    app.on_shutdown.append(closing)
    return app


@web.middleware
async def _guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer with the headers above; a 404 (any unknown path, server or id) and any
    failure as a page of ours, never a traceback."""
    try:
        response = await handler(request)
    except web.HTTPNotFound:
        response = _page(request, 404, "missing", "missing_note")
    except web.HTTPMethodNotAllowed:
        response = _page(request, 405, "missing", "missing_note")
    except web.HTTPException:
        raise
    except Exception:
        log.exception("web: %s failed", request.path)
        response = _page(request, 500, "broken", "broken")
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _page(request: web.Request, status: int, title: str, note: str) -> web.Response:
    language = request.query.get("lang", "en")
    with speaking(language if language in LANGUAGES else "en"):
        words = text.words()
        html = (
            request.app[routes.SITE]
            .templates.get_template("missing.html")
            .render(words=words, title=words[title], note=words[note])
        )
    response = web.Response(status=status, text=html, content_type="text/html", charset="utf-8")
    response.headers.update(HEADERS)
    return response


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
        runner = await start(make_app(db, settings.league), settings.web)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await runner.cleanup()
    finally:
        await db.close()
