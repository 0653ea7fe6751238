"""A table's news in move order: each announcement with the move it was made at and the deal
(round, hand) it belongs to, so the publisher sends it before any board showing a later move
or a later deal, and names its deal when it is shown after the next one has begun."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.base import Event
from bot.i18n import t
from bot.tables import Table
from bot.views.outbox import News, Outbox
from bot.views.render import news_lines


def news_of(
    table: Table, events: list[Event], deal: int | None, now: float
) -> tuple[list[News], int | None]:
    """The news of a move's ``events`` (``table`` as it is after the move), made while the
    table was in deal ``deal``; and the deal it is in after them. The events before one that
    begins a deal belong to the deal before it (also when a restart forgot which that was)."""
    begun = table.spec.text.deal_begun
    parts: list[tuple[int | None, list[Event]]] = [(deal, [])]
    for event in events:
        number = begun(event)
        if number is not None:
            if parts[-1][0] is None and number > 1:
                parts[-1] = (number - 1, parts[-1][1])
            parts.append((number, []))
        parts[-1][1].append(event)
    move = table.record.moves
    # A move that begins a deal does not end the match: the match's result, which
    # ``news_lines`` adds to a finished table's news, comes once, with the last part.
    news = [
        News(table, move, part, line, now)
        for i, (part, told) in enumerate(parts)
        if told or i == len(parts) - 1
        for line in news_lines(table, told)
    ]
    return news, parts[-1][0]


def after_its_deal(news: News, deal: int | None) -> bool:
    """Whether a table in deal ``deal`` is past the deal ``news`` belongs to (both known)."""
    return news.deal is not None and deal is not None and news.deal != deal


def named(news: News, deal: int | None) -> str:
    """The announcement's line, naming its deal if the table (in deal ``deal``) is past it
    (in the language spoken)."""
    if news.deal is None or not after_its_deal(news, deal):
        return news.line
    name = news.table.spec.text.deal_news or _deal_news
    # A line that names its deal already (a round's summary) is left as it is.
    label = name(news.deal, "\0").partition("\0")[0].rstrip(" :·—")
    if label and label in news.line:
        return news.line
    return name(news.deal, news.line)


def _deal_news(n: int, news: str) -> str:
    return t("Deal {n}: {news}", n=n, news=news)


def before_board(box: Outbox, deals: dict[int, int | None]) -> Callable[[News], bool]:
    """Which of ``box``'s news must go before its next board edit: that of another table, or
    of a move before the one the board would show, or of a deal before the table's
    (``deals``: each table's deal as last told)."""
    table = next(iter(box.boards.values()))
    deal = deals.get(table.id)

    def before(news: News) -> bool:
        earlier = news.table is not table or news.move < table.record.moves
        return earlier or after_its_deal(news, deal)

    return before
