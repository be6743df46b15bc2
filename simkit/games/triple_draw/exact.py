"""Exact best-play draw odds for a target ("8-low or better"), one to three draws, 2-7 and A-5.

The question: from a hand, with some cards known dead and ``d`` draws left, what is the chance
of finishing at the target when every keep is the one that maximises that chance?  The deck
model is the one of :func:`.solver.draw_odds`: the unseen deck is the 52 cards less the hand
and the dead cards, one player draws alone, and discards never come back (R-T3).

**What is kept.**  A card above the target's top card, or a second card of a value already
kept, can never be in a finished target hand; keeping it is never better than drawing to it
(a player who throws it and draws one card more can copy every later keep of the player who
kept it, the extra card standing in for it, and finishes the same or better).  So every keep
is a set of different *low values* (at most the top value X), one card of each.

**State compression.**  What matters about the deck for a target is, for every low value, how
many cards of it are left (``c[v]``), how many cards are left in all (``n``; the other cards
are interchangeable junk), and the suits only because a flush counts against you in 2-7.  The
solver therefore works on two levels:

- the *suitless value* ``Vs_d(S, c, n)``: the best-play chance when flushes are ignored, for a
  kept value set ``S``, by a recursion over the value patterns of each draw (which low values
  come, how many of each, how many junk cards) weighted by their card counts, memoised by
  ``(S, c, n)``.  With no draw left after this one the chance is a count:
  ``e_m(c over the free values) - (straights)``, ``e_m`` an elementary symmetric polynomial;
- the *flush loss* ``Vs - V >= 0``, counted with the suits of the actual cards but only where
  a flush can cost something: the best last keep is a set of one suit whose every card could
  be of that suit.  When the best suitless last keep holds two cards of different suits (or
  a value twice, so that a card of another suit can be kept), the suits cannot lower the
  best chance and nothing is enumerated.  Which kept-card suit patterns are safe in this sense
  is worked out once per value state (:func:`_vs2`, bit masks over set partitions of the kept
  values), so that the suits of the cards drawn are enumerated only where they can matter.
  Where they matter, the best keep after the flush is one of the draw's keeps listed with it
  (every keep whose suitless value a flush can pass).  When every such keep holds a card of the
  flush suit u, a drawn card of another suit mixes with it, so only *which* drawn values
  came in suit u counts: each such set of values is valued once and counted by the number
  of suit choices that give it (:func:`_loss_by_u_sets`); elsewhere every suit of every drawn
  card is tried.

In A-5 (R-T5) straights and flushes do not count: the suitless value is exact and the values
are interchangeable, so the memo key is sorted.

**Which keeps are counted.**  Every hand that makes a 2-7 target also makes it with flushes
not counted, and with neither straights nor flushes counted, so those two chances bound the
chance from above.  Both skip the suits, and the second costs what A-5 costs (no straights:
the values are interchangeable).  The best first keep is found best first: every keep starts
at its cheapest bound and the keep of the greatest figure is made one step more exact (no
straights or flushes, no flushes, exact) until the greatest is exact, and it is the best.
After each first draw of three, the keeps are tried in the order of their value without
straights (and, where the deck has junk for every card drawn, of their value on the counts
before the draw), so most keeps are never counted.  The first draws of three are shared out
over Numba's threads (:func:`_v3_threads`), each with its own memos and sum: the fraction is
the same on any number of threads.

**Exact arithmetic.**  Every chance is an integer numerator over a known denominator: a last
draw of ``m`` from ``n`` cards counts ``N`` completing draws (``N / C(n, m)``); two draws left
from ``n`` cards, scaled by the falling factorial ``n(n-1)...(n-9)``, is an integer below
``1.2e16`` (int64); three draws are summed in two int64 halves and joined in Python.  Keeps
are compared on these integers, so a maximum is never decided by rounding; the results are
:class:`fractions.Fraction`.

Examples
--------
>>> from fractions import Fraction
>>> from simkit.cards import parse_cards
>>> hand = parse_cards("7s 5h 3d 2c Kc")
>>> p = target_chance(hand, hand[:4], 1, "7")  # a 4 or a 6: 8 of 47
>>> p, float(p)
(Fraction(8, 47), 0.1702127659574468)
>>> best, keep = best_keep(hand, 1, "7")
>>> best == p, sorted(keep.tolist()) == sorted(hand[:4].tolist())
(True, True)
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
from numba import config, get_num_threads, prange, types
from numba.typed import Dict, List

from ...cards import N_CARDS, as_cards
from ...hands.kernels import highest_bit, lowest_bit
from ...hands.kernels import popcount as _pc
from ...jit import lean, njit
from .rules import family_id, target_value

__all__ = [
    "best_keep",
    "chances",
    "keep_candidates",
    "keep_chance",
    "prepare",
    "target_chance",
    "target_chances",
]

#: Cards the draws of ``d`` draws left can take when the first keep is not fixed (5 each).
MAX_DRAWN = {0: 0, 1: 5, 2: 10, 3: 15}

_FACT = np.array([1, 1, 2, 6, 24, 120], dtype=np.int64)
#: Last keeps listed per risky draw: as many as a hand has.
_KEEP = 32


def _binomial_table(rows: int, dtype) -> np.ndarray:
    """``b[n, k] = C(n, k)`` for ``n < rows`` and ``k <= 5``."""
    b = np.zeros((rows, 6), dtype=dtype)
    for n in range(rows):
        for k in range(6):
            b[n, k] = comb(n, k)
    return b


_BIN = _binomial_table(64, np.int64)


@cache
def _patterns(nv: int) -> tuple[np.ndarray, np.ndarray]:
    """Every count vector over ``nv`` low values with at most 5 cards, at most 4 per value;
    rows sorted by total, ``start[m]`` the first row with total ``m`` (so rows ``:start[m+1]``
    are those with at most ``m`` cards).  Two more columns: ``pats[p, nv]`` the row's values
    as a bit mask (its support), ``pats[p, nv + 1]`` its total."""
    rows: list[list[int]] = []

    def rec(v: int, left: int, cur: list[int]) -> None:
        if v == nv:
            rows.append(cur.copy())
            return
        for k in range(min(4, left) + 1):
            cur.append(k)
            rec(v + 1, left - k, cur)
            cur.pop()

    rec(0, 5, [])
    counts = np.array(sorted(rows, key=sum), dtype=np.int64).reshape(-1, nv)
    totals = counts.sum(axis=1)
    support = ((counts > 0) << np.arange(nv)).sum(axis=1)
    pats = np.column_stack([counts, support, totals]).astype(np.int64)
    start = np.searchsorted(totals, np.arange(7)).astype(np.int64)
    pats.setflags(write=False)
    return pats, start


def _growth_strings(k: int) -> list[tuple[int, ...]]:
    """Restricted growth strings of length k with at most 4 blocks (set partitions)."""
    if k == 0:
        return [()]
    out = []
    for head in _growth_strings(k - 1):
        for b in range(min(max(head, default=-1) + 2, 4)):
            out.append((*head, b))
    return out


@cache
def _partition_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Set partitions of ``k <= 5`` kept values into at most 4 suits (restricted growth
    strings): ``index[k, code]`` (code = the string in base 4, -1 if not one), ``mixed[k, p]``
    (the local subsets T, |T| >= 2, that meet two blocks of partition p, as a 32-bit mask over
    subsets), ``count[k]`` and ``blocks[k, p, i]`` (the block of element i)."""
    index = np.full((6, 1024), -1, dtype=np.int64)
    mixed = np.zeros((6, 64), dtype=np.int64)
    count = np.zeros(6, dtype=np.int64)
    blocks = np.zeros((6, 64, 5), dtype=np.int64)
    for k in range(6):
        strings = _growth_strings(k)
        count[k] = len(strings)
        for p, s in enumerate(strings):
            index[k, sum(b * 4**i for i, b in enumerate(s))] = p
            blocks[k, p, :k] = s
            m = 0
            for t in range(1 << k):
                if len({s[i] for i in range(k) if (t >> i) & 1}) >= 2:
                    m |= 1 << t
            mixed[k, p] = m
    for a in (index, mixed, count, blocks):
        a.setflags(write=False)
    return index, mixed, count, blocks


@cache
def _subset_order() -> np.ndarray:
    """``order[k, i]``: the local masks of k bits, most bits first (``2^k`` of them)."""
    out = np.zeros((6, 32), dtype=np.int64)
    for k in range(6):
        masks = sorted(range(1 << k), key=lambda m: -bin(m).count("1"))
        out[k, : len(masks)] = masks
    out.setflags(write=False)
    return out


_ORDER = _subset_order()


@cache
def _suit_subsets() -> tuple[np.ndarray, np.ndarray]:
    """``sub[mask, k, i]``: the i-th k-subset of the 4-bit suit mask ``mask``; ``n[mask, k]``."""
    sub = np.zeros((16, 5, 6), dtype=np.int64)
    n = np.zeros((16, 5), dtype=np.int64)
    for mask in range(16):
        for s in range(16):
            if s & ~mask == 0:
                k = bin(s).count("1")
                sub[mask, k, n[mask, k]] = s
                n[mask, k] += 1
    sub.setflags(write=False)
    n.setflags(write=False)
    return sub, n


# --- small compiled pieces -------------------------------------------------------------------


@njit(cache=True, inline="always")
def _ff(n, k):
    """Falling factorial n (n-1) ... (n-k+1)."""
    r = 1
    for i in range(k):
        r *= n - i
    return r


@njit(cache=True, inline="always")
def _suits_of(t, hs):
    """The union of the suit masks ``hs[v]`` over the values ``v`` of the mask ``t``."""
    us = 0
    while t:
        us |= hs[lowest_bit(t)]
        t &= t - 1
    return us


@njit(cache=True, inline="always")
def _esym_add(e1, e2, e3, e4, e5, cv):
    """The elementary symmetric polynomials e_1..e_5 with one more value of ``cv`` cards."""
    return e1 + cv, e2 + e1 * cv, e3 + e2 * cv, e4 + e3 * cv, e5 + e4 * cv


@njit(cache=True, inline="always")
def _esym_remove(e1, e2, e3, e4, e5, cv):
    """The inverse of :func:`_esym_add`: e_1..e_5 with one value of ``cv`` cards taken out (its
    factor ``1 + cv x`` divided out, which stays in integers)."""
    f1 = e1 - cv
    f2 = e2 - cv * f1
    f3 = e3 - cv * f2
    f4 = e4 - cv * f3
    return f1, f2, f3, f4, e5 - cv * f4


@njit(cache=True, inline="always")
def _esym_all(s2, c2, nv):
    """e_1..e_5 of the counts ``c2`` over the values not in ``s2``."""
    e1, e2, e3, e4, e5 = 0, 0, 0, 0, 0
    for v in range(nv):
        if not (s2 >> v) & 1 and c2[v]:
            e1, e2, e3, e4, e5 = _esym_add(e1, e2, e3, e4, e5, c2[v])
    return e1, e2, e3, e4, e5


