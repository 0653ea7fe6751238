"""What each command or click does: ask the table manager, then answer or show.

Shared by the slash commands (``bot.cogs``) and the items (``bot.views.items``), so each action
is written once. Errors are left to ``bot.views.errors``. Anything that waits on the table's lock
or the database defers first, so the 3-second deadline always holds. Hands are ephemeral and
shown only to their seat's person; a move made from a hand updates that same message.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.games import GameError
from bot.games.errors import echo
from bot.i18n import LANGUAGES, N_, t
from bot.tables import OutOfDate, Table, TableError, TableManager
from bot.text import game_title
from bot.views.attach import board_files, hand_files
from bot.views.errors import NO_PERMISSION, NotShown, tell
from bot.views.layouts import NumbersModal, ValueModal, callout_view, hand_view, rules_view
from bot.views.render import (
    board_embed,
    current_options,
    hand_choices,
    hand_embed,
    option_fields,
    resolve_choice,
    rules_lines,
    suggest,
)
from bot.views.services import services

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)

LEVELS = {"easy": N_("easy"), "hard": N_("hard")}

# What the bot needs in a table's channel (the README's invite link asks for the same).
NEEDED = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, read_message_history=True
)


def _manager(interaction: Interaction) -> TableManager:
    return services(interaction).manager


def channel_table(interaction: Interaction) -> Table:
    if interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    return _manager(interaction).in_channel(interaction.channel_id)


def clicked_table(interaction: Interaction, table_id: int) -> Table:
    """The table a click's custom id names, if it is played where the click was made: a
    custom id is only text, and one naming another channel's table is refused."""
    table = _manager(interaction).by_table_id(table_id)
    record = table.record
    if (interaction.guild_id, interaction.channel_id) != (record.guild_id, record.channel_id):
        raise TableError(t("That table is played in another channel."))
    return table


def _seat(table: Table, user_id: int, seat: int | None = None) -> int:
    """The person's seat; ``seat`` is the one a hand's button was made for."""
    own = table.seat_of(user_id)
    if own is None:
        raise TableError(t("You are not seated at this table."))
    if seat is not None and seat != own:
        raise TableError(t("This is not your hand: open your own with My hand or /hand."))
    return own


def _may_manage(interaction: Interaction, table: Table) -> bool:
    return interaction.user.id == table.record.host_id or interaction.permissions.manage_messages


async def _thinking(interaction: Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)


# -- the lobby -------------------------------------------------------------------------------


