"""The best-discard table by rank pattern: which low cards to keep for a target, draws left.

The fast strategies cannot run the exact solver for every hand, so they look the discard up.
The table comes from a *rank model* of drawing, solved exactly by dynamic programming:

- a holding is the set ``S`` of different low values a player keeps (values at most the
  target's top X); cards above X and second cards of a value are always thrown;
- every value not kept has all four of its cards in a 47-card unseen deck, every other card
  is "junk" (suits, and the few cards that earlier discards took out, are ignored);
- a draw of ``m = 5 - |S|`` cards adds the set ``A`` of new low values it shows; only ``|A|``
  matters for the chance of a given ``A`` (every free value has four cards);
- after the last draw the hand reaches the target iff it holds five values, not a straight;
  before it the player keeps the best subset of what they hold.

``value[x, d, S]`` is the chance of reaching X-low with ``d`` draws left keeping the best
subset of ``S``; ``keep[x, d, S]`` is that subset (ties: more cards kept, then lower cards).
The exact solver (:mod:`.solver`) measures how close the model's play comes to the best;
suits (flushes) are the strategies' job (:mod:`.strategies`).

Examples
--------
>>> tab = keep_table()
>>> x8 = 6  # value of an 8 in 2-7
>>> S = 0b1_0000_1101  # 2, 4, 5 and a T (the T is above 8: never kept)
>>> bin(int(tab.keep[x8, 1, S & ((1 << (x8 + 1)) - 1)]))
'0b1101'
>>> round(float(tab.value[x8, 1, 0b1101]), 4)  # 2-4-5 drawing two for an 8-low: 80 / C(47, 2)
0.074
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import NamedTuple

import numpy as np

from ...hands.kernels import popcount as _popcount
from ...jit import lean, njit
from .rules import _is_flush, _is_straight_mask, _value, family_id

__all__ = ["KeepTable", "keep_table"]

MAX_DRAWS = 3
N_UNSEEN = 47


class KeepTable(NamedTuple):
    """``keep`` int16[13, 4, 8192] (kept value mask) and ``value`` float64[13, 4, 8192]
    by top value X, draws left d (0..3) and held low-value mask S."""

    keep: np.ndarray
    value: np.ndarray


def _appear_probs(straights: bool) -> np.ndarray:
    """``p[n_free, m, a]``: chance that ``m`` cards from the 47 show exactly a given set of
    ``a`` of the ``n_free`` free values (each of them at least once), the rest junk."""
    # g[a, s]: ways to take s cards from a given a values, at least one of each (4 per value)
    g = np.zeros((6, 6), dtype=np.float64)
    g[0, 0] = 1.0
    for a in range(1, 6):
        for s in range(1, 6):
            g[a, s] = sum(comb(4, c) * g[a - 1, s - c] for c in range(1, 5) if c <= s)
    p = np.zeros((14, 6, 6), dtype=np.float64)
    for n_free in range(14):
        junk = N_UNSEEN - 4 * n_free
        if junk < 0:
            continue
        for m in range(6):
            for a in range(min(m, n_free) + 1):
                ways = sum(g[a, s] * comb(junk, m - s) for s in range(a, m + 1))
                p[n_free, m, a] = ways / comb(N_UNSEEN, m)
    return p


@njit(cache=True)
def _solve(x, straights, appear, keep, value):
    """Fill ``keep[d, S]`` and ``value[d, S]`` for top value ``x`` (masks over 0..x)."""
    full = (1 << (x + 1)) - 1
    n_masks = full + 1
    # d = 0: the hand is final; it holds 5 values or does not reach the target.
    for s in range(n_masks):
        ok = _popcount(s) == 5 and not (straights and _is_straight_mask(s))
        value[0, s] = 1.0 if ok else 0.0
    w = np.zeros(n_masks, dtype=np.float64)  # W_d(T): keep exactly T with d draws left
    for d in range(1, 4):
        for t in range(n_masks):
            k = _popcount(t)
            if k > 5:
                w[t] = 0.0
                continue
            m = 5 - k
            free = full & ~t
            n_free = _popcount(free)
            total = 0.0
            # every subset A of the free values with |A| <= m
            a_mask = free
            while True:
                a = _popcount(a_mask)
                if a <= m:
                    total += appear[n_free, m, a] * value[d - 1, t | a_mask]
                if a_mask == 0:
                    break
                a_mask = (a_mask - 1) & free
            w[t] = total
        # value[d, S] = max over T subset of S of W_d(T); keep = argmax (more cards, lower)
        for s in range(n_masks):
            if _popcount(s) > 5:
                value[d, s] = 0.0
                keep[d, s] = 0
                continue
            best = -1.0
            best_t = 0
            t = s
            while True:
                v = w[t]
                better = v > best + 1e-12
                if not better and abs(v - best) <= 1e-12:
                    pt = _popcount(t)
                    pb = _popcount(best_t)
                    better = pt > pb or (pt == pb and t < best_t)
                if better:
                    best = v
                    best_t = t
                if t == 0:
                    break
                t = (t - 1) & s
            value[d, s] = best
            keep[d, s] = best_t
    # d = 0 keeps everything it holds
    for s in range(n_masks):
        keep[0, s] = s


@lean(inline=True)
def _table_keep(hand, x, d, ace_low, suits_count, keep_tab):
    """Positions kept by the rank-model table for X-low with ``d`` draws left (one card per
    value; a made flush of five values drops its highest card)."""
    vmask = 0
    for i in range(5):
        vmask |= np.int64(1) << _value(hand[i], ace_low)
    want = np.int64(keep_tab[x, d, vmask & ((np.int64(2) << x) - 1)])  # the values up to x
    keep = 0
    got = 0
    for i in range(5):
        v = _value(hand[i], ace_low)
        if (want >> v) & 1 and not (got >> v) & 1:
            keep |= 1 << i
            got |= 1 << v
    if suits_count and keep == 31 and _is_flush(hand):
        hi = 0
        for i in range(1, 5):
            if _value(hand[i], ace_low) > _value(hand[hi], ace_low):
                hi = i
        keep &= ~(1 << hi)
    return keep


@cache
def keep_table(family: str = "deuce_to_seven") -> KeepTable:
    """The rank-model table for ``family`` (straights count in 2-7, not in A-5), every top
    value X from 4 (a 5-low, A-5) to 11 (K-low) and 0..3 draws left.

    >>> t = keep_table()
    >>> t.keep.shape
    (13, 4, 8192)
    >>> float(t.value[5, 0, 0b101111])  # 7-5-4-3-2 made: 7-low with no draw
    1.0
    """
    family_id(family)  # only the game's two families
    straights = family == "deuce_to_seven"
    appear = _appear_probs(straights)
    keep = np.zeros((13, 4, 8192), dtype=np.int16)
    value = np.zeros((13, 4, 8192), dtype=np.float64)
    for x in range(4, 12):
        k = np.zeros((4, 1 << (x + 1)), dtype=np.int16)
        v = np.zeros((4, 1 << (x + 1)), dtype=np.float64)
        _solve(x, straights, appear, k, v)
        keep[x, :, : k.shape[1]] = k
        value[x, :, : v.shape[1]] = v
    keep.setflags(write=False)
    value.setflags(write=False)
    return KeepTable(keep, value)
