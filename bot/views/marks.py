"""Something said for a later move (a game's ``Mark``: Centocinque's penúltima): the hand's
button and line, and the slash command that says it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.ui import Button, Item

from bot.games.moves import Mark
from bot.i18n import t
from bot.tables import Table, TableError
from bot.views import hand
from bot.views.access import clicked_table, manager, own_seat, thinking
from bot.views.click import Click, Interaction
from bot.views.components import RED, button
from bot.views.errors import tell
from bot.views.inputs import CommandPart, Surface, surface


async def say(interaction: Interaction, table: Table, mark: Mark, *, in_place: bool) -> None:
    """A mark for the person's next move (Penúltima!), or the move that says it now when one
    is open to them (a late declaration, a house rule). The answer is the same whether or
    not it matters now."""
    seat = own_seat(table, interaction.user.id)
    if table.playing:
        legal = table.rules.legal_actions(table.state, seat)
        now = [
            token
            for token, said in table.spec.moves.read_all(legal)
            if said.marks == {mark.name} and said.card is None
        ]
        if now:
            await hand.move(interaction, table, seat, now[0], None, in_place=in_place)
            return
    if in_place:
        await interaction.response.defer()
    else:
        await thinking(interaction)
    await manager(interaction).say(table, interaction.user.id, mark)
    if in_place:
        await hand.update(interaction, table, seat, 0)
    else:
        await tell(interaction, t(mark.noted))


@surface(Mark)
class MarkSurface(Surface[Mark]):
    def hand_buttons(self, declared: Sequence[Mark], table: Table, seat: int) -> list[Item[Any]]:
        """A button a mark, on the hand's last row; the game's first mark's id names none."""
        return [
            button(
                MarkButton.make_id(table=table.id, seat=seat, mark=f":{m.name}" if i else ""),
                t(m.button),
                RED,
                row=4,
            )
            for i, m in enumerate(declared)
        ]

    def hand_lines(self, declared: Sequence[Mark], table: Table, seat: int) -> list[str]:
        said = table.seats[seat].marks
        return [t(m.pending) for m in declared if m.name in said]

    def commands(self, declared: Sequence[Mark]) -> list[CommandPart]:
        return [_command(mark) for mark in declared if mark.command]


def _command(mark: Mark) -> CommandPart:
    """``/<command>`` with no player says the mark, at a table of a game that has it."""

    async def run(interaction: Interaction, table: Table, player: discord.abc.User | None) -> bool:
        said = next((m for m in table.spec.inputs.marks if m.command == mark.command), None)
        if player is not None or said is None:
            return False
        await say(interaction, table, said, in_place=False)
        return True

    assert mark.command is not None
    return CommandPart(
        mark.command,
        mark.command_description,
        run,
        lambda player: mark.elsewhere if player is None else None,
    )


class MarkButton(
    Click[Button[Any]],
    layout="tv:say:{table}:{seat}{mark}",
    what="mark",
    text={"mark": r"(?::[a-z]+)?"},
):
    """A mark of the game (Penúltima!) for the seat's next move; the game's first mark's
    custom id names no mark."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        own_seat(table, interaction.user.id, self.number("seat"))
        name = self.fields["mark"].lstrip(":") or None
        mark = table.spec.inputs.mark(name)
        if mark is None:
            raise TableError(t("This button is no longer in use."))
        await say(interaction, table, mark, in_place=True)


CLICKS = (MarkButton,)
