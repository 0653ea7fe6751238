"""Centocinque moves in place, for AI playouts and throughput: the fast path beside the engine.

``legal(st)`` lists exactly what ``Centocinque().legal_actions(st, st.current)`` lists, in the
same order, and ``play(st, action)`` leaves ``st`` exactly as ``Centocinque().apply(st,
st.current, action)`` would return it. The difference is cost: no clone, no check that the
move is legal, no events, and action tokens looked up in tables instead of built and parsed.
Only the seat on turn moves here (its own call-outs included), which is all a playout needs.

The rules are not copied: dealing, drawing, reshuffles, call-outs, blocking a hand that goes
round in circles and the end of a hand are the engine's own functions; only the per-move steps
(a play, a draw, a pass, listing the playable cards) are written again without events. Tests
play whole matches both ways, move by move, and compare the legal actions and the full state
after every move.
"""

from __future__ import annotations

from bot.games.cards import ITALIAN_SUITS
from bot.games.centocinque.engine import (
    PACK,
    CentocinqueState,
    _after_move,
    _callout,
    _draw_cards,
    _end_hand,
    _side_actions,
    _step,
)

# Action tokens, built once: a play alone, and a play that may also say penúltima.
_PLAY = {card: [f"play:{card}"] for card in PACK}
_PLAY_SAID = {card: [f"play:{card}", f"play:{card}:penultima"] for card in PACK}
_NAMED = {card: [f"play:{card}:{s}" for s in ITALIAN_SUITS] for card in PACK if card[0] == "C"}
_NAMED_SAID = {card: tokens + [t + ":penultima" for t in tokens] for card, tokens in _NAMED.items()}
# The tokens of each card by (Cavalli name a suit, the play leaves one card).
_TABLES = {
    (False, False): _PLAY,
    (False, True): _PLAY_SAID,
    (True, False): {**_PLAY, **_NAMED},
    (True, True): {**_PLAY_SAID, **_NAMED_SAID},
}

# Every play token, parsed: (card, suit named by a Cavallo or None, penúltima said).
_PLAYS: dict[str, tuple[str, str | None, bool]] = {}
for _tokens in (*_PLAY_SAID.values(), *_NAMED_SAID.values()):
    for _token in _tokens:
        _parts = _token.split(":")
        _named = _parts[2] if len(_parts) > 2 and _parts[2] in ITALIAN_SUITS else None
        _PLAYS[_token] = (_parts[1], _named, _parts[-1] == "penultima")


def legal(st: CentocinqueState) -> list[str]:
    """The legal actions of the seat on turn (``[]`` once the match is over)."""
    seat = st.current
    if seat is None:
        return []
    hand = st.hands[seat]
    options = st.options
    table = _TABLES[options.cavallo_declares_suit, len(hand) == 2]
    drawn = st.drawn
    acts: list[str] = []
    if drawn is not None:
        acts += table[drawn]
        if drawn[0] == "C":
            acts.append("pass")
    else:
        for card in _playable_cards(st, hand):
            acts += table[card]
        if st.pending or not acts or options.voluntary_draw:
            acts.append("draw")
    if st.missed is not None or options.false_callout_penalty:
        acts.extend(_side_actions(st, seat))
    return acts


def play(st: CentocinqueState, action: str) -> None:
    """Apply a legal ``action`` of the seat on turn to ``st`` itself."""
    seat = st.current
    assert seat is not None, "the match is over"
    hand_no, shuffles = st.hand_no, st.shuffles
    parsed = _PLAYS.get(action)
    if parsed is not None:
        _play(st, seat, *parsed)
    elif action == "draw":
        _draw(st, seat)
    elif action == "pass":
        st.drawn = None
        st.current = _step(st, seat, 1)
    elif action == "penultima":
        st.missed = None
        return
    else:  # callout:<seat>
        _callout(st, seat, int(action[8:]), [])
        _after_move(st, hand_no, shuffles, False, [])
        return
    _after_move(st, hand_no, shuffles, True, [])


def _playable_cards(st: CentocinqueState, hand: list[str]) -> list[str]:
    """The cards of ``hand`` that may be played now, in hand order (the engine's
    ``_playable`` for every card at once; every Italian rank is one character)."""
    if st.pending:
        return [c for c in hand if c[0] == "2"]
    if st.free:
        return list(hand)
    if st.called_suit is not None:
        called = st.called_suit
        return [c for c in hand if c[-1] == called]
    if st.lock is not None:
        lock, aces = st.lock, st.options.ace_on_ace
        return [c for c in hand if (aces if c[0] == "A" else c[-1] == lock)]
    top = st.discard[-1]
    return [c for c in hand if c[-1] == top[-1] or c[0] == top[0]]


def _play(st: CentocinqueState, seat: int, card: str, named: str | None, said: bool) -> None:
    hand = st.hands[seat]
    hand.remove(card)
    st.discard.append(card)
    st.drawn = None
    st.missed = seat if len(hand) == 1 and not said else None
    st.free = False
    st.called_suit = None
    st.lock = None
    r = card[0]
    if r == "2":
        st.pending += 2
    elif r == "A":
        st.lock = card[-1]
    elif r == "C":
        if named is not None:
            st.called_suit = named
        else:
            st.free = True
    elif r == "R" and st.out.count(False) > 2:
        st.direction = -st.direction
    if not hand:
        _end_hand(st, seat, [])
        return
    st.current = _step(st, seat, 2 if r == "A" else 1)


def _draw(st: CentocinqueState, seat: int) -> None:
    st.missed = None
    if st.pending:
        _draw_cards(st, seat, st.pending)
        st.pending = 0
        st.current = _step(st, seat, 1)
        return
    if _draw_cards(st, seat, 1):
        card = st.hands[seat][-1]
        if _playable_cards(st, [card]):
            st.drawn = card
            return
    st.current = _step(st, seat, 1)
