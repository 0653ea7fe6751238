"""The lobby: opening a table, sitting down and leaving, AI seats, starting, ending, kicking,
coming back, and a rematch; the lobby's buttons and what each does."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord
from discord.ui import Button

from bot.i18n import N_, t
from bot.tables import Table, TableError
from bot.text import game_title
from bot.views.access import clicked_table, manager, may_manage, thinking
from bot.views.click import Click, Interaction
from bot.views.errors import NO_PERMISSION, tell
from bot.views.services import services

LEVELS = {"easy": N_("easy"), "hard": N_("hard")}

# What the bot needs in a table's channel (the README's invite link asks for the same).
NEEDED = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, read_message_history=True
)


async def new_table(interaction: Interaction, game: str) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if not interaction.app_permissions.is_superset(NEEDED):
        await tell(interaction, t(NO_PERMISSION))
        return
    await thinking(interaction)
    table = await manager(interaction).create(
        interaction.guild_id,
        interaction.channel_id,
        interaction.user.id,
        interaction.user.display_name,
        game,
    )
    await _open_board(interaction, table)
    await tell(
        interaction,
        t(
            "Your {game} table is open: friends press **Join**; you may change the "
            "**House rules**, then press **Start**.",
            game=game_title(game),
        ),
    )


async def _open_board(interaction: Interaction, table: Table) -> None:
    """Post a new table's board; a table whose board cannot be posted is closed again."""
    try:
        await services(interaction).publisher.open_board(table)
    except discord.HTTPException:
        await manager(interaction).end(table)
        raise


async def _step(interaction: Interaction, work: Callable[[], Awaitable[None]], done: str) -> None:
    await thinking(interaction)
    await work()
    await tell(interaction, done)


async def join(interaction: Interaction, table: Table) -> None:
    name = interaction.user.display_name
    work = partial(manager(interaction).join, table, interaction.user.id, name)
    await _step(interaction, work, t("You joined the table."))


async def leave(interaction: Interaction, table: Table) -> None:
    await thinking(interaction)
    # The answer follows what the manager did under the table's lock: a game may have
    # started between the click and the lock.
    handed_to_ai = await manager(interaction).leave(table, interaction.user.id)
    await tell(
        interaction,
        t("You left: the AI plays your seat; /table back brings you back.")
        if handed_to_ai
        else t("You left the table."),
    )


async def start(interaction: Interaction, table: Table) -> None:
    # The interaction's id, which Discord made after the board showed the table's
    # commitment, is mixed into the shuffle: the operator could not know it when committing.
    work = partial(manager(interaction).start, table, interaction.user.id, interaction.id)
    await _step(interaction, work, t("The game is on: open **My hand** on the board."))


async def _not_a_match(interaction: Interaction, table: Table) -> None:
    """A tournament's match is the organiser's to decide (/tournament settle, drop): nobody
    ends it, nor hands a seat of it to the AI, from the table (a player leaving their own
    seat is refused by the tables: ``Lobby.leave``)."""
    tours = services(interaction).tournaments
    if tours is not None and await tours.plays_at(table.id):
        raise TableError(
            t(
                "This table is a tournament's match: the organiser decides it with /tournament"
                " settle, or takes a player out with /tournament drop."
            )
        )


async def end(interaction: Interaction, table: Table) -> None:
    await _not_a_match(interaction, table)
    if not may_manage(interaction, table):
        raise TableError(t("Only the host, or someone who may manage messages, can end a table."))
    await _step(interaction, partial(manager(interaction).end, table), t("The table is closed."))


async def kick(
    interaction: Interaction,
    table: Table,
    player: discord.abc.User | None,
    number: int | None,
) -> None:
    """Kick a person, or any seat by its number in the lobby (the way to remove an AI)."""
    await _not_a_match(interaction, table)
    if not may_manage(interaction, table):
        raise TableError(t("Only the host, or someone who may manage messages, can kick."))
    if player is not None:
        seat = table.seat_of(player.id)
        if seat is None:
            raise TableError(t("{name} is not at this table.", name=player.display_name))
    elif number is not None and number <= len(table.seats):
        seat = number - 1
    else:
        raise TableError(t("Name a player, or a seat number from 1 to {n}.", n=len(table.seats)))
    name = table.names[seat]
    done = (
        t("The AI now plays {name}'s seat.", name=name)
        if table.playing
        else t("{name} is no longer seated.", name=name)
    )
    await _step(interaction, partial(manager(interaction).kick, table, seat), done)


async def back(interaction: Interaction, table: Table) -> None:
    work = partial(manager(interaction).back, table, interaction.user.id)
    await _step(interaction, work, t("Welcome back: you play your seat again."))


# -- the lobby's buttons ---------------------------------------------------------------------


STEPS: dict[str, Callable[[Interaction, Table], Awaitable[None]]] = {
    "join": join,
    "leave": leave,
    "start": start,
    "cancel": end,
}
"""The lobby's buttons that take one step at their table, by their custom id's last part."""


class StepButton(
    Click[Button[Any]], layout="tv:t:{table}:{step}", what="{step}", text={"step": "|".join(STEPS)}
):
    """Join, Leave, Start, Cancel."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        await STEPS[self.fields["step"]](interaction, table)


class AddAIButton(
    Click[Button[Any]],
    layout="tv:t:{table}:ai-{level}",
    what="add AI",
    text={"level": "|".join(LEVELS)},
):
    """Add AI (easy), Add AI (hard)."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        level = self.fields["level"]
        work = partial(manager(interaction).add_ai, table, interaction.user.id, level)
        await _step(
            interaction, work, t("An AI player ({level}) sits down.", level=t(LEVELS[level]))
        )


class RematchButton(Click[Button[Any]], layout="tv:t:{table}:rematch", what="rematch"):
    """On a finished table's board: the same seats and house rules, at a new table."""

    async def clicked(self, interaction: Interaction) -> None:
        await thinking(interaction)
        table = await manager(interaction).rematch(
            self.number("table"), interaction.user.id, interaction.channel_id
        )
        await _open_board(interaction, table)
        await tell(interaction, t("A rematch is open below, with the same seats: press **Start**."))


CLICKS = (StepButton, AddAIButton, RematchButton)
