"""The state of one hand: one flat int64 array that Numba kernels read and write in place.

Everything the betting engine knows about a hand lives in one array ``st`` (int64), laid out
by the constants below, so that a compiled call passes one array: Numba counts references
of every array argument with atomic operations, a few nanoseconds each, and a state of
several arrays made betting several times slower.  A game kernel makes one state per batch
(:func:`_new_state`, also callable inside ``@njit`` code) and reuses it for every hand
(``betting._reset`` clears it).

Layout (``n`` seats, at most :data:`MAX_SEATS`, clockwise: "left of ``s``" is ``s + 1``):

- scalars ``st[S_*]``: table size, dealer, round, the level to call, bets and raises so far,
  seat to act, opener (R-D3), dead chips of a carried pot, …, and three running tallies (the
  pot, the players in, those who can still act) that the betting steps keep up to date;
- the legal-action row ``st[L_*]`` for the decision being made (``betting._legal``);
- the view row ``st[V_*]``: what the acting player may see (``strategies._view``);
- per seat ``st[STACK + s]`` chips behind, ``st[START + s]`` chips at the start of the hand,
  ``st[STREET + s]`` chips put in during this round, ``st[TOTAL + s]`` during the hand
  (antes and blinds included), ``st[STATUS + s]`` one of :data:`ST_OUT` (no chips, not dealt
  in, R-P4), :data:`ST_ACTIVE`, :data:`ST_FOLDED`, :data:`ST_ALL_IN`, and ``st[ACTED + s]``
  (1: acted since the last full bet or raise, R-P1);
- the hand record from ``st[LOG]``: ``st[S_LOG_CAP]`` rows of :data:`N_LOG_FIELDS` (``G_*``
  columns), capacity 0 = no record.

From Python, :class:`Table` reads a state by name.

>>> st = new_state(4, log_capacity=16)
>>> int(st[S_SEATS]), int(st[S_LOG_CAP]), st.size == LOG + 16 * N_LOG_FIELDS
(4, 16, True)
>>> st[STACK + 2] = 50
>>> Table(st).stack
array([ 0,  0, 50,  0])
"""

from __future__ import annotations

import numpy as np

from ..checks import is_int, record_capacity
from ..jit import njit

__all__ = [
    "MAX_SEATS",
    "ST_ACTIVE",
    "ST_ALL_IN",
    "ST_FOLDED",
    "ST_OUT",
    "Table",
    "new_state",
    "seat_left",
]

MAX_SEATS = 10

# Seat status (``st[STATUS + s]``).
ST_OUT = 0
ST_ACTIVE = 1
ST_FOLDED = 2
ST_ALL_IN = 3

# Scalars.
S_SEATS = 0  # number of seats
S_DEALER = 1  # dealer seat
S_ROUND = 2  # index of the current betting round; -1 before the first
S_LEVEL = 3  # the level to call in this round
S_BETS = 4  # full bets and raises this round (a big blind counts as the bet)
S_RAISE = 5  # size of the last full bet/raise increment (no-limit minimum raise)
S_TO_ACT = 6  # seat to act, -1 when the round is over
S_OPENER = 7  # the first seat to bet (or raise) voluntarily in round 0, -1 none (R-D3)
S_LAST_AGGR = 8  # last seat to bet/raise/complete in the current round, -1 none
S_DEAD = 9  # chips in the pot that belong to no seat of this hand (carried pots, R-D4/R-D5)
S_BRING_SEAT = 10  # seat whose bring-in is pending, -1 none (R-Z2)
S_BRING_AMT = 11  # the bring-in of the current round (R-Z5)
S_KIND = 12  # limits of the current round, copied from the structure
S_MIN = 13
S_MAX = 14
S_CAP = 15
S_N_LOG = 16  # actions recorded (may exceed the capacity: the excess is dropped)
S_LOG_CAP = 17  # rows of the hand record
# Running tallies, kept by every change of a seat's chips or status (``betting._reset``,
# ``betting._put``, a fold), so that a decision reads them instead of counting the seats.
S_POT = 18  # all chips in the pot: every seat's TOTAL plus S_DEAD
S_N_IN = 19  # seats still in the hand (active or all-in)
S_N_ACTIVE = 46  # seats still in and not all-in

# Legal-action row, filled by ``betting._legal``.
L_FOLD = 20  # 1 if folding is allowed (only when facing a bet)
L_CHECK = 21
L_CALL = 22
L_CALL_CHIPS = 23  # chips a call puts in (less than the bet when it puts the seat all-in)
L_BRING_IN = 24  # level after the bring-in, 0 when no bring-in is pending for this seat
L_AGG = 25  # BET, RAISE or COMPLETE, or NO_ACTION
L_MIN_TO = 26  # allowed range of ``to`` for the aggressive action
L_MAX_TO = 27
L_FULL_TO = 28  # a ``to`` at least this is a full bet/raise (below: a short all-in)
L_FIRST = L_FOLD
L_END = 29

# View row, filled by ``strategies._view`` (the score is the game's, ``scores[seat]``).
V_POT = 30  # all chips in the pot
V_TO_CALL = 31  # chips to call (may exceed the stack: then a call is all-in for less)
V_STREET = 32  # own chips in this round
V_LEVEL = 33
V_BETS = 34
V_STACK = 35
V_ROUND = 36
V_N_IN = 37  # players still in, this one included
V_POSITION = 38  # 0 = first left of the dealer … seats-1 = the dealer
V_CAN_OPEN = 39  # 1: a bet or raise now would make this player the opener (R-D3)
V_OPENER = 40  # opener seat or -1
V_MY_TOTAL = 41  # own chips in the pot this hand
V_N_PAT = 42  # opponents still in who drew 0 cards at the last draw
V_MIN_DRAW = 43  # fewest cards drawn by an opponent still in at the last draw, -1 none
V_SEAT = 44
V_N_ACTIVE = 45  # players still in and not all-in, this one included
V_FIRST = V_POT
V_END = 46

