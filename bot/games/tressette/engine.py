"""Tressette: a match of deals for 2 or 4 players, partners opposite at four (RULES.md §6).

Action tokens:
  ``play:<card>``              play a card to the trick, following suit when one can;
  ``play:<card>:<signal>``     the same card led with a signal (four players, ``signals``):
                               ``busso``, ``striscio`` (only while the leader holds another card
                               of the suit) or ``volo`` (only when it holds no other);
  ``accuse:napoletana:<suit>``, ``accuse:buongioco:<rank>:<missing suit>``,
  ``accuse:buongioco:<rank>``  (``accusi``) declare a combination held, at the first trick
                               before one's first card; the seat stays on turn.

Steps that belong to nobody (the deal, the draws after each trick at two players, the scoring
of a deal, the next deal, the end of the match) happen inside ``apply`` (the first deal in
``new_game``) and are reported as events. A draw names its card: at two players every drawn
card is shown to both.

Where RULES.md leaves room, this engine reads it so (docs/RULES.md, Tressette, lists them all):
an explicit deck is the first deal's, the later deals are shuffled from the seed; the view
shows every trick of the deal (each was played face up), its signal, and each side's thirds
taken so far; a deal is "won" (for the league) by the side that scored more in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bot.games.base import Json, Options, not_held, shuffled
from bot.games.errors import Card, GameError, Word
from bot.games.kit import Engine, Setup, Shown
from bot.games.seating import Seating
from bot.games.tressette import events as ev
from bot.games.tressette.cards import (
    LAST_TRICK,
    PACK,
    PACK_SET,
    THIRDS,
    combination_cards,
    combination_points,
    combinations,
    sort_hand,
    winning_index,
)
from bot.games.tressette.events import TressetteEvent

HAND_SIZE = 10
PACKET = 5  # the cards are dealt five at a time
SIGNALS = ("busso", "striscio", "volo")
SUIT_WORDS = {"c": "Coppe", "d": "Denari", "s": "Spade", "b": "Bastoni"}


class TressetteOptions(Options):
    """House rules of RULES.md §6, with their defaults."""

    accusi: bool = True
    signals: bool = True
    target: Literal[11, 21, 31, 41] = 21


SEATING = Seating(fewest=2, most=4, default=4, sides=2, partners_at=frozenset({4}), step=2)
"""Two or four players; at four, partners opposite each other."""
Events = list[TressetteEvent]


@dataclass(slots=True)
class TressetteState:
    """One match. Mutable only inside ``apply``, which works on a clone."""

    seats: int
    seed: int
    options: TressetteOptions
    dealer: Shown[int]
    deal_no: int = 1
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)  # face down, top first (two players)
    drawn: Shown[dict[str, int]] = field(default_factory=dict)  # shown drawn cards still held: seat
    declared: list[list[str]] = field(default_factory=list)  # this deal's accusi, by seat
    leader: Shown[int] = 0
    current: Shown[int | None] = None
    trick: Shown[list[str]] = field(default_factory=list)
    signal: Shown[str | None] = None  # said with the card led on the table
    tricks: list[list[str]] = field(default_factory=list)  # this deal's, in order of play
    leaders: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    signals: list[str] = field(default_factory=list)  # each trick's signal, "" for none
    piles: list[list[str]] = field(default_factory=list)  # this deal's cards taken, by side
    totals: Shown[list[int]] = field(default_factory=list)  # the match's points, by side
    results: list[list[int]] = field(default_factory=list)  # each deal's points, by side

    @property
    def signalling(self) -> bool:
        """Whether the leader may signal: four players, with ``signals``."""
        return self.seats == 4 and self.options.signals


class Tressette(Engine[TressetteState, TressetteOptions, TressetteEvent]):
    name = "tressette"
    title = "Tressette"
    seating = SEATING

    def pack(self, seats: int) -> list[str]:
        return PACK

    def check_seats(self, seats: int, options: TressetteOptions) -> None:
        if seats not in self.seating.seat_range(options):
            raise GameError("Tressette is played by 2 or 4 players, not {seats}.", seats=seats)

    # -- setting up ---------------------------------------------------------------------------

    def start(self, setup: Setup[TressetteOptions], events: Events) -> TressetteState:
        st = TressetteState(
            seats=setup.seats,
            seed=setup.seed,
            options=setup.options,
            dealer=setup.dealer,
            totals=[0] * SEATING.side_count(setup.seats),
        )
        deal(st, setup.deck, events)
        return st

    # -- who acts -----------------------------------------------------------------------------

    def legal_actions(self, state: TressetteState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        hand = state.hands[seat]
        acts = ["accuse:" + c for c in declarable(state, seat)]
        for card in sort_hand(playable(hand, state.trick)):
            acts.append("play:" + card)
            if not state.trick and state.signalling:
                acts.append(f"play:{card}:busso")
                acts.append(f"play:{card}:{truthful(hand, card)}")
        return acts

    # -- moves --------------------------------------------------------------------------------

    def move(self, st: TressetteState, seat: int, parts: list[str], events: Events) -> None:
        if parts[0] == "accuse":
            accuse(st, seat, ":".join(parts[1:]), events)
        else:
            play_card(st, seat, parts[1], parts[2] if len(parts) > 2 else None, events)

    def why_illegal(self, state: TressetteState, seat: int, parts: list[str]) -> GameError:
        return _why_illegal(state, seat, parts)

    # -- what people see ----------------------------------------------------------------------

    def shown_hand(self, state: TressetteState, seat: int) -> list[str]:
        return sort_hand(state.hands[seat])

    def seat_view(self, state: TressetteState, seat: int | None) -> Json:
        """What ``seat`` may know (``None``: the public view): its own hand, and what the whole
        table saw and heard: the tricks, the signals, the accusi, the cards drawn at two
        players. Never another hand's other cards, the stock's order or the seed."""
        over = state.current is None
        return {
            "sides": SEATING.side_seats(state.seats),
            "deal": state.deal_no,
            "stock": len(state.stock),
            "known": known(state),
            "declared": [
                {"seat": s, "combination": c, "points": combination_points(c)}
                for s, c in declarations(state)
            ],
            "tricks": [
                {"leader": lead, "cards": list(cards), "signal": said or None, "winner": won}
                for lead, cards, said, won in zip(
                    state.leaders, state.tricks, state.signals, state.winners, strict=True
                )
            ],
            "thirds": [sum(THIRDS[c] for c in pile) for pile in state.piles],
            "target": state.options.target,
            "results": [list(r) for r in state.results],
            "ending": [trick_event(state, last=True)] if over else [],  # what ended it
        }

    def result(self, state: TressetteState) -> Json:
        sides = SEATING.side_count(state.seats)
        won = [sum(deal_winner(r) == s for r in state.results) for s in range(sides)]
        return {
            "ranking": ranking(state),
            "sides": SEATING.side_seats(state.seats),
            "deals": len(state.results),
            "points": [state.totals[s % sides] for s in range(state.seats)],
            "deal_points": [list(r) for r in state.results],
            "deals_won": [won[s % sides] for s in range(state.seats)],
        }

    # -- loading ------------------------------------------------------------------------------

    def check(self, state: TressetteState) -> None:
        _check_loaded(state)


# -- the rules of a move -----------------------------------------------------------------------


def playable(hand: list[str], trick: list[str]) -> list[str]:
    """The cards ``hand`` may play to ``trick``: of the suit led, if it holds any."""
    if trick:
        led = trick[0][-1]
        following = [c for c in hand if c[-1] == led]
        if following:
            return following
    return list(hand)


def truthful(hand: list[str], card: str) -> Literal["striscio", "volo"]:
    """The statement ``card`` may be led with: striscio while ``hand`` holds another card of its
    suit, volo when it is the last."""
    others = any(c[-1] == card[-1] and c != card for c in hand)
    return "striscio" if others else "volo"


def declarable(st: TressetteState, seat: int) -> list[str]:
    """The combinations ``seat`` may declare now: with ``accusi``, on turn at the first trick
    (so before its first card), held and not yet declared."""
    if not st.options.accusi or st.tricks or seat != st.current:
        return []
    return [c for c in combinations(st.hands[seat]) if c not in st.declared[seat]]


def declarations(st: TressetteState) -> list[tuple[int, str]]:
    """This deal's accusi, seat by seat."""
    return [(seat, c) for seat, combos in enumerate(st.declared) for c in combos]


