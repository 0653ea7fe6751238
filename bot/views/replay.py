"""A finished deal replayed on Discord, privately: the board's picture and text at each step,
every hand face up, the move just made; buttons to the first, previous, next and last step and
by the game's own step (a trick, a turn, a take); its record as a JSON file; a Verify button.

Each click replays the deal afresh from its stored record (a few milliseconds): the custom id
says the deal and the step, so a replay's buttons work after a restart, and a deal pruned
meanwhile is answered as an unknown id."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord.ui import Button

from bot.games import SPECS, GameError
from bot.i18n import t
from bot.records.stepper import Stepper, board_of, face_up
from bot.records.text import (
    STEP_NAMES,
    heading,
    holds,
    problem,
    seat_names,
    step_lines,
)
from bot.records.verify import verify
from bot.tables import TableError
from bot.tables.history import Found, damaged
from bot.views.access import manager, thinking
from bot.views.attach import replay_files
from bot.views.click import Click, Interaction
from bot.views.components import view
from bot.views.errors import tell
from bot.views.render import DESCRIPTION_MAX, clip
from bot.views.services import services

COLOUR = 0x9B59B6
DEAL = "[a-z0-9]{1,16}"  # a custom id's deal: checked as an id when clicked


def _guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise TableError(t("Replays are of a server's deals: use /replay in its channels."))
    return interaction.guild_id


async def _found(interaction: Interaction, deal: str) -> Found:
    return await manager(interaction).history.find(_guild(interaction), deal)


async def _step_message(
    interaction: Interaction, found: Found, index: int
) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
    """The embed, buttons and picture of step ``index`` (clamped to the deal's steps)."""
    record = found.record
    spec = SPECS[record.game]
    try:
        stepper = Stepper.of(record, found.seed)
    except GameError:  # a stored move edited by hand: Verify names it
        raise damaged(record.id) from None
    index = stepper.clamp(index)
    step = stepper.steps[index]
    last = index == stepper.final
    lines = step_lines(record, step, last)
    embed = discord.Embed(
        title=clip(heading(record, index, len(stepper.steps)), 256),
        description=clip("\n".join(lines), DESCRIPTION_MAX),
        colour=COLOUR,
    )
    embed.set_footer(text=t("Replay of deal {id}", id=record.id))
    embed.url = await services(interaction).league.web.link(
        found.stored.guild_id, f"r/{record.id}", step=index or None
    )
    word = t(STEP_NAMES[spec.step.name])

    def to(target: int, label: str, tag: str, disabled: bool) -> Button[Any]:
        custom_id = StepButton.make_id(deal=record.id, step=target, tag=tag)
        return Button(label=label, custom_id=custom_id, disabled=disabled)

    buttons = [
        to(0, t("⏮ First"), "f", index == 0),
        to(index - 1, t("◀ Back"), "b", index == 0),
        to(index + 1, t("Next ▶"), "n", last),
        to(stepper.final, t("Last ⏭"), "l", last),
    ]
    if not stepper.by_move:
        buttons += [
            to(stepper.back(index), t("◀ {step}", step=word), "sb", index == 0),
            to(stepper.ahead(index), t("{step} ▶", step=word), "sn", last),
        ]
    verify_button: Button[Any] = Button(
        label=t("Verify"),
        custom_id=VerifyButton.make_id(deal=record.id),
        style=discord.ButtonStyle.secondary,
    )
    pictures = services(interaction).choices.pictures(interaction.guild_id or 0)
    files = []
    if pictures:
        board, hands = board_of(record, step), face_up(record, step, last)
        files = await replay_files(record.game, board, seat_names(record), hands, embed)
    return embed, view(*buttons, verify_button), files


async def open_replay(interaction: Interaction, deal: str, file: bool) -> None:
    """``/replay deal: file:``: the deal's first step, privately; with its record attached."""
    await thinking(interaction)
    found = await _found(interaction, deal)
    embed, buttons, files = await _step_message(interaction, found, 0)
    if file:
        data = found.record.dumps().encode()
        name = f"tavolo-{found.record.game}-{found.record.id}.json"
        files.append(discord.File(io.BytesIO(data), filename=name))
    await interaction.followup.send(embed=embed, view=buttons, files=files, ephemeral=True)


async def suggestions(
    interaction: Interaction, typed: str
) -> list[discord.app_commands.Choice[str]]:
    """The autocomplete of ``deal:``: this channel's recent deals, then the person's own."""
    if interaction.guild_id is None:
        return []
    found = await manager(interaction).history.recent(
        interaction.guild_id, interaction.channel_id, interaction.user.id
    )
    typed = typed.strip().lower()
    out = []
    for deal in found:
        if typed and typed not in deal.short_id:
            continue
        name = t(
            "{id} · {game} · deal {deal} · {when}",
            id=deal.short_id,
            game=t(SPECS[deal.game].title) if deal.game in SPECS else deal.game,
            deal=deal.deal,
            when=deal.finished_at[:16].replace("T", " "),
        )
        out.append(discord.app_commands.Choice(name=clip(name, 100), value=deal.short_id))
    return out[:25]


class StepButton(
    Click[Button[Any]],
    layout="tv:rp:{deal}:{step}:{tag}",
    what="replay step",
    text={"deal": DEAL, "tag": "[a-z]{1,2}"},
):
    """Turns a replay to another step, even after a restart (the deal is replayed afresh)."""

    async def clicked(self, interaction: Interaction) -> None:
        found = await _found(interaction, self.fields["deal"])
        embed, buttons, files = await _step_message(interaction, found, self.number("step"))
        await interaction.response.edit_message(embed=embed, view=buttons, attachments=files)


class VerifyButton(
    Click[Button[Any]], layout="tv:rv:{deal}", what="replay verify", text={"deal": DEAL}
):
    """Checks the deal's record as ``python -m bot verify`` would, and says what it found."""

    async def clicked(self, interaction: Interaction) -> None:
        found = await _found(interaction, self.fields["deal"])
        verdict = verify(found.record)
        lines = [problem(p) for p in (*verdict.notes, *verdict.problems)]
        if verdict.ok:
            lines.append(t(holds(found.record, len(verdict.notes))))
        await tell(interaction, "\n".join(lines))


CLICKS = (StepButton, VerifyButton)
