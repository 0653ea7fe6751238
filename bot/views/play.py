"""Moves made by slash commands: ``/hand``, ``/play`` (with its suggestions), the games'
shortcut commands (``/draw``), and the commands of their marks and targets
(``/penultima [player:]``). Which game declares which command is read from the specs."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games import SPECS, GameError
from bot.games.errors import echo
from bot.games.moves import Mark, Move, Shortcut, Target
from bot.i18n import t
from bot.tables import Table, TableError
from bot.views import hand, targets
from bot.views.access import channel_table, manager, own_seat
from bot.views.click import Interaction
from bot.views.render import every_choice, resolve_choice, suggest


def _choices(table: Table, seat: int) -> list[Any]:
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
    number = table.spec.inputs.number or next(
        (s.inputs.number for s in SPECS.values() if s.inputs.number is not None), None
    )
    if choice is None:  # not a move now: the engine says why
        action = (
            wanted if ":" in wanted else table.spec.moves.write(table.spec.moves.card_move(wanted))
        )
    elif choice.needs == "number" and choice.card is not None:
        if value is None:
            await hand.ask_number(interaction, table, seat, choice.card)
            return
        action = hand.number_token(table, choice.card, hand.read_number(table, str(value)))
    elif value is not None:
        raise TableError(t(number.none_here if number is not None else "That is not a move."))
    elif choice.needs == "completion":
        await hand.show(interaction, table, focus=choice.token)
        return
    else:
        action = choice.token
    try:
        await hand.move(interaction, table, seat, action, None, in_place=False)
    except GameError as refused:  # name what was understood, briefly
        raise GameError("“{typed}”: {reason}", typed=echo(wanted), reason=refused) from None


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


async def shortcut(interaction: Interaction, short: Shortcut) -> None:
    """A game's shortcut command (``/draw``): the person's move of that kind (at a table of
    another game too: its engine says why not)."""
    table = channel_table(interaction)
    seat = own_seat(table, interaction.user.id)
    legal = table.rules.legal_actions(table.state, seat) if table.playing else []
    found = [token for token, m in table.spec.moves.read_all(legal) if m.kind == short.kind]
    action = found[0] if found else table.spec.moves.write(Move(short.kind))
    await hand.move(interaction, table, seat, action, None, in_place=False)


async def say_or_call(
    interaction: Interaction, command: str, player: discord.abc.User | None
) -> None:
    """A mark's or a target's command: with a player, that seat is named; without, the mark
    is said (or, in a game with only a target, whoever may be named is)."""
    table = channel_table(interaction)
    inputs = table.spec.inputs
    mark = next((m for m in inputs.marks if m.command == command), None)
    target = inputs.target if inputs.target and inputs.target.command == command else None
    if player is None and mark is not None:
        await hand.say(interaction, table, mark, in_place=False)
    elif target is not None:
        await targets.call(interaction, table, target, player)
    else:
        raise TableError(t(_elsewhere(command, player is not None)))


def _elsewhere(command: str, naming: bool) -> str:
    """The refusal of a mark's or target's command at a table of a game without it."""
    for spec in SPECS.values():
        target, marks = spec.inputs.target, spec.inputs.marks
        if naming and target is not None and target.command == command:
            return target.elsewhere
        for mark in marks:
            if mark.command == command:
                return mark.elsewhere
    return "That is not a move."


def number_option() -> tuple[int, int, str]:
    """The range and description of ``/play value:``, from the games that take a number."""
    numbers = [s.inputs.number for s in SPECS.values() if s.inputs.number is not None]
    if not numbers:
        return 0, 0, "A number your move takes"
    low, high = min(n.low for n in numbers), max(n.high for n in numbers)
    return low, high, "; ".join(n.option_description for n in numbers)[:100]


def _declared() -> tuple[list[Shortcut], dict[str, tuple[Mark | None, Target | None]]]:
    """Every game's shortcut commands (one per name), and every mark's or target's command
    with the first mark and target that declare it."""
    shortcuts: dict[str, Shortcut] = {}
    calls: dict[str, tuple[Mark | None, Target | None]] = {}
    for spec in SPECS.values():
        for short in spec.inputs.shortcuts:
            shortcuts.setdefault(short.command, short)
        for mark in spec.inputs.marks:
            if mark.command:
                old_mark, old_target = calls.get(mark.command, (None, None))
                calls[mark.command] = (old_mark or mark, old_target)
        target = spec.inputs.target
        if target is not None and target.command:
            old_mark, old_target = calls.get(target.command, (None, None))
            calls[target.command] = (old_mark, old_target or target)
    return list(shortcuts.values()), calls


# -- the slash commands the games declare ------------------------------------------------

Command = app_commands.Command[Any, ..., None]


def _shortcut(short: Shortcut) -> Command:
    @app_commands.guild_only()
    async def callback(interaction: Interaction) -> None:
        await shortcut(interaction, short)

    return Command(name=short.command, description=short.description, callback=callback)


def _call(name: str, mark: Mark | None, target: Target | None) -> Command:
    """The command of a mark (said with no player) and of a target (naming a player)."""
    description = (mark.command_description if mark else "") or (
        target.command_description if target else ""
    )
    if target is None:

        @app_commands.guild_only()
        async def say(interaction: Interaction) -> None:
            await say_or_call(interaction, name, None)

        return Command(name=name, description=description, callback=say)

    @app_commands.guild_only()
    @app_commands.describe(player=target.option_description)
    async def name_or_say(interaction: Interaction, player: discord.User | None = None) -> None:
        await say_or_call(interaction, name, player)

    return Command(name=name, description=description, callback=name_or_say)


def game_commands() -> list[Command]:
    """The slash commands the games declare, one per name."""
    shortcuts, calls = _declared()
    return [
        *(_shortcut(short) for short in shortcuts),
        *(_call(name, mark, target) for name, (mark, target) in calls.items()),
    ]