@njit(cache=True, inline="always")
def _esym_pick(m, e1, e2, e3, e4, e5):
    """e_m of e_0 = 1, e_1..e_5."""
    if m == 0:
        return 1
    if m == 1:
        return e1
    if m == 2:
        return e2
    if m == 3:
        return e3
    if m == 4:
        return e4
    return e5


@njit(cache=True, inline="always")
def _esym(s2, m, c2, nv):
    """e_m of the counts ``c2`` over the values not in ``s2`` (draws of m different values)."""
    e1, e2, e3, e4, e5 = _esym_all(s2, c2, nv)
    return _esym_pick(m, e1, e2, e3, e4, e5)


@njit(cache=True, inline="always")
def _windows(s2, wins):
    """The straight windows that hold every value of ``s2``, as a range ``lo, hi`` of indices
    into ``wins`` (whose window i is the five values from i, :func:`_setup`): those from
    its highest value less four to its lowest."""
    if s2 == 0:
        return 0, wins.shape[0]
    return max(0, highest_bit(s2) - 4), min(wins.shape[0], lowest_bit(s2) + 1)


@njit(cache=True, inline="always")
def _straights(s2, c2, wins):
    """Draws that complete ``s2`` to a straight (five consecutive values in ``wins``)."""
    t = 0
    lo, hi = _windows(s2, wins)
    for i in range(lo, hi):
        p = 1
        r = wins[i] & ~s2
        while r:
            p *= c2[lowest_bit(r)]
            r &= r - 1
        t += p
    return t


@njit(cache=True, inline="always")
def _ncomp(s2, c2, nv, wins):
    """Suitless completions of the kept values ``s2``: draws of 5 - |s2| cards of different
    free values that are not a straight with them."""
    return _esym(s2, 5 - _pc(s2), c2, nv) - _straights(s2, c2, wins)


@lean()
def _nflush(s2, au, nv, wins, binom):
    """Completions of ``s2`` (all of suit u) by cards of suit u: ``au`` marks the values whose
    card of suit u is in the deck."""
    m = 5 - _pc(s2)
    free = ((1 << nv) - 1) & ~s2
    f = binom[_pc(au & free), m]
    lo, hi = _windows(s2, wins)
    for i in range(lo, hi):
        if (wins[i] & ~s2) & ~au == 0:
            f -= 1
    return f


@lean()
def _min_flush(s2, hs, alpha, nv, wins, binom):
    """Flush completions of the best card choice for kept values ``s2`` from a hand whose
    cards of value v have the suits ``hs[v]`` (bit mask); 0 when a choice mixes suits."""
    size = _pc(s2)
    if size >= 2:
        union = 0
        r = s2
        while r:
            v = lowest_bit(r)
            r &= r - 1
            if _pc(hs[v]) >= 2:
                return 0
            union |= hs[v]
        if _pc(union) >= 2:
            return 0
        return _nflush(s2, alpha[lowest_bit(union)], nv, wins, binom)
    if size == 1:
        v = lowest_bit(s2)
        best = -1
        for u in range(4):
            if (hs[v] >> u) & 1:
                f = _nflush(s2, alpha[u], nv, wins, binom)
                if best < 0 or f < best:
                    best = f
        return best
    f = 0
    for u in range(4):
        f += _nflush(0, alpha[u], nv, wins, binom)
    return f


@njit(cache=True, inline="always")
def _last_g(n2):
    """``g[m] = m! (n2 - m)(n2 - m - 1)...(n2 - 4)``: a last draw of m cards scaled to n2^(5)."""
    g = np.zeros(6, dtype=np.int64)
    for m in range(6):
        if n2 >= 5:
            g[m] = _FACT[m] * _ff(n2 - m, 5 - m)
    return g


@njit(cache=True, inline="always")
def _values(mask, nv, out):
    """The values of ``mask`` (below ``nv``) into ``out``, ascending; returns how many."""
    k = 0
    r = mask & ((1 << nv) - 1)
    while r:
        out[k] = lowest_bit(r)
        r &= r - 1
        k += 1
    return k


@njit(cache=True, inline="always")
def _insert(subs, vals, n, sub, val, ties):
    """Insert the kept set ``sub`` of value ``val`` into the ``n`` listed, best first (ties:
    the first listed, after those with more cards kept when ``ties``); returns the new count."""
    i = n
    while i > 0 and (vals[i - 1] < val or (ties and vals[i - 1] == val and _pc(subs[i - 1]) < _pc(sub))):
        subs[i] = subs[i - 1]
        vals[i] = vals[i - 1]
        i -= 1
    subs[i] = sub
    vals[i] = val
    return n + 1


@lean()
def _local(t, s1):
    """The subset ``t`` of ``s1`` as a mask over the positions of s1's values."""
    out = 0
    i = 0
    r = s1
    while r:
        if (t >> lowest_bit(r)) & 1:
            out |= 1 << i
        i += 1
        r &= r - 1
    return out


@njit(cache=True, inline="always")
def _keep_polys(k, uv, c2, b1, b2, b3, b4, b5, P):
    """``P[loc]``: e_1..e_5 of the free counts of every local keep ``loc`` of the values
    ``uv[:k]`` (the free values ``b`` and the thrown ones), each from the keep with one card
    more: one product a keep, not one per thrown value."""
    full = (1 << k) - 1
    P[full, 0] = b1
    P[full, 1] = b2
    P[full, 2] = b3
    P[full, 3] = b4
    P[full, 4] = b5
    for loc in range(full - 1, -1, -1):
        j = lowest_bit(~loc)
        q = loc | (1 << j)
        P[loc, 0], P[loc, 1], P[loc, 2], P[loc, 3], P[loc, 4] = _esym_add(
            P[q, 0], P[q, 1], P[q, 2], P[q, 3], P[q, 4], c2[uv[j]]
        )


@njit(cache=True, inline="always")
def _keep_of(loc, uv):
    """The kept value set that the bits ``loc`` pick from the values ``uv``."""
    sub = 0
    r = loc
    while r:
        sub |= 1 << uv[lowest_bit(r)]
        r &= r - 1
    return sub


@lean()
def _all_keeps(s1, supp, c1, B, c2, nv, wins, g, subs, vals, n, uv, P):
    """The ``n`` keeps listed by :func:`_last_best`, and every other last keep of a hand of the
    values ``s1 | supp`` (counts left ``c2``; ``c1``, ``B``, ``P`` as there) whose suitless
    value is above the least that flushes can leave the listed ones (:func:`_flush_floor`), into
    ``subs``/``vals`` best first; returns how many."""
    low = _flush_floor(subs, vals, n, nv, g)
    k, b1, b2, b3, b4, b5 = _hand_values(s1, supp, c1, B, uv)
    _keep_polys(k, uv, c2, b1, b2, b3, b4, b5, P)
    counted = np.int64(0)
    for i in range(n):
        counted |= np.int64(1) << _local(subs[i], s1 | supp)
    for loc in range(1 << k):
        if (counted >> loc) & 1:
            continue
        m = 5 - _pc(loc)
        e = (P[loc, m - 1] if m > 0 else 1) * g[m]
        if e > low:
            sub = _keep_of(loc, uv)
            val = e - _straights(sub, c2, wins) * g[m]
            if val > low:
                n = _insert(subs, vals, n, sub, val, False)
    return n


@njit(cache=True, inline="always")
def _flush_floor(subs, vals, n, nv, g):
    """The least the best exact last keep is worth: every listed keep ``subs[:n]`` of value
    ``vals[:n]`` keeps at least its value less one flush completion per choice of its missing
    values in one suit."""
    low = np.int64(0)
    for i in range(n):
        ka = _pc(subs[i])
        lb = vals[i] - _BIN[nv - ka, 5 - ka] * g[5 - ka]
        if lb > low:
            low = lb
    return low


@njit(cache=True, inline="always")
def _hand_values(s1, supp, c1, B, uv):
    """The values of the hand ``s1 | supp`` into the scratch ``uv``, ascending (returns how many
    first), and e_1..e_5 of the counts over the values outside it, after a draw of the values
    ``supp`` from the counts ``c1``: from ``B`` (:func:`_free_polys` of ``s1``), the values
    drawn that were not kept leave the free values (:func:`_esym_remove`); the counts of the
    other free values are ``c1``'s, as the draw took none of their cards."""
    b1, b2, b3, b4, b5 = B[0], B[1], B[2], B[3], B[4]
    k = 0
    r = s1 | supp
    while r:
        v = lowest_bit(r)
        r &= r - 1
        uv[k] = v
        k += 1
        if not (s1 >> v) & 1:
            b1, b2, b3, b4, b5 = _esym_remove(b1, b2, b3, b4, b5, c1[v])
    return k, b1, b2, b3, b4, b5


@njit(cache=True, inline="always")
def _free_polys(s1, c1, nv, B):
    """``B``: e_1..e_5 of the counts ``c1`` over the values outside ``s1`` (for
    :func:`_hand_values`)."""
    B[0], B[1], B[2], B[3], B[4] = _esym_all(s1, c1, nv)


@njit(cache=True, inline="always")
def _take(pats, p, supp, c2):
    """Take the cards of pattern row ``p`` (values ``supp``) from the counts ``c2``."""
    r = supp
    while r:
        v = lowest_bit(r)
        r &= r - 1
        c2[v] -= pats[p, v]


@njit(cache=True, inline="always")
def _put_back(supp, c1, c2):
    """Undo :func:`_take`: the counts ``c2`` at the values ``supp`` back to ``c1``'s."""
    r = supp
    while r:
        v = lowest_bit(r)
        r &= r - 1
        c2[v] = c1[v]


@lean()
def _last_best(s1, supp, c1, B, c2, wins, g, subs, vals, bound, uv, P):
    """The best suitless last keep of a hand holding the values ``s1 | supp`` (counts left
    ``c2``, after a draw of the values ``supp`` from ``c1``; ``B`` the :func:`_free_polys` of
    ``c1`` and ``s1``): the largest kept sets first, each bounded by its count without
    straights (every keep's from :func:`_keep_polys`, into the scratch ``P``), so most small sets
    are never counted.  Returns (best, number listed, bound of the rest, the bits of the listed
    among the local subsets): the keeps whose value was counted are listed in ``subs``/``vals``,
    best first (ties: more cards)."""
    # (this kernel is the hot spot of every two- and three-draw query)
    k, b1, b2, b3, b4, b5 = _hand_values(s1, supp, c1, B, uv)
    _keep_polys(k, uv, c2, b1, b2, b3, b4, b5, P)
    best = 0
    n = 0
    rest = 0
    counted = np.int64(0)
    for i in range(1 << k):
        loc = _ORDER[k, i]
        m = 5 - _pc(loc)
        e = (P[loc, m - 1] if m > 0 else 1) * g[m]
        if e >= best and e > 0:
            sub = _keep_of(loc, uv)
            val = e - _straights(sub, c2, wins) * g[m]
            if val > best:
                best = val
            if bound >= 0:
                n = _insert(subs, vals, n, sub, val, False)  # sets come most cards first
                counted |= np.int64(1) << loc
        elif e > rest:
            rest = e
    return best, n, rest, counted


