"""What the channel is told of a tournament (its heading, its rounds and matches), in the
words of the language being spoken (the service speaks the channel's)."""

from __future__ import annotations

from bot.i18n import N_, t
from bot.storage.tournaments import MatchRecord, Member, Tournament
from bot.text import game_title
from bot.tournaments.rounds import entrant, winner

FORMATS = {"knockout": N_("Knockout"), "swiss": N_("Swiss"), "duplicate": N_("Duplicate")}


def title(tour: Tournament) -> str:
    """The tournament's heading: its game and its format."""
    record = tour.record
    return t(
        "Tournament · {game} · {format}",
        game=game_title(record.game),
        format=t(FORMATS[record.format]),
    )


def not_opened(match: MatchRecord, why: str | None) -> str:
    """A match whose thread Discord refused (``why``), or that failed otherwise (None: the
    log says why), and the pause."""
    if why is None:
        why = t("something went wrong on the way (the log says what).")
    return t(
        "Match {n} of round {round} could not be opened: {why} The tournament is paused; the"
        " organiser resumes it with /tournament start.",
        n=match.n,
        round=match.round,
        why=why,
    )


def summons(match: MatchRecord, people: list[int], until: int) -> str:
    """The players called to their match's thread, and how they show up in time."""
    return t(
        "{people}: your match of round {round} is here. Open **My hand** on the board by"
        " <t:{until}:t> (<t:{until}:R>) to show you are here: a side none of whose players"
        " has opened a hand or made a move by then loses by walkover.",
        people=" ".join(f"<@{u}>" for u in people),
        round=match.round,
        until=until,
    )


def name(tour: Tournament, n: int) -> str:
    return entrant(tour, n).name


def team(members: list[Member]) -> str:
    """An entrant's name: its people's."""
    return " & ".join(m.name for m in members)


def round_text(tour: Tournament, matches: list[MatchRecord]) -> str:
    """A new round's matches and byes, as the channel is told them."""
    lines = [t("**Round {round}**", round=matches[0].round if matches else 0)]
    for m in matches:
        if m.bye:
            lines.append(t("{name}: a bye", name=name(tour, m.sides[0])))
        elif m.result == "walkover":  # a dropped entrant's place in a knockout
            lines.append(result_text(tour, m))
        else:
            lines.append(" – ".join(name(tour, e) for e in m.sides))
    return "\n".join(lines)


def result_text(tour: Tournament, match: MatchRecord) -> str:
    """A match's result, as the channel is told it."""
    names = [name(tour, e) for e in match.sides]
    points = match.points or [0, 0]
    if match.result == "walkover":
        if points[0] == points[1]:
            return t(
                "Round {round}: neither {a} nor {b} showed up in time.",
                round=match.round,
                a=names[0],
                b=names[1],
            )
        won = 0 if points[0] > points[1] else 1
        return t(
            "Round {round}: {winner} wins by walkover against {loser}.",
            round=match.round,
            winner=names[won],
            loser=names[1 - won],
        )
    if points[0] == points[1]:
        told = (
            t(
                "Round {round}: the organiser settles {a} – {b} as a draw.",
                round=match.round,
                a=names[0],
                b=names[1],
            )
            if match.result == "settled"
            else t("Round {round}: {a} and {b} draw.", round=match.round, a=names[0], b=names[1])
        )
        ahead = winner(match)
        if tour.record.format == "knockout" and ahead is not None:
            told += " " + t("{name} goes through, the better seed.", name=name(tour, ahead))
        return told
    won = 0 if points[0] > points[1] else 1
    if match.result == "settled":
        return t(
            "Round {round}: the organiser gives the match to {winner} against {loser}.",
            round=match.round,
            winner=names[won],
            loser=names[1 - won],
        )
    return t(
        "Round {round}: {winner} beats {loser}.",
        round=match.round,
        winner=names[won],
        loser=names[1 - won],
    )
