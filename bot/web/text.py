"""The pages' words, in the reader's language (the templates hold none of their own)."""

from __future__ import annotations

from bot.i18n import t, tn


def words() -> dict[str, str]:
    """Every fixed word of the pages, for the templates, in the current language."""
    return {
        "standings": t("Standings"),
        "all_games": t("All games"),
        "season": t("Season"),
        "rank": t("#"),
        "player": t("Player"),
        "points": t("Pts"),
        "rating": t("Rating"),
        "week": t("Week"),
        "played": t("Played"),
        "won": t("Won"),
        "previous": t("◀ Previous"),
        "next": t("Next ▶"),
        "live_tables": t("Live tables"),
        "no_tables": t("No table is being played right now."),
        "no_matches": t("No league matches in this season yet."),
        "no_chart": t("No rated match yet."),
        "language": t("Language"),
        "board_note": t("The board follows the game as it is played."),
        "no_script": t("Reload the page to see the latest board."),
        "over": t("This game is over."),
        "missing": t("Nothing here"),
        "missing_note": t("There is no such page, or this server keeps its league private."),
        "broken": t("Something went wrong; please try again later."),
        "busy": t("Too busy"),
        "busy_note": t("Too many live boards are being followed right now; try again in a minute."),
        "moves": t("Moves"),
        "refused": t("Not yet"),
        "replays": t("Replays"),
        "tournaments": t("Tournaments"),
        "no_tournaments": t("No tournament has been held here yet."),
        "champion": t("Champion"),
        "entrant": t("Entrant"),
        "entrants": t("Entrants"),
        "buchholz": t("Buchholz"),
    }


def hidden_name() -> str:
    return t("A player who keeps their name private")


def seat_name(seat: int) -> str:
    return t("Seat {n}", n=seat + 1)


def deal_line(number: int, short_id: str) -> str:
    return t("Deal {deal} ({id}): its replay", deal=number, id=short_id)


def entrant_name(n: int) -> str:
    return t("Entrant {n}", n=n)


def season_title(number: int, name: str, open_: bool) -> str:
    state = t("open") if open_ else t("closed")
    return t("Season {number}: {name} ({state})", number=number, name=name, state=state)


def page_of(page: int, pages: int, players: int) -> str:
    return tn(
        "Page {page} of {pages} · {n} player",
        "Page {page} of {pages} · {n} players",
        players,
        page=page,
        pages=pages,
    )


def chart_label(game: str, matches: int) -> str:
    return tn(
        "{game} rating, the last {n} match",
        "{game} rating, the last {n} matches",
        matches,
        game=game,
    )


def table_line(game: str, names: list[str], moves: int) -> str:
    return tn(
        "{game}: {names} · {n} move",
        "{game}: {names} · {n} moves",
        moves,
        game=game,
        names=", ".join(names),
    )