@lean()
def _pattern_weight(pats, p, c1, nv):
    """(weight of the low part, support mask, cards) of pattern row p on counts c1."""
    w = 1
    supp = pats[p, nv]
    r = supp
    while r:
        v = lowest_bit(r)
        r &= r - 1
        kv = pats[p, v]
        if kv > c1[v]:
            return 0, 0, 0
        w *= _BIN[c1[v], kv]
    return w, supp, pats[p, nv + 1]


# --- the suitless value with two draws left, and where suits are safe -----------------------


@njit(cache=True, inline="always")
def _junk(c, n, nv):
    """The cards of a deck of ``n`` cards, ``c[v]`` of each low value, that are not low."""
    low = 0
    for v in range(nv):
        low += c[v]
    return n - low


@njit(cache=True, inline="always")
def _draw_ways(pats, p, c1, nv, m1, junk, c2):
    """(ways to draw the low cards, ways to draw the junk cards, support mask) of a draw of
    ``m1`` cards showing the value pattern row ``p`` from the counts ``c1`` and ``junk`` junk
    cards, and ``c2`` the counts after it; the ways are (0, 0, 0) (``c2`` not written) where
    the deck cannot give the pattern."""
    w, supp, l = _pattern_weight(pats, p, c1, nv)
    if w == 0 or m1 - l > junk:
        return 0, 0, 0
    for v in range(nv):
        c2[v] = c1[v] - pats[p, v]
    return w, _BIN[junk, m1 - l], supp


@njit(cache=True, inline="always")
def _to_ten(tot, m1, n2):
    """A sum over the draws of ``m1`` cards of last-draw values (scaled to ``n2^(5)``, ``n2``
    the deck after the draw) scaled to ``(n2 + m1)^(10)``."""
    return tot * _FACT[m1] * _ff(n2 - 5, 5 - m1)


@njit(cache=True)
def _vs2(s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount, info):
    """``Vs_2`` scaled by ``n1^(10)`` (int64) for the kept values ``s1`` and a draw of ``m1``
    cards now; returns (value, safe mask, number of patterns listed).

    ``info`` None: the value only (safe mask and count 0).  Else ``info`` = (row, group,
    listed, keeps, values, draw) arrays (``listed`` two columns: how many keeps, and ``rest``),
    and the safe mask over set partitions of the kept
    values' suits is worked out (bit q: every last-draw maximum keeps two cards of different
    suits there, or a value twice, so flushes cost nothing whatever is drawn) and the draws
    (value patterns) after which flushes can cost something are listed: every pattern with a
    positive best whose maxima all keep one card of each value.  For each: its row, the group
    (local subsets T of s1, |T| >= 2, kept by a maximum: the pattern is safe when the kept
    cards mix suits on one of them), the last keeps whose value was counted, best first, with
    ``rest``: where a keep left uncounted could beat every listed keep less its most flush
    completions, the most such a keep is worth (its count without straights), else -1 (then
    :func:`_loss` lists every keep worth more than the least flushes leave the listed ones,
    :func:`_all_keeps`, if the best it finds less flushes falls below ``rest``), and the ways
    to draw its junk cards and its support packed as ``ways << 16 | support``."""
    g = _last_g(n1 - m1)
    c2 = np.empty(nv, dtype=np.int64)
    subs = np.empty(32, dtype=np.int64)
    vals = np.empty(32, dtype=np.int64)
    uv = np.empty(6, dtype=np.int64)
    P = np.empty((32, 5), dtype=np.int64)
    B = np.empty(5, dtype=np.int64)
    return _vs2_count(
        s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount, info, g, c2, subs, vals, uv, P, B
    )


@lean()
def _vs2_count(s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount, info, g, c2, subs, vals, uv, P, B):
    """:func:`_vs2` in the work space it allocates (``g`` = :func:`_last_g` of the deck after
    the draw; ``c2``, ``subs``, ``vals``, ``uv``, ``P``, ``B`` scratch, for :func:`_last_best`),
    without reference counting: a call of a helper per value pattern drawn counts each array it
    passes otherwise."""
    junk = _junk(c1, n1, nv)
    n2 = n1 - m1
    k1 = _pc(s1)
    safe = np.int64(0)
    if info is not None:
        safe = (np.int64(1) << pcount[k1]) - 1
        info_p, info_group, info_n, info_subs, info_vals, info_draw = info
    tot = 0
    cnt = 0
    _free_polys(s1, c1, nv, B)
    for v in range(nv):
        c2[v] = c1[v]
    for p in range(start[m1 + 1]):
        if m1 - pats[p, nv + 1] > junk:
            continue
        w, supp, _ = _pattern_weight(pats, p, c1, nv)
        if w == 0:
            continue
        wj = _BIN[junk, m1 - pats[p, nv + 1]]
        w *= wj
        _take(pats, p, supp, c2)  # c2: the counts after the draw, put back after the value
        best, n, rest, _ = _last_best(
            s1, supp, c1, B, c2, wins, g, subs, vals, -1 if info is None else 0, uv, P
        )
        _put_back(supp, c1, c2)
        tot += w * best
        if info is None:
            continue
        if best == 0:
            continue
        group = np.int64(0)
        free_pass = False
        for i in range(n):
            if vals[i] != best:
                break
            a = subs[i]
            if _pc(a) < 2:
                continue
            r = a
            while r:
                v = lowest_bit(r)
                r &= r - 1
                if pats[p, v] >= 2 or (pats[p, v] >= 1 and (s1 >> v) & 1):
                    free_pass = True
            t = a & s1
            if _pc(t) >= 2:
                group |= np.int64(1) << _local(t, s1)
        if free_pass:
            continue
        sat = np.int64(0)
        for q in range(pcount[k1]):
            if pmixed[k1, q] & group:
                sat |= np.int64(1) << q
        safe &= sat
        info_p[cnt] = p
        info_group[cnt] = group
        # where a keep not counted (each worth at most ``rest``) could be worth more than the
        # least flushes leave the listed ones, ``rest`` is kept: :func:`_loss` lists every keep
        # (:func:`_all_keeps`) if the best it finds less flushes falls below it
        info_n[cnt, 0] = n
        info_n[cnt, 1] = rest if rest > _flush_floor(subs, vals, n, nv, g) else -1
        for i in range(n):
            info_subs[cnt, i] = subs[i]
            info_vals[cnt, i] = vals[i]
        info_draw[cnt] = (wj << 16) | supp
        cnt += 1
    return _to_ten(tot, m1, n2), safe, cnt


@njit(cache=True, inline="always")
def _key(s1, m1, c1, n1, nv, sort):
    """Memo key of (s1, m1, c1, n1); ``sort``: the values are interchangeable (A-5, or
    straights not counted), so the key is the multiset of (kept, count) pairs: how many values
    have each of the ten pairs, four bits each."""
    k = 0
    if sort:  # how many values have each (kept, count): 4 bits for each of the 10 pairs
        for v in range(nv):
            k += np.int64(1) << (4 * (((s1 >> v) & 1) * 5 + c1[v]))
    else:
        k = s1
        for v in range(nv):
            k = k * 8 + c1[v]
    return (k * 8 + m1) * 64 + n1


@njit(cache=True, inline="always")
def _vs2_memo(memo, s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount):
    """The suitless value :func:`_vs2`, memoised by (s1, m1, c1, n1)."""
    key = _key(s1, m1, c1, n1, nv, wins.shape[0] == 0)
    if key in memo:
        return memo[key]
    v, _, _ = _vs2(s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount, None)
    memo[key] = v
    return v


@njit(cache=True)
def _vs2_first(memos, s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount):
    """:func:`_vs2_memo` with the first of the thread memos ``memos`` (the list indexed in
    compiled code: from Python its item lookup is compiled in every process)."""
    return _vs2_memo(memos[0], s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount)


# --- the flush loss with two draws left, card by card --------------------------------------


@njit(cache=True, inline="always")
def _avail(alpha, v):
    a = 0
    for s in range(4):
        if (alpha[s] >> v) & 1:
            a |= 1 << s
    return a


@njit(cache=True, inline="always")
def _drawn_suits(s0, hs0, alpha0, nv, vlist, lo, hi, choice, fixed, pats, p, suit_sub, hs1, alpha1):
    """The hand and the deck after a draw of pattern row ``p``: the cards at the values
    ``vlist[lo:hi]`` of the suits ``suit_sub[.., choice[i]]`` (or of the suit ``fixed[v]``
    where it is not -1).  ``hs1[v]``: the suits held at v (the kept values ``s0`` with the
    suits ``hs0``, and those drawn); ``alpha1``: the deck ``alpha0`` less the cards drawn."""
    for v in range(nv):
        hs1[v] = hs0[v] if (s0 >> v) & 1 else 0
    for s in range(4):
        alpha1[s] = alpha0[s]
    for i in range(lo, hi):
        v = vlist[i]
        if fixed[v] >= 0:
            d = np.int64(1) << fixed[v]
        else:
            d = suit_sub[_avail(alpha0, v), pats[p, v], choice[i]]
        hs1[v] |= d
        for s in range(4):
            if (d >> s) & 1:
                alpha1[s] &= ~(np.int64(1) << v)


@njit(cache=True, inline="always")
def _next_suits(choice, lo, hi, vlist, fixed, alpha, pats, p, suit_nsub):
    """Advance ``choice[lo:hi]`` (:func:`_drawn_suits`, the values of a fixed suit left
    alone) to the next choice of suits; False, every choice back at 0, after the last."""
    i = lo
    while i < hi:
        v = vlist[i]
        if fixed[v] >= 0:
            i += 1
            continue
        choice[i] += 1
        if choice[i] < suit_nsub[_avail(alpha, v), pats[p, v]]:
            return True
        choice[i] = 0
        i += 1
    return False


@njit(cache=True, inline="always")
def _best_less_flush(subs, vals, row, n, bestex, hs, alpha, nv, wins, binom, g):
    """The greatest of ``bestex`` and the listed keeps' values ``vals[row, :n]`` (best first,
    the keeps ``subs[row]``) less their flush completions, scaled like them by ``g``."""
    for i in range(n):
        if vals[row, i] <= bestex:
            break
        f = _min_flush(subs[row, i], hs, alpha, nv, wins, binom)
        ex = vals[row, i] - f * g[5 - _pc(subs[row, i])]
        if ex > bestex:
            bestex = ex
    return bestex


