"""The table state that every game's hand kernel plays on: the common table interface.

Every game (Diablo, 2-7 Triple Draw, Razz and its stud variants, In-Between) has one compiled
kernel that plays one hand at a given table state::

    rc = _play_hand(table, game, rng, work, record)

- ``table`` (int64[:], this module's layout, made by :func:`new_table`): seats, dealer, the
  deal number, the chips carried into this deal (Diablo's carried pot) and per seat the stack
  and whether the seat is still in the evening.  The kernel reads it, plays one hand (for
  Diablo one deal, with the carried pot and the opener's obligation; for In-Between one
  dealer's game) and writes the new stacks and carried chips back.  It never moves the dealer
  nor counts the deal: the caller does that with :func:`next_dealer`.
- ``game``: a tuple the game's ``jobs.py`` builds once: its rules as arrays, the seats'
  strategies and the evaluator tables.  Read only.
- ``rng``: the random stream (:func:`simkit.rng.stream_state`), advanced in place.
- ``work``: the game's scratch arrays (made once per batch by the game's ``_new_work``); after
  the hand they hold its details (cards, draws, scores) for batch kernels that count them.
- ``record`` (int64[:] of at least :data:`REC_GAME` entries): the compact hand record, the
  common head below and the game's own fields from :data:`REC_GAME` on.
- ``rc``: 0, or a negative error code of the game (a bug or a broken script).

Chips are conserved: ``sum(stacks) + carried`` is the same before and after every hand
(:func:`chips_on_table`).  Every batch kernel of a game is a loop over ``_play_hand``; the
evening engines drive exactly this kernel hand after hand with carried stacks.

>>> t = new_table([100, 0, 100, 100], dealer=0)
>>> int(t[TABLE_SEATS]), t[TABLE_IN:TABLE_IN + 4].tolist()
(4, [1, 0, 1, 1])
>>> next_dealer(t); int(t[TABLE_DEALER])   # seat 1 has no chips: it is skipped as dealer
2
>>> chips_on_table(t)
300
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..checks import is_int
from ..jit import njit

__all__ = [
    "HandKernel",
    "REC_DEALER",
    "REC_GAME",
    "REC_OUTCOME",
    "REC_PLAYERS",
    "REC_POT",
    "TABLE_CARRIED",
    "TABLE_DEAL",
    "TABLE_DEALER",
    "TABLE_GAME",
    "TABLE_IN",
    "TABLE_MAX_SEATS",
    "TABLE_SEATS",
    "TABLE_SIZE",
    "TABLE_STACK",
    "chips_on_table",
    "drop_broke",
    "new_table",
    "next_dealer",
    "seats_in",
    "set_table",
    "table_chips",
]

#: Most seats a table holds (In-Between allows many players).
TABLE_MAX_SEATS = 32

# Scalars.
TABLE_SEATS = 0  # seats at the table
TABLE_DEALER = 1  # the dealer's seat
TABLE_DEAL = 2  # deals played so far (the caller counts)
TABLE_CARRIED = 3  # chips in the middle carried into this deal (Diablo, R-D4/R-D5), else 0
TABLE_GAME = 4  # 4 entries the game may use for what carries between its hands
# Per seat.
TABLE_STACK = 8  # chips behind
TABLE_IN = TABLE_STACK + TABLE_MAX_SEATS  # 1: still in the evening, 0: out (R-E1, R-P4)
TABLE_SIZE = TABLE_IN + TABLE_MAX_SEATS

# Hand record head (the game's own fields follow from REC_GAME).
REC_DEALER = 0  # dealer of the hand
REC_POT = 1  # chips contested in the hand, carried chips included
REC_OUTCOME = 2  # the game's outcome code (showdown, no showdown, void deal, ...)
REC_PLAYERS = 3  # players dealt in
REC_GAME = 4


def new_table(stacks: Sequence[int] | np.ndarray, dealer: int = 0) -> np.ndarray:
    """A table state with these ``stacks`` (a seat with none is out) and this ``dealer``.

    >>> new_table([5, 5], dealer=2)
    Traceback (most recent call last):
    ...
    ValueError: dealer must be a seat 0..1, got 2
    >>> new_table([5, -1])
    Traceback (most recent call last):
    ...
    ValueError: stacks must be non-negative chip counts, got [5, -1]
    """
    s = np.asarray(stacks)
    if s.ndim != 1 or not 1 <= s.size <= TABLE_MAX_SEATS or s.dtype.kind not in "iu":
        raise ValueError(f"stacks must be 1..{TABLE_MAX_SEATS} integer chip counts, got {stacks!r}")
    if (s < 0).any():
        raise ValueError(f"stacks must be non-negative chip counts, got {list(map(int, s))}")
    if not is_int(dealer) or not 0 <= dealer < s.size:
        raise ValueError(f"dealer must be a seat 0..{s.size - 1}, got {dealer!r}")
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    set_table(table, s.astype(np.int64), int(dealer))
    return table


@njit(cache=True, inline="always")
def set_table(table, stacks, dealer):
    """Seat ``stacks`` (int64[n]) with ``dealer``; a seat with no chips is out."""
    n = stacks.shape[0]
    table[:] = 0
    table[TABLE_SEATS] = n
    table[TABLE_DEALER] = dealer
    for s in range(n):
        table[TABLE_STACK + s] = stacks[s]
        table[TABLE_IN + s] = 1 if stacks[s] > 0 else 0


@njit(cache=True, inline="always")
def seats_in(table):
    """Seats still in the evening."""
    k = 0
    for s in range(table[TABLE_SEATS]):
        k += table[TABLE_IN + s]
    return k


@njit(cache=True, inline="always")
def next_dealer(table):
    """Pass the deal left to the next seat still in (R-E1: a player out is skipped); when no
    seat is in, to the next seat."""
    n = table[TABLE_SEATS]
    first = table[TABLE_DEALER] + 1 if table[TABLE_DEALER] + 1 < n else 0
    d = first
    for _ in range(n):
        if table[TABLE_IN + d]:
            table[TABLE_DEALER] = d
            return
        d = d + 1 if d + 1 < n else 0
    table[TABLE_DEALER] = first


@njit(cache=True, inline="always")
def drop_broke(table):
    """Mark every seat without chips as out; returns the seats still in."""
    k = 0
    for s in range(table[TABLE_SEATS]):
        if table[TABLE_STACK + s] <= 0:
            table[TABLE_IN + s] = 0
        k += table[TABLE_IN + s]
    return k


@njit(cache=True, inline="always")
def table_chips(table):
    """All chips of a table: the stacks and what is carried in the middle."""
    total = table[TABLE_CARRIED]
    for s in range(table[TABLE_SEATS]):
        total += table[TABLE_STACK + s]
    return total


def chips_on_table(table: np.ndarray) -> int:
    """All chips of a table (:func:`table_chips`), as a Python ``int``."""
    return int(table_chips(table))


@dataclass(frozen=True)
class HandKernel:
    """A game's hand kernel set up for one table: the compiled ``play`` (the game's
    ``_play_hand`` as the one compiled function its batch and evening kernels call:
    ``_play_one``, or In-Between's ``_play_hand`` itself), its read-only ``game`` tuple, its
    scratch ``work`` and a ``record``.

    Each game's ``jobs.hand_kernel(players, rules)`` makes one; ``kernel(table, rng)`` plays
    one hand at ``table`` and returns the game's code (negative: an error).  Compiled code
    calls ``kernel.play(table, kernel.game, rng, kernel.work, kernel.record)`` itself.
    """

    play: Callable
    game: tuple
    work: tuple
    record: np.ndarray

    def __call__(self, table: np.ndarray, rng: np.ndarray) -> int:
        return int(self.play(table, self.game, rng, self.work, self.record))