def known(st: TressetteState) -> dict[str, int]:
    """Every card known to be in a hand: drawn from the stock (shown), or named by an
    accuso and not played since."""
    played = {c for pile in st.piles for c in pile} | set(st.trick)
    cards = dict(st.drawn)
    for seat, combination in declarations(st):
        for card in combination_cards(combination):
            if card not in played:
                cards[card] = seat
    return cards


# -- the deal ----------------------------------------------------------------------------------


def deal(st: TressetteState, pack: list[str], events: Events) -> None:
    """Deal ten cards each, five at a time from the seat after the dealer; at two players the
    twenty left are the stock, the 21st card of the pack on top. The seat after the dealer
    leads."""
    n = st.seats
    first = (st.dealer + 1) % n
    st.hands = [[] for _ in range(n)]
    for packet in range(HAND_SIZE // PACKET * n):
        start = packet * PACKET
        st.hands[(first + packet) % n].extend(pack[start : start + PACKET])
    st.stock = pack[HAND_SIZE * n :]
    st.drawn = {}
    st.declared = [[] for _ in range(n)]
    st.trick, st.signal = [], None
    st.tricks, st.leaders, st.winners, st.signals = [], [], [], []
    st.piles = [[] for _ in range(SEATING.side_count(n))]
    st.leader = st.current = first
    events.append(
        ev.Deal(type="deal", deal=st.deal_no, dealer=st.dealer, first=first, stock=len(st.stock))
    )


def accuse(st: TressetteState, seat: int, combination: str, events: Events) -> None:
    """A combination declared: public, worth its points to the seat's side at the deal's end;
    the seat is still on turn."""
    st.declared[seat].append(combination)
    events.append(
        ev.Accuse(
            type="accuse",
            seat=seat,
            combination=combination,
            cards=combination_cards(combination),
            points=combination_points(combination),
        )
    )


def play_card(st: TressetteState, seat: int, card: str, signal: str | None, events: Events) -> None:
    """Carry out a legal play in place (``apply`` hands it a clone)."""
    st.hands[seat].remove(card)
    st.drawn.pop(card, None)
    if not st.trick:
        st.signal = signal
    st.trick.append(card)
    events.append(ev.Play(type="play", seat=seat, card=card, signal=signal))
    if len(st.trick) < st.seats:
        st.current = (seat + 1) % st.seats
        return
    _close_trick(st, events)


def _close_trick(st: TressetteState, events: Events) -> None:
    cards, n = st.trick, st.seats
    winner = (st.leader + winning_index(cards)) % n
    st.piles[winner % SEATING.side_count(n)].extend(cards)
    st.tricks.append(cards)
    st.leaders.append(st.leader)
    st.winners.append(winner)
    st.signals.append(st.signal or "")
    st.trick, st.signal = [], None
    last = not st.stock and not any(st.hands)
    events.append(trick_event(st, last=last))
    if st.stock:
        for i in range(n):  # the winner first
            _draw(st, (winner + i) % n, events)
    if last:
        _end_deal(st, winner, events)
    else:
        st.leader = st.current = winner


def trick_event(st: TressetteState, last: bool) -> ev.Trick:
    """The event of the deal's latest trick (``last``: the deal's last trick)."""
    cards = st.tricks[-1]
    return ev.Trick(
        type="trick",
        number=len(st.tricks),
        leader=st.leaders[-1],
        cards=list(cards),
        signal=st.signals[-1] or None,
        winner=st.winners[-1],
        thirds=sum(THIRDS[c] for c in cards),
        last=last,
    )


def _draw(st: TressetteState, seat: int, events: Events) -> None:
    """``seat`` draws the stock's top card, shown to both players."""
    card = st.stock.pop(0)
    st.hands[seat].append(card)
    st.drawn[card] = seat
    events.append(ev.Draw(type="draw", seat=seat, card=card, left=len(st.stock)))


def deal_winner(points: list[int]) -> int | None:
    """The side that scored more in a deal; None when they scored as many."""
    top = max(points)
    leaders = [s for s, p in enumerate(points) if p == top]
    return leaders[0] if len(leaders) == 1 else None


def _end_deal(st: TressetteState, last_winner: int, events: Events) -> None:
    sides = SEATING.side_count(st.seats)
    thirds = [sum(THIRDS[c] for c in pile) for pile in st.piles]
    thirds[last_winner % sides] += LAST_TRICK
    points = [t // 3 for t in thirds]  # the leftover thirds are dropped
    accusi = [0] * sides
    for seat, combination in declarations(st):
        accusi[seat % sides] += combination_points(combination)
    scores = [p + a for p, a in zip(points, accusi, strict=True)]
    st.totals = [t + s for t, s in zip(st.totals, scores, strict=True)]
    st.results.append(scores)
    events.append(
        ev.DealOver(
            type="deal_over",
            deal=st.deal_no,
            thirds=thirds,
            points=points,
            accusi=accusi,
            scores=list(scores),
            totals=list(st.totals),
            winner=deal_winner(scores),
        )
    )
    best = deal_winner(st.totals)
    if max(st.totals) >= st.options.target and best is not None:
        st.current = None
        events.append(
            ev.MatchOver(
                type="match_over", winner=best, totals=list(st.totals), ranking=ranking(st)
            )
        )
        return
    # Nobody at the target, or level totals at or above it: another deal.
    st.deal_no += 1
    st.dealer = (st.dealer + 1) % st.seats
    deal(st, shuffled(PACK, st.seed, "deal", st.deal_no), events)


def ranking(st: TressetteState) -> list[list[int]]:
    """The sides by total, higher first, partners together (level sides share a place: only
    before the match is over)."""
    return SEATING.ranking(st.seats, st.totals)


# -- refusing moves ----------------------------------------------------------------------------


def _why_illegal(st: TressetteState, seat: int, parts: list[str]) -> GameError:
    if parts[0] not in ("play", "accuse"):
        return GameError("That is not a move in Tressette.")
    if seat != st.current:
        return GameError("It is not your turn.")
    if parts[0] == "accuse":
        return _why_not_declared(st, seat, ":".join(parts[1:]))
    if len(parts) not in (2, 3):
        return GameError("Name one card, as in {example}.", example="play:Ad")
    card = parts[1]
    hand = st.hands[seat]
    if refused := not_held(card, PACK_SET, hand):
        return refused
    if card not in playable(hand, st.trick):
        return GameError("Follow suit: you hold {suit}.", suit=Word(SUIT_WORDS[st.trick[0][-1]]))
    if len(parts) == 2:
        return GameError("That move is not possible now.")
    signal = parts[2]
    if signal not in SIGNALS:
        return GameError("“{word}” is not a signal: say busso, striscio or volo.", word=signal[:20])
    if st.seats != 4:
        return GameError("There are no signals with two players.")
    if not st.options.signals:
        return GameError("Signals are not played at this table.")
    if st.trick:
        return GameError("Only the player leading a trick may signal.")
    if signal == "striscio":
        return GameError(
            "Striscio says you hold more of the suit, and {card} is your last.",
            card=Card(card, "tressette"),
        )
    return GameError(
        "Volo says {card} is your last of the suit, and you hold more.",
        card=Card(card, "tressette"),
    )


def _why_not_declared(st: TressetteState, seat: int, combination: str) -> GameError:
    if not st.options.accusi:
        return GameError("The accusi are not played at this table.")
    if st.tricks:
        return GameError("Combinations are declared at the first trick, before your first card.")
    if combination in st.declared[seat]:
        return GameError("You have declared that combination already.")
    if not is_combination(combination):
        return GameError(
            "That is not a combination: say, for instance, {example}.",
            example="accuse:napoletana:d",
        )
    return GameError("You do not hold that combination, as it is spelt.")


def is_combination(combination: str) -> bool:
    """Whether ``combination`` is spelt as some hand's accuso would be."""
    kind, _, rest = combination.partition(":")
    if kind == "napoletana":
        return rest in SUIT_WORDS
    rank, _, missing = rest.partition(":")
    return kind == "buongioco" and rank in ("3", "2", "A") and missing in ("", *SUIT_WORDS)


# -- loading -----------------------------------------------------------------------------------


def _check_loaded(st: TressetteState) -> None:
    """Refuse a state that could not arise (ValueError, TypeError: ``load`` refuses it as
    damaged, the reason kept as the cause): the shapes, the pack once each, the tricks as the
    rules play them, the hands and the stock at their sizes, the draws, the accusi and the
    scores as the deals made them."""
    n = st.seats
    ints = (n, st.seed, st.dealer, st.deal_no, st.leader, *st.totals)
    if not all(type(x) is int for x in ints):
        raise TypeError("numbers")
    if n not in (2, 4) or not (0 <= st.dealer < n and 0 <= st.leader < n) or st.deal_no < 1:
        raise ValueError("seats")
    if st.current is not None and (type(st.current) is not int or not 0 <= st.current < n):
        raise ValueError("current")
    sides = SEATING.side_count(n)
    if len(st.hands) != n or len(st.piles) != sides or len(st.totals) != sides:
        raise ValueError("shapes")
    if len(st.declared) != n or not all(is_combination(c) for d in st.declared for c in d):
        raise ValueError("declared")
    held = [c for part in (st.hands, st.piles) for cards in part for c in cards]
    if sorted(held + st.stock + st.trick) != sorted(PACK):
        raise ValueError("cards")
    _check_tricks(st)
    _check_hands(st)
    _check_accusi(st)
    _check_scores(st)


def _check_tricks(st: TressetteState) -> None:
    """Each trick of the deal as the rules play it: led by the last one's winner, taken by
    its highest card of the suit led, into its side's pile; its signal a true one."""
    n, over = st.seats, st.current is None
    if not len(st.tricks) == len(st.leaders) == len(st.winners) == len(st.signals):
        raise ValueError("tricks")
    if len(st.tricks) > len(PACK) // n or any(len(cards) != n for cards in st.tricks):
        raise ValueError("tricks")
    if len(st.trick) >= n or (over and (st.trick or len(st.tricks) < len(PACK) // n)):
        raise ValueError("the trick on the table")
    leader = (st.dealer + 1) % n
    for i, (cards, led, won) in enumerate(zip(st.tricks, st.leaders, st.winners, strict=True)):
        if led != leader or won != (led + winning_index(cards)) % n:
            raise ValueError(f"trick {i + 1}: its leader or winner")
        leader = won
    if over:
        leader = st.leaders[-1]  # the match ended with the last trick: no one leads
    if st.leader != leader or (not over and st.current != (leader + len(st.trick)) % n):
        raise ValueError("the leader or the seat on turn")
    sides = SEATING.side_count(n)
    for side, pile in enumerate(st.piles):
        tricks = zip(st.tricks, st.winners, strict=True)
        if pile != [c for cards, won in tricks if won % sides == side for c in cards]:
            raise ValueError(f"side {side}'s pile")
    _check_signals(st)


def _check_signals(st: TressetteState) -> None:
    """The signals only where they are played, only with a card led, and true: a striscio
    while the leader held another card of the suit, a volo when it held none; and no card
    played off the suit led by a seat that held one."""
    said = [*st.signals, st.signal or ""]
    if not all(s in ("", *SIGNALS) for s in said):
        raise ValueError("signals")
    if (any(said) and not st.signalling) or (st.signal is not None and not st.trick):
        raise ValueError("signals")
    n = st.seats
    led = [*st.tricks, st.trick] if st.trick else st.tricks
    leaders = [*st.leaders, st.leader]
    for i, (cards, signal) in enumerate(zip(led, said, strict=False)):
        suit = cards[0][-1]
        if signal in ("striscio", "volo"):
            more = any(c[-1] == suit for c in _held_after(st, leaders[i], i))
            if more != (signal == "striscio"):
                raise ValueError(f"trick {i + 1}: a {signal} that was not true")
        for at, card in enumerate(cards[1:], start=1):
            seat = (leaders[i] + at) % n
            if card[-1] != suit and any(c[-1] == suit for c in _held_after(st, seat, i)):
                raise ValueError(f"trick {i + 1}: seat {seat} did not follow suit")


def _plays(st: TressetteState, seat: int) -> list[str]:
    """The cards ``seat`` has played this deal, one a trick, in order (the table's too)."""
    n = st.seats
    played = [cards[(seat - led) % n] for cards, led in zip(st.tricks, st.leaders, strict=True)]
    at = (seat - st.leader) % n
    return played + st.trick[at : at + 1]


def _held_after(st: TressetteState, seat: int, trick: int) -> list[str]:
    """Cards ``seat`` surely held when it played to the deal's ``trick`` (counted from 0)
    beside the card it played: at four players every card it has played since and holds; at
    two, where a card held may have been drawn since, the cards it was dealt and holds."""
    if st.seats == 2:
        return [c for c in st.hands[seat] if c not in st.drawn]
    return [*_plays(st, seat)[trick + 1 :], *st.hands[seat]]


def _check_hands(st: TressetteState) -> None:
    """Each hand at its size: ten cards dealt, one drawn after each trick while the stock
    lasts (two players), one played a trick; the stock at the size the draws left it; each
    card shown as drawn in the hand of the seat that drew it."""
    n, done = st.seats, len(st.tricks)
    stock = len(PACK) - HAND_SIZE * n
    draws = min(done, stock // n)
    if len(st.stock) != stock - n * draws:
        raise ValueError(f"the stock holds {len(st.stock)} cards, not {stock - n * draws}")
    for seat, hand in enumerate(st.hands):
        size = HAND_SIZE + draws - len(_plays(st, seat))
        if len(hand) != size:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {size}")
    if type(st.drawn) is not dict:
        raise TypeError("drawn")
    for card, seat in st.drawn.items():
        if type(seat) is not int or not 0 <= seat < n or card not in st.hands[seat]:
            raise ValueError(f"the drawn {card}: not in the hand of seat {seat}")
    if any(sum(s == seat for s in st.drawn.values()) > draws for seat in range(n)):
        raise ValueError("more cards shown drawn than were drawn")


def _check_accusi(st: TressetteState) -> None:
    """The accusi: each once, by a seat that has been on turn at the first trick, of cards
    it held then (at four players, as its hand spells them: no draw has changed it)."""
    n = st.seats
    if not st.tricks:
        turns = {(st.leader + i) % n for i in range(len(st.trick) + 1)}
    else:
        turns = set(range(n))
    for seat, combos in enumerate(st.declared):
        if not combos:
            continue
        if not st.options.accusi or seat not in turns or len(set(combos)) != len(combos):
            raise ValueError(f"seat {seat}'s accusi")
        owned = [*st.hands[seat], *_plays(st, seat)]
        for combo in combos:
            if not set(combination_cards(combo)) <= set(owned) or (
                n == 4 and combo not in combinations(owned)
            ):
                raise ValueError(f"seat {seat}'s {combo}: not held")


def _check_scores(st: TressetteState) -> None:
    """Each finished deal's points (eleven at least: the cards'), the totals their sums, and
    the match over exactly when the last deal ended it."""
    sides = SEATING.side_count(st.seats)
    over = st.current is None
    if len(st.results) != st.deal_no - (0 if over else 1):
        raise ValueError("the deals' results")
    totals = [0] * sides
    for i, points in enumerate(st.results):
        if len(points) != sides or not all(type(p) is int and p >= 0 for p in points):
            raise ValueError(f"deal {i + 1}'s points")
        if sum(points) < 11:
            raise ValueError(f"deal {i + 1}'s points")
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        ended = max(totals) >= st.options.target and deal_winner(totals) is not None
        if ended != (over and i == len(st.results) - 1):
            raise ValueError(f"the match {'ended' if ended else 'went on'} after deal {i + 1}")
    if totals != st.totals:
        raise ValueError("the totals")
