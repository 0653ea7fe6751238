"""Moves made by slash commands: ``/hand``, ``/play`` (with its suggestions), and the commands
the games' inputs declare (``/draw``, ``/penultima [player:]``), each drawn by its kind's
surface (``bot.views.inputs``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games import GameError
from bot.games.errors import echo
from bot.i18n import t
from bot.tables import Table, TableError
from bot.views import hand, inputs
from bot.views.access import channel_table, manager, own_seat
from bot.views.click import Interaction
from bot.views.inputs import Choice, CommandPart
from bot.views.render import every_choice, resolve_choice, suggest


def _choices(table: Table, seat: int) -> list[Choice]:
    return every_choice(table.game, table.rules.legal_actions(table.state, seat))


async def play(interaction: Interaction, typed: str, value: int | None) -> None:
    """/play card: [value:]: a suggested move, a card code or a card's name."""
    table = channel_table(interaction)
    seat = own_seat(table, interaction.user.id)
    if not table.playing:
        raise TableError(t("The game has not started yet."))
    wanted = typed.strip()
    if not wanted:
        raise TableError(t("Name your move: pick one of the suggestions, or type a card."))
    choice = resolve_choice(_choices(table, seat), wanted)
    need = choice.need if choice is not None else None
    if value is not None and (need is None or inputs.of(need).value([need]) is None):
        raise TableError(t(_no_value(table)))
    if choice is None:  # not a move now: the engine says why
        moves = table.spec.moves
        action: str | None = wanted if ":" in wanted else moves.write(moves.card_move(wanted))
    elif need is not None:
        picked = inputs.Picked(interaction, table, seat, choice)
        action = await inputs.of(need).played(need, picked, value)
    else:
        action = choice.token
    if action is None:  # the person is asked for what the move still needs
        return
    try:
        await hand.move(interaction, table, seat, action, None, in_place=False)
    except GameError as refused:  # name what was understood, briefly
        raise GameError("“{typed}”: {reason}", typed=echo(wanted), reason=refused) from None


def _no_value(table: Table) -> str:
    """The refusal of ``/play value:`` with a move that takes none: the table's game's words,
    else those of a game that takes one."""
    own = inputs.by_kind(table.spec.inputs.declared)
    found = (f.no_value(group) for f, group in [*own, *inputs.everywhere()])
    return next((refusal for refusal in found if refusal), "That is not a move.")


def suggestions(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of /play: the person's moves now (a card's takes each their own), at
    most 25."""
    table = manager(interaction).by_channel.get(interaction.channel_id or 0)
    seat = table.seat_of(interaction.user.id) if table is not None else None
    if table is None or seat is None or not table.playing:
        return []
    return [
        app_commands.Choice(name=c.label, value=c.token)
        for c in suggest(_choices(table, seat), typed)
    ]


def value_option() -> tuple[int, int, str]:
    """The range and description of ``/play value:``, from the games' inputs that take a
    number."""
    found = [v for f, group in inputs.everywhere() if (v := f.value(group)) is not None]
    if not found:
        return 0, 0, "A number your move takes"
    low, high = min(v[0] for v in found), max(v[1] for v in found)
    return low, high, "; ".join(v[2] for v in found)[:100]


# -- the slash commands the games' inputs declare -----------------------------------------

Command = app_commands.Command[Any, ..., None]


async def _run(
    interaction: Interaction, parts: list[CommandPart], player: discord.abc.User | None
) -> None:
    """The first part that applies at the channel's table carries the command out; if none
    does, the first refusal a part gives (a mark's or a target's ``elsewhere``)."""
    table = channel_table(interaction)
    for part in parts:
        if await part.run(interaction, table, player):
            return
    refusals = (part.refusal(player) for part in parts)
    raise TableError(t(next((r for r in refusals if r), "That is not a move.")))


def _command(name: str, parts: list[CommandPart]) -> Command:
    """One command for the parts of that name, with a player option if one names a person."""
    description = next((p.description for p in parts if p.description), name)
    player = next((p.player for p in parts if p.player), None)
    if player is None:

        @app_commands.guild_only()
        async def plain(interaction: Interaction) -> None:
            await _run(interaction, parts, None)

        return Command(name=name, description=description, callback=plain)

    @app_commands.guild_only()
    @app_commands.describe(player=player)
    async def naming(interaction: Interaction, player: discord.User | None = None) -> None:
        await _run(interaction, parts, player)

    return Command(name=name, description=description, callback=naming)


def game_commands() -> list[Command]:
    """The slash commands the games' inputs declare, one per name, in alphabetical order (its
    parts in the order the games declare them)."""
    named: dict[str, list[CommandPart]] = {}
    for found, group in inputs.everywhere():
        for part in found.commands(group):
            named.setdefault(part.name, []).append(part)
    return [_command(name, named[name]) for name in sorted(named)]
