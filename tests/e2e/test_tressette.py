"""Tressette on Discord: two people and two AI seats play a four-seat match in partnerships to
its result (a lead with a signal picked in the hand at one go, and the accuso a person holds
offered on the first turn and shown on the board once declared); at two seats two people play
a whole deal, every card drawn from the stock showing on both hands and on the board, never
before it is drawn; a bot killed in the middle of a deal comes back with the same hands and
answers an old button. No message shows a card of a hand to anyone who may not see it."""

from __future__ import annotations

import re

import pytest

from bot.games import SPECS
from bot.games.text import card_name
from bot.i18n import speaking
from bot.storage.records import Seat
from bot.tables.table import seat_name
from fakediscord import FakeDiscord, Message, SimUser

from .botprocess import BotProcess
from .driver import (
    Store,
    TableRow,
    add_ai,
    board_of,
    make_move,
    moved,
    new_table,
    offered,
    open_hand,
    reseed,
    start,
)
from .hidden import HiddenCardWatch, grouped_cards

pytestmark = pytest.mark.e2e

SETTINGS = {"tables": {"ai_delay": 0.02, "turn_timeout": 60, "board_edit_interval": 0.3}}
ALICE_DECLARES = 17
"""A seed: at four seats Alice (seat 0) leads the first deal holding three 2s, all but the 2 di
Denari (a buongioco), and no other seat holds an accuso."""
BUONGIOCO = "accuse:buongioco:2:d"


def _pick(tokens: list[str]) -> str:
    """What a person picks: an accuso when one is offered, a lead saying busso when it may,
    else the first move."""
    for wanted in ("accuse:", ":busso"):
        found = [t for t in tokens if wanted in t]
        if found:
            return found[0]
    return tokens[0]


async def play_through_hands(
    discord: FakeDiscord, store: Store, table_id: int, people: dict[int, SimUser]
) -> list[str]:
    """The people play through their hands (``_pick``) until the match is over; each hand
    offers exactly the seat's moves. The moves they made."""
    made: list[str] = []
    while True:
        row = store.table(table_id)
        if row.status != "playing":
            return made
        seat = row.turn()
        if seat not in people:
            await discord.wait_for(
                lambda: (r := store.table(table_id)).status != "playing" or r.turn() in people,
                30,
                "a person's turn",
            )
            continue
        hand = await open_hand(people[seat], board_of(discord, table_id))
        assert offered(hand) == row.choices(seat) == row.legal(seat)
        token = _pick(offered(hand))
        assert (await make_move(people[seat], hand, token)).error is None
        await moved(discord, store, table_id, row.moves)
        made.append(token)


async def _declares_on_her_first_turn(
    discord: FakeDiscord, store: Store, row: TableRow, alice: SimUser
) -> None:
    """Alice's hand offers the one accuso she holds on her first turn, with her leads; once she
    declares it she is still on turn, it is offered no more, and the board shows it."""
    hand = await open_hand(alice, board_of(discord, row.id))
    assert [t for t in offered(hand) if t.startswith("accuse:")] == [BUONGIOCO]
    assert offered(hand) == row.legal(0) and any(t.startswith("play:") for t in offered(hand))
    assert "declared" not in board_of(discord, row.id).text
    assert (await make_move(alice, hand, BUONGIOCO)).error is None
    row = await moved(discord, store, row.id, row.moves)
    assert row.turn() == 0 and not any(t.startswith("accuse:") for t in row.legal(0))
    declared = _lines(row, None, "declared")
    assert declared == ["Alice declared a buongioco of three 2s (all but Denari)."]
    await discord.wait_for(
        lambda: declared[0] in board_of(discord, row.id).text, what="the accuso on the board"
    )


