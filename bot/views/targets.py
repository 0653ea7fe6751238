"""Moves that name a seat (a game's ``Target``: Centocinque's call-out): the board's button,
the choice of whom when several may be named, and the slash command's form with a player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.ui import Button, Item

from bot.games import SPECS
from bot.games.moves import Move, Target
from bot.i18n import t
from bot.tables import Table, TableError
from bot.views.access import clicked_table, manager, own_seat, thinking
from bot.views.click import NEVER, Click, Interaction
from bot.views.components import RED, button, view
from bot.views.errors import tell
from bot.views.hand import made
from bot.views.inputs import CommandPart, Surface, surface
from bot.views.render import LABEL_MAX, clip

KINDS = sorted({t.kind for s in SPECS.values() for t in s.inputs.of(Target)})


def _token(table: Table, target: Target, seat: int) -> str:
    return table.spec.moves.write(Move(target.kind, target=seat))


def _targets(table: Table, seat: int) -> list[int]:
    """The seats ``seat`` may name now."""
    legal = table.rules.legal_actions(table.state, seat)
    return [m.target for _, m in table.spec.moves.read_all(legal) if m.target is not None]


def _whom(table: Table, target: Target, seat: int, targets: list[int]) -> discord.ui.View:
    acted = table.seats[seat].acted
    return view(
        *[
            button(
                TargetPick.make_id(table=table.id, seat=seat, acted=acted, target=s),
                clip(t(target.one, name=table.names[s]), LABEL_MAX),
                RED,
            )
            for s in targets
        ]
    )


async def call(
    interaction: Interaction, table: Table, target: Target, player: discord.abc.User | None
) -> None:
    """Name ``player``'s seat, or whoever can be named now (asking whom, when several)."""
    seat = own_seat(table, interaction.user.id)
    if not table.playing or target not in table.spec.inputs.of(Target):
        raise TableError(t(target.elsewhere))
    if player is not None:
        named = table.seat_of(player.id)
        if named is None:
            raise TableError(t("{name} is not at this table.", name=player.display_name))
        targets = [named]
    else:
        targets = _targets(table, seat)
        if not targets:
            await tell(interaction, t(target.nobody))
            return
        if len(targets) > 1:
            await interaction.response.send_message(
                t(target.ask), view=_whom(table, target, seat, targets), ephemeral=True
            )
            return
    await thinking(interaction)
    await manager(interaction).act(
        table, interaction.user.id, _token(table, target, targets[0]), None
    )
    await tell(interaction, t(target.done, name=table.names[targets[0]]))


class TargetButton(
    Click[Button[Any]],
    layout="tv:t:{table}:{kind}",
    what="target",
    text={"kind": "|".join(KINDS) or NEVER},
):
    """The board's button for the game's target (Call out)."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        kind = self.fields["kind"]
        target = next((d for d in table.spec.inputs.of(Target) if d.kind == kind), None)
        if target is None:
            raise TableError(t("This button is no longer in use."))
        await call(interaction, table, target, None)


class TargetPick(Click[Button[Any]], layout="tv:tp:{table}:{seat}:{acted}:{target}", what="target"):
    """One seat to name, when several may be: made for the seat's move counter."""

    async def clicked(self, interaction: Interaction) -> None:
        table = clicked_table(interaction, self.number("table"))
        own_seat(table, interaction.user.id, self.number("seat"))
        target = table.spec.inputs.first(Target)
        if target is None:
            raise TableError(t("This button is no longer in use."))
        await interaction.response.defer()
        named = self.number("target")
        token = _token(table, target, named)
        await manager(interaction).act(table, interaction.user.id, token, self.number("acted"))
        done = t(target.done, name=table.names[named])
        async with made(done):
            await interaction.edit_original_response(
                content=done, embed=None, view=None, attachments=[]
            )


@surface(Target)
class TargetSurface(Surface[Target]):
    def board_buttons(self, declared: Sequence[Target], table: Table) -> list[Item[Any]]:
        return [
            button(TargetButton.make_id(table=table.id, kind=d.kind), t(d.button), RED)
            for d in declared
        ]

    def commands(self, declared: Sequence[Target]) -> list[CommandPart]:
        return [_command(target) for target in declared if target.command]


def _command(target: Target) -> CommandPart:
    """``/<command> [player:]`` names the player's seat, or whoever may be named now, at a
    table of a game that has the target."""

    async def run(interaction: Interaction, table: Table, player: discord.abc.User | None) -> bool:
        named = next((d for d in table.spec.inputs.of(Target) if d.command == target.command), None)
        if named is None:
            return False
        await call(interaction, table, named, player)
        return True

    assert target.command is not None
    return CommandPart(
        target.command,
        target.command_description,
        run,
        lambda player: target.elsewhere if player is not None else None,
        player=target.option_description,
    )


CLICKS = (TargetButton, TargetPick)
