"""Rank sums by cards: the tables behind a fast second keep of three draws in 2-7.

In 2-7 a hand's rank depends on its suits (flushes) and on runs of values (straights), so
the sums of :mod:`.rank_exact` cannot be kept by values as in A-5 (:mod:`.value_sums`); this
module does the same work by cards.  ``A_E(J)`` is the rank sum over the hands that contain
the cards ``J`` and miss the cards ``E``; a set of ``t`` cards ``c_0 < … < c_(t-1)`` sits at
``_OFF[t] + sum_j C(c_j, j + 1)``, the layout of :func:`.rank_exact._superset_tables`.

* :func:`_card_out_sums`: ``A_E`` of every set of up to four cards, for the cards ``E`` out
  before the second keep (dead cards and the first discards: the same for every first draw of
  a keep), one card of ``E`` at a time (``A_(E+e)(J) = A_E(J) - A_E(J + e)``, a five-card
  ``J + e`` being its own rank), for the rank sums and each target's counts at once.
* :func:`_card_subset_sums`: holding the five cards ``H`` with two draws left, the sums of
  every subset ``L`` of ``H`` plus ``t`` cards of the deck (by their positions, the layout of
  :func:`.rank_exact._two_values`).  Each keep's dense table is then
  :func:`.value_sums._keep_sums` of these rows, whole rows at a time, where
  inclusion-exclusion over every card out, entry by entry, made the table again for each keep
  (same integers: ``tests/test_triple_draw_subset_sums.py``).
"""

from __future__ import annotations

from math import comb

import numpy as np

from ...cards import N_CARDS
from ...deck import next_combination
from ...hands.kernels import card_key5, eval5_from_keys
from ...jit import njit
from .rules import _eval

#: ``_CB[i, c] = C(c, i + 1)``: the colex term of card (or position) c at sorted place i.
_CB = np.array([[comb(c, i + 1) for c in range(N_CARDS + 1)] for i in range(5)], dtype=np.int64)
#: Where the sets of k cards start in the flat tables (k = 0..4), and their end.
_OFF = np.array([0, 1, 53, 1379, 23479, 294204], dtype=np.int64)


@njit(cache=True, inline="always")
def _sort(b, k):
    """Sort ``b[:k]`` in place (an insertion sort: ``k`` is at most a hand)."""
    for i in range(1, k):
        x = b[i]
        j = i - 1
        while j >= 0 and b[j] > x:
            b[j + 1] = b[j]
            j -= 1
        b[j + 1] = x


@njit(cache=True, inline="always")
def _greatest_first(order, g, n):
    """Sort ``order[:n]`` by ``g[entry]``, the greatest first (an insertion sort, stable: entries
    of the same ``g`` keep their order; the 32 keeps of a hand, the 13 values)."""
    for i in range(1, n):
        m = order[i]
        j = i - 1
        while j >= 0 and g[order[j]] < g[m]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = m


@njit(cache=True, inline="always")
def _card_index(c, n):
    """The index of the set of the ``n`` cards ``c[:n]`` (sorted in place; ``n <= 4``)."""
    _sort(c, n)
    ix = _OFF[n]
    for j in range(n):
        ix += _CB[j, c[j]]
    return ix


@njit(cache=True)
def _card_out_sums(E, nE, S, C, num, ind, fam, Tk, out):
    """``out[0]`` = the rank sums ``S`` (over the hands containing each set of up to four cards;
    a five-card set is ``num`` of its strength) over the hands that also miss the cards
    ``E[:nE]``, ``out[1 + t]`` the same for target ``t``'s counts ``C[t]`` (``ind[t]``: whether a
    strength makes it).  Only the entries of sets that miss ``E`` are meaningful (the others are
    never looked up)."""
    nt = C.shape[0]
    for j in range(_OFF[5]):
        out[0, j] = S[j]
        for i in range(nt):
            out[i + 1, j] = C[i, j]
    y = np.empty(5, dtype=np.int64)
    c = np.empty(5, dtype=np.int64)
    for q in range(nE):
        e = E[q]
        for t in range(5):  # fewer cards first: J + e still holds the sums without e
            for j in range(t):
                y[j] = j
            while True:
                has = False
                ix = _OFF[t]
                for j in range(t):
                    ix += _CB[j, y[j]]
                    c[j] = y[j]
                    has = has or y[j] == e
                if not has:
                    if t == 4:
                        s5 = _eval(y[0], y[1], y[2], y[3], e, fam, Tk)
                        out[0, ix] -= num[s5]
                        for i in range(nt):
                            out[i + 1, ix] -= ind[i, s5]
                    else:
                        c[t] = e
                        jx = _card_index(c, t + 1)
                        for i in range(nt + 1):
                            out[i, ix] -= out[i, jx]
                if not next_combination(y, t, N_CARDS):
                    break