async def test_two_people_and_two_ai_seats_play_four_handed_to_the_result(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "tressette", join=(bob,))
        board = board_of(discord, table_id)
        for level in ("easy", "hard"):
            await add_ai(alice, board, level)
        await reseed(bot_process, store, table_id, ALICE_DECLARES)
        row = await start(discord, store, alice, table_id)
        assert len(row.seats) == 4 and row.seat_of(alice) == row.turn() == 0
        await _declares_on_her_first_turn(discord, store, row, alice)
        people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
        made = await play_through_hands(discord, store, table_id, people)
    assert any(token.endswith(":busso") for token in made)
    assert len(made) >= 20  # ten tricks a round, at least two rounds to 21

    outcome, places = store.match(table_id)
    assert outcome["sides"] == [[0, 2], [1, 3]]
    assert all(sum(points) >= 11 for points in outcome["deal_points"])  # 11, and the accusi
    winners = outcome["ranking"][0]
    assert max(outcome["points"]) >= 21 and len(winners) == 2
    assert all(places[s] == 1 for s in winners)
    assert all(places[s] == 2 for s in range(4) if s not in winners)
    assert outcome["points"][0] == sum(p[0] for p in outcome["deal_points"])
    await discord.wait_for(lambda: "match over" in board_of(discord, table_id).text)
    await discord.wait_for(
        lambda: any("Match over" in m.content for m in discord.messages()),
        what="the result announced",
    )
    stats = await (await bob.slash("league stats")).wait_message()
    assert "Rounds won" in stats.text and "last tricks taken" in stats.text
    own = await (await alice.slash("league stats")).wait_message()
    assert re.search(r"accusi declared [1-9]", own.text), own.text  # her buongioco, at least
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def test_play_declares_an_accuso_and_leads_with_a_word(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """/play offers what the hand offers, the accuso and the leads with their words included,
    and makes each."""
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice = discord.user("alice")
    table_id = await new_table(discord, store, alice, "tressette")
    for _ in range(3):
        await add_ai(alice, board_of(discord, table_id))
    await reseed(bot_process, store, table_id, ALICE_DECLARES)
    row = await start(discord, store, alice, table_id)
    suggested = (await alice.autocomplete("play", "card", "")).choices
    assert suggested is not None and [c["value"] for c in suggested] == row.choices(0)[:25]
    assert BUONGIOCO in row.choices(0)[:25]  # the accuso comes first, within the 25 shown
    assert "Your hand" in (await (await alice.slash("play", card=BUONGIOCO)).wait_message()).text
    row = await moved(discord, store, table_id, row.moves)
    lead = next(t for t in row.legal(0) if t.endswith(":busso"))
    assert "Your hand" in (await (await alice.slash("play", card=lead)).wait_message()).text
    row = await moved(discord, store, table_id, row.moves)
    assert [m[2] for m in store.moves(table_id)[:2]] == [BUONGIOCO, lead]
    await discord.wait_for(lambda: "busso" in board_of(discord, table_id).text, what="the word")
    assert discord.rejections == []


def _lines(row: TableRow, seat: int | None, words: str) -> list[str]:
    """The lines of ``seat``'s view (None: the board's) that say ``words``, in English."""
    spec = SPECS["tressette"]
    with speaking("en"):
        view = spec.rules.view(row.engine_state(), seat)
        return [line for line in spec.text.board_lines(view, _names(row)) if words in line]


def _names(row: TableRow) -> list[str]:
    """The seats' names, in English."""
    with speaking("en"):
        return [seat_name(Seat.model_validate(s)) for s in row.seats]


async def test_at_two_seats_a_whole_deal_shows_every_drawn_card_on_both_hands_and_the_board(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = SETTINGS
    await bot_process.start()
    store = bot_process.store()
    alice, bob = discord.user("alice"), discord.user("bob")
    async with HiddenCardWatch(discord, store):
        table_id = await new_table(discord, store, alice, "tressette", join=(bob,))
        row = await start(discord, store, alice, table_id)
        people = {row.seat_of(alice): alice, row.seat_of(bob): bob}
        stock = set(row.engine_state().stock)
        assert len(stock) == 20 and "Stock: 20 cards" in board_of(discord, table_id).text
        drawn: dict[str, int] = {}
        # (a match may end with its first deal: accusi and card points can reach 21 in one)
        while row.status == "playing" and (state := row.engine_state()).deal_no == 1:
            hands = {
                s: await open_hand(user, board_of(discord, table_id)) for s, user in people.items()
            }
            await _drawn_cards_shown(discord, row, hands)
            drawn.update(state.drawn)
            seat = row.turn()
            assert seat is not None
            token = _pick(offered(hands[seat]))
            assert (await make_move(people[seat], hands[seat], token)).error is None
            row = await moved(discord, store, table_id, row.moves)
        assert store.deals(table_id)  # the deal is over and recorded
    assert set(drawn) == stock and set(drawn.values()) == {0, 1}  # every card drawn was shown
    assert discord.rejections == [] and discord.rate_limited == []
    assert "Traceback" not in bot_process.log()


async def _drawn_cards_shown(
    discord: FakeDiscord, row: TableRow, hands: dict[int, Message]
) -> None:
    """Each card drawn and still held shows on both hands, in the drawer's and as known to be
    in it in the other's, and on the board (once its edit comes); no card of the stock shows
    anywhere."""
    state, names = row.engine_state(), _names(row)
    for seat, hand in hands.items():
        assert all(line in hand.text for line in _lines(row, seat, "known to hold"))
        # (no line when the hand is empty: the other seat's last card to play)
        mine = "".join(line for line in hand.text.splitlines() if line.startswith("Your hand:"))
        for card, drawer in state.drawn.items():
            if drawer == seat:
                assert card_name(card) in mine, (card, seat)
            else:
                assert card in _known(hand.text, names[drawer]), (card, seat)

    def board_knows() -> Message | None:
        board = board_of(discord, row.id)
        return board if all(line in board.text for line in _lines(row, None, "known")) else None

    board = await discord.wait_for(board_knows, what="the drawn cards on the board")
    assert all(card in _known(board.text, names[s]) for card, s in state.drawn.items())
    shown = [board.text] + [hand.text for hand in hands.values()]
    for card in state.stock:
        assert not any(card_name(card) in text or card in grouped_cards(text) for text in shown)


def _known(text: str, name: str) -> set[str]:
    """The cards a message says ``name`` is known to hold."""
    said = [line for line in text.splitlines() if line.startswith(f"{name} is known to hold")]
    return grouped_cards("\n".join(said))
