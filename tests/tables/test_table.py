"""A table in memory: the moves it makes for a seat without asking."""

from __future__ import annotations

from bot.games import GAMES
from bot.games.minchiate.combinations import find_combinations
from bot.storage.records import Seat, TableRecord
from bot.tables import Table


def playing(game: str, seats: int, seed: int) -> Table:
    record = TableRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=game,
        status="playing",
        host_id=100,
        options={},
        seats=[Seat(name=f"P{i}", user_id=100 + i) for i in range(seats)],
        seed=seed,
        state=None,
        moves=0,
        board_message_id=None,
    )
    table = Table(record)
    table.state = GAMES[game].new_game(seats=seats, seed=seed)
    return table


def test_nothing_to_declare_is_a_formality_and_a_real_choice_is_not() -> None:
    rules = GAMES["minchiate"]
    seen = {True: False, False: False}
    for seed in range(40):
        table = playing("minchiate", 4, seed)
        while table.state.phase == "discard":
            seat = table.state.current
            table.state, _ = rules.apply(
                table.state, seat, rules.legal_actions(table.state, seat)[0]
            )
        seat = table.state.current
        nothing = not find_combinations(table.state.hands[seat])
        assert table.formality(seat) == ("nodeclare" if nothing else None)
        assert table.formality((seat + 1) % 4) is None  # not on turn
        seen[nothing] = True
    assert all(seen.values())


def test_a_forced_draw_stays_the_players_own_move() -> None:
    rules = GAMES["centocinque"]
    for seed in range(200):
        table = playing("centocinque", 3, seed)
        seat = rules.turn(table.state)
        assert seat is not None
        if rules.legal_actions(table.state, seat) == ["draw"]:
            assert table.formality(seat) is None
            return
    raise AssertionError("no deal starts with a forced draw")
