"""Tournaments through the fake Discord, on both databases: a knockout of eight and one of
six (byes to the top seeds) with a restart mid-round, a Swiss of seven over three rounds
(its standings drawn), a duplicate of four tables dealt alike and a double walkover, a
walkover of the one who did not show to the one who did, a settle, a deleted thread, bad
input."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest

from fakediscord import FakeDiscord
from fakediscord.models import Attachment, Channel, Message
from fakediscord.permissions import CREATE_PUBLIC_THREADS, MANAGE_GUILD
from fakediscord.users import Reply, SimUser

from .botprocess import BotProcess
from .driver import Store, board_of, open_hand

pytestmark = pytest.mark.e2e

QUIET = {"tables": {"turn_timeout": 3600, "ai_delay": 0}}  # nobody's turn runs out meanwhile
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"]
NAMES += ["ivy", "jon", "kim", "lou", "max", "ned", "oli", "pam"]


def tournament_message(discord: FakeDiscord, channel: Channel | None = None) -> Message:
    found = [m for m in discord.messages(channel) if m.embeds and "Tournament ·" in m.text]
    assert found, "no tournament message"
    return found[-1]


async def open_tournament(
    discord: FakeDiscord, organiser: SimUser, people: int, **options: Any
) -> list[SimUser]:
    told = await answer(await organiser.slash("tournament new", **options))
    assert "is open" in told, told
    players = [discord.user(name) for name in NAMES[:people]]
    channel = options.get("channel")
    message = tournament_message(discord, channel)
    for player in players:
        joined = await answer(await player.click(message, label="Join"))
        assert "signed up" in joined, joined
    await discord.wait_for(
        lambda: f"Entrants: {people}" in tournament_message(discord, channel).text,
        5,
        "the entrants",
    )
    return players


async def answer(reply: Reply) -> str:
    """What the person was told, once the bot's deferred answer has come."""
    return (await reply.wait_message(10)).content


async def started(
    discord: FakeDiscord, bot_process: BotProcess, people: int, **options: Any
) -> tuple[Store, SimUser]:
    """The bot up, a tournament opened by "boss" with ``people`` signed up, and started."""
    bot_process.settings = QUIET
    await bot_process.start()
    boss = discord.user("boss")
    await open_tournament(discord, boss, people, **options)
    told = await answer(await boss.slash("tournament start"))
    assert "under way" in told, told
    return bot_process.store(), boss


def matches(store: Store) -> list[dict[str, Any]]:
    rows = store._query("SELECT * FROM tournament_matches ORDER BY round, n")
    return [{**dict(r), "sides": json.loads(r["sides"])} for r in rows]


def round_open(store: Store, number: int) -> bool:
    """Whether the round's matches are all being played (or are byes)."""
    found = [m for m in matches(store) if m["round"] == number]
    return bool(found) and all(m["status"] != "pending" for m in found)


def said(discord: FakeDiscord, text: str) -> bool:
    return any(text in m.text for m in discord.messages())


async def settle_round(discord: FakeDiscord, store: Store, organiser: SimUser, number: int) -> None:
    for match in [m for m in matches(store) if m["round"] == number and m["status"] == "playing"]:
        done = await answer(
            await organiser.slash("tournament settle", round=number, match=match["n"])
        )
        assert "settled" in done, done


