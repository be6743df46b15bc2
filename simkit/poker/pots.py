"""Showdown payouts: main and side pots, ties, the odd chip, hi-lo splits.

The pot is cut into layers at the commitments of the players still in: the layer between two such levels holds,
from every seat, folded or not, the part of its commitment between the two levels, and only the
players still in who reached the top of the layer may win it (R-P3: a player wins from each
opponent at most what they put in themselves). Dead chips (carried pots) belong to the bottom
layer. Folded players never win (R-P2). Chips above the highest commitment of any player still
in were matched by nobody: they go back to whoever put them in. In betting that can only happen
through forced bets, to a small blind that folded to a big blind all-in for less; R-P3 leaves
nobody else who may win them. Each layer goes to the best strength among its eligible players
(int strengths, greater is better); ties split it evenly and the chips that do not divide go
one each to the tied players in order from the dealer's left (R-P3).

For hi-lo games (Stud Hi-Lo, R-Z6) :func:`_settle_split` halves every layer between the best
high and the best qualifying low (a low strength > 0; 0 means no qualifying low, and then high
takes the whole layer); the odd chip of the halving goes to the high half, the usual house
rule (the rule documents are silent on it).

Chips are conserved exactly: the payouts add up to the pot, ``betting._pot(st)``.

>>> import numpy as np
>>> settle([50, 100, 100], [False, False, False], [3, 2, 1], dealer=0).tolist()
[150, 100, 0]
>>> settle([10, 10, 10], [True, False, False], [9, 5, 5], dealer=0).tolist()
[0, 15, 15]
>>> settle([10, 10, 10], [False, False, False], [5, 5, 1], dealer=0, dead=1).tolist()
[15, 16, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..checks import INT_LIMIT, chips, holds_bool, is_int
from ..jit import lean
from .table_state import (
    S_DEAD,
    S_DEALER,
    S_N_ACTIVE,
    S_N_IN,
    S_POT,
    S_SEATS,
    ST_ACTIVE,
    ST_FOLDED,
    STACK,
    STATUS,
    TOTAL,
    _new_state,
    in_hand,
)

__all__ = ["settle", "settle_split"]


@lean()
def _eligible(st, s, level):
    """Still in (not folded, not out) and committed at least ``level``."""
    return in_hand(st, s) and st[TOTAL + s] >= level


@lean()
def _next_level(st, prev):
    """Smallest commitment above ``prev`` among players still in, or -1."""
    best = -1
    for s in range(st[S_SEATS]):
        if in_hand(st, s):
            t = st[TOTAL + s]
            if t > prev and (best < 0 or t < best):
                best = t
    return best


@lean()
def _layer(st, prev, level):
    """Chips of all seats between ``prev`` and ``level``."""
    amount = 0
    for s in range(st[S_SEATS]):
        t = st[TOTAL + s]
        if t > prev:
            amount += (t if t < level else level) - prev
    return amount


@lean()
def _award(st, amount, strengths, level, positive_only, payout):
    """Give ``amount`` to the best eligible strength (still in, committed >= ``level``; with
    ``positive_only`` only strengths > 0), split evenly, odd chips from the dealer's left.
    Returns False (and gives nothing) when nobody is eligible."""
    n = st[S_SEATS]
    best = 0
    k = 0
    for s in range(n):
        if _eligible(st, s, level):
            v = strengths[s]
            if positive_only and v <= 0:
                continue
            if k == 0 or v > best:
                best = v
                k = 1
            elif v == best:
                k += 1
    if k == 0:
        return False
    share = amount // k
    rest = amount - share * k
    s = st[S_DEALER]
    for _ in range(n):
        s = s + 1 if s + 1 < n else 0
        if _eligible(st, s, level) and strengths[s] == best:
            payout[s] += share
            if rest > 0:
                payout[s] += 1
                rest -= 1
    return True


@lean(inline=True)
def _award_layer(st, amount, hi, lo, split, level, payout):
    """One layer of the pot to its winners: all to the best ``hi``, or halved between the best
    ``hi`` and the best qualifying ``lo`` (none: all to ``hi``)."""
    if split:
        lo_half = amount // 2
        if _award(st, lo_half, lo, level, True, payout):
            _award(st, amount - lo_half, hi, level, False, payout)
        else:
            _award(st, amount, hi, level, False, payout)
    else:
        _award(st, amount, hi, level, False, payout)


@lean()
def _settle_layers(st, hi, lo, split, payout):
    """Fill ``payout``: the pot layer by layer (a main pot and side pots, R-P3).

    Most pots have one layer: every player still in put in the same, and nobody more (no
    all-in short of the others).  That case is found in one pass over the seats and awarded
    at once, with the same result as the layer walk below."""
    n = st[S_SEATS]
    least_in = -1  # the least put in by a player still in
    most = 0  # the most put in by anyone
    chips = st[S_DEAD]
    for s in range(n):
        payout[s] = 0
        t = st[TOTAL + s]
        chips += t
        most = max(most, t)
        if in_hand(st, s) and (least_in < 0 or t < least_in):
            least_in = t
    if least_in == most:
        _award_layer(st, chips, hi, lo, split, most, payout)
        return
    prev = 0
    first = True
    level = _next_level(st, -1)
    while level >= 0:
        nxt = _next_level(st, level)
        amount = _layer(st, prev, level)
        if first:  # dead chips belong to the main pot
            amount += st[S_DEAD]
            first = False
        _award_layer(st, amount, hi, lo, split, level, payout)
        prev = level
        level = nxt
    for s in range(st[S_SEATS]):  # chips nobody still in matched go back (R-P3)
        if st[TOTAL + s] > prev:
            payout[s] += st[TOTAL + s] - prev


@lean()
def _settle(st, strengths, payout):
    """Fill ``payout`` (int64[seats]) with what each seat wins from the pot (R-P2, R-P3).

    With one player left the strengths are not looked at.  Stacks are not touched: call
    :func:`_pay` to credit them.
    """
    _settle_layers(st, strengths, strengths, False, payout)


@lean()
def _settle_split(st, hi, lo, payout):
    """Like :func:`_settle`, each layer halved between the best ``hi`` and the best ``lo``
    (``lo`` > 0 qualifies); the odd chip goes to high; no qualifying low: high takes all."""
    _settle_layers(st, hi, lo, True, payout)


@lean()
def _pay(st, payout):
    """Credit ``payout`` to the stacks."""
    for s in range(st[S_SEATS]):
        st[STACK + s] += payout[s]


def _state_for(contributions, folded, dealer, dead):
    c = np.asarray(contributions)
    f = np.asarray(folded)
    if c.ndim != 1 or not 2 <= c.size <= 10:
        raise ValueError(f"contributions must be 2..10 chip counts, got shape {c.shape}")
    if (
        not np.issubdtype(c.dtype, np.integer)
        or (c < 0).any()
        or (c > INT_LIMIT).any()
        or holds_bool(contributions)
    ):
        raise ValueError(f"contributions must be integers 0..2**53, got {contributions!r}")
    if f.shape != c.shape:
        raise ValueError(f"folded must have one flag per seat, got shape {f.shape}")
    if f.all():
        raise ValueError("at least one player must still be in (not folded)")
    if not is_int(dealer) or not 0 <= dealer < c.size:
        raise ValueError(f"dealer must be a seat 0..{c.size - 1}, got {dealer!r}")
    dead = chips(dead, "dead")
    st = _new_state(c.size, 0)
    st[TOTAL : TOTAL + c.size] = c
    st[STATUS : STATUS + c.size] = np.where(f.astype(bool), ST_FOLDED, ST_ACTIVE)
    st[S_DEALER] = dealer
    st[S_DEAD] = dead
    st[S_POT] = dead + int(c.sum())
    st[S_N_IN] = st[S_N_ACTIVE] = int((~f.astype(bool)).sum())
    return st


def _strengths(name, values, n):
    v = np.asarray(values)
    if v.shape != (n,) or not np.issubdtype(v.dtype, np.integer):
        raise ValueError(f"{name} must be {n} integer strengths, got {values!r}")
    return v.astype(np.int64)


def settle(
    contributions: Sequence[int], folded: Sequence[bool], strengths: Sequence[int], dealer: int, dead: int = 0
) -> np.ndarray:
    """What each seat wins at showdown, with side pots and the odd-chip rule.

    Parameters
    ----------
    contributions
        Chips each seat put in during the hand (antes and blinds included).
    folded
        One flag per seat; folded seats never win (R-P2).
    strengths
        Integer hand strengths, greater is better (ignored for folded seats).
    dealer
        Dealer seat: odd chips go to the tied winners from the dealer's left (R-P3).
    dead
        Chips in the pot that belong to nobody (a carried pot); they go to the main pot.

    Returns
    -------
    numpy.ndarray
        int64 payouts per seat; they add up to ``sum(contributions) + dead``.

    Examples
    --------
    Three all-ins of 20, 50 and 100 and a caller of 100; the short stack has the best hand:

    >>> settle([20, 50, 100, 100], [False] * 4, [9, 1, 5, 5], dealer=3).tolist()
    [80, 0, 95, 95]
    >>> settle([5, 5, 5], [False] * 3, [1, 1, 1], dealer=1).tolist()
    [5, 5, 5]
    >>> settle([1, 1, 1], [False, False, False], [2, 2, 0], dealer=0).tolist()
    [1, 2, 0]
    """
    st = _state_for(contributions, folded, dealer, dead)
    n = int(st[S_SEATS])
    s = _strengths("strengths", strengths, n)
    out = np.zeros(n, dtype=np.int64)
    _settle(st, s, out)
    return out


def settle_split(
    contributions: Sequence[int],
    folded: Sequence[bool],
    high: Sequence[int],
    low: Sequence[int],
    dealer: int,
    dead: int = 0,
) -> np.ndarray:
    """Hi-lo payouts: every pot halved between the best high and the best qualifying low.

    ``low`` strengths > 0 qualify (greater is better, 0 = no qualifying low, as the
    ``eight_or_better`` evaluator returns); without a qualifying low in a pot, high takes it
    all.  The odd chip of a halved pot goes to the high half.

    >>> settle_split([10, 10, 10], [False] * 3, [3, 2, 1], [0, 0, 7], dealer=0).tolist()
    [15, 0, 15]
    >>> settle_split([5, 5, 5], [False] * 3, [3, 2, 1], [0, 0, 0], dealer=0).tolist()
    [15, 0, 0]
    """
    st = _state_for(contributions, folded, dealer, dead)
    n = int(st[S_SEATS])
    out = np.zeros(n, dtype=np.int64)
    _settle_split(st, _strengths("high", high, n), _strengths("low", low, n), out)
    return out
