"""The tournament's message as text: the sign-up list, then the bracket (a knockout) or the
standings (Swiss, duplicate), then the champion. Pure: the caller speaks the channel's
language."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.gallery import Slot
from bot.i18n import t
from bot.pictures.standings_table import Row
from bot.records.fair import SHORT, tournament_commitment
from bot.tournaments import MatchRecord, Tournament, rounds, words
from bot.tournaments.standings import Line, halves, standings
from bot.views.render import fit_lines

DESCRIPTION_MAX = 4096  # characters in an embed's description
COLOUR = discord.Colour.dark_gold()


@dataclass(frozen=True)
class Standings:
    """What the standings picture is drawn from: a line under the title, the headings, the
    rows best first."""

    subtitle: str
    columns: tuple[str, ...]
    rows: list[Row]


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


def _ranked_duplicate(tour: Tournament) -> list[tuple[str, float]]:
    """A duplicate's entrants best first, with their added-up margins."""
    totals = rounds.duplicate_totals(tour)
    return [(rounds.entrant(tour, e).name, totals[e]) for e in rounds.final_order(tour)]


def _ranked_swiss(tour: Tournament) -> list[tuple[str, Line]]:
    """A Swiss's entrants best first, with their score and tie-breaks."""
    lines = standings(rounds.active(tour), rounds.played(tour.matches))
    return [(rounds.entrant(tour, ln.entrant).name, ln) for ln in lines]


def standings_lines(tour: Tournament) -> list[str]:
    if tour.record.format == "duplicate":
        return [
            t("{place}. {name} · {score:+.1f}", place=i, name=name, score=score)
            for i, (name, score) in enumerate(_ranked_duplicate(tour), 1)
        ]
    return [
        t(
            "{place}. {name} · {points} pts · Buchholz {buchholz}",
            place=i,
            name=name,
            points=halves(ln.score),
            buchholz=halves(ln.buchholz),
        )
        for i, (name, ln) in enumerate(_ranked_swiss(tour), 1)
    ]


def standings_table(tour: Tournament) -> Standings | None:
    """A Swiss's or a duplicate's standings as the standings picture draws them (its
    subtitle, headings and rows); None before the first round (or for a knockout)."""
    record = tour.record
    if record.format == "knockout" or not tour.matches:
        return None
    at = t("Round {round} of {rounds}.", round=record.round, rounds=record.rounds) + " "
    if record.format == "duplicate":
        rows = [
            Row(i, name, (f"{score:+.1f}",))
            for i, (name, score) in enumerate(_ranked_duplicate(tour), 1)
        ]
        return Standings(
            at + t("Each round: the margin over the tables that held the same cards."),
            (t("#"), t("Player"), t("Margin")),
            rows,
        )
    rows = [
        Row(i, name, (halves(ln.score), halves(ln.buchholz)))
        for i, (name, ln) in enumerate(_ranked_swiss(tour), 1)
    ]
    return Standings(
        at + t("Ties broken by Buchholz, then head to head."),
        (t("#"), t("Player"), t("Pts"), "Buchholz"),
        rows,
    )


def _commitment(tour: Tournament) -> list[str]:
    """The line showing what the tournament's deals were fixed by, before anyone signed up
    (none for a tournament opened before commitments)."""
    record = tour.record
    if record.secret is None:
        return []
    found = tournament_commitment(record.secret, record.guild_id, record.id)
    return [
        t(
            "Deals fixed in advance: `{commitment}` (SHA-256 of the tournament's secret,"
            " revealed in its deals' records once it is over)",
            commitment=found[:SHORT],
        )
    ]


def body(tour: Tournament) -> str:
    """The message's text, as many of its lines as an embed's description holds (a field of
    256 with long names does not fit) and then how many more there are."""
    lines = [_status(tour), *_commitment(tour), ""]
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
    return fit_lines(lines, DESCRIPTION_MAX)


def embed(tour: Tournament) -> discord.Embed:
    return discord.Embed(title=words.title(tour), description=body(tour), colour=COLOUR)