@njit(cache=True, inline="always")
def _list_all(e, p, supp, s1, c1, B, nv, wins, pats, g, info_n, info_subs, info_vals, c2, uv, P):
    """List every keep that flushes could put first in row ``e`` of a listing of
    :func:`_vs2` (:func:`_all_keeps`, in place, once: its ``rest`` set to -1); returns how many
    are listed.  ``c2`` holds the counts ``c1`` (and does again on return), ``B`` their
    :func:`_free_polys`."""
    _take(pats, p, supp, c2)
    n = _all_keeps(s1, supp, c1, B, c2, nv, wins, g, info_subs[e], info_vals[e], info_n[e, 0], uv, P)
    _put_back(supp, c1, c2)
    info_n[e, 0] = n
    info_n[e, 1] = -1
    return n


@lean()
def _loss_by_u_sets(
    e, n, info_subs, info_vals, best, u, vlist, nvals, fixed, s1, hs1, alpha, avl, pats, p, nv, wins, binom, g,
    scratch, rest,
):  # fmt: skip
    """Over every suit of the drawn cards not at a value of ``a`` (the draw's first best keep,
    its cards of suit u: ``fixed``), the sum of ``best`` less the best exact value of the
    draw's listed keeps (row ``e``).  Where every keep that matters holds a card of suit u, only
    which of the other values were drawn in suit u counts (a card drawn in another suit mixes
    with it), so each such set of values is valued once, times the number of suit choices that
    give it.  -1 where a keep without a card of suit u could be the best: its suits are not
    known from that set, and every choice must be tried; -2 where the best of the listed keeps
    less flushes falls below ``rest`` (what a keep not listed could be worth: list them all
    and call again).  ``avl[v]``: the suits of the deck's cards of value v; ``scratch``: 3 x 5
    work space."""
    no = 0  # the other drawn values, each with its suit choices in u and not in u
    multi = np.int64(0)  # values held twice or more
    drawn_a = np.int64(0)
    for i in range(nvals):
        v = vlist[i]
        held = _pc(hs1[v]) if (s1 >> v) & 1 else 0
        k = pats[p, v]
        if held + k >= 2:
            multi |= np.int64(1) << v
        if fixed[v] >= 0:
            drawn_a |= np.int64(1) << v
        else:
            av = avl[v]
            has_u = (av >> u) & 1
            scratch[0, no] = v
            scratch[1, no] = binom[_pc(av) - 1, k - 1] if has_u else 0
            scratch[2, no] = binom[_pc(av) - has_u, k]
            no += 1
    known_u = drawn_a  # single cards of suit u
    known_other = np.int64(0)  # single kept cards of another suit
    r = s1
    while r:
        v = lowest_bit(r)
        r &= r - 1
        if _pc(hs1[v]) >= 2:
            multi |= np.int64(1) << v
        elif not (multi >> v) & 1:
            if hs1[v] == (1 << u):
                known_u |= np.int64(1) << v
            else:
                known_other |= np.int64(1) << v
    tot = 0
    for sset in range(1 << no):
        ways = 1
        in_u = np.int64(0)
        wild = np.int64(0)  # single cards drawn in a suit other than u, which one not known
        for j in range(no):
            v = scratch[0, j]
            if (sset >> j) & 1:
                ways *= scratch[1, j]
                in_u |= np.int64(1) << v
            else:
                ways *= scratch[2, j]
                if pats[p, v] == 1:
                    wild |= np.int64(1) << v
        if ways == 0:
            continue
        su = (known_u | in_u) & ~multi
        au = alpha[u] & ~(drawn_a | in_u)
        bestex = np.int64(0)
        for i in range(n):
            val = info_vals[e, i]
            if val <= bestex:
                break
            sub = info_subs[e, i]
            size = _pc(sub)
            if size >= 2 and (sub & multi or (sub & su and sub & (known_other | wild))):
                ex = val  # a pair, or cards of two suits: no flush
            elif sub and sub & ~su == 0:
                ex = val - _nflush(sub, au, nv, wins, binom) * g[5 - size]
            elif size >= 2 and sub & ~known_other == 0 and _pc(_suits_of(sub, hs1)) >= 2:
                ex = val
            else:
                return -1
            if ex > bestex:
                bestex = ex
        if bestex < rest:
            return -2
        tot += ways * (best - bestex)
    return tot


@njit(cache=True)
def _loss(
    cnt, info_p, info_group, info_n, info_subs, info_vals, info_draw, mixedq, s1, hs1, m1, alpha, c1, n1, nv,
    wins, pats, binom, suit_sub, suit_nsub,
):  # fmt: skip
    """``Vs_2 - V_2`` scaled by ``n1^(10)``: what flushes cost with two draws left.

    The hand holds cards of the values ``s1`` (suit masks ``hs1[v]``; two bits for a pair)
    and draws ``m1`` cards from the deck ``alpha[u]`` (values whose card of suit u is left),
    counts ``c1``, size ``n1``.  Only the draws listed by :func:`_vs2` whose best suitless
    last keep is a set of one suit (every card of it that suit, no value twice) can lose, and
    only those are counted: by the sets of values drawn in the flush suit
    (:func:`_loss_by_u_sets`), or card by card where that cannot tell the best keep;
    ``mixedq`` (the local subsets on which the kept cards mix suits) skips the rest at once.
    Where the best keep found less flushes falls below what a keep :func:`_vs2` left out could
    be worth (its ``rest``), the draw's keeps are listed in full here (:func:`_list_all`), in
    place, for this call and every later one on the same listing.
    """
    work = (
        _last_g(n1 - m1),
        np.zeros(nv, dtype=np.int64),
        np.empty(4, dtype=np.int64),
        np.zeros(nv, dtype=np.int64),
        np.empty(nv, dtype=np.int64),
        np.zeros(nv, dtype=np.int64),
        np.empty((3, 5), dtype=np.int64),
        np.empty(nv, dtype=np.int64),
        np.empty(nv, dtype=np.int64),
        np.empty(6, dtype=np.int64),
        np.empty((32, 5), dtype=np.int64),
        np.empty(5, dtype=np.int64),
    )
    return _loss_count(
        cnt, info_p, info_group, info_n, info_subs, info_vals, info_draw, mixedq, s1, hs1, m1, alpha, c1, n1,
        nv, wins, pats, binom, suit_sub, suit_nsub, work,
    )  # fmt: skip


@lean()
def _loss_count(
    cnt, info_p, info_group, info_n, info_subs, info_vals, info_draw, mixedq, s1, hs1, m1, alpha, c1, n1, nv,
    wins, pats, binom, suit_sub, suit_nsub, work,
):  # fmt: skip
    """:func:`_loss` in the work space it allocates, without reference counting (a call of a
    helper per draw listed counts each array it passes otherwise)."""
    n2 = n1 - m1
    g, hs, alpha2, fixed, vlist, choice, scratch, avl, c2, uv, P, B = work
    # fixed: the suit a drawn value's one card must have, -1 any; avl: the suits of each
    # value's cards in the deck; c2 and B for :func:`_list_all`
    for v in range(nv):
        avl[v] = _avail(alpha, v)
        c2[v] = c1[v]
    _free_polys(s1, c1, nv, B)
    tot = 0
    for e in range(cnt):
        if info_group[e] & mixedq:
            continue
        p = info_p[e]
        n = info_n[e, 0]
        best = info_vals[e, 0]
        # is some maximum safe whatever is drawn (the kept cards mix suits on it)?
        safe = False
        a = -1
        for i in range(n):
            if info_vals[e, i] != best:
                break
            sub = info_subs[e, i]
            if _pc(sub) >= 2 and _pc(_suits_of(sub & s1, hs1)) >= 2:
                safe = True
                break
            if a < 0:
                a = sub
        if safe:
            continue
        wj = info_draw[e] >> 16
        supp = info_draw[e] & 0xFFFF
        # the values of the first maximum drawn now must all be of the kept cards' suit (of
        # one suit u, tried in turn, when none of them is kept) for it to be a flush draw; a
        # keep of one card is split the same way by the suit of that card, when it is one card
        t = a & s1
        big = _pc(a) >= 2
        if _pc(a) == 1:
            v = lowest_bit(a)
            drawn_once = t == 0 and pats[p, v] == 1
            kept_only = t != 0 and not (supp >> v) & 1 and _pc(hs1[v]) == 1
            big = drawn_once or kept_only
        u_lo, u_hi = 0, 1
        if big:
            if t:
                u = lowest_bit(_suits_of(t, hs1))
                u_lo, u_hi = u, u + 1
            else:
                u_lo, u_hi = 0, 4
        nvals = _values(supp, nv, vlist)
        for u in range(u_lo, u_hi):
            ok = True
            for i in range(nvals):
                v = vlist[i]
                fixed[v] = -1
                if big and (a >> v) & 1:
                    fixed[v] = u
                    if not (avl[v] >> u) & 1:
                        ok = False
            if not ok:
                continue
            if big:
                got = _loss_by_u_sets(
                    e, n, info_subs, info_vals, best, u, vlist, nvals, fixed, s1, hs1, alpha, avl, pats, p, nv,
                    wins, binom, g, scratch, info_n[e, 1],
                )  # fmt: skip
                if got == -2:  # a keep not listed could be the best: list them all
                    n = _list_all(
                        e, p, supp, s1, c1, B, nv, wins, pats, g, info_n, info_subs, info_vals, c2, uv, P
                    )
                    got = _loss_by_u_sets(
                        e, n, info_subs, info_vals, best, u, vlist, nvals, fixed, s1, hs1, alpha, avl, pats,
                        p, nv, wins, binom, g, scratch, -1,
                    )  # fmt: skip
                if got >= 0:
                    tot += got * wj
                    continue
            for i in range(nvals):
                choice[i] = 0
            while True:
                _drawn_suits(
                    s1, hs1, alpha, nv, vlist, 0, nvals, choice, fixed, pats, p, suit_sub, hs, alpha2
                )
                bestex = _best_less_flush(info_subs, info_vals, e, n, 0, hs, alpha2, nv, wins, binom, g)
                if bestex < info_n[e, 1]:  # a keep not listed could be the best: list them all
                    n = _list_all(
                        e, p, supp, s1, c1, B, nv, wins, pats, g, info_n, info_subs, info_vals, c2, uv, P
                    )
                    bestex = _best_less_flush(info_subs, info_vals, e, n, 0, hs, alpha2, nv, wins, binom, g)
                tot += (best - bestex) * wj
                if not _next_suits(choice, 0, nvals, vlist, fixed, alpha, pats, p, suit_nsub):
                    break
    return _to_ten(tot, m1, n2)


