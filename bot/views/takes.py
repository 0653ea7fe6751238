"""A card that takes in several ways (a game's ``Completion``: Scopa): the hand offers it once,
then shows its takes to pick from; ``/play`` suggests each take in full."""

from __future__ import annotations

from typing import Any

import discord

from bot.games import SPECS, GameSpec
from bot.games.moves import Completion, Move, Offer, offers
from bot.i18n import t
from bot.tables import Table
from bot.views import hand
from bot.views.inputs import Choice, Picked, Surface, surface
from bot.views.render import DESCRIPTION_MAX, LABEL_MAX, clip


def takes(game: str, legal: list[str], token: str) -> tuple[list[Choice], list[str]]:
    """The takes of the card of ``token`` for its hand, each labelled in full when they all
    fit a button. When one does not (seven small cards under a Re), the labels are numbered
    and give only the cards taken (the card is named above them), and the lines returned
    list each take in full, numbered alike, so every choice stays readable; otherwise there
    are no lines."""
    spec = SPECS[game]
    completing = _completing(spec, legal, token)
    full = [(done, spec.text.action_label(done)) for done, _ in completing]
    if all(len(label) <= LABEL_MAX for _, label in full):
        return [Choice(done, label) for done, label in full], []
    numbered = [
        (done, f"{i}. " + " + ".join(spec.text.card_name(card) for card in move.takes))
        for i, (done, move) in enumerate(completing, 1)
    ]
    choices = [Choice(done, clip(label, LABEL_MAX)) for done, label in numbered]
    return choices, [f"**{label}**" for _, label in numbered]


def _completing(
    spec: GameSpec[Any, Any, Any], legal: list[str], token: str
) -> tuple[tuple[str, Move], ...]:
    for offer in offers(spec.moves, spec.inputs, legal):
        if offer.token == token and isinstance(offer.need, Completion):
            return offer.completions
    return ()


@surface(Completion)
class TakesSurface(Surface[Completion]):
    def label(self, declared: Completion, card: str) -> str:
        return t(declared.offer, card=card)

    def suggestions(
        self, declared: Completion, spec: GameSpec[Any, Any, Any], offer: Offer
    ) -> list[Choice]:
        """Each take labelled in full ("7 di Bastoni takes 3 di Coppe + 4 di Spade")."""
        label = spec.text.action_label
        return [Choice(done, clip(label(done), LABEL_MAX)) for done, _ in offer.completions]

    async def picked(self, declared: Completion, picked: Picked) -> None:
        await hand.update(picked.interaction, picked.table, picked.seat, 0, picked.choice.token)

    async def played(self, declared: Completion, picked: Picked, value: int | None) -> str | None:
        await hand.show(picked.interaction, picked.table, focus=picked.choice.token)
        return None

    def focus(
        self,
        declared: Completion,
        table: Table,
        seat: int,
        choice: Choice,
        embed: discord.Embed,
    ) -> discord.ui.View | None:
        legal = table.rules.legal_actions(table.state, seat)
        shown, listed = takes(table.game, legal, choice.token)
        if not shown:
            return None
        name = table.spec.text.card_name(choice.card) if choice.card else ""
        asked = "\n".join([t(declared.ask, card=name), *listed])
        embed.description = clip(f"{embed.description}\n\n{asked}", DESCRIPTION_MAX)
        return hand.hand_view(table, seat, shown, 0, back=True)