@njit(cache=True)
def _card_subset_sums(hs, deck, nd, AE, val, fam, Tk, out, soff, off, tlo, thi, lo, zero):
    """Holding the cards ``hs`` (5) with ``deck[:nd]`` left (sorted, either way): ``out[soff[L] +
    off[t] + colex(Y)]`` = ``AE`` (:func:`_card_out_sums` of the cards out before this hand) of
    the cards at the positions of mask ``L`` plus the deck cards at the ascending positions
    ``Y`` (``t`` of them, ``colex`` over the positions), for ``t`` from ``tlo`` to ``thi`` and at
    most ``min(4, 5 - |L|)``; a five-card set is ``val`` of its strength (its rank, or whether it
    makes a target).  ``off``: where each ``t`` starts in a row, ``soff``:
    :func:`.value_sums._row_starts` of it.  A keep drawing ``m`` cards needs ``t`` up to ``m``.
    The sets known to sum to 0 are not walked: those with a deck card before position ``lo``
    are set to 0, and the rows of the subsets ``L`` holding a card of the hand in the mask
    ``zero`` are not written at all (:func:`.value_sums._keep_sums`, given the same ``zero``,
    reads none of them); a target's counts: the cards that no hand making it holds,
    :func:`_zero_cards`; 0 and 0 for the rank sums.

    The deck cards are taken as an odometer that keeps, for the cards chosen so far, the sums
    of their colex terms (of the positions, and with no card of ``L`` of the cards, whose order
    is the deck's) and of their keys (:func:`~simkit.hands.kernels.card_key5`): the rows of
    five cards and those of the deck cards alone, nearly all of the table, cost a few additions
    an entry; the rest merge the cards of ``L`` in."""
    suited = fam == 2  # the families whose rank sees suits (:func:`.rules._eval`)
    down = nd > 1 and deck[0] > deck[1]  # deck cards at ascending positions: descending cards
    a = np.empty(5, dtype=np.int64)
    c = np.empty(5, dtype=np.int64)
    y = np.empty(5, dtype=np.int64)
    pi = np.zeros(6, dtype=np.int64)  # per level: colex of the positions so far, then the cards',
    pa = np.zeros(6, dtype=np.int64)  # the keys' sum and the ranks' mask (level 0: before any)
    pk = np.zeros(6, dtype=np.int64)
    pm = np.zeros(6, dtype=np.int64)
    for L in range(32):
        la = 0
        key = 0
        ranks = 0
        for p in range(5):
            if (L >> p) & 1:
                a[la] = hs[p]
                key += card_key5(hs[p], suited, Tk)
                ranks |= 1 << (hs[p] >> 2)
                la += 1
        for t in range(tlo, min(thi, 4, 5 - la) + 1):
            o = soff[L] + off[t]
            if L & zero:  # not read (:func:`.value_sums._keep_sums` with the same zero)
                continue
            if lo > 0:
                for i in range(off[t + 1] - off[t]):
                    out[o + i] = 0
                if nd - lo < t:
                    continue
            if t == 0:
                out[o] = val[eval5_from_keys(key, ranks, suited, Tk)] if la == 5 else AE[_card_index(a, la)]
                continue
            pi[0] = 0
            pa[0] = _OFF[t]
            pk[0] = key
            pm[0] = ranks
            for j in range(t):
                y[j] = lo + j
            j = 0
            while True:
                for u in range(j, t):  # the levels from j on follow the cards chosen
                    d = deck[y[u]]
                    pi[u + 1] = pi[u] + _CB[u, y[u]]
                    pa[u + 1] = pa[u] + (_CB[t - 1 - u, d] if down else _CB[u, d])
                    pk[u + 1] = pk[u] + card_key5(d, suited, Tk)
                    pm[u + 1] = pm[u] | (1 << (d >> 2))
                if la + t == 5:
                    out[o + pi[t]] = val[eval5_from_keys(pk[t], pm[t], suited, Tk)]
                elif la == 0:
                    out[o + pi[t]] = AE[pa[t]]
                else:
                    for u in range(la):
                        c[u] = a[u]
                    for u in range(t):
                        c[la + u] = deck[y[u]]
                    out[o + pi[t]] = AE[_card_index(c, la + t)]
                j = t - 1
                while j >= 0 and y[j] == nd - t + j:
                    j -= 1
                if j < 0:
                    break
                y[j] += 1
                for u in range(j + 1, t):
                    y[u] = y[u - 1] + 1


@njit(cache=True, inline="always")
def _zero_cards(hs, deck, nd, AC):
    """For the counts ``AC`` of a target (:func:`_card_out_sums`): the first deck position
    ``lo`` such that every card before it is one that no hand making the target holds (its
    count alone is 0, and so is that of every set holding it), and the mask of the cards of the
    hand ``hs`` that are such cards: :func:`_card_subset_sums` need not walk their sets."""
    lo = 0
    while lo < nd and AC[_OFF[1] + deck[lo]] == 0:
        lo += 1
    zero = 0
    for p in range(5):
        if AC[_OFF[1] + hs[p]] == 0:
            zero |= 1 << p
    return lo, zero