async def test_a_knockout_of_eight_then_of_six_with_byes_and_a_restart(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, boss = await started(discord, bot_process, 8, game="briscola", format="knockout")
    await discord.wait_for(
        lambda: len(discord.world.threads_of(discord.channel)) == 4, 10, "4 threads"
    )
    threads = discord.world.threads_of(discord.channel)
    assert all(t.name.startswith("Round 1: ") for t in threads)
    await discord.wait_for(lambda: all(discord.messages(t) for t in threads), 10, "boards")
    await settle_round(discord, store, boss, 1)
    await discord.wait_for(partial(round_open, store, 2), 10, "round 2 being played")
    await bot_process.restart()  # mid-round: its two matches are being played
    await settle_round(discord, store, boss, 2)
    await discord.wait_for(lambda: any(m["round"] == 3 for m in matches(store)), 10, "the final")
    await settle_round(discord, store, boss, 3)
    await discord.wait_for(lambda: said(discord, "Champion: **"), 10, "the champion")
    assert len(discord.world.threads_of(discord.channel)) == 7

    def bracket_drawn() -> Attachment | None:
        message = tournament_message(discord)
        return message.embed_image() if "Round 3" in message.text else None

    bracket = await discord.wait_for(bracket_drawn, 10, "the final's bracket, as a picture")
    assert bracket.filename == "bracket.png" and bracket.dimensions is not None  # beside the text
    assert bracket.dimensions[0] > 600
    past = await answer(await discord.user("ann").slash("tournament history"))
    assert "Tournament · Briscola · Knockout" in past and "champion " in past, past
    # The same channel may run the next one: six, so the two top seeds have byes.
    await open_tournament(discord, boss, 6, game="briscola", format="knockout")
    await boss.slash("tournament start")
    await discord.wait_for(
        lambda: len(discord.world.threads_of(discord.channel)) == 9, 10, "2 more"
    )
    first = [m for m in matches(store) if m["tournament_id"] == 2 and m["round"] == 1]
    assert [m["sides"] for m in first if len(m["sides"]) == 1] == [[1], [2]]
    await discord.wait_for(lambda: said(discord, ": a bye"), 10, "the byes said")
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_swiss_of_seven_over_three_rounds(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, boss = await started(discord, bot_process, 7, game="scopa", format="swiss", rounds=3)
    for number in (1, 2, 3):
        await discord.wait_for(partial(round_open, store, number), 10, f"round {number}")
        if number == 2:  # the bot stops once the round's results are stored, not the next round
            await bot_process.stop()
            store.execute(
                "UPDATE tournament_matches SET status = 'done', result = 'settled',"
                " points = '[1, 1]' WHERE round = 2 AND status = 'playing'"
            )
            store.execute("UPDATE game_tables SET status = 'abandoned' WHERE status = 'playing'")
            await bot_process.start()  # and opens round 3 itself, once its channels are known
            continue
        await settle_round(discord, store, boss, number)
    await discord.wait_for(lambda: said(discord, "Champion: **"), 10, "the champion")
    played = [frozenset(m["sides"]) for m in matches(store) if len(m["sides"]) == 2]
    assert len(played) == 9 and len(set(played)) == 9  # nobody met anyone twice
    byes = [m["sides"][0] for m in matches(store) if len(m["sides"]) == 1]
    assert len(byes) == 3 and len(set(byes)) == 3  # three byes, to three entrants
    assert "Buchholz" in tournament_message(discord).text

    def standings_drawn() -> Attachment | None:
        message = tournament_message(discord)
        return message.embed_image() if "Champion" in message.text else None

    picture = await discord.wait_for(standings_drawn, 10, "the standings, as a picture")
    assert picture.filename == "standings.png" and picture.dimensions is not None
    assert picture.dimensions[1] > 7 * 30  # a row for each of the seven, under the headings
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_duplicate_deals_its_four_tables_alike_and_a_walkover(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, boss = await started(
        discord, bot_process, 8, game="briscola", format="duplicate", rounds=2, grace=5
    )
    await discord.wait_for(
        lambda: len(discord.world.threads_of(discord.channel)) == 4, 10, "4 tables"
    )
    await discord.wait_for(
        lambda: all(m["table_id"] for m in matches(store)), 10, "the tables stored"
    )
    tables = [store.table(m["table_id"]) for m in matches(store)]
    assert len({t.seed for t in tables}) == 1
    decks = {json.dumps(t.state, sort_keys=True) for t in tables}
    assert len(decks) == 1  # every table's cards in the same order, the same hands
    # Nobody moves: after the grace time every match is a double walkover, round 2 is dealt.
    await discord.wait_for(lambda: said(discord, "showed up in time"), 15, "the walkovers")
    await discord.wait_for(lambda: any(m["round"] == 2 for m in matches(store)), 10, "round 2")
    assert all(t.status == "abandoned" for t in (store.table(x.id) for x in tables))
    cancelled = await answer(await boss.slash("tournament cancel"))
    assert "cancelled" in cancelled, cancelled
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_no_show_loses_by_walkover_to_the_one_who_showed(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    # The grace time is the command's shortest, 5 s; it runs on the bot's clock from the
    # table's start. The one on turn never comes; the other, who has no move to make, opens
    # their hand as soon as the board is up (well within it).
    store, _ = await started(discord, bot_process, 2, game="briscola", format="knockout", grace=5)
    await discord.wait_for(lambda: discord.world.threads_of(discord.channel), 10, "a thread")
    (thread,) = discord.world.threads_of(discord.channel)
    table_id = await discord.wait_for(lambda: matches(store)[0]["table_id"], 10, "its table")
    await discord.wait_for(lambda: discord.messages(thread), 10, "its board")
    players = list(map(discord.user, NAMES[:2]))
    summons = await discord.wait_for(
        lambda: next((m for m in discord.messages(thread) if "Open **My hand**" in m.text), None),
        10,
        "the players called to their match",
    )
    assert {u.id for u in summons.pinged} == {u.id for u in players}
    row = store.table(table_id)
    on_turn = row.turn()
    assert on_turn is not None
    seat = 1 - on_turn
    shows = next(u for u in players if u.id == row.seats[seat]["user_id"])
    await open_hand(shows, board_of(discord, table_id, thread))
    # The other never moves: after the grace time they lose by walkover, and the one who
    # showed is the champion.
    await discord.wait_for(lambda: said(discord, "wins by walkover"), 15, "the walkover")
    name = row.seats[seat]["name"]
    assert said(discord, f"Round 1: {name} wins by walkover against ")
    (match,) = matches(store)
    assert match["result"] == "walkover" and match["status"] == "done"
    points = json.loads(match["points"])
    assert points[seat % 2] > points[1 - seat % 2]  # seat s plays for side s % 2
    await discord.wait_for(lambda: said(discord, f"Champion: **{name}**"), 10, "the champion")
    assert store.table(table_id).status == "abandoned" and store.table(table_id).moves == 0
    assert discord.rejections == [] and discord.rate_limited == []


async def test_bad_input_gets_a_clear_answer_and_loses_nothing(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = QUIET
    await bot_process.start()
    store = bot_process.store()
    boss, ann = discord.user("boss"), discord.user("ann")
    early = await answer(await boss.slash("tournament start"))
    assert "no tournament in this channel" in early, early
    players = await open_tournament(discord, boss, 1, game="briscola", format="knockout")
    again = await answer(await players[0].click(tournament_message(discord), label="Join"))
    assert "already signed up" in again, again
    second = await answer(await boss.slash("tournament new", game="scopa", format="knockout"))
    assert "already has a tournament" in second, second
    few = await answer(await boss.slash("tournament start"))
    assert "at least two entrants: 1" in few, few
    not_boss = await answer(await ann.slash("tournament start"))
    assert "Only the organiser" in not_boss, not_boss
    await discord.user("bob").click(tournament_message(discord), label="Join")
    await boss.slash("tournament start")
    late = await answer(await discord.user("cy").slash("tournament join"))
    assert "sign-up is closed" in late, late
    nothing = await answer(await boss.slash("tournament settle", round=1, match=7))
    assert "no match 7 in round 1" in nothing, nothing
    await discord.wait_for(
        lambda: len(discord.world.threads_of(discord.channel)) == 1, 10, "a thread"
    )
    (thread,) = discord.world.threads_of(discord.channel)
    discord.world.delete_thread(thread)
    await discord.wait_for(lambda: said(discord, "played again"), 10, "the match moved")
    await discord.wait_for(
        lambda: len(discord.world.threads_of(discord.channel)) == 1, 10, "a new one"
    )
    assert discord.world.threads_of(discord.channel)[0].id != thread.id
    await discord.wait_for(
        lambda: [m["status"] for m in matches(store)] == ["playing"], 10, "the match on again"
    )
    # Nobody at a match's table may end it, or hand the other side's seat to the AI: the
    # organiser decides it with /tournament. Nor may a player leave it to the AI: withdrawing
    # is /tournament leave (a walkover).
    (moved,) = discord.world.threads_of(discord.channel)
    for player in (ann, discord.user("bob")):
        ended = await answer(await player.slash("table end", channel=moved))
        assert "the organiser decides it with /tournament settle" in ended, ended
        kicked = await answer(await player.slash("table kick", channel=moved, seat=1))
        assert "the organiser decides it with /tournament settle" in kicked, kicked
        left = await answer(await player.slash("table leave", channel=moved))
        assert "a tournament's match" in left and "use /tournament leave" in left, left
    row = store.table(matches(store)[0]["table_id"])
    assert row.status == "playing" and not any(s["away"] for s in row.seats)
    # Without Create Public Threads, /tournament new says what is missing.
    other = discord.create_channel("other")
    everyone = discord.world.guilds[discord.guild.id].everyone
    discord.world.set_permissions(other, everyone, deny=CREATE_PUBLIC_THREADS)
    refused = await answer(
        await boss.slash("tournament new", channel=other, game="scopa", format="knockout")
    )
    assert "I need Create Public Threads here" in refused, refused
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_duplicate_deal_is_replayed_once_no_table_dealt_alike_is_left(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, boss = await started(
        discord, bot_process, 4, game="briscola", format="duplicate", rounds=2, ai_fill=True
    )
    await discord.wait_for(partial(round_open, store, 1), 10, "round 1")
    first, _ = matches(store)
    (thread, _) = discord.world.threads_of(discord.channel)
    assert thread.id == first["thread_id"]
    people = {u.id: u for u in map(discord.user, NAMES[:4])}
    # The first table's players withdraw: the AI plays their seats out (a duplicate where
    # the AI may fill a seat).
    for seat in store.table(first["table_id"]).seats:
        user = people[seat["user_id"]]
        left = await answer(await user.slash("tournament leave", channel=thread))
        assert "You left the tournament: the AI plays your seats to the end" in left, left
    await discord.wait_for(
        lambda: store.table(first["table_id"]).status == "finished", 60, "the first table"
    )
    deal = store.deals(first["table_id"])[0][0]
    ann = discord.user("ann")
    for file in (False, True):  # the other table is dealt the same cards, and is not over
        refused = await answer(await ann.slash("replay", deal=deal, file=file))
        assert "dealt at other tables of a tournament too" in refused, refused
    listed = await (await ann.slash("table history", channel=thread)).wait_message(10)
    assert "Its result is shown once every table dealt alike is over" in listed.text, listed
    cancelled = await answer(await boss.slash("tournament cancel"))
    assert "cancelled" in cancelled, cancelled
    shown = await (await ann.slash("replay", deal=deal)).wait_message(10)
    assert "Replay of deal" in shown.embeds[0]["footer"]["text"], shown.embeds
    # Over: the tournament's secret is in the record, and proves the deal was fixed before
    # the sign-up message showed its commitment.
    assert "Deals fixed in advance: `" in tournament_message(discord).text
    verdict = await (await ann.click(shown, label="Verify")).wait_message()
    assert "The record holds: the deck was fixed before anyone signed up" in verdict.text
    assert discord.rejections == [] and discord.rate_limited == []


def tournament_status(store: Store) -> str:
    return str(store._query("SELECT status FROM tournaments ORDER BY id DESC")[0]["status"])


async def test_a_thread_then_the_channel_deleted_while_the_bot_is_away(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, boss = await started(discord, bot_process, 2, game="briscola", format="knockout")
    await discord.wait_for(partial(round_open, store, 1), 10, "the match")
    (thread,) = discord.world.threads_of(discord.channel)
    await discord.wait_for(lambda: discord.messages(thread), 10, "its board")
    first = matches(store)[0]
    await bot_process.stop()
    discord.world.delete_thread(thread)  # no event reaches the bot
    await bot_process.start()
    await discord.wait_for(lambda: said(discord, "played again from the start"), 20, "moved")

    def moved() -> bool:
        now = matches(store)[0]
        return bool(now["status"] == "playing" and now["table_id"] != first["table_id"])

    await discord.wait_for(moved, 10, "the match played again")
    assert store.table(first["table_id"]).status == "abandoned"
    (again,) = discord.world.threads_of(discord.channel)
    assert again.id != thread.id
    await bot_process.stop()
    first_channel = discord.channel.id
    discord.world.delete_channel(discord.channel)  # the tournament's own channel, with it
    await bot_process.start()
    await discord.wait_for(lambda: tournament_status(store) == "cancelled", 20, "cancelled")
    await discord.wait_for(
        lambda: store.table(matches(store)[0]["table_id"]).status == "abandoned", 10, "ended"
    )
    # Nothing is left open: the server's history has it, and a new one runs elsewhere, its
    # channel deleted while the bot is there this time.
    room = discord.create_channel("cards")
    past = await answer(await boss.slash("tournament history", channel=room))
    assert "cancelled" in past, past
    await open_tournament(discord, boss, 2, channel=room, game="scopa", format="knockout")
    assert "under way" in await answer(await boss.slash("tournament start", channel=room))
    await discord.wait_for(lambda: discord.world.threads_of(room), 10, "its thread")
    discord.world.delete_channel(room)
    await discord.wait_for(lambda: tournament_status(store) == "cancelled", 10, "cancelled")
    # What found each deleted channel gone: a send there, answered Unknown Channel.
    gone = {thread.id, again.id, first_channel, room.id}
    assert {r.error["code"] for r in discord.rejections if r.error} == {10003}
    assert {int(r.path.split("/")[4]) for r in discord.rejections} <= gone
    assert discord.rate_limited == []


async def test_the_organiser_leaves_and_someone_who_may_manage_the_server_runs_it(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    bot_process.settings = QUIET
    await bot_process.start()
    store = bot_process.store()
    boss, mod = discord.user("boss"), discord.user("mod")
    players = await open_tournament(discord, boss, 4, game="briscola", format="knockout")
    del discord.guild.members[boss.id]  # gone from the server; the bot is not told
    admins = discord.world.add_role(discord.guild, "admins", MANAGE_GUILD)
    discord.guild.members[mod.id].roles.append(admins.id)
    assert "under way" in await answer(await mod.slash("tournament start"))
    await discord.wait_for(partial(round_open, store, 1), 10, "round 1")
    assert "paused" in await answer(await mod.slash("tournament pause"))
    await discord.wait_for(lambda: said(discord, "The tournament is paused"), 10, "the pause")
    by_id = {u.id: u for u in players}
    rows = store._query("SELECT n, name, members FROM tournament_entrants")
    entrants = {r["n"]: json.loads(r["members"])[0][0] for r in rows}
    names = {r["n"]: r["name"] for r in rows}
    first, second = matches(store)
    winner = by_id[entrants[first["sides"][1]]]
    settled = await answer(
        await mod.slash("tournament settle", round=1, match=first["n"], winner=winner)
    )
    assert "settled" in settled, settled
    gives = f"the organiser gives the match to {names[first['sides'][1]]} against "
    await discord.wait_for(lambda: said(discord, gives), 10, "the settle said")
    quits = by_id[entrants[second["sides"][0]]]  # leaves mid-match: a walkover
    left = await answer(await quits.slash("tournament leave"))
    assert "lost by walkover" in left, left
    beaten = f"{names[second['sides'][1]]} wins by walkover against {names[second['sides'][0]]}"
    await discord.wait_for(lambda: said(discord, beaten), 10, "the walkover")
    assert not any(m["round"] == 2 for m in matches(store))  # paused: no new round
    assert "under way" in await answer(await mod.slash("tournament start"))  # resumed
    await discord.wait_for(partial(round_open, store, 2), 10, "the final")
    (final,) = [m for m in matches(store) if m["round"] == 2]
    assert sorted(final["sides"]) == sorted([first["sides"][1], second["sides"][1]])
    assert "settled" in await answer(await mod.slash("tournament settle", round=2, match=1))
    better = names[min(final["sides"])]
    await discord.wait_for(
        lambda: said(discord, f"as a draw. {better} goes through, the better seed."),
        10,
        "the draw settled",
    )
    await discord.wait_for(lambda: said(discord, f"Champion: **{better}**"), 10, "the champion")
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_knockout_of_16_opens_its_8_threads_within_the_rate_limits(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    store, _ = await started(discord, bot_process, 16, game="scopa", format="knockout")
    await discord.wait_for(partial(round_open, store, 1), 30, "round 1's 8 matches")
    threads = discord.world.threads_of(discord.channel)
    assert len(threads) == 8
    called = "Open **My hand** on the board"
    await discord.wait_for(
        lambda: all(any(called in m.text for m in discord.messages(t)) for t in threads),
        30,
        "every match's players called",
    )
    assert discord.rejections == [] and discord.rate_limited == []


async def test_a_server_near_discord_s_thread_limit_pauses_the_round_and_says_why(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """The bot counts the server's active threads as Discord sends them (996 of its 1,000
    before it starts) and pauses a round that needs more room, saying how much there is."""
    elsewhere, owner = discord.create_channel("chatter"), discord.user("owner").user
    for n in range(996):
        discord.world.create_thread(elsewhere, owner, f"old {n}", 10080)
    store, _ = await started(discord, bot_process, 16, game="scopa", format="knockout")
    room = "Round 1 needs 8 threads, and Discord's limit of active threads leaves this server"
    await discord.wait_for(partial(said, discord, room + " room for 4 threads."), 30, "the pause")
    assert tournament_status(store) == "paused" and discord.world.threads_of(discord.channel) == []
    assert discord.rejections == []


async def test_a_thread_refused_at_discord_s_limit_pauses_the_tournament_with_the_reason(
    discord: FakeDiscord, bot_process: BotProcess
) -> None:
    """Threads the bot cannot see (in channels hidden from it) fill the server: Discord
    refuses the next thread (160006), and the channel is told what to do."""
    discord.world.limits.active_threads = 2  # a knockout of 8 opens 4
    store, _ = await started(discord, bot_process, 8, game="scopa", format="knockout")
    reason = "this server has reached Discord's limit of active threads; archive some."
    await discord.wait_for(partial(said, discord, reason), 30, "the refusal's reason")
    assert tournament_status(store) == "paused"
    assert len(discord.world.threads_of(discord.channel)) == 2
