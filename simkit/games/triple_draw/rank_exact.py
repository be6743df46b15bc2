"""Exact expected final rank with best play over two draws (2-7 and A-5 triple draw).

The *rank* of a final hand is :func:`.solver.rank_numerators` (twice the number of the other
2,598,959 hands it beats, ties counting half; :func:`.solver.rank_percentiles` is the same over
``2 (C(52, 5) - 1)``), the objective the one-draw rank code uses.  With two draws left every
keep, first and last, is the one with the greatest expected final rank.  The deck model is
:mod:`.exact`'s: the unseen cards are the 52 less the hand and the dead cards, one player draws
alone, discards never come back.

**How.**  One pass over the 2,598,960 hands sums the rank of every hand containing each set of
0-4 cards (:func:`_superset_sums`).  A hand ``H`` that keeps ``K`` with the cards ``R`` gone
(dead cards and earlier discards) draws from the rest, so by inclusion-exclusion over ``R``
and the discards ``H - K`` the sum of the final ranks over every draw is
``sum over S in R, J with K in J in H of (-1)^(|S| + |J - K|) T(J + S)`` (``T`` the superset
sum), all 32 keeps at once by a Möbius transform over the subsets of ``H`` (:func:`_last_keeps`).
The first draw is enumerated card by card; every figure is an integer (an expected rank
times ``(n)_5``, the falling factorial of the deck size), so keeps are compared exactly and
the result is a :class:`fractions.Fraction`.

Examples
--------
>>> v, keep = best_rank_keep("9s 5h 3d 2c 2h", 1)
>>> keep, round(float(v), 4)
('9s 5h 3d 2c', 0.7945)
>>> round(float(rank_value("9s 5h 3d 2c 2h", "9s 5h 3d 2c", 2)), 4)
0.8993

Speed: with two draws a keep of two or more cards is valued in well under a second; a keep
of one card draws 178,365 first draws (seconds), none 1,533,939 (about a minute), so
:func:`best_rank_keep` with two draws takes about a minute on one core.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
from numba import njit

from ...cards import N_CARDS, format_cards
from ...deck import next_combination
from ...hands import kernel_tables
from ...hands.enumeration import all_hands
from .exact import _cards, prepare
from .rules import _eval, family_id

__all__ = ["best_rank_keep", "rank_value"]

#: ``_CB[i, c] = C(c, i + 1)``: the colex term of card c at sorted position i.
_CB = np.array([[comb(c, i + 1) for c in range(N_CARDS + 1)] for i in range(5)], dtype=np.int64)
_POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
_HALF = 32
_MASK = (1 << _HALF) - 1


@njit(cache=True, inline="always")
def _colex(cards, k):
    """Colex number of the ``k`` cards ``cards[:k]`` (sorted in place first)."""
    for i in range(1, k):
        x = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > x:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = x
    idx = 0
    for i in range(k):
        idx += _CB[i, cards[i]]
    return idx


@njit(cache=True)
def _superset_sums(hands, fam, T, num, S0, S1, S2, S3, S4):
    """``S_k[colex(K)]``: the sum of ``num[strength]`` over the five-card hands containing the
    ``k`` cards ``K`` (k = 0..4)."""
    buf = np.zeros(5, dtype=np.int64)
    for i in range(hands.shape[0]):
        v = num[_eval(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], fam, T)]
        S0[0] += v
        for m in range(1, 31):
            k = 0
            for p in range(5):
                if (m >> p) & 1:
                    buf[k] = hands[i, p]
                    k += 1
            idx = _colex(buf, k)
            if k == 1:
                S1[idx] += v
            elif k == 2:
                S2[idx] += v
            elif k == 3:
                S3[idx] += v
            else:
                S4[idx] += v


@njit(cache=True, inline="always")
def _table(cards, k, fam, T, num, S0, S1, S2, S3, S4):
    """The superset sum of the ``k`` cards ``cards[:k]`` (k = 5: the rank of that hand)."""
    if k == 5:
        return num[_eval(cards[0], cards[1], cards[2], cards[3], cards[4], fam, T)]
    if k == 0:
        return S0[0]
    idx = _colex(cards, k)
    if k == 1:
        return S1[idx]
    if k == 2:
        return S2[idx]
    if k == 3:
        return S3[idx]
    return S4[idx]


@njit(cache=True)
def _last_keeps(h, gone, n_gone, n, fam, T, num, S0, S1, S2, S3, S4, g):
    """``g[K]``: the expected final rank of keeping the positions ``K`` of the hand ``h`` with
    one draw left from the ``n`` cards that are neither in ``h`` nor among ``gone[:n_gone]``,
    times ``(n)_5`` (an integer).  Returns the greatest."""
    for m in range(32):
        g[m] = 0
    buf = np.zeros(5, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    for s in range(min(5, n_gone) + 1):
        sign = -1 if s & 1 else 1
        for j in range(s):
            idx[j] = j
        while True:
            for m in range(32):
                k = _POP[m] + s
                if k > 5:
                    continue
                c = 0
                for p in range(5):
                    if (m >> p) & 1:
                        buf[c] = h[p]
                        c += 1
                for j in range(s):
                    buf[c + j] = gone[idx[j]]
                g[m] += sign * _table(buf, k, fam, T, num, S0, S1, S2, S3, S4)
            if s == 0 or not next_combination(idx, s, n_gone):
                break
    for bit in range(5):  # superset Möbius transform over the discards H - K
        for m in range(32):
            if not (m >> bit) & 1:
                g[m] -= g[m | (1 << bit)]
    best = np.int64(-1)
    for m in range(32):
        d = 5 - _POP[m]
        scale = 1  # d! (n - d)(n - d - 1)...(n - 4): (n)_5 / C(n, d)
        for i in range(2, d + 1):
            scale *= i
        for i in range(d, 5):
            scale *= n - i
        g[m] *= scale
        if g[m] > best:
            best = g[m]
    return best


@njit(cache=True)
def _two_draws(kept, deck, gone, n_gone, fam, T, num, S0, S1, S2, S3, S4, acc):
    """``acc`` (two 32-bit halves) += the best last keep's value (:func:`_last_keeps`) over
    every first draw of ``deck`` onto ``kept``."""
    k = kept.shape[0]
    m = 5 - k
    n = deck.shape[0]
    h = np.zeros(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    g = np.zeros(32, dtype=np.int64)
    idx = np.zeros(5, dtype=np.int64)
    for j in range(m):
        idx[j] = j
    while True:
        for j in range(m):
            h[k + j] = deck[idx[j]]
        v = _last_keeps(h, gone, n_gone, n - m, fam, T, num, S0, S1, S2, S3, S4, g)
        acc[0] += v >> _HALF
        acc[1] += v & _MASK
        if m == 0 or not next_combination(idx, m, n):
            break


@cache
def _sums(family: str) -> tuple[np.ndarray, ...]:
    """The superset sums of the ranks of a family (one pass over every hand, cached)."""
    from .solver import rank_numerators

    S = [np.zeros(comb(N_CARDS, k), dtype=np.int64) for k in range(5)]
    _superset_sums(all_hands(), family_id(family), kernel_tables(family), rank_numerators(family), *S)
    for a in S:
        a.setflags(write=False)
    return tuple(S)


def _ff(n: int, k: int) -> int:
    r = 1
    for i in range(k):
        r *= n - i
    return r


def _keep_value(cards, kept, deck, dead, draws: int, family: str) -> Fraction:
    """The exact expected rank of keeping ``kept`` with ``draws`` (1 or 2) draws left."""
    from .solver import rank_numerators

    fam = family_id(family)
    T = kernel_tables(family)
    num = rank_numerators(family)
    S = _sums(family)
    denom = 2 * (comb(N_CARDS, 5) - 1)
    discards = np.array([c for c in cards.tolist() if c not in kept.tolist()], dtype=np.int64)
    gone = np.concatenate([dead, discards]).astype(np.int64)
    m = 5 - kept.size
    if draws == 1:
        h = np.concatenate([kept, discards])
        g = np.zeros(32, dtype=np.int64)
        n = deck.size
        _last_keeps(h, dead, dead.size, n, fam, T, num, S[0], S[1], S[2], S[3], S[4], g)
        mask = (1 << kept.size) - 1
        return Fraction(int(g[mask]), _ff(n, 5) * denom)
    acc = np.zeros(2, dtype=np.int64)
    _two_draws(kept, deck, gone, gone.size, fam, T, num, S[0], S[1], S[2], S[3], S[4], acc)
    total = (int(acc[0]) << _HALF) + int(acc[1])
    return Fraction(total, comb(deck.size, m) * _ff(deck.size - m, 5) * denom)


def _checked(hand, keep, draws: int, dead, family: str):
    family_id(family)
    if draws not in (1, 2):
        raise ValueError(f"draws must be 1 or 2 for the exact expected rank, got {draws!r}")
    cards, kept, deck = prepare(hand, keep, draws, dead=dead)
    dead_cards = np.asarray([], dtype=np.int64) if dead is None else _cards(dead, "dead")
    return cards, kept, deck, dead_cards


def rank_value(hand, keep, draws: int = 2, *, dead=None, family: str = "deuce_to_seven") -> Fraction:
    """The exact expected final rank (0..1, :func:`.solver.rank_percentiles`) of keeping
    ``keep`` from ``hand`` with ``draws`` (1 or 2) draws left, every later keep the one with
    the greatest expected rank.

    >>> v = rank_value("9s 5h 3d 2c 2h", "9s 5h 3d 2c", 1)
    >>> v == best_rank_keep("9s 5h 3d 2c 2h", 1)[0]
    True
    >>> rank_value("7s 5h 3d 2c Kc", "7s", 3)
    Traceback (most recent call last):
    ...
    ValueError: draws must be 1 or 2 for the exact expected rank, got 3
    """
    cards, kept, deck, dead_cards = _checked(hand, keep, draws, dead, family)
    assert kept is not None
    return _keep_value(cards, kept, deck, dead_cards, draws, family)


def best_rank_keep(
    hand, draws: int = 2, *, dead=None, family: str = "deuce_to_seven"
) -> tuple[Fraction, str]:
    """The greatest exact expected final rank of ``hand`` with ``draws`` (1 or 2) draws left
    and the first keep that gives it (ties: more cards kept, then the first in the hand).

    >>> v, keep = best_rank_keep("8s 7h 4d 3c 2s", 2)
    >>> keep
    '8s 7h 4d 3c 2s'
    """
    cards, _, deck, dead_cards = _checked(hand, None, draws, dead, family)
    best: tuple[Fraction, int, int] | None = None
    for size in range(5, -1, -1):
        for mask in range(32):  # the smallest position mask first: the cards first in the hand
            if bin(mask).count("1") != size:
                continue
            kept = cards[[i for i in range(5) if (mask >> i) & 1]]
            v = _keep_value(cards, kept, deck, dead_cards, draws, family)
            if best is None or v > best[0]:
                best = (v, size, mask)
    assert best is not None
    return best[0], format_cards(cards[[i for i in range(5) if (best[2] >> i) & 1]])
