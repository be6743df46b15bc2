"""A-5 rank sums by values: the small tables behind a fast second keep of three draws.

An A-5 hand's rank is that of its values, and every value has four cards, so the sum of the
ranks of the hands that contain a set of cards ``J`` and miss a set ``E`` depends only on the
values of ``J`` and how many cards of each value ``E`` holds.  This module keeps those sums by
*value multisets*: a multiset of ``t`` values taken in non-decreasing order ``V`` sits at
``VOFF[t] + sum_j C(V[j] + j, j + 1)``, the colex index :mod:`.rank_exact`'s by-value tables
use, so that all multisets of up to five values fit in 8,568 entries (a few tens of kilobytes:
they stay in the cache).

A value here is a card's *walk value* (:func:`_walk_value`): 12 minus its A-5 low value, K = 0,
Q = 1, … 2 = 11, A = 12.  The tables need a deck's values non-decreasing along a walk of its
draws, so a deck put worst low value first (:func:`.rank_exact._worst_first`, as 2-7's walk by
cards takes it) is in walk order, and the walk meets the worst cards first: a keep that cannot
win falls short, and is given up, sooner.

* :func:`_fill_value_sums` (``VS``, kept by :func:`.rank_exact._value_sums`): the rank sum
  over the hands containing each multiset of up to four values, one card of each taken, and
  the rank of each five-value hand (0 where a value is taken more than four times); the same
  with a target's indicator in place of the ranks counts the hands that make it
  (:func:`.rank_exact._value_counts`).
* :func:`_out_sums`: the same sums for the hands that miss the cards ``E`` as well, by
  inclusion-exclusion over the *sub-multisets* of ``E``'s values (each weighted by how many
  sets of ``E``'s cards have those values), worked out once for every first draw of a keep:
  the cards out before the second keep (dead cards and the first discards) are the same for
  all of them.
* :func:`_subset_sums` and :func:`_keep_sums`: holding the five cards ``H`` with two draws
  left, the sums of every subset ``L`` of ``H`` with ``t`` deck values (from the table of the
  cards out before), and from them, for one keep, the dense table
  :func:`.rank_exact._two_values` walks: the sums that miss the keep's discards ``R`` too,
  ``sum over S in R of (-1)^|S| (the sums of L + S)``, whole rows at a time.  So the 32 keeps of
  a second hand share one table of the hand's subsets (each entry a few look-ups of
  :data:`ADD`, the multiset with one value more), and a keep's table costs a few thousand
  additions, where inclusion-exclusion over every card out took up to a hundred times more
  (same integers: ``tests/test_triple_draw_subset_sums.py`` compares them with a count over
  every hand and with the tables by inclusion-exclusion).

* :func:`_discard_sums` and :func:`_keep_sums_by_discards`: that sum over the subsets of the
  discards depends on the discards' values alone, so with many second hands to value (the
  first draws of three) one table holds it for every multiset of at most four discards, each
  row its parent's less the parent's sums with one value more, and a keep's table is a gather
  from its discards' row (the five-card draw's, five discards, one subtraction an entry): the
  same integers, several times quicker.

:func:`_keep_sums` and the layout of these tables (:func:`_layout`, :func:`_row_starts`,
:func:`_keep_rows`) serve the tables by cards of :mod:`.card_sums` as well: only the length
of the sums of ``t`` deck values or cards in a row differs.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb

import numpy as np
from numba import prange

from ...jit import njit
from .card_sums import _sort
from .rules import _eval

#: ``VCB[i, c] = C(c, i + 1)``: the colex term of a value plus its place ``c`` at place ``i``.
VCB = np.array([[comb(c, i + 1) for c in range(18)] for i in range(5)], dtype=np.int64)
#: Where the multisets of ``t`` values start (t = 0..5), and their end.
VOFF = np.array([0, 1, 14, 105, 560, 2380, 8568], dtype=np.int64)
_POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)


def _all_multisets() -> np.ndarray:
    """``MULTISETS[i]``: the values (non-decreasing, then -1) of the multiset at index ``i``."""
    out = -np.ones((int(VOFF[6]), 5), dtype=np.int64)
    for t in range(6):
        for vals in combinations_with_replacement(range(13), t):
            out[int(VOFF[t]) + sum(comb(v + j, j + 1) for j, v in enumerate(vals)), :t] = vals
    out.setflags(write=False)
    return out


#: Every multiset of up to five values by its index: ``MULTISETS[VOFF[t]:VOFF[t + 1], :t]``.
MULTISETS = _all_multisets()


def _all_additions() -> np.ndarray:
    """``ADD[i, v]``: the index of the multiset at index ``i`` (up to four values) with ``v``
    added."""
    out = np.zeros((int(VOFF[5]), 13), dtype=np.int64)
    for i in range(int(VOFF[5])):
        t = next(t for t in range(5) if VOFF[t] <= i < VOFF[t + 1])
        for v in range(13):
            vals = sorted([*MULTISETS[i, :t].tolist(), v])
            out[i, v] = int(VOFF[t + 1]) + sum(comb(x + j, j + 1) for j, x in enumerate(vals))
    out.setflags(write=False)
    return out


#: The index of each multiset of up to four values with each value added.
ADD = _all_additions()


@njit(cache=True, inline="always")
def _walk_value(card):
    """The value of ``card`` in the tables by values: 12 minus its A-5 low value (K = 0, Q = 1,
    … 2 = 11, A = 12; the same map turns a walk value back into the card code's value over 4).

    >>> from simkit.cards import parse_cards
    >>> [int(_walk_value(c)) for c in parse_cards("Kc Qd 2h Ac")]
    [0, 1, 11, 12]
    """
    v = card >> 2
    return v if v == 12 else 11 - v


@njit(cache=True, inline="always")
def _kept_values(hs, mask, a):
    """The values of the cards of ``hs`` at the positions of ``mask``, sorted, into ``a``;
    returns how many."""
    c = 0
    for p in range(5):
        if (mask >> p) & 1:
            v = _walk_value(hs[p])
            q = c
            while q > 0 and a[q - 1] > v:
                a[q] = a[q - 1]
                q -= 1
            a[q] = v
            c += 1
    return c


@njit(cache=True, inline="always")
def _keep_index(hs, mask):
    """The index of the multiset of values kept at the positions ``mask`` of ``hs``: equal for
    two keeps of the same values."""
    a = np.empty(5, dtype=np.int64)
    c = _kept_values(hs, mask, a)
    return _merged_index(a, c, a, 0)


@njit(cache=True, inline="always")
def _value_indices(h, out):
    """``out[mask]``, for each of the 32 sets of positions ``mask`` of the five cards ``h``: the
    index (:data:`VOFF` included) of the multiset of their values, as :func:`_keep_index` gives
    it, each from the set less its lowest position."""
    out[0] = 0
    for mask in range(1, 32):
        low = mask & -mask
        out[mask] = ADD[out[mask ^ low], _walk_value(h[_POP[low - 1]])]


@njit(cache=True, inline="always")
def _merged_index(a, la, b, lb):
    """The index (:data:`VOFF` included) of the multiset union of the sorted values ``a[:la]``
    and ``b[:lb]``."""
    i = 0
    j = 0
    ix = VOFF[la + lb]
    for p in range(la + lb):
        if j >= lb or (i < la and a[i] <= b[j]):
            v = a[i]
            i += 1
        else:
            v = b[j]
            j += 1
        ix += VCB[p, v + p]
    return ix


@njit(cache=True)
def _fill_value_sums(S, off, cb, fam, Tk, num, out):
    """``out`` (8,568) = ``VS``: from the card tables ``S`` (``off``, ``cb``: their offsets and
    colex terms, :func:`.rank_exact._superset_tables`) the rank sum over the hands containing
    one card of each value of a multiset of up to four, the suits taken in order; the rank of
    each five-value hand (``num`` of its strength); 0 where a value is taken more than four
    times."""
    cards = np.empty(5, dtype=np.int64)
    for t in range(6):
        for ix in range(VOFF[t], VOFF[t + 1]):
            occ = 0
            for j in range(t):  # the suits of a value in order
                v = MULTISETS[ix, j]
                occ = occ + 1 if j > 0 and MULTISETS[ix, j - 1] == v else 0
                cards[j] = 4 * _walk_value(4 * v) + occ  # the map is its own inverse
            if occ >= 4:
                continue
            if t == 5:
                out[ix] = num[_eval(cards[0], cards[1], cards[2], cards[3], cards[4], fam, Tk)]
            else:
                _sort(cards, t)  # the card tables' colex index takes the cards in order
                k = off[t]
                for j in range(t):
                    k += cb[j, cards[j]]
                out[ix] = S[k]


@njit(cache=True)
def _out_sums(E, nE, VS, out):
    """``out`` (8,568) = the sums ``VS`` (:func:`_fill_value_sums`) for the hands that also miss
    the cards ``E[:nE]``: for up to four values the inclusion-exclusion over the sub-multisets
    ``s`` of ``E``'s values (sign ``(-1)^|s|``, weight the product of ``C(cards of v in E,
    s_v)``), for five the rank."""
    cnt = np.zeros(13, dtype=np.int64)
    for i in range(nE):
        cnt[_walk_value(E[i])] += 1
    # every sub-multiset of at most five values (at most 8,568): its sorted values, size and
    # signed weight, counted like an odometer that never goes past five
    sv = np.zeros((VOFF[6], 5), dtype=np.int64)
    sl = np.zeros(VOFF[6], dtype=np.int64)
    sw = np.zeros(VOFF[6], dtype=np.int64)
    take = np.zeros(13, dtype=np.int64)
    size = 0
    ns = 0
    while True:
        w = 1
        p = 0
        for v in range(13):
            for i in range(take[v]):
                w = w * (cnt[v] - i) // (i + 1)
                sv[ns, p] = v
                p += 1
        sl[ns] = size
        sw[ns] = -w if size & 1 else w
        ns += 1
        v = 0
        while v < 13:
            if take[v] < cnt[v] and size < 5:
                take[v] += 1
                size += 1
                break
            size -= take[v]
            take[v] = 0
            v += 1
        if v == 13:
            break
    for t in range(5):
        for ix in range(VOFF[t], VOFF[t + 1]):
            total = np.int64(0)
            for i in range(ns):
                if sl[i] + t <= 5:
                    total += sw[i] * VS[_merged_index(MULTISETS[ix], t, sv[i], sl[i])]
            out[ix] = total
    for i in range(VOFF[5], VOFF[6]):
        out[i] = VS[i]


@njit(cache=True)
def _subset_sums(hs, AE, out, soff, tlo, thi):
    """Holding the cards ``hs`` (5): ``out[soff[L] + VOFF[t] + colex(Z)]`` = ``AE`` of the values
    of the cards at the positions of mask ``L`` plus the ``t`` deck values ``Z``, for ``t`` from
    ``tlo`` to ``thi`` and at most ``min(4, 5 - |L|)`` (``AE``: :func:`_out_sums` of the cards out
    before this hand; ``soff``: :func:`_row_starts` of :data:`VOFF`).  A keep drawing ``m`` cards
    needs ``t`` up to ``m``."""
    a = np.empty(5, dtype=np.int64)
    for L in range(32):
        la = _kept_values(hs, L, a)
        o = soff[L]
        for ix in range(VOFF[tlo], VOFF[min(thi, 4, 5 - la) + 1]):
            j = ix
            for u in range(la):  # the hand's values added one at a time
                j = ADD[j, a[u]]
            out[o + ix] = AE[j]


@njit(cache=True, inline="always")
def _layout(nd, by_value, off, soff):
    """The layout of the tables of a hand's subsets and of its keeps with ``nd`` cards left:
    ``off[t]`` where the sums of ``t`` deck values (``by_value``: :data:`VOFF`) or of ``t`` of the
    ``nd`` cards (at ``colex`` of their positions) start in a row (``t`` = 0..5, the last the
    row's end), ``soff`` :func:`_row_starts` of it."""
    off[0] = 0
    n = 1  # C(nd, t)
    for t in range(5):
        off[t + 1] = VOFF[t + 1] if by_value else off[t] + n
        n = n * (nd - t) // (t + 1)
    _row_starts(off, soff)


@njit(cache=True, inline="always")
def _row_starts(off, soff):
    """``soff[L]``: where the row of the subset ``L`` (a mask over the five cards held) starts in
    a flat table of the subsets' sums, each row as long as its ``t`` (deck cards or values, at
    most ``min(4, 5 - |L|)``) needs in the layout ``off`` (:data:`VOFF`, or by cards the start of
    each ``t``); ``soff[32]`` is the length of the table."""
    soff[0] = 0
    for L in range(32):
        soff[L + 1] = soff[L] + off[min(4, 5 - _POP[L]) + 1]


@njit(cache=True, inline="always")
def _keep_rows(off):
    """The length of the longest table :func:`_keep_sums` makes in the layout ``off``."""
    most = 0
    for k in range(5):
        n = 0
        for L in range(1 << k):
            n += off[min(5 - k, 4 - _POP[L]) + 1]
        most = max(most, n)
    return most


@njit(cache=True, inline="always")
def _spread(L, k, pos):
    """The subset ``L`` of a keep of ``k`` cards (a mask over the keep) as a mask over the
    hand's positions, the keep's cards at ``pos[:k]`` (:func:`_positions`)."""
    lh = 0
    for p in range(k):
        if (L >> p) & 1:
            lh |= 1 << pos[p]
    return lh


@njit(cache=True, inline="always")
def _positions(mask, pos):
    """The positions (0-4) of the bits of ``mask``, in order, into ``pos``."""
    c = 0
    for i in range(5):
        if (mask >> i) & 1:
            pos[c] = i
            c += 1


@njit(cache=True)
def _keep_sums(mask, k, m, sub, soff, off, D, zero=0):
    """The dense table of keeping the positions ``mask`` (``k`` cards) and drawing ``m`` with
    two draws left, in the layout of :func:`.rank_exact._two_values` (the rows of the subsets of
    the keep one after another, each as long as its ``t`` needs; ``off``: where the sums of ``t``
    deck values, or cards, start in a row): for each subset ``L`` of the keep and ``t`` up to
    ``min(m, 4 - |L|)``, the sums of the subsets' table ``sub`` (rows at ``soff``,
    :func:`_subset_sums` or :func:`.card_sums._card_subset_sums`) over ``L`` plus every subset
    ``S`` of the discards, with sign ``(-1)^|S|``, as far as ``|L| + |S| + t <= 5``.  ``zero``:
    the positions whose rows sum to 0 (a target's counts: cards no hand making it holds,
    :func:`.card_sums._zero_cards`), neither read nor added: a row of ``L`` holding one is 0."""
    pos = np.empty(5, dtype=np.int64)
    _positions(mask, pos)
    rest = 31 ^ mask
    o = 0
    for L in range(1 << k):
        lh = _spread(L, k, pos)
        la = _POP[lh]
        top = min(m, 4 - la)
        for i in range(off[top + 1]):
            D[o + i] = 0
        s = rest
        while not lh & zero:
            ss = _POP[s]
            tt = min(top, 5 - la - ss)
            if tt >= 0 and not s & zero:
                r = soff[lh | s]
                if ss & 1:
                    for i in range(off[tt + 1]):
                        D[o + i] -= sub[r + i]
                else:
                    for i in range(off[tt + 1]):
                        D[o + i] += sub[r + i]
            if s == 0:
                break
            s = (s - 1) & rest
        o += off[top + 1]


@njit(cache=True, parallel=True)
def _discard_sums(AE, Q):
    """``Q[r, j]`` (``r``, ``j``: multisets of at most four values, 2,380 each) = the sums ``AE``
    (:func:`_out_sums`) for the hands that also miss one set of discards with the values ``r``:
    ``sum over S in the discards of (-1)^|S| AE[j + S]`` as far as ``|j| + |S| <= 5``, the sum
    :func:`_keep_sums` makes of the subsets' table, which depends on the discards' values alone.
    Each row is its parent's (``r`` less its greatest value ``v``) less the parent's sums with
    ``v`` added (a hand that misses a card is every hand less those that hold it), 2,380
    subtractions a row, where :func:`_keep_sums` adds up to ``2^|r|`` rows for every keep."""
    n4 = VOFF[5]
    for j in range(n4):
        Q[0, j] = AE[j]
    for s in range(1, 5):  # each size from the one before: its rows shared out over the threads
        for r in prange(VOFF[s], VOFF[s + 1]):
            v = MULTISETS[r, s - 1]
            p = 0  # the parent: r less its last (greatest) value
            for i in range(s - 1):
                p = ADD[p, MULTISETS[r, i]]
            for j in range(VOFF[4]):
                Q[r, j] = Q[p, j] - Q[p, ADD[j, v]]
            for j in range(VOFF[4], n4):  # five values: the hand's rank, whatever is out
                Q[r, j] = Q[p, j] - AE[ADD[j, v]]


@njit(cache=True)
def _keep_sums_by_discards(hs, kxs, mask, k, m, Q, AE, D):
    """:func:`_keep_sums` of keeping the positions ``mask`` (``k`` cards) of ``hs`` and drawing
    ``m``, by values, from the discards' table ``Q`` (:func:`_discard_sums`): the row of each
    subset ``L`` of the keep is ``Q`` of the discards' values at ``L``'s values plus each
    multiset of deck values (the same integers).  ``kxs``: the index of the values at each set
    of positions of ``hs`` (:func:`_value_indices`).  Keeping no card (five discards, not a
    row of ``Q``) is the row of four of them less its sums with the fifth added."""
    a = np.empty(5, dtype=np.int64)
    if k == 0:
        r = kxs[15]
        v = _walk_value(hs[4])
        for j in range(VOFF[4]):
            D[j] = Q[r, j] - Q[r, ADD[j, v]]
        for j in range(VOFF[4], VOFF[5]):
            D[j] = Q[r, j] - AE[ADD[j, v]]
        return
    r = kxs[31 ^ mask]
    pos = np.empty(5, dtype=np.int64)
    _positions(mask, pos)
    o = 0
    for L in range(1 << k):
        lh = _spread(L, k, pos)
        la = _kept_values(hs, lh, a)
        top = min(m, 4 - la)
        for ix in range(VOFF[top + 1]):
            j = ix
            for u in range(la):
                j = ADD[j, a[u]]
            D[o + ix] = Q[r, j]
        o += VOFF[top + 1]


@njit(cache=True)
def _excess_value_sums(T5, u, out):
    """``out`` (8,568): as :func:`_fill_value_sums` with each five-value hand's number ``T5`` (a
    rank or a bound, by the index less ``VOFF[5]``) replaced by how far it passes ``u``,
    ``max(0, T5 - u)``: for a multiset of up to four values the sum over the hands that hold
    one card of each value, for five the excess itself.  With :func:`_out_sums` and a hand's
    subsets it gives, for every keep at once, the sum over its draws of their excess
    (:func:`.rank_exact._keep_excess`).

    Each size from the one above, down from five: the hands that hold ``t`` given cards are,
    each counted ``5 - t`` times, those that hold one more card, of any value ``v`` with
    ``4 - c_v`` cards left (``c_v``: the times ``v`` is in the multiset), so the sum of a
    multiset is ``sum over v of (4 - c_v) * out[multiset + v] / (5 - t)``, exact in integers."""
    for i in range(VOFF[5], VOFF[6]):
        e = T5[i - VOFF[5]] - u
        out[i] = e if e > 0 else 0
    cnt = np.zeros(13, dtype=np.int64)
    for t in range(4, -1, -1):
        for ix in range(VOFF[t], VOFF[t + 1]):
            cnt[:] = 0
            for j in range(t):
                cnt[MULTISETS[ix, j]] += 1
            total = np.int64(0)
            for v in range(13):
                if cnt[v] < 4:
                    total += (4 - cnt[v]) * out[ADD[ix, v]]
            out[ix] = total // (5 - t)
