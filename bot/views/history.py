"""``/table history``: the channel's finished deals, newest first, a page at a time (game,
when, who sat where, the result, the deal's id for /replay), privately; its page buttons work
after a restart."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ui import Button

from bot.games import SPECS
from bot.i18n import t
from bot.records.schema import DealRecord
from bot.records.text import seat_names
from bot.tables import TableError
from bot.tables.history import Listed
from bot.text import game_title, narrate_all
from bot.views.access import manager
from bot.views.click import Click, Interaction
from bot.views.components import view
from bot.views.render import clip

log = logging.getLogger(__name__)

COLOUR = 0x9B59B6
RESULT_MAX = 160  # a line's result, clipped: a page stays well inside an embed


def deal_line(record: DealRecord, shared: bool = False) -> str:
    """One deal: its id, game and number, when, the seats in order, how it ended (unless a
    tournament's other tables dealt alike are not over: ``StoredDeal.shared``)."""
    names = seat_names(record)
    spec = SPECS[record.game]
    told = [
        line
        for event in record.result.events
        if spec.text.announced(event)
        for line in narrate_all(record.game, [event], names)
    ]
    if record.result.outcome is not None:
        told = list(spec.text.outcome_lines(record.result.outcome, names))[:1] or told
    head = t(
        "`{id}` · **{game}**, deal {deal} · {when}",
        id=record.id,
        game=game_title(record.game),
        deal=record.deal,
        when=record.finished_at[:16].replace("T", " "),
    )
    seats = " · ".join(f"{i}. {name}" for i, name in enumerate(names, 1))
    result = clip(" ".join(told), RESULT_MAX) if told else ""
    if shared:
        result = t("Its result is shown once every table dealt alike is over.")
    return "\n".join(part for part in (head, seats, result) if part)


def listed(deal: Listed) -> str:
    """A deal's lines, or a line saying its stored record is damaged: one such row leaves the
    rest of the page as it is."""
    if deal.record is not None:
        try:
            return deal_line(deal.record, deal.shared)
        except Exception:  # a result its game cannot tell: a row edited by hand
            log.exception("deal %s: its stored result cannot be told", deal.short_id)
    return t("`{id}` · the record of this deal is damaged.", id=deal.short_id)


async def page_message(
    interaction: Interaction, page: int
) -> tuple[discord.Embed, discord.ui.View | None]:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    deals, pages = await manager(interaction).history.in_channel(interaction.channel_id, page)
    page = min(max(page, 0), pages - 1)
    lines = [listed(d) for d in deals]
    embed = discord.Embed(
        title=t("Finished deals in this channel"),
        description="\n\n".join(lines) or t("No finished deals here yet."),
        colour=COLOUR,
    )
    embed.set_footer(
        text=t("Page {page} of {pages} · /replay deal: shows one", page=page + 1, pages=pages)
    )
    if pages == 1:
        return embed, None

    def turn(to: int, label: str, disabled: bool) -> Button[Any]:
        return Button(label=label, custom_id=HistoryButton.make_id(page=to), disabled=disabled)

    return embed, view(
        turn(max(page - 1, 0), t("◀ Newer"), page == 0),
        turn(page + 1, t("Older ▶"), page + 1 >= pages),
    )


async def show(interaction: Interaction) -> None:
    embed, buttons = await page_message(interaction, 0)
    extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
    await interaction.response.send_message(embed=embed, ephemeral=True, **extra)


class HistoryButton(Click[Button[Any]], layout="tv:hi:{page}", what="history page"):
    """Turns the history to another page of the channel the click is made in."""

    async def clicked(self, interaction: Interaction) -> None:
        embed, buttons = await page_message(interaction, self.number("page"))
        await interaction.response.edit_message(embed=embed, view=buttons)


CLICKS = (HistoryButton,)