@njit(cache=True)
def _delta2(s1, hs1, m1, alpha, c1, n1, nv, wins, pats, start, pmixed, pcount, binom, suit_sub, suit_nsub):
    """:func:`_loss` of a hand (``hs1`` may hold a pair) on its own: (Vs_2, Vs_2 - V_2)."""
    rows = start[m1 + 1]
    info = (
        np.empty(rows, dtype=np.int64),
        np.empty(rows, dtype=np.int64),
        np.empty((rows, 2), dtype=np.int64),
        np.empty((rows, _KEEP), dtype=np.int64),
        np.empty((rows, _KEEP), dtype=np.int64),
        np.empty(rows, dtype=np.int64),
    )
    vs, _, cnt = _vs2(s1, m1, c1, n1, nv, wins, pats, start, pmixed, pcount, info)
    info_p, info_group, info_n, info_subs, info_vals, info_draw = info
    loss = _loss(
        cnt, info_p, info_group, info_n, info_subs, info_vals, info_draw, 0, s1, hs1, m1, alpha, c1, n1, nv,
        wins, pats, binom, suit_sub, suit_nsub,
    )  # fmt: skip
    return vs, loss


# --- three draws left ---------------------------------------------------------------------

_HALF = 27
#: Kept value sets of one first draw whose risky draws are held at once.
_SLOTS = 32
_HALF_MASK = (1 << _HALF) - 1


@njit(cache=True, inline="always")
def _add(acc, w, x):
    """``acc += w * x`` in two int64 halves (x < 2^54, w < 2^31)."""
    acc[1] += w * (x & _HALF_MASK)
    acc[0] += w * (x >> _HALF) + (acc[1] >> _HALF)
    acc[1] &= _HALF_MASK


@lean()
def _canon_key(s1, m1, n1, kmask, alpha, nv, perms):
    """A key of (kept cards, deck) that is the same for every relabelling of the suits."""
    best0 = np.int64(-1)
    best1 = np.int64(-1)
    for pi in range(perms.shape[0]):
        k0 = np.int64(0)
        for u in range(4):
            k0 |= alpha[perms[pi, u]] << (12 * u)  # the new suit u is the old perms[pi, u]
        k0 = k0 * 64 + n1
        k1 = np.int64(0)
        r = s1
        v = 0
        while r:
            if r & 1:
                old = lowest_bit(kmask[v])
                new = 0
                while perms[pi, new] != old:
                    new += 1
                k1 = k1 * 4 + new
            r >>= 1
            v += 1
        k1 = (k1 * 8192 + s1) * 8 + m1
        if best0 < 0 or k0 < best0 or (k0 == best0 and k1 < best1):
            best0 = k0
            best1 = k1
    return (best0, best1)


@njit(cache=True, inline="always")
def _slot_for(s1, c1, n1, nv, wins, pats, start, pmixed, pcount, slots):
    """The slot holding :func:`_vs2` (its listing) of the kept values ``s1`` (computed on first
    use, :func:`_fill_slot`)."""
    slot_s1 = slots[0]
    for i in range(_SLOTS):
        if slot_s1[i] == s1:
            return i
    return _fill_slot(s1, c1, n1, nv, wins, pats, start, pmixed, pcount, slots)


@njit(cache=True)
def _fill_slot(s1, c1, n1, nv, wins, pats, start, pmixed, pcount, slots):
    """Work out :func:`_vs2` of the kept values ``s1`` into the next slot; returns the slot."""
    slot_s1, slot_out, info_p, info_group, info_n, info_subs, info_vals, info_draw, nxt = slots
    sl = nxt[0]
    nxt[0] = (sl + 1) % _SLOTS
    slot_s1[sl] = s1
    info = (info_p[sl], info_group[sl], info_n[sl], info_subs[sl], info_vals[sl], info_draw[sl])
    vs, safe, cnt = _vs2(s1, 5 - _pc(s1), c1, n1, nv, wins, pats, start, pmixed, pcount, info)
    slot_out[sl, 0] = vs
    slot_out[sl, 1] = safe
    slot_out[sl, 2] = cnt
    return sl


@lean()
def _suit_code(s1, kmask, nv, order):
    """The restricted growth string (base 4) of the suits of one kept card per value of s1."""
    code = 0
    seen = 0
    nb = 0
    digit = 1
    v = 0
    r = s1
    while r:
        if r & 1:
            s = lowest_bit(kmask[v])
            if not (seen >> s) & 1:
                seen |= 1 << s
                order[s] = nb
                nb += 1
            code += order[s] * digit
            digit *= 4
        r >>= 1
        v += 1
    return code


@njit(cache=True, inline="always")
def _best_exact(
    s1, hs1, alpha1, c1, n1, bestex, nv, wins, pats, start, pmixed, pcount, pindex, binom, suit_sub, suit_nsub,
    memo_loss, perms, slots, kmask, kvals, kpick, order, safe_only,
):  # fmt: skip
    """The best exact ``V_2`` over the card choices for kept values ``s1`` from a hand whose
    cards of value v have the suits ``hs1[v]`` (``safe_only``: whether some choice is safe,
    1 or 0, nothing else is computed); at least ``bestex``."""
    slot_s1, slot_out, info_p, info_group, info_n, info_subs, info_vals, info_draw, nxt = slots
    sl = _slot_for(s1, c1, n1, nv, wins, pats, start, pmixed, pcount, slots)
    vs = slot_out[sl, 0]
    safe = slot_out[sl, 1]
    k1 = _pc(s1)
    nk = _values(s1, nv, kvals)
    for i in range(nk):
        kpick[i] = 0
    while True:
        for i in range(nk):
            v = kvals[i]
            cnt = -1
            s = 0
            while s < 4:
                if (hs1[v] >> s) & 1:
                    cnt += 1
                    if cnt == kpick[i]:
                        break
                s += 1
            kmask[v] = np.int64(1) << s
        q = pindex[nk, _suit_code(s1, kmask, nv, order)]
        if (safe >> q) & 1:
            return vs if not safe_only else 1
        if not safe_only:
            key = _canon_key(s1, 5 - k1, n1, kmask, alpha1, nv, perms)
            if key in memo_loss:
                loss = memo_loss[key]
            else:
                loss = _loss(
                    slot_out[sl, 2], info_p[sl], info_group[sl], info_n[sl], info_subs[sl], info_vals[sl],
                    info_draw[sl], pmixed[nk, q], s1, kmask, 5 - k1, alpha1, c1, n1, nv, wins, pats, binom, suit_sub,
                    suit_nsub,
                )  # fmt: skip
                memo_loss[key] = loss
            if vs - loss > bestex:
                bestex = vs - loss
        i = 0
        while i < nk:
            kpick[i] += 1
            if kpick[i] < _pc(hs1[kvals[i]]):
                break
            kpick[i] = 0
            i += 1
        if i == nk:
            break
    return bestex if not safe_only else 0


@njit(cache=True)
def _stage2(
    acc, wj, p, n_one, nvals, vlist, choice, nofix, s0, hs0, alpha0, hs1, alpha1, nc, cand, cand_ub, cand_vs, c1,
    n1, nv, wins, pats, start, pmixed, pcount, pindex, binom, suit_sub, suit_nsub, memo_v, memo_loss, perms, slots, kmask,
    kvals, kpick, order,
):  # fmt: skip
    """Stage 2 of :func:`_v3` for first draw pattern ``p``: the suits of the cards drawn at
    the values ``vlist[:n_one]`` as ``choice`` has them, every choice of the suits of the
    cards drawn at ``vlist[n_one:nvals]``; ``acc`` += ``wj`` times the best exact ``V_2`` of
    the keeps ``cand[:nc]`` after each (tried in the order of their bounds ``cand_ub`` until
    none can do better; ``cand_vs`` their suitless values, -1 where not counted yet)."""
    while True:
        _drawn_suits(s0, hs0, alpha0, nv, vlist, 0, nvals, choice, nofix, pats, p, suit_sub, hs1, alpha1)
        bestex = np.int64(-1)
        for ci in range(nc):
            if cand_ub[ci] <= bestex:
                break
            if cand_vs[ci] < 0:
                k = _pc(cand[ci])
                cand_vs[ci] = _vs2_memo(
                    memo_v, cand[ci], 5 - k, c1, n1, nv, wins, pats, start, pmixed, pcount
                )
            if cand_vs[ci] <= bestex:
                continue
            bestex = _best_exact(
                cand[ci], hs1, alpha1, c1, n1, bestex, nv, wins, pats, start, pmixed, pcount, pindex, binom,
                suit_sub, suit_nsub, memo_loss, perms, slots, kmask, kvals, kpick, order, False,
            )  # fmt: skip
        _add(acc, wj, bestex)
        if not _next_suits(choice, n_one, nvals, vlist, nofix, alpha0, pats, p, suit_nsub):
            break


