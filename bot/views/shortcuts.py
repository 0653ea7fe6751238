"""A slash command making the seat's move of one kind (a game's ``Shortcut``: ``/draw``)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.games.moves import Move, Shortcut
from bot.tables import Table
from bot.views import hand
from bot.views.access import own_seat
from bot.views.click import Interaction
from bot.views.inputs import CommandPart, Surface, surface


async def shortcut(interaction: Interaction, table: Table, short: Shortcut) -> None:
    """The person's move of the shortcut's kind (at a table of another game too: its engine
    says why not)."""
    seat = own_seat(table, interaction.user.id)
    legal = table.rules.legal_actions(table.state, seat) if table.playing else []
    found = [token for token, m in table.spec.moves.read_all(legal) if m.kind == short.kind]
    action = found[0] if found else table.spec.moves.write(Move(short.kind))
    await hand.move(interaction, table, seat, action, None, in_place=False)


@surface(Shortcut)
class ShortcutSurface(Surface[Shortcut]):
    def commands(self, declared: Sequence[Shortcut]) -> list[CommandPart]:
        return [_command(short) for short in declared]


def _command(short: Shortcut) -> CommandPart:
    async def run(interaction: Interaction, table: Table, player: discord.abc.User | None) -> bool:
        await shortcut(interaction, table, short)
        return True

    return CommandPart(short.command, short.description, run, lambda player: None)
