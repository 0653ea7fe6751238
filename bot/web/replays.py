"""A finished deal replayed in the browser: each step's board (the same picture as /replay
draws), the move just made and every hand face up, as /replay shows it on Discord.

Without JavaScript each step is its own page (``?step=``), with links to the others; with it
(``static/replay.js``) the page steps through every step it already holds. A deal still being
played has no record yet (a 404); a finished deal of a match still played is refused as on
Discord where the game's deals are not independent (a later deal's cards would show); its last
step then shows no hand, as on Discord."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from bot.gallery import replay_image
from bot.games import SPECS
from bot.i18n import speaking, t
from bot.records.schema import DealRecord
from bot.records.stepper import Stepper, board_of, face_up
from bot.records.text import STEP_NAMES, heading, seat_names, step_lines
from bot.storage.web import WebServer
from bot.tables import TableError
from bot.tables.history import Found, well_formed
from bot.web import text
from bot.web.routes import NUMBER, Site, link, missing, picture_answer, render, server_of


async def _deal(request: web.Request, site: Site, guild_id: int) -> Found:
    """The deal of the path's id, its seats' hidden names replaced by their seat; a 404 for
    an id that is not one of this server's finished deals, a refusal (403) for one Discord
    refuses."""
    wanted = request.match_info.get("deal", "")
    if not well_formed(wanted) or await site.history.repo.get(guild_id, wanted) is None:
        raise missing()
    found = await site.history.find(guild_id, wanted)  # TableError: refused
    users = [s.user_id for s in found.record.seats if s.user_id is not None]
    hidden = await site.repo.hidden(guild_id, users)
    if not hidden:
        return found
    seats = [
        s.model_copy(update={"name": text.seat_name(i), "ai": None}) if s.user_id in hidden else s
        for i, s in enumerate(found.record.seats)
    ]
    return Found(found.record.model_copy(update={"seats": seats}), found.seed, found.stored)


def _plain(line: str) -> str:
    """A line of Discord's markdown as plain text (the page escapes it)."""
    return line.replace("**", "").replace("`", "")


def _index(request: web.Request, wanted: str, stepper: Stepper) -> int:
    """The step asked for: a number among the deal's steps, else a 404."""
    if not NUMBER.fullmatch(wanted) or int(wanted) > stepper.final:
        raise missing()
    return int(wanted)


async def replay(request: web.Request) -> web.Response:
    site, server, language = await server_of(request)
    with speaking(language):
        found = await _refusable(request, site, server, language)
        if isinstance(found, web.Response):
            return found
        record = found.record
        stepper = Stepper.of(record, found.seed)
        index = _index(request, request.query.get("step", "0"), stepper)
        base = f"/s/{server.guild_id}/r/{record.id}"
        lang = request.query.get("lang")
        shown = [_step(stepper, record, i, base, lang) for i in range(len(stepper.steps))]
        word = t(STEP_NAMES[SPECS[record.game].step.name])
        words = {  # not /replay's ⏮ and ⏭: many a browser's fonts lack them (an empty box)
            "first": t("« First"),
            "back": t("◀ Back"),
            "next": t("Next ▶"),
            "last": t("Last »"),
            "step_back": t("◀ {step}", step=word),
            "step_ahead": t("{step} ▶", step=word),
        }
        title = t("Replay of deal {id}", id=record.id)
    return render(
        site,
        server,
        language,
        "replay.html",
        request,
        title=title,
        steps=shown,
        here=shown[index],
        by_move=stepper.by_move,
        turns=words,
    )


async def _refusable(
    request: web.Request, site: Site, server: WebServer, language: str
) -> Found | web.Response:
    """The deal, or the page saying why Discord would not replay it (a 403)."""
    try:
        return await _deal(request, site, server.guild_id)
    except TableError as refused:
        response = render(site, server, language, "refused.html", request, note=str(refused))
        response.set_status(403)
        return response


def _step(
    stepper: Stepper, record: DealRecord, index: int, base: str, lang: str | None
) -> dict[str, Any]:
    """A step as the page shows it: its heading, move and lines, its picture, and the steps
    each of the page's turns leads to (with their links, for a browser without script)."""
    step = stepper.steps[index]
    move = t("The deal as dealt.")
    if step.move is not None:
        move = t(
            "{name} played: {move}",
            name=seat_names(record)[step.move.seat],
            move=SPECS[record.game].text.action_label(step.move.action),
        )
    to = {
        "first": 0,
        "back": max(index - 1, 0),
        "next": stepper.clamp(index + 1),
        "last": stepper.final,
        "step_back": stepper.back(index),
        "step_ahead": stepper.ahead(index),
    }
    return {
        "index": index,
        "heading": _plain(heading(record, index, len(stepper.steps))),
        "move": move,
        "lines": [_plain(line) for line in step_lines(record, step, index == stepper.final)],
        "link": link(base, step=index or None, lang=lang),
        "picture": link(f"{base}/{index}.png", lang=lang),
        "to": to,
        "links": {name: link(base, step=k or None, lang=lang) for name, k in to.items()},
    }


async def replay_picture(request: web.Request) -> web.Response:
    """A step's picture, as /replay draws it: its board, and every hand face up."""
    site, server, language = await server_of(request)
    with speaking(language):
        try:
            found = await _deal(request, site, server.guild_id)
        except TableError:
            raise missing() from None
        names = seat_names(found.record)
    stepper = Stepper.of(found.record, found.seed)
    index = _index(request, request.match_info.get("step", ""), stepper)
    step, game = stepper.steps[index], found.record.game
    board = board_of(found.record, step)
    hands = face_up(found.record, step, index == stepper.final)
    data = await site.boards.painter(lambda: replay_image(game, board, names, hands))
    return picture_answer(request, data)