# Per-seat rows.
STACK = 50
START = STACK + MAX_SEATS
STREET = START + MAX_SEATS
TOTAL = STREET + MAX_SEATS
STATUS = TOTAL + MAX_SEATS
ACTED = STATUS + MAX_SEATS

# Hand record.
LOG = ACTED + MAX_SEATS
G_ROUND = 0  # -1 for antes
G_SEAT = 1
G_ACTION = 2
G_CHIPS = 3  # chips the action put in
G_TO = 4  # the seat's commitment in this round after the action
G_FLAGS = 5  # FLAG_ALL_IN | FLAG_FULL
N_LOG_FIELDS = 6


@njit(cache=True, inline="always")
def in_hand(st, s):
    """Seat ``s`` is still in the hand: not folded and not out (active or all-in).

    >>> st = new_state(3)
    >>> st[STATUS : STATUS + 3] = ST_ACTIVE, ST_FOLDED, ST_ALL_IN
    >>> [bool(in_hand(st, s)) for s in range(3)]
    [True, False, True]
    """
    x = st[STATUS + s]
    return x == ST_ACTIVE or x == ST_ALL_IN


@njit(cache=True, inline="always")
def seat_left(seat, k, n):
    """The seat ``k`` places left (clockwise) of ``seat`` at a table of ``n`` seats, ``k``
    negative for places right: ``(seat + k) % n`` for ``0 <= seat < n`` and ``-n <= k <= n``,
    by a comparison and an addition rather than a division (a hand of a game kernel walks
    round the table dozens of times; a 64-bit division takes tens of cycles).

    >>> [seat_left(4, k, 6) for k in (-6, -5, -1, 0, 1, 2, 6)]
    [4, 5, 3, 4, 5, 0, 4]
    """
    s = seat + k
    if s >= n:
        s -= n
    elif s < 0:
        s += n
    return s


@njit(cache=True)
def _new_state(n_seats, log_capacity):
    """A fresh state for ``n_seats`` seats, recording up to ``log_capacity`` actions."""
    st = np.zeros(LOG + log_capacity * N_LOG_FIELDS, dtype=np.int64)
    st[S_SEATS] = n_seats
    st[S_LOG_CAP] = log_capacity
    st[S_ROUND] = -1
    st[S_TO_ACT] = -1
    st[S_OPENER] = -1
    st[S_LAST_AGGR] = -1
    st[S_BRING_SEAT] = -1
    return st


def new_state(n_seats: int, log_capacity: int = 0) -> np.ndarray:
    """Allocate the state of one hand at a table of ``n_seats`` seats.

    Parameters
    ----------
    n_seats
        2 to :data:`MAX_SEATS` seats.
    log_capacity
        Actions to record for :func:`simkit.poker.history.format_history` (0 = no record).

    Returns
    -------
    numpy.ndarray
        The int64 state (see the module docstring).

    Examples
    --------
    >>> new_state(1)
    Traceback (most recent call last):
    ...
    ValueError: n_seats must be 2..10, got 1
    """
    if not is_int(n_seats) or not 2 <= n_seats <= MAX_SEATS:
        raise ValueError(f"n_seats must be 2..{MAX_SEATS}, got {n_seats!r}")
    return _new_state(int(n_seats), record_capacity(log_capacity))


class Table:
    """Named read access to a state from Python (tests, notebooks, the hand record).

    >>> t = Table(new_state(3))
    >>> t.n, t.to_act, t.status.tolist()
    (3, -1, [0, 0, 0])
    """

    def __init__(self, st: np.ndarray):
        self.st = st
        self.n = int(st[S_SEATS])

    def _row(self, base: int) -> np.ndarray:
        return self.st[base : base + self.n]

    stack = property(lambda self: self._row(STACK), doc="Chips behind, per seat.")
    start = property(lambda self: self._row(START), doc="Chips at the start, per seat.")
    street = property(lambda self: self._row(STREET), doc="Chips in this round, per seat.")
    total = property(lambda self: self._row(TOTAL), doc="Chips in the hand, per seat.")
    status = property(lambda self: self._row(STATUS), doc="ST_* status, per seat.")
    acted = property(lambda self: self._row(ACTED), doc="1: acted since the last full bet.")
    dealer = property(lambda self: int(self.st[S_DEALER]), doc="Dealer seat.")
    to_act = property(lambda self: int(self.st[S_TO_ACT]), doc="Seat to act, -1 none.")
    opener = property(lambda self: int(self.st[S_OPENER]), doc="Opener seat, -1 none.")
    level = property(lambda self: int(self.st[S_LEVEL]), doc="Level to call this round.")
    dead = property(lambda self: int(self.st[S_DEAD]), doc="Dead chips in the pot.")

    @property
    def pot(self) -> int:
        """All chips in the pot."""
        return int(self.total.sum() + self.st[S_DEAD])

    @property
    def log(self) -> np.ndarray:
        """The recorded actions, one row each (``G_*`` columns)."""
        k = min(int(self.st[S_N_LOG]), int(self.st[S_LOG_CAP]))
        return self.st[LOG : LOG + k * N_LOG_FIELDS].reshape(k, N_LOG_FIELDS)