@njit(cache=True)
def _v3(
    s0, hs0, m0, alpha0, c0, n0, nv, wins, pats, start, pmixed, pcount, pindex, pblocks, binom, suit_sub,
    suit_nsub, memo_v, memo_ub, nowins, memo_loss, perms, suits, acc, first, step,
):  # fmt: skip
    """Three draws left, the cards of values ``s0`` (suit masks ``hs0``) kept and ``m0``
    drawn now: ``acc`` += the sum over every first draw of the best ``V_2`` (scaled by
    ``(n0 - m0)^(10)``), in two halves.  The value is ``m0! * sum / n0^(m0 + 10)``.

    The first draw is enumerated by value pattern.  The keeps after it are tried in the order
    of an upper bound (their suitless value on the counts before the draw) until none can do
    better, which gives the best suitless keeps; their suitless values are memoised
    (:func:`_vs2_memo`), so the first draws that leave the same counts share them (in A-5 the
    counts up to a relabelling of the values).  Where suits count, the suits of the cards
    drawn at those keeps' values are enumerated next: where a card choice is safe
    (:func:`_vs2`) the suitless value is exact whatever the other cards' suits, which are
    counted, not enumerated; elsewhere every suit of every card drawn is tried and each keep is
    worth its suitless value less its flush loss (:func:`_loss`, memoised under suit
    relabelling).
    """
    junk0 = _junk(c0, n0, nv)
    n1 = n0 - m0
    ub_ok = junk0 >= m0  # Vs_2 on the counts before the draw bounds every keep after it
    c1 = np.empty(nv, dtype=np.int64)
    cand = np.empty(32, dtype=np.int64)
    cand_ub = np.empty(32, dtype=np.int64)
    cand_vs = np.empty(32, dtype=np.int64)
    hs1 = np.zeros(nv, dtype=np.int64)
    alpha1 = np.empty(4, dtype=np.int64)
    vlist = np.empty(nv, dtype=np.int64)
    choice = np.zeros(nv, dtype=np.int64)
    nofix = np.full(nv, -1, dtype=np.int64)  # no suit fixed (:func:`_drawn_suits`)
    kvals = np.empty(5, dtype=np.int64)
    kpick = np.zeros(5, dtype=np.int64)
    kmask = np.zeros(nv, dtype=np.int64)
    order = np.zeros(4, dtype=np.int64)
    bsuit = np.zeros(5, dtype=np.int64)  # the suit of each block of a partition
    svals = np.zeros(5, dtype=np.int64)  # the values of the best keep
    big = np.int64(1) << 62
    rows = start[6]
    slots = (
        np.full(_SLOTS, -1, dtype=np.int64),
        np.zeros((_SLOTS, 3), dtype=np.int64),
        np.empty((_SLOTS, rows), dtype=np.int64),
        np.empty((_SLOTS, rows), dtype=np.int64),
        np.empty((_SLOTS, rows, 2), dtype=np.int64),
        np.empty((_SLOTS, rows, _KEEP), dtype=np.int64),
        np.empty((_SLOTS, rows, _KEEP), dtype=np.int64),
        np.empty((_SLOTS, rows), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )
    for p in range(first, start[m0 + 1], step):
        w, wj, supp = _draw_ways(pats, p, c0, nv, m0, junk0, c1)
        if w == 0:
            continue
        u0 = s0 | supp
        slots[0][:] = -1
        # the keeps after the draw, by an upper bound of their value
        nc = 0
        sub = u0
        while True:
            if _pc(sub) <= 5:
                ub = big
                if ub_ok:
                    ub = _vs2_memo(memo_v, sub, 5 - _pc(sub), c0, n1, nv, wins, pats, start, pmixed, pcount)
                if wins.shape[0]:  # straights count: the value without them bounds
                    ub = min(
                        ub,
                        _vs2_memo(
                            memo_ub, sub, 5 - _pc(sub), c1, n1, nv, nowins, pats, start, pmixed, pcount
                        ),
                    )
                nc = _insert(cand, cand_ub, nc, sub, ub, True)
            if sub == 0:
                break
            sub = (sub - 1) & u0
        cand_vs[:nc] = -1  # not counted yet
        # the best suitless keeps: every keep whose bound reaches the best value
        best = np.int64(-1)
        for i in range(nc):
            if cand_ub[i] < best:
                break
            if suits:  # its slot: the value and what the suits need, counted once
                vs = slots[1][_slot_for(cand[i], c1, n1, nv, wins, pats, start, pmixed, pcount, slots), 0]
            else:
                vs = _vs2_memo(
                    memo_v, cand[i], 5 - _pc(cand[i]), c1, n1, nv, wins, pats, start, pmixed, pcount
                )
            cand_vs[i] = vs
            if vs > best:
                best = vs
        if not suits:
            _add(acc, w * wj, best)
            continue
        # stage 2 tries the keeps by their tightest bound: the suitless value where counted
        for i in range(nc):
            if cand_vs[i] >= 0:
                cand_ub[i] = cand_vs[i]
            j = i
            while j > 0 and cand_ub[j - 1] < cand_ub[j]:
                cand[j - 1], cand[j] = cand[j], cand[j - 1]
                cand_ub[j - 1], cand_ub[j] = cand_ub[j], cand_ub[j - 1]
                cand_vs[j - 1], cand_vs[j] = cand_vs[j], cand_vs[j - 1]
                j -= 1
        # stage 1: the suits drawn at the values of the best keeps; stage 2: the other ones
        v_one = 0
        for i in range(nc):
            if cand_vs[i] == best:
                v_one |= cand[i] & supp
        n_one = _values(v_one, nv, vlist)
        nvals = n_one
        m_two = 1  # the suit choices of stage 2, counted
        for v in range(nv):
            if (supp >> v) & 1 and not (v_one >> v) & 1:
                vlist[nvals] = v
                nvals += 1
                m_two *= suit_nsub[_avail(alpha0, v), pats[p, v]]
        for i in range(nvals):
            choice[i] = 0
        # one best keep, one card drawn at each of its values, no pair kept before: count the
        # safe suit patterns and enumerate the unsafe ones from the partitions of its suits
        n_best = 0
        s_best = 0
        for i in range(nc):
            if cand_vs[i] == best:
                n_best += 1
                s_best = cand[i]
        fast = n_best == 1
        if fast:
            r = s_best
            v = 0
            while r:
                if r & 1 and (pats[p, v] >= 2 or _pc(hs0[v]) + pats[p, v] >= 2):
                    fast = False
                r >>= 1
                v += 1
        if fast:
            sl = _slot_for(s_best, c1, n1, nv, wins, pats, start, pmixed, pcount, slots)
            safe_mask = slots[1][sl, 1]
            k1 = _values(s_best, nv, svals)
            n_all = 1  # stage-1 patterns: one card at each drawn value of the keep
            for i in range(n_one):
                n_all *= _pc(_avail(alpha0, vlist[i]))
            n_unsafe = 0
            for q in range(pcount[k1]):
                if (safe_mask >> q) & 1:
                    continue
                nb = 0
                for i in range(k1):
                    nb = max(nb, pblocks[k1, q, i] + 1)
                # every one-to-one map of the blocks to suits
                for code in range(1 << (2 * nb)):
                    ok = True
                    used = 0
                    for b in range(nb):
                        su = (code >> (2 * b)) & 3
                        if (used >> su) & 1:
                            ok = False
                        used |= 1 << su
                        bsuit[b] = su
                    if not ok:
                        continue
                    for i in range(k1):
                        v = svals[i]
                        su = bsuit[pblocks[k1, q, i]]
                        if (s0 >> v) & 1:
                            if hs0[v] != (1 << su):
                                ok = False
                        elif not (_avail(alpha0, v) >> su) & 1:
                            ok = False
                    if not ok:
                        continue
                    n_unsafe += 1
                    # the unsafe pattern: stage 1 fixed, every suit of the other cards
                    for i in range(n_one):
                        v = vlist[i]
                        su = bsuit[pblocks[k1, q, _pc(s_best & ((1 << v) - 1))]]
                        choice[i] = 0
                        while suit_sub[_avail(alpha0, v), 1, choice[i]] != (1 << su):
                            choice[i] += 1
                    _stage2(
                        acc, wj, p, n_one, nvals, vlist, choice, nofix, s0, hs0, alpha0, hs1, alpha1, nc, cand,
                        cand_ub, cand_vs, c1, n1, nv, wins, pats, start, pmixed, pcount, pindex, binom, suit_sub,
                        suit_nsub, memo_v, memo_loss, perms, slots, kmask, kvals, kpick, order,
                    )  # fmt: skip
            _add(acc, wj * m_two * (n_all - n_unsafe), best)
            continue
        while True:  # stage 1
            _drawn_suits(s0, hs0, alpha0, nv, vlist, 0, n_one, choice, nofix, pats, p, suit_sub, hs1, alpha1)
            safe = False
            for i in range(nc):
                if cand_vs[i] == best and _best_exact(
                    cand[i], hs1, alpha0, c1, n1, 0, nv, wins, pats, start, pmixed, pcount, pindex, binom,
                    suit_sub, suit_nsub, memo_loss, perms, slots, kmask, kvals, kpick, order, True,
                ):  # fmt: skip
                    safe = True
                    break
            if safe:
                _add(acc, wj * m_two, best)
            else:  # stage 2: every suit of every card drawn
                _stage2(
                    acc, wj, p, n_one, nvals, vlist, choice, nofix, s0, hs0, alpha0, hs1, alpha1, nc, cand, cand_ub,
                    cand_vs, c1, n1, nv, wins, pats, start, pmixed, pcount, pindex, binom, suit_sub, suit_nsub,
                    memo_v, memo_loss, perms, slots, kmask, kvals, kpick, order,
                )  # fmt: skip
            if not _next_suits(choice, 0, n_one, vlist, nofix, alpha0, pats, p, suit_nsub):
                break


@njit(cache=True, parallel=True)
def _v3_threads(
    s0, hs0, m0, alpha0, c0, n0, nv, wins, pats, start, pmixed, pcount, pindex, pblocks, binom, suit_sub,
    suit_nsub, memos_v, memos_ub, nowins, memos_loss, perms, suits, acc,
):  # fmt: skip
    """:func:`_v3` with the first draws shared out over ``acc.shape[0]`` threads (thread t
    takes the value patterns t, t + threads, ...), each with its own memos and its own row of
    ``acc``: the sum of the rows is the same integer on any number of threads."""
    threads = acc.shape[0]
    for i in prange(threads):
        t = np.int64(i)  # prange counts in unsigned integers
        _v3(
            s0, hs0, m0, alpha0, c0, n0, nv, wins, pats, start, pmixed, pcount, pindex, pblocks, binom, suit_sub,
            suit_nsub, memos_v[t], memos_ub[t], nowins, memos_loss[t], perms, suits, acc[t], t, threads,
        )  # fmt: skip


# --- the Python side -------------------------------------------------------------------------


@njit(cache=True)
def _v1(s0, hs0, m0, alpha0, c0, nv, wins, binom, suits):
    """Completing draws with one draw left: ``N - F`` (the flushes ``F`` only where suits
    count, 2-7)."""
    n = _ncomp(s0, c0, nv, wins)
    if suits:
        n -= _min_flush(s0, hs0, alpha0, nv, wins, binom)
    return n


@cache
def _setup(family: str, x: int) -> tuple:
    """(number of low values, straight windows, suits count) of a target's top value x; window
    ``i`` is the five values from ``i`` (:func:`_windows` relies on it)."""
    family_id(family)
    nv = x + 1
    suits = family == "deuce_to_seven"
    wins = np.array([0x1F << lo for lo in range(nv - 4)] if suits else [], dtype=np.int64)
    wins.setflags(write=False)
    return nv, wins, suits


_PAIR = types.UniTuple(types.int64, 2)


@njit(cache=True)
def _int_memos(n):
    """``n`` empty memos keyed by one integer, made by compiled code: Numba compiles the helpers
    that make and fill a typed dict or list from Python in every process (about half a second,
    every call of the command line), but loads this function from its cache."""
    out = List()
    for _ in range(n):
        out.append(Dict.empty(key_type=types.int64, value_type=types.int64))
    return out


@njit(cache=True)
def _pair_memos(n):
    """``n`` empty memos keyed by two integers (as :func:`_int_memos`)."""
    out = List()
    for _ in range(n):
        out.append(Dict.empty(key_type=_PAIR, value_type=types.int64))
    return out


@njit(cache=True)
def _pair_memo():
    """One empty memo keyed by two integers (as :func:`_int_memos`)."""
    return Dict.empty(key_type=_PAIR, value_type=types.int64)


#: Memos per family and top value: as many as Numba may run threads, and at least 3 (the tests
#: compare one thread with three).
_MEMO_COUNT = max(3, config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


@cache
def _memo(family: str, x: int) -> tuple:
    """The process-wide memos of a family and top value, one of each per thread: ``Vs_2``, the
    flush losses (keyed under suit relabelling) and ``Vs_2`` without straights."""
    return _int_memos(_MEMO_COUNT), _pair_memos(_MEMO_COUNT), _int_memos(_MEMO_COUNT)


def _perms() -> np.ndarray:
    from itertools import permutations

    p = np.array(list(permutations(range(4))), dtype=np.int64)
    p.setflags(write=False)
    return p


_PERMS = _perms()
_NOWINS = np.zeros(0, dtype=np.int64)
_NOWINS.setflags(write=False)


def _low_value(cards: np.ndarray, family: str) -> np.ndarray:
    r = cards.astype(np.int64) >> 2
    return np.where(r == 12, 0, r + 1) if family == "ace_to_five" else r


def _deck_state(deck: np.ndarray, family: str, x: int) -> tuple[np.ndarray, np.ndarray, int]:
    """``alpha[u]`` (values <= x whose card of suit u is in the deck), ``c[v]`` and the deck
    size."""
    nv = x + 1
    vals = _low_value(deck, family)
    alpha = np.zeros(4, dtype=np.int64)
    c = np.zeros(nv, dtype=np.int64)
    for card, v in zip(deck.tolist(), vals.tolist()):
        if v <= x:
            alpha[card & 3] |= 1 << v
            c[v] += 1
    return alpha, c, int(deck.size)


def _keep_state(keep: np.ndarray, family: str, x: int) -> tuple[int, np.ndarray]:
    """The kept low values (mask) and the suits kept at each (bit masks)."""
    hs = np.zeros(x + 1, dtype=np.int64)
    s = 0
    for card, v in zip(keep.tolist(), _low_value(keep, family).tolist()):
        if v <= x:
            s |= 1 << v
            hs[v] |= 1 << (card & 3)
    return s, hs


def _scaled(n: int, k: int) -> int:
    r = 1
    for i in range(k):
        r *= n - i
    return r


def _chance(
    keep: np.ndarray,
    deck: np.ndarray,
    draws: int,
    family: str,
    x: int,
    relaxed: int = 0,
    threads: int | None = None,
) -> Fraction:
    """The exact chance of X-low or better keeping ``keep`` with ``draws`` draws left (the
    later keeps best play); ``deck`` the unseen cards.

    ``relaxed`` 1: flushes not counted against the hand; 2: neither straights nor flushes (the
    best-play chance of five different values at or below X).  Every hand that makes the
    target makes these, so they bound its chance from above (in 2-7; in A-5 they are the
    chance).  Both cost far less than the chance: they skip the suits, and 2 costs what A-5
    costs (without straights the values are interchangeable, :func:`_key`).  ``threads``: how
    many threads share the first draws of three (default Numba's number; the figure is the same
    on any)."""
    nv, wins, suits = _setup(family, x)
    memo_v, memo_loss, memo_ub = _memo(family, x)
    if relaxed:
        suits = False
    if relaxed == 2:
        wins, memo_v = _NOWINS, memo_ub
    alpha, c0, n0 = _deck_state(deck, family, x)
    s0, hs0 = _keep_state(keep, family, x)
    m0 = 5 - keep.size
    junk_kept = keep.size - bin(s0).count("1")  # cards above X or second cards of a value
    if draws == 0:
        if m0:
            raise ValueError("with no draw left the whole hand is kept")
        if junk_kept:
            return Fraction(0)
        return Fraction(int(_v1(s0, hs0, 0, alpha, c0, nv, wins, _BIN, suits)))
    if draws == 1:
        if junk_kept:
            return Fraction(0)
        return Fraction(int(_v1(s0, hs0, m0, alpha, c0, nv, wins, _BIN, suits)), comb(n0, m0))
    pats, start = _patterns(nv)
    pindex, pmixed, pcount, pblocks = _partition_tables()
    suit_sub, suit_nsub = _suit_subsets()
    if draws == 2 and n0 < 10:
        return _chance_small_deck(keep, deck, family, x, relaxed)
    if draws == 2:
        if not suits:
            vs = _vs2_first(memo_v, s0, m0, c0, n0, nv, wins, pats, start, pmixed, pcount)
            return Fraction(int(vs), _scaled(n0, 10))
        vs, loss = _delta2(
            s0, hs0, m0, alpha, c0, n0, nv, wins, pats, start, pmixed, pcount, _BIN, suit_sub, suit_nsub
        )
        return Fraction(int(vs - loss), _scaled(n0, 10))
    acc = np.zeros((min(threads or get_num_threads(), _MEMO_COUNT), 2), dtype=np.int64)
    _v3_threads(
        s0, hs0, m0, alpha, c0, n0, nv, wins, pats, start, pmixed, pcount, pindex, pblocks, _BIN, suit_sub,
        suit_nsub, memo_v, memo_ub, _NOWINS, memo_loss, _PERMS, suits, acc,
    )  # fmt: skip
    total = sum((int(a) << _HALF) + int(b) for a, b in acc.tolist())
    return Fraction(total * _scaled(m0, m0), _scaled(n0, m0 + 10))


def _chance_small_deck(keep: np.ndarray, deck: np.ndarray, family: str, x: int, relaxed: int) -> Fraction:
    """:func:`_chance` with two draws left from fewer than 10 unseen cards (only a kept hand
    can leave so few), where the two-draw count's scale ``n (n-1) ... (n-9)`` is 0: every first
    draw is enumerated (at most C(9, 5) = 126) and each hand's best last keep valued exactly."""
    m0 = 5 - keep.size
    total = Fraction(0)
    firsts = list(combinations(deck.tolist(), m0))
    for drawn in firsts:
        hand = np.concatenate([keep, np.array(drawn, dtype=np.int64)])
        rest = np.setdiff1d(deck, np.array(drawn, dtype=np.int64))
        total += max(
            _chance(hand[list(sub)], rest, 1, family, x, relaxed)
            for k in range(6)
            for sub in combinations(range(5), k)
        )
    return total / len(firsts)


def prepare(
    hand, keep=None, draws: int = 1, *, dead=None
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """Checked ``(hand, keep, deck)`` card arrays for ``draws`` draws left: five different
    cards, a keep taken from them, dead cards not in the hand, and a live deck that can supply
    every draw (5 cards a draw, the first one ``5 - len(keep)``).

    >>> prepare("7s 5h 3d 2c Kc", "7s Ah", 1)
    Traceback (most recent call last):
    ...
    ValueError: kept card 'Ah' is not in the hand '7s 5h 3d 2c Kc'
    >>> dead = " ".join(r + s for r in "4689TJQA" for s in "cdhs") + " Ks Kh Kd"
    >>> prepare("7s 5h 3d 2c Kc", None, 3, dead=dead)
    Traceback (most recent call last):
    ...
    ValueError: the live deck has 12 cards (47 less 35 dead) but 3 draws can take 15
    """
    from ...cards import format_cards
    from ...checks import is_int

    if not is_int(draws) or not 0 <= draws <= 3:
        raise ValueError(f"draws must be 0, 1, 2 or 3, got {draws!r}")
    cards = as_cards(hand, "hand")
    if cards.size != 5:
        raise ValueError(
            f"a hand has 5 different cards, got {hand if isinstance(hand, str) else format_cards(cards)!r}"
        )
    kept = None
    if keep is not None:
        kept = as_cards(keep, "keep")
        for c in kept.tolist():
            if c not in cards.tolist():
                raise ValueError(
                    f"kept card {format_cards([c])!r} is not in the hand {format_cards(cards)!r}"
                )
        if draws == 0 and kept.size != 5:
            raise ValueError(f"with no draw left the whole hand is kept, got keep {format_cards(kept)!r}")
    from ...deck import live_deck

    dead_cards = np.asarray([], dtype=np.int64) if dead is None else as_cards(dead, "dead")
    both = live_deck(dead_cards).astype(np.int64) if dead_cards.size else np.arange(N_CARDS, dtype=np.int64)
    for c in dead_cards.tolist():
        if c in cards.tolist():
            raise ValueError(f"dead card {format_cards([c])!r} is in the hand {format_cards(cards)!r}")
    deck = np.setdiff1d(both, cards)
    need = MAX_DRAWN[draws] if kept is None or draws == 0 else 5 - kept.size + MAX_DRAWN[draws - 1]
    if deck.size < need:
        raise ValueError(
            f"the live deck has {deck.size} cards (47 less {dead_cards.size} dead) but {draws} draw"
            f"{'s' if draws != 1 else ''} can take {need}"
        )
    return cards, kept, deck


def keep_candidates(hand, target: str | int, family: str = "deuce_to_seven") -> list[np.ndarray]:
    """The keeps of ``hand`` worth trying for a target: one card of each of some different
    values at or below the top card (with a pair, either card), the largest first.

    >>> [len(k) for k in keep_candidates("7s 7h 3d Kc Qs", "8")]
    [2, 2, 1, 1, 1, 0]
    """
    cards = as_cards(hand, "hand")
    x = target_value(target, family)
    vals = _low_value(cards, family).tolist()
    by_value: dict[int, list[int]] = {}
    for card, v in zip(cards.tolist(), vals):
        if v <= x:
            by_value.setdefault(v, []).append(card)
    values = sorted(by_value)
    out: list[np.ndarray] = []
    for mask in range(1 << len(values)):
        chosen = [values[i] for i in range(len(values)) if (mask >> i) & 1]
        picks: list[list[int]] = [[]]
        for v in chosen:
            picks = [p + [c] for p in picks for c in by_value[v]]
        out.extend(np.array(p, dtype=np.int64) for p in picks)
    out.sort(key=lambda k: -k.size)
    return out


def target_chance(
    hand, keep, draws: int, target: str | int, *, dead=None, family: str = "deuce_to_seven"
) -> Fraction:
    """The exact chance of finishing ``target``-low or better from ``hand`` when ``keep`` is
    kept at the first of ``draws`` draws (0-3) and every later keep is the best for the target.

    The deck is the 47 cards not in the hand less ``dead``; discards never come back.

    >>> target_chance("8s 7h 3d 2c Ks", "8s 7h 3d 2c", 1, "8")
    Fraction(12, 47)
    """
    cards, kept, deck = prepare(hand, keep if keep is not None else [], draws, dead=dead)
    assert kept is not None
    return _chance(kept, deck, draws, family, target_value(target, family))


def best_keep(
    hand, draws: int, target: str | int, *, dead=None, family: str = "deuce_to_seven"
) -> tuple[Fraction, np.ndarray]:
    """The greatest exact chance of ``target``-low or better from ``hand`` with ``draws``
    draws left, and the first keep that gives it (ties: more cards kept, then the first
    found).

    >>> p, keep = best_keep("7s 7h 5d 3c 2s", 1, "7")
    >>> p, len(keep)
    (Fraction(8, 47), 4)
    """
    return target_chances(hand, None, draws, [target], dead=dead, family=family)[0]


def target_chances(
    hand, keep, draws: int, targets, *, dead=None, family: str = "deuce_to_seven"
) -> list[tuple[Fraction, np.ndarray]]:
    """For each target: the exact best-play chance and the first keep (``keep`` if given,
    else the best one for that target: the greatest chance; ties to more cards kept, then to
    the keep whose cards come first in the hand).

    >>> [(str(p), len(k)) for p, k in target_chances("7s 3h 2d Kc Qs", "7s 3h 2d", 2, ["7", "8"])]
    [('25528/178365', 3), ('9232/35673', 3)]
    """
    cards, kept, deck = prepare(hand, keep, draws, dead=dead)
    return chances(cards, kept, deck, draws, targets, family)


def chances(
    cards: np.ndarray, kept: np.ndarray | None, deck: np.ndarray, draws: int, targets, family: str
) -> list[tuple[Fraction, np.ndarray]]:
    """:func:`target_chances` on checked card arrays (:func:`prepare`)."""
    out = []
    for t in targets:
        x = target_value(t, family)
        if kept is not None:
            out.append((_chance(kept, deck, draws, family, x), kept))
            continue
        if draws == 0:
            out.append((_chance(cards, deck, 0, family, x), cards))
            continue
        cands = keep_candidates(cards, t, family)
        # ties: more cards kept, then the keep whose cards come first in the hand
        pos = [sum(1 << cards.tolist().index(c) for c in k.tolist()) for k in cands]
        # best first: each keep's figure is made exact one step at a time, the keep of the
        # greatest figure first (a heap of (-figure, -cards kept, position, step, keep)); a
        # keep at step 0 is exact and above every other's bound
        # 2-7: after the table's bound, the chances without straights and flushes (exact and
        # cheap) and without flushes (dearer, tighter) bound the chance too
        relax = draws >= 2 and _setup(family, x)[2]
        heap: list[tuple[float | Fraction, int, int, int, int]] = []
        for i, c in enumerate(cands):
            # the table's bound is a float: a margin far above its rounding
            b = min(1.0, _upper_bound(c, deck, draws, family, x)) * (1 + 1e-9)
            heapq.heappush(heap, (-b, -c.size, pos[i], 3 if relax else 1, i))
        while True:
            neg, size, at, step, i = heapq.heappop(heap)
            if step == 0:
                break
            # the next figure: relaxed 2 (no straights or flushes), 1 (no flushes), 0 (exact)
            p = _chance(cands[i], deck, draws, family, x, relaxed=step - 1)
            heapq.heappush(heap, (-(p if step == 1 else min(p, -neg)), size, at, step - 1, i))
        assert isinstance(neg, Fraction)  # step 0: the exact chance
        out.append((-neg, cards[[j for j in range(5) if (at >> j) & 1]]))
    return out


def keep_chance(keep: np.ndarray, deck: np.ndarray, draws: int, target: str | int, family: str) -> Fraction:
    """The exact chance of one keep on checked card arrays (:func:`prepare`)."""
    return _chance(keep, deck, draws, family, target_value(target, family))


def _upper_bound(keep: np.ndarray, deck: np.ndarray, draws: int, family: str, x: int) -> float:
    """An upper bound of a keep's chance that costs a table look-up (:func:`_refreshed`), or
    1.0 where the bound does not hold (a deck too small for four cards of every free value)."""
    if draws < 2:
        return 1.0
    nv, wins, _ = _setup(family, x)
    s0, _ = _keep_state(keep, family, x)
    if keep.size != bin(s0).count("1"):
        return 1.0
    w2, w3 = _refreshed_tables(family, x, int(deck.size))
    table = w3 if draws == 3 else w2[5]
    return float(table[s0])


@cache
def _refreshed_tables(family: str, x: int, n0: int) -> tuple[np.ndarray, np.ndarray]:
    nv, wins, _ = _setup(family, x)
    w2, w3 = _refreshed(nv, wins, n0, _appear_ways(), _BIN)
    w2.setflags(write=False)
    w3.setflags(write=False)
    return w2, w3


def _appear_ways() -> np.ndarray:
    """``g[a, s]``: ways to take s cards from a given a values of 4 cards, each at least once."""
    g = np.zeros((6, 6), dtype=np.float64)
    g[0, 0] = 1.0
    for a in range(1, 6):
        for s_ in range(1, 6):
            g[a, s_] = sum(comb(4, c) * g[a - 1, s_ - c] for c in range(1, min(4, s_) + 1))
    return g


@njit(cache=True, inline="always")
def _best_subsets(b):
    """``b[t]`` = the greatest ``b[u]`` over the subsets u of every mask t (in place)."""
    for t in range(b.shape[0]):
        r = t
        vb = 0
        while r:
            if r & 1:
                u = t & ~(1 << vb)
                if b[u] > b[t]:
                    b[t] = b[u]
            r >>= 1
            vb += 1


@njit(cache=True)
def _refreshed_row(out, n, k, nv, ways, binom, after):
    """``out[t]``: the refreshed model's chance keeping exactly ``t`` and drawing ``m = 5 - |t|``
    of ``n`` cards, ``after[k + m, U]`` the best chance holding the values ``U`` after the draw
    (2.0 where the deck is too small for the model, 0 where more than five are kept)."""
    full = (1 << nv) - 1
    for t in range(out.shape[0]):
        kt = _pc(t)
        if kt > 5:
            continue
        m = 5 - kt
        junk = n - 4 * (nv - kt)
        if junk < 0 or k + m > 10:
            out[t] = 2.0
            continue
        free = full & ~t
        tot = 0.0
        a_mask = free
        while True:
            a = _pc(a_mask)
            if a <= m:
                pr = 0.0
                for s_ in range(a, m + 1):
                    pr += ways[a, s_] * binom[junk, m - s_]
                tot += pr / binom[n, m] * after[k + m, t | a_mask]
            if a_mask == 0:
                break
            a_mask = (a_mask - 1) & free
        out[t] = tot


@njit(cache=True)
def _refreshed(nv, wins, n0, ways, binom):
    """Upper bounds of the best-play chance by the *refreshed rank model*: before every draw
    each value not kept has all four of its cards in a deck of the actual size, the rest is
    junk, and suits are ignored.  The real deck never has more cards of a value, and the set
    of new values a draw shows can only grow with more of them, so by induction over the draws
    the model's chance is never below the real one (flushes only take chances away).

    Returns ``w2[k, S]`` (two draws left from ``n0 - k`` cards, keeping exactly S) and ``w3[S]``
    (three draws left from ``n0``); 2.0 where the deck is too small for the model (no bound).
    """
    full = (1 << nv) - 1
    size = full + 1
    # b1[k, U]: best of keeping a subset of U with one draw left from n0 - k cards (k = 0..10)
    b1 = np.zeros((11, size), dtype=np.float64)
    for k in range(11):
        n = n0 - k
        for t in range(size):
            kt = _pc(t)
            v = 0.0
            if kt <= 5:
                m = 5 - kt
                nf = nv - kt
                if n < 4 * nf or n < m:
                    v = 2.0
                else:
                    cnt = binom[nf, m] * 4.0**m
                    for w in wins:
                        if t & ~w == 0:
                            cnt -= 4.0**m
                    v = cnt / binom[n, m]
            b1[k, t] = v
        _best_subsets(b1[k])
    w2 = np.zeros((6, size), dtype=np.float64)
    b2 = np.zeros((6, size), dtype=np.float64)
    for k in range(6):
        _refreshed_row(w2[k], n0 - k, k, nv, ways, binom, b1)
        for t in range(size):
            b2[k, t] = w2[k, t] if _pc(t) <= 5 else 0.0
        _best_subsets(b2[k])
    w3 = np.zeros(size, dtype=np.float64)
    _refreshed_row(w3, n0, 0, nv, ways, binom, b2)
    return w2, w3


# --- the best keep of a hand as a compiled decision (for the equity of drawing hands) -------


@njit(cache=True)
def _best_keep_mask(
    hand, d, alpha, c, n, nv, wins, pats, start, pmixed, pcount, binom, suit_sub, suit_nsub, ace_low, suits
):  # fmt: skip
    """The kept positions (5-bit mask) of the best keep of ``hand`` for the target with
    ``nv`` low values and ``d`` (1 or 2) draws left from the deck ``alpha``/``c``/``n`` (the
    cards the player has not seen).  Keeps are tried from the most cards to the fewest, the
    first greatest value wins, so the choice is the same every time."""
    hs = np.zeros(nv, dtype=np.int64)
    g = _last_g(n)
    best = np.int64(-1)
    best_mask = 0
    for size in range(5, -1, -1):
        for mask in range(31, -1, -1):
            if _pc(mask) != size:
                continue
            s = 0
            ok = True
            for i in range(5):
                if (mask >> i) & 1:
                    r = hand[i] >> 2
                    v = (0 if r == 12 else r + 1) if ace_low else r
                    if v >= nv or (s >> v) & 1:
                        ok = False
                        break
                    s |= 1 << v
                    hs[v] = 1 << (hand[i] & 3)
            if not ok:
                continue
            m = 5 - size
            if d == 1:
                val = _v1(s, hs, m, alpha, c, nv, wins, binom, suits) * g[m]
            elif suits:
                vs, loss = _delta2(
                    s, hs, m, alpha, c, n, nv, wins, pats, start, pmixed, pcount, binom, suit_sub, suit_nsub
                )
                val = vs - loss
            else:
                val, _, _ = _vs2(s, m, c, n, nv, wins, pats, start, pmixed, pcount, None)
            if val > best:
                best = val
                best_mask = mask
    return best_mask


def decision_tables(family: str, x: int) -> tuple:
    """The arrays :func:`_best_keep_mask` needs for a family and top value x."""
    nv, wins, suits = _setup(family, x)
    pats, start = _patterns(nv)
    _, pmixed, pcount, _ = _partition_tables()
    suit_sub, suit_nsub = _suit_subsets()
    return nv, wins, pats, start, pmixed, pcount, _BIN, suit_sub, suit_nsub, family == "ace_to_five", suits


@njit(cache=True)
def _view(seen_bits, nv, ace_low):
    """(alpha, c, n) of the cards not in ``seen_bits`` (a 52-bit mask): the deck a player who
    has seen those cards draws from."""
    alpha = np.zeros(4, dtype=np.int64)
    c = np.zeros(nv, dtype=np.int64)
    n = 0
    for card in range(N_CARDS):
        if (seen_bits >> card) & 1:
            continue
        n += 1
        r = card >> 2
        v = (0 if r == 12 else r + 1) if ace_low else r
        if v < nv:
            alpha[card & 3] |= np.int64(1) << v
            c[v] += 1
    return alpha, c, n
