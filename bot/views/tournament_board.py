"""The tournament's message as text: the sign-up list, then the bracket (a knockout) or the
standings (Swiss, duplicate), then the champion. Pure: the caller speaks the channel's
language."""

from __future__ import annotations

import discord

from bot.gallery import Slot
from bot.i18n import N_, t
from bot.text import game_title
from bot.tournaments import MatchRecord, Tournament, rounds
from bot.tournaments.standings import halves, standings

FORMATS = {"knockout": N_("Knockout"), "swiss": N_("Swiss"), "duplicate": N_("Duplicate")}
DESCRIPTION_MAX = 4096  # characters in an embed's description
COLOUR = discord.Colour.dark_gold()


def title(tour: Tournament) -> str:
    record = tour.record
    return t(
        "Tournament · {game} · {format}",
        game=game_title(record.game),
        format=t(FORMATS[record.format]),
    )


def _status(tour: Tournament) -> str:
    record = tour.record
    if record.status == "signup":
        line = t("Sign-up is open: press **Join**.")
        if record.starts_at is not None:
            line += " " + t("It starts <t:{at}:R>.", at=record.starts_at)
        return line
    if record.status == "cancelled":
        return t("Cancelled.")
    if record.status == "finished":
        champion = rounds.entrant(tour, record.champion).name if record.champion else "—"
        return t("Over. Champion: **{name}**.", name=champion)
    line = t("Round {round} of {rounds}.", round=record.round, rounds=record.rounds)
    if record.status == "paused":
        line += " " + t("Paused.")
    return line


def _match_line(tour: Tournament, m: MatchRecord) -> str:
    names = [rounds.entrant(tour, e).name for e in m.sides]
    if m.bye:
        return t("{name}: a bye", name=names[0])
    line = " – ".join(names)
    if m.status == "playing":
        return line + (f" · <#{m.thread_id}>" if m.thread_id else "")
    if m.status == "void":
        return line + " · " + t("void")
    if m.status == "done" and m.points is not None:
        won = rounds.winner(m)
        if m.points[0] == m.points[1] and tour.record.format != "knockout":
            return line + " · " + t("draw")
        mark = " · " + t("walkover") if m.result == "walkover" else ""
        return line + f" → **{rounds.entrant(tour, won).name if won else '—'}**{mark}"
    return line


def bracket(tour: Tournament) -> list[str]:
    """Every round's matches, the latest last."""
    lines: list[str] = []
    for number in sorted({m.round for m in tour.matches}):
        lines.append(t("**Round {round}**", round=number))
        lines += [_match_line(tour, m) for m in tour.matches if m.round == number]
    return lines


def bracket_slots(tour: Tournament) -> tuple[list[list[Slot]], int] | None:
    """A knockout's rounds as the bracket picture draws them, and its first round's size;
    None before the first round (or for another format)."""
    if tour.record.format != "knockout" or not tour.matches:
        return None
    columns: list[list[Slot]] = []
    for number in sorted({m.round for m in tour.matches}):
        column = []
        for m in sorted((m for m in tour.matches if m.round == number), key=lambda m: m.n):
            names = [rounds.entrant(tour, e).name for e in m.sides]
            won = rounds.winner(m)
            column.append(
                Slot(
                    names[0],
                    names[1] if len(names) > 1 else None,
                    None if won is None else m.sides.index(won),
                )
            )
        columns.append(column)
    return columns, len(columns[0])


def standings_lines(tour: Tournament) -> list[str]:
    record = tour.record
    if record.format == "duplicate":
        totals = rounds.duplicate_totals(tour)
        return [
            t(
                "{place}. {name} · {score:+.1f}",
                place=i,
                name=rounds.entrant(tour, e).name,
                score=totals[e],
            )
            for i, e in enumerate(rounds.final_order(tour), 1)
        ]
    lines = standings(rounds.active(tour), rounds.played(tour.matches))
    return [
        t(
            "{place}. {name} · {points} pts · Buchholz {buchholz}",
            place=i,
            name=rounds.entrant(tour, ln.entrant).name,
            points=halves(ln.score),
            buchholz=halves(ln.buchholz),
        )
        for i, ln in enumerate(lines, 1)
    ]


def body(tour: Tournament) -> str:
    """The message's text, clipped to what an embed's description holds."""
    lines = [_status(tour), ""]
    if tour.record.status == "signup" or not tour.matches:
        lines.append(t("Entrants: {n}", n=len(tour.entrants)))
        lines += [f"{e.n}. {e.name}" for e in tour.entrants]
    elif tour.record.format == "knockout":
        lines += bracket(tour)
    else:
        lines += [t("**Standings**"), *standings_lines(tour), ""]
        current = [m for m in tour.matches if m.round == tour.record.round]
        lines.append(t("**Round {round}**", round=tour.record.round))
        lines += [_match_line(tour, m) for m in current]
    text = "\n".join(lines)
    if len(text) > DESCRIPTION_MAX:
        text = text[: DESCRIPTION_MAX - 1] + "…"
    return text


def embed(tour: Tournament) -> discord.Embed:
    return discord.Embed(title=title(tour), description=body(tour), colour=COLOUR)