async def new_table(interaction: Interaction, game: str) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if not interaction.app_permissions.is_superset(NEEDED):
        await tell(interaction, t(NO_PERMISSION))
        return
    await _thinking(interaction)
    manager = _manager(interaction)
    table = await manager.create(
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
        await _manager(interaction).end(table)
        raise


async def rematch(interaction: Interaction, old_table_id: int) -> None:
    await _thinking(interaction)
    table = await _manager(interaction).rematch(
        old_table_id, interaction.user.id, interaction.channel_id
    )
    await _open_board(interaction, table)
    await tell(interaction, t("A rematch is open below, with the same seats: press **Start**."))


async def _lobby_step(
    interaction: Interaction, work: Callable[[], Awaitable[None]], done: str
) -> None:
    await _thinking(interaction)
    await work()
    await tell(interaction, done)


async def join(interaction: Interaction, table: Table) -> None:
    name = interaction.user.display_name
    work = partial(_manager(interaction).join, table, interaction.user.id, name)
    await _lobby_step(interaction, work, t("You joined the table."))


async def leave(interaction: Interaction, table: Table) -> None:
    await _thinking(interaction)
    # The answer follows what the manager did under the table's lock: a game may have
    # started between the click and the lock.
    handed_to_ai = await _manager(interaction).leave(table, interaction.user.id)
    await tell(
        interaction,
        t("You left: the AI plays your seat; /table back brings you back.")
        if handed_to_ai
        else t("You left the table."),
    )


async def add_ai(interaction: Interaction, table: Table, level: str) -> None:
    work = partial(_manager(interaction).add_ai, table, interaction.user.id, level)
    await _lobby_step(
        interaction, work, t("An AI player ({level}) sits down.", level=t(LEVELS[level]))
    )


async def start(interaction: Interaction, table: Table) -> None:
    work = partial(_manager(interaction).start, table, interaction.user.id)
    await _lobby_step(interaction, work, t("The game is on: open **My hand** on the board."))


async def end(interaction: Interaction, table: Table) -> None:
    if not _may_manage(interaction, table):
        raise TableError(t("Only the host, or someone who may manage messages, can end a table."))
    work = partial(_manager(interaction).end, table)
    await _lobby_step(interaction, work, t("The table is closed."))


async def kick(
    interaction: Interaction,
    table: Table,
    player: discord.abc.User | None,
    number: int | None,
) -> None:
    """Kick a person, or any seat by its number in the lobby (the way to remove an AI)."""
    if not _may_manage(interaction, table):
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
    work = partial(_manager(interaction).kick, table, seat)
    done = (
        t("The AI now plays {name}'s seat.", name=name)
        if table.playing
        else t("{name} is no longer seated.", name=name)
    )
    await _lobby_step(interaction, work, done)


async def back(interaction: Interaction, table: Table) -> None:
    work = partial(_manager(interaction).back, table, interaction.user.id)
    await _lobby_step(interaction, work, t("Welcome back: you play your seat again."))


async def status(interaction: Interaction, table: Table) -> None:
    """The board as everyone sees it, just for the person asking."""
    embed = board_embed(table)
    pictures = services(interaction).choices.pictures(table.record.guild_id)
    if pictures and table.state is not None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        files = await board_files(table, embed)
        await interaction.followup.send(embed=embed, files=files, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)


# -- what a server chooses ------------------------------------------------------------------

SERVER_LANGUAGE = "server"  # /table language: back to the server's own


async def set_language(interaction: Interaction, language: str) -> None:
    """/table language: the channel's boards, pings and results in ``language`` (or the
    server's own). Each person's own answers and hands stay in their own language."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if language != SERVER_LANGUAGE and language not in LANGUAGES:
        raise TableError(t("Tavolo does not speak that language."))
    table = _manager(interaction).by_channel.get(interaction.channel_id)
    host = table is not None and table.record.host_id == interaction.user.id
    if not (host or interaction.permissions.manage_channels):
        raise TableError(
            t(
                "Only the table's host, or someone who may manage this channel, can choose its "
                "language."
            )
        )
    await _thinking(interaction)
    chosen = None if language == SERVER_LANGUAGE else language
    await services(interaction).choices.set_language(
        interaction.guild_id, interaction.channel_id, chosen
    )
    if table is not None:
        services(interaction).publisher.redraw(table)
    if chosen is None:
        await tell(interaction, t("This channel's tables now speak the server's language."))
    else:
        await tell(
            interaction,
            t("This channel's tables now speak {language}.", language=LANGUAGES[chosen]),
        )


async def set_pictures(interaction: Interaction, show: bool) -> None:
    """/table pictures: boards and hands with pictures of the cards, or text only, server-wide."""
    if interaction.guild_id is None:
        raise TableError(t("Tables are played in a server's text channels."))
    if not interaction.permissions.manage_guild:
        raise TableError(t("Only someone who may manage the server can turn pictures on or off."))
    await _thinking(interaction)
    await services(interaction).choices.set_pictures(interaction.guild_id, show)
    for table in list(_manager(interaction).by_id.values()):
        if table.record.guild_id == interaction.guild_id:
            services(interaction).publisher.redraw(table)
    if show:
        await tell(
            interaction, t("Boards and hands now show the cards as pictures, with the text.")
        )
    else:
        await tell(interaction, t("Boards and hands now show text only."))


# -- house rules -----------------------------------------------------------------------------


def _rules_embed(table: Table, editable: bool) -> discord.Embed:
    lines = rules_lines(table.game, current_options(table))
    if editable:
        lines += ["", t("Pick the house rules that are on.")]
        if any(not f.is_bool for f in option_fields(table.game)):
            lines.append(t("**Numbers…** changes the others."))
    else:
        lines += ["", t("Only the host can change them, before the game starts.")]
    title = t("House rules · {game}", game=game_title(table.game))
    return discord.Embed(title=title, description="\n".join(lines))


async def show_rules(interaction: Interaction, table: Table) -> None:
    editable = table.record.status == "lobby" and interaction.user.id == table.record.host_id
    embed = _rules_embed(table, editable)
    if editable:
        await interaction.response.send_message(embed=embed, view=rules_view(table), ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def _save_rules(interaction: Interaction, table: Table, options: dict[str, Any]) -> None:
    await interaction.response.defer()
    await _manager(interaction).set_options(table, interaction.user.id, options)
    await interaction.edit_original_response(
        embed=_rules_embed(table, True), view=rules_view(table)
    )


async def set_switches(interaction: Interaction, table_id: int, on: set[str]) -> None:
    table = clicked_table(interaction, table_id)
    options = current_options(table)
    for field in option_fields(table.game):
        if field.is_bool:
            options[field.name] = field.name in on
    await _save_rules(interaction, table, options)


async def open_numbers(interaction: Interaction, table_id: int) -> None:
    table = clicked_table(interaction, table_id)
    if table.record.status != "lobby" or interaction.user.id != table.record.host_id:
        raise TableError(t("Only the host can change the house rules, before the game starts."))
    await interaction.response.send_modal(NumbersModal(table))


async def set_numbers(interaction: Interaction, table_id: int, typed: dict[str, str]) -> None:
    table = clicked_table(interaction, table_id)
    options = current_options(table)
    fields = {f.name: f for f in option_fields(table.game) if not f.is_bool}
    # Only the number options the modal shows; anything else a client sends is ignored.
    for name, text in ((n, typed[n]) for n in fields if n in typed):
        field = fields[name]
        try:
            value = int(text.strip())
        except ValueError:
            raise TableError(
                t("{label}: “{text}” is not a whole number.", label=field.label, text=echo(text))
            ) from None
        low, high = field.low, field.high
        if (low is not None and value < low) or (high is not None and value > high):
            raise TableError(
                t(
                    "{label}: {value} is out of range ({low}–{high}).",
                    label=field.label,
                    value=value,
                    low="…" if low is None else low,
                    high="…" if high is None else high,
                )
            )
        options[name] = value
    await _save_rules(interaction, table, options)


# -- hands -----------------------------------------------------------------------------------


@dataclass
class _Hand:
    """A hand message: its embed, its moves (None once the game is over), its picture."""

    embed: discord.Embed
    view: discord.ui.View | None
    files: list[discord.File]


async def _hand(interaction: Interaction, table: Table, seat: int, page: int) -> _Hand:
    if table.playing:
        choices = hand_choices(table.game, table.rules.legal_actions(table.state, seat))
        embed, view = hand_embed(table, seat, choices), hand_view(table, seat, choices, page)
    else:
        embed, view = hand_embed(table, seat, []), None
    pictures = services(interaction).choices.pictures(table.record.guild_id)
    files = await hand_files(table, seat, embed) if pictures else []
    return _Hand(embed, view, files)


async def _send_hand(interaction: Interaction, hand: _Hand) -> None:
    """A new ephemeral message with a hand (after a deferral: a follow-up)."""
    extra: dict[str, Any] = {"view": hand.view} if hand.view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(embed=hand.embed, files=hand.files, ephemeral=True, **extra)
    else:
        await interaction.response.send_message(
            embed=hand.embed, files=hand.files, ephemeral=True, **extra
        )


async def show_hand(interaction: Interaction, table: Table) -> None:
    """A new ephemeral message with the person's hand and moves."""
    seat = _seat(table, interaction.user.id)
    if not table.playing:
        raise TableError(t("The game has not started yet."))
    hand = await _hand(interaction, table, seat, 0)
    if hand.view is None:
        await tell(interaction, t("The game is over."))
        return
    await _send_hand(interaction, hand)


async def _update_hand(interaction: Interaction, table: Table, seat: int, page: int) -> None:
    """Redraw the hand message the person clicked in; its picture is replaced."""
    hand = await _hand(interaction, table, seat, page)
    if interaction.response.is_done():
        await interaction.edit_original_response(
            embed=hand.embed, view=hand.view, attachments=hand.files
        )
    else:
        await interaction.response.edit_message(
            embed=hand.embed, view=hand.view, attachments=hand.files
        )


async def turn_page(interaction: Interaction, table_id: int, seat: int, page: int) -> None:
    table = clicked_table(interaction, table_id)
    await _update_hand(interaction, table, _seat(table, interaction.user.id, seat), page)


# -- moves -----------------------------------------------------------------------------------


async def _move(
    interaction: Interaction,
    table: Table,
    seat: int,
    action: str,
    counter: int | None,
    *,
    in_place: bool,
) -> None:
    """Make a move; then show the hand, in the clicked message or in a new one."""
    if in_place:
        await interaction.response.defer()
    else:
        await _thinking(interaction)
    await _manager(interaction).act(table, interaction.user.id, action, counter)
    async with _made(t("Your move was made, but your hand could not be shown: open it again.")):
        if in_place:
            await _update_hand(interaction, table, seat, 0)
            return
        await _send_hand(interaction, await _hand(interaction, table, seat, 0))


@asynccontextmanager
async def _made(told: str) -> AsyncIterator[None]:
    """Showing a change that is already stored: if that fails, the person is ``told`` that
    the change was made, never that the game is unchanged."""
    try:
        yield
    except Exception as error:
        raise NotShown(told) from error


def _needs_value(table: Table, token: str) -> bool:
    kind, _, card = token.partition(":")
    return kind == "play" and card in table.spec.inputs.valued


async def _ask_value(interaction: Interaction, table: Table, seat: int, token: str) -> None:
    card = token.split(":")[1]
    name = table.spec.text.card_name(card)
    acted = table.seats[seat].acted
    await interaction.response.send_modal(ValueModal(table.id, seat, acted, card, name))


async def pick(interaction: Interaction, table_id: int, seat: int, acted: int, token: str) -> None:
    """A move chosen in a hand (button or select), made for the seat's counter ``acted``."""
    table = clicked_table(interaction, table_id)
    own = _seat(table, interaction.user.id, seat)
    if _needs_value(table, token):
        if not table.playing or acted != table.seats[own].acted:
            raise OutOfDate
        await _ask_value(interaction, table, own, token)
        return
    if token.startswith("callout:"):
        await interaction.response.defer()
        await _manager(interaction).act(table, interaction.user.id, token, acted)
        name = table.names[int(token.split(":")[1])]
        async with _made(t("You called out {name}.", name=name)):
            await interaction.edit_original_response(
                content=t("You called out {name}.", name=name),
                embed=None,
                view=None,
                attachments=[],
            )
        return
    await _move(interaction, table, own, token, acted, in_place=True)


def _total(typed: str) -> int:
    try:
        value = int(typed.strip())
    except ValueError:
        value = -1
    if not 0 <= value <= 100:
        raise TableError(
            t("The total must be a whole number from 0 to 100, not “{typed}”.", typed=echo(typed))
        )
    return value


async def submit_value(
    interaction: Interaction, table_id: int, seat: int, acted: int, card: str, typed: str
) -> None:
    """The total typed for AS or AC: from a hand (in place) or after /play (a new message)."""
    value = _total(typed)
    table = clicked_table(interaction, table_id)
    own = _seat(table, interaction.user.id, seat)
    in_place = interaction.message is not None
    await _move(interaction, table, own, f"play:{card}:{value}", acted, in_place=in_place)


async def play(interaction: Interaction, typed: str, value: int | None) -> None:
    """/play card: [value:]: a suggested move, a card code or a card's name."""
    table = channel_table(interaction)
    seat = _seat(table, interaction.user.id)
    if not table.playing:
        raise TableError(t("The game has not started yet."))
    wanted = typed.strip()
    if not wanted:
        raise TableError(t("Name your move: pick one of the suggestions, or type a card."))
    choices = hand_choices(table.game, table.rules.legal_actions(table.state, seat))
    choice = resolve_choice(choices, wanted)
    if choice is None:  # not a move now: the engine says why
        action = wanted if ":" in wanted else f"play:{wanted}"
    elif choice.needs_value:
        if value is None:
            await _ask_value(interaction, table, seat, choice.token)
            return
        action = f"{choice.token}:{_total(str(value))}"
    elif value is not None:
        raise TableError(t("Only the Ace of Spades or the Ace of Clubs takes a value."))
    else:
        action = choice.token
    try:
        await _move(interaction, table, seat, action, None, in_place=False)
    except GameError as refused:  # name what was understood, briefly
        raise GameError("“{typed}”: {reason}", typed=echo(wanted), reason=refused) from None


def suggestions(interaction: Interaction, typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of /play: the person's moves now, at most 25."""
    table = _manager(interaction).by_channel.get(interaction.channel_id or 0)
    seat = table.seat_of(interaction.user.id) if table is not None else None
    if table is None or seat is None or not table.playing:
        return []
    choices = hand_choices(table.game, table.rules.legal_actions(table.state, seat))
    return [app_commands.Choice(name=c.label, value=c.token) for c in suggest(choices, typed)]


async def simple_move(interaction: Interaction, action: str) -> None:
    """/draw and /pass."""
    table = channel_table(interaction)
    seat = _seat(table, interaction.user.id)
    await _move(interaction, table, seat, action, None, in_place=False)


# -- penúltima -------------------------------------------------------------------------------


async def say_penultima(interaction: Interaction, table: Table, *, in_place: bool) -> None:
    """Penúltima!: a late declaration if one is open to the person (house rule), else a mark
    on their next play. The answer is the same whether or not it matters now."""
    seat = _seat(table, interaction.user.id)
    if table.playing and "penultima" in table.rules.legal_actions(table.state, seat):
        await _move(interaction, table, seat, "penultima", None, in_place=in_place)
        return
    if in_place:
        await interaction.response.defer()
    else:
        await _thinking(interaction)
    await _manager(interaction).say_penultima(table, interaction.user.id)
    if in_place:
        await _update_hand(interaction, table, seat, 0)
    else:
        await tell(interaction, t("Noted: your next play says “penúltima”."))


async def say_from_hand(interaction: Interaction, table_id: int, seat: int) -> None:
    table = clicked_table(interaction, table_id)
    _seat(table, interaction.user.id, seat)
    await say_penultima(interaction, table, in_place=True)


async def call_out(
    interaction: Interaction, table: Table, player: discord.abc.User | None = None
) -> None:
    """Call out a missed penúltima: of ``player``, or of whoever can be called now."""
    seat = _seat(table, interaction.user.id)
    if not table.playing or not table.spec.inputs.penultima:
        raise TableError(t("Call-outs belong to a game of Centocinque."))
    if player is not None:
        target = table.seat_of(player.id)
        if target is None:
            raise TableError(t("{name} is not at this table.", name=player.display_name))
        targets = [target]
    else:
        legal = table.rules.legal_actions(table.state, seat)
        targets = [int(a.split(":")[1]) for a in legal if a.startswith("callout:")]
        if not targets:
            await tell(interaction, t("Nobody can be called out for penúltima right now."))
            return
        if len(targets) > 1:
            await interaction.response.send_message(
                t("Whom do you call out?"), view=callout_view(table, seat, targets), ephemeral=True
            )
            return
    await _thinking(interaction)
    await _manager(interaction).act(table, interaction.user.id, f"callout:{targets[0]}", None)
    await tell(interaction, t("You called out {name}.", name=table.names[targets[0]]))


# -- the board's buttons ---------------------------------------------------------------------


async def table_button(interaction: Interaction, table_id: int, op: str) -> None:
    if op == "rematch":
        await rematch(interaction, table_id)
        return
    table = clicked_table(interaction, table_id)
    handlers: dict[str, Callable[[Interaction, Table], Awaitable[None]]] = {
        "join": join,
        "leave": leave,
        "ai-easy": partial(add_ai, level="easy"),
        "ai-hard": partial(add_ai, level="hard"),
        "rules": show_rules,
        "start": start,
        "cancel": end,
        "hand": show_hand,
        "callout": call_out,
    }
    handler = handlers.get(op)
    if handler is None:
        raise TableError(t("This button is no longer in use."))
    await handler(interaction, table)
