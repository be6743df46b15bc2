"""Upper bounds of a last keep's value by values: where a keep of two draws can be given up early.

With two draws left, :mod:`.rank_exact` values a keep by walking its draws and adding, for
each, the value of the best last keep of the hand it makes: the expected rank of the hand
after the last draw.  The walk is given up as soon as even the best conceivable value for
every draw still to come cannot lift the keep past the best found.  That best used to be the
best hand's rank; this module gives a far smaller one, so that a keep that loses is given up
much sooner (the five-card draw of K-Q-J-J-9 in A-5 with three draws: its second hands are
valued in about half the time).

**The bound.**  Let ``D0`` be a deck and ``D`` any ``n`` of its cards.  The value of holding
the cards ``L`` (at most four) with one draw from ``D`` left is the mean rank of ``L`` and
``5 - |L|`` cards of ``D``.  For four cards that mean is at most the mean of the ``n`` best of
the ranks of ``L`` with each card of ``D0`` (``D`` is ``n`` of those cards).  For fewer, the
mean over the draws is the mean over the first card ``y`` drawn of the value of holding ``L``
and ``y`` with the other cards of ``D`` left (``n - 1`` of ``D0``), so the same step bounds it
from the bounds with one card more (:func:`_last_keep_bounds`; ranks by values, so one
entry per multiset of up to four values, :mod:`.value_sums`).  A draw's value is the best of
standing pat (its own rank) and of the last keeps that draw, so it is at most the greater of
its rank and the greatest bound ``U``: a keep's walk adds, draw by draw, that bound of the
draws valued and compares the sum over the draws left (:func:`_keep_bound_sum`: one pass over
its draws by values, a few additions each; for a keep drawing four or five,
:func:`_excess_bound_sum`: ``U`` for every draw plus the excess of the few hundred hands that
rank above it) with what they may still bring.  With many second hands to value the sums are
look-ups for every keep of a hand at once (:func:`.rank_exact._keep_excess`), and then each
draw is bounded by its own hand: the greater of its rank and the bounds of its own keeps
rounded up to a whole rank (:func:`_whole_hand_bounds`, below ``U`` for every hand with
little to keep: for the five-card draw of K-Q-J-J-9 a mean of 0.86 of the wheel's rank over
its draws where ``U`` gives 0.88).  For the five-card draw of K-Q-J-J-9 in A-5, ``U`` is 0.82-0.86 of the wheel's rank (that of a jack-low
hand, where every hand ten-low or better ranks above it); the deck of a second hand is the first deck ``D0`` less
the first draw, so one table serves every second hand of a first keep.

**A second hand's bound.**  The same tables bound the value of a whole second hand, by which
a first keep of three draws is given up (:func:`.rank_exact._three`).  The value with one draw
left of a third hand is at most the greater of its own rank and the bounds ``B`` of its keeps
(:func:`_keep_bounds`, of which ``U`` is the greatest over every keep):
:func:`_hand_value_bounds`, one entry per multiset of five values, a few thousand operations
per first keep.  A second hand's value is then at most the greatest over its keeps of the
mean of that bound over their draws (:func:`_hand_bound_by_draws`): about 0.86 of the wheel's
rank for the second hands of K-Q-J-J-9's one-card keeps, whose values are 0.83.

>>> import numpy as np
>>> from simkit.games.triple_draw.rank_exact import _value_sums
>>> from simkit.games.triple_draw.value_sums import VOFF
>>> T5 = _value_sums("ace_to_five")[VOFF[5]:]
>>> cnt = np.full(13, 4, dtype=np.int64)  # a full deck by walk values
>>> U = np.zeros(6)
>>> _last_keep_bounds(cnt, 47, T5, U)
>>> bool(0.0 < U[1] < U[5] < T5.max())  # drawing five leaves fewer cards: a looser bound
True
"""

from __future__ import annotations

import numpy as np

from ...jit import njit
from .card_sums import _CB, _greatest_first
from .value_sums import _POP, ADD, MULTISETS, VOFF, _value_indices, _walk_value

#: How many deck sizes the bounds are kept for: the last deck ``n2 - m`` (``m`` = 1..5 drawn
#: by the second keep) less up to four cards drawn before the last keep's own first card.
_SIZES = 9


@njit(cache=True, inline="always")
def _by_value_desc(f, order):
    """``order`` = the 13 values by ``f[v]``, the greatest first."""
    for v in range(13):
        order[v] = v
    _greatest_first(order, f, 13)


@njit(cache=True, inline="always")
def _top_mean(f, cnt, n, order):
    """The mean of the ``n`` greatest of the values ``f[v]``, each ``cnt[v]`` times (``order``:
    the values by ``f``, the greatest first, :func:`_by_value_desc`)."""
    left = n
    total = 0.0
    for i in range(13):
        v = order[i]
        t = cnt[v] if cnt[v] < left else left
        total += t * f[v]
        left -= t
        if left == 0:
            break
    return total / n


@njit(cache=True)
def _keep_bounds(cnt, n2, T5):
    """``B[L, j]``: an upper bound of the value (rank numerator, ``T5``'s units) of holding the
    values ``L`` (a multiset of at most four, :mod:`.value_sums`'s index) with one draw left
    from any ``n2 - 9 + j`` cards of a deck whose cards by walk value are ``cnt`` (module doc):
    for four values the mean of the best ranks with one card each, for fewer the same step over
    the first card drawn from the bounds with it added."""
    lo = n2 - _SIZES  # B[., j]: the bound with n = lo + j cards left
    B = np.zeros((VOFF[5], _SIZES), dtype=np.float64)
    f = np.empty(13, dtype=np.float64)
    order = np.empty(13, dtype=np.int64)
    for L in range(VOFF[4], VOFF[5]):  # four values: the ranks with each card
        for v in range(13):
            f[v] = T5[ADD[L, v] - VOFF[5]]
        _by_value_desc(f, order)
        for j in range(_SIZES):
            B[L, j] = _top_mean(f, cnt, lo + j, order)
    for k in range(3, -1, -1):  # fewer: from the bounds with the first card drawn added
        for L in range(VOFF[k], VOFF[k + 1]):
            for j in range(4 - k, _SIZES):
                for v in range(13):
                    f[v] = B[ADD[L, v], j - 1]
                _by_value_desc(f, order)
                B[L, j] = _top_mean(f, cnt, lo + j, order)
    return B


@njit(cache=True)
def _last_keep_bounds(cnt, n2, T5, out):
    """``out[m]`` (``m`` = 1..5): an upper bound of the value (rank numerator, ``T5``'s units)
    of any last keep of at most four cards, one draw left, after a keep that draws ``m`` from
    ``n2`` cards of a deck whose cards by walk value (:func:`.value_sums._walk_value`) are
    ``cnt`` (module doc; ``T5[i - VOFF[5]]``: the rank of the five-value multiset ``i``, 0 for
    none).  ``out[0]`` is left alone.  Needs ``n2 - 9 >= 1``."""
    B = _keep_bounds(cnt, n2, T5)
    for m in range(1, 6):
        j = _SIZES - m  # n = n2 - m cards left for the last draw
        u = 0.0
        for L in range(VOFF[5]):
            if B[L, j] > u:
                u = B[L, j]
        out[m] = u * (1.0 + 1e-9)  # above the floats' rounding


@njit(cache=True)
def _hand_value_bounds(B, T5, F):
    """``F[m, i]`` (``m`` = 1..5, after a second keep that drew ``m``; ``B``: :func:`_keep_bounds`)
    by the index ``i`` of a multiset of values (:mod:`.value_sums`): for five values an upper
    bound of the hand's value with one draw left, the greater of its own rank and the bounds of
    its keeps of at most four (``B`` at the deck that draw leaves); for fewer the greatest
    bound of their sub-multisets, below ``F`` of every hand that holds them.  Tighter than
    :func:`_last_keep_bounds`, which bounds any last keep of any hand: a hand with little to
    keep is bounded by its own."""
    for m in range(1, 6):
        j = _SIZES - m
        for L in range(VOFF[5]):
            F[m, L] = B[L, j]
        for k in range(4):  # the greatest B of the sub-multisets
            for L in range(VOFF[k], VOFF[k + 1]):
                for v in range(13):
                    a = ADD[L, v]
                    if F[m, L] > F[m, a]:
                        F[m, a] = F[m, L]
        for i in range(VOFF[5], VOFF[6]):
            F[m, i] = float(T5[i - VOFF[5]])
        for L in range(VOFF[4], VOFF[5]):
            for v in range(13):
                a = ADD[L, v]
                if F[m, L] > F[m, a]:
                    F[m, a] = F[m, L]
        for i in range(VOFF[6]):
            F[m, i] *= 1.0 + 1e-9  # above the floats' rounding


@njit(cache=True)
def _whole_hand_bounds(F, T5, out):
    """``out[m, i]`` (``m`` = 2..5, ``i`` a five-value multiset less :data:`VOFF` [5]): the bound
    of :func:`_hand_value_bounds` of the hand's value with one draw left, a whole rank: the
    greater of its own rank ``T5[i]`` and the greatest bound of its keeps of four values or
    fewer rounded up.  A draw of a keep's walk brings at most this, so that sums of it are
    exact in floats (:func:`.rank_exact._keep_excess`); a hand with little to keep is bounded by
    its own keeps, far below :func:`_last_keep_bounds`' ``U`` of any keep."""
    for m in range(2, 6):
        for i in range(VOFF[5], VOFF[6]):
            out[m, i - VOFF[5]] = T5[i - VOFF[5]]
        for L in range(VOFF[4], VOFF[5]):  # F of four values: the greatest B of its sub-multisets
            b = np.int64(np.ceil(F[m, L]))
            for v in range(13):
                a = ADD[L, v] - VOFF[5]
                if b > out[m, a]:
                    out[m, a] = b


@njit(cache=True, inline="always")
def _keep_bound_sum(kx, k, m, per_value, T5, u):
    """The sum over every draw of ``m`` by values (each weighted by the draws it stands for,
    ``per_value``: the deck's cards of each walk value) onto the kept values ``kx`` (the index
    of their multiset, ``k`` of them) of the greater of the hand's rank (``T5``) and ``u``: the
    most the draws can bring (module doc)."""
    x = np.zeros(5, dtype=np.int64)  # the values drawn, non-decreasing
    ix = np.zeros(6, dtype=np.int64)  # ix[j]: the multiset of the kept values and x[:j]
    w = np.ones(6, dtype=np.int64)  # w[j]: the draws x[:j] stands for
    ix[0] = kx
    total = 0.0
    j = 0
    v = 0
    while True:
        if v > 12:  # no value left at this place: back one place, and on
            if j == 0:
                return total
            j -= 1
            v = x[j] + 1
            continue
        run = 1
        while run <= j and x[j - run] == v:
            run += 1
        if per_value[v] < run:  # the deck has no card more of v: the next value
            v += 1
            continue
        x[j] = v
        w[j + 1] = w[j] * (per_value[v] - run + 1) // run
        ix[j + 1] = ADD[ix[j], v]
        if j + 1 == m:
            r = float(T5[ix[j + 1] - VOFF[5]])
            total += w[j + 1] * (r if r > u else u)
            v += 1
        else:
            j += 1


@njit(cache=True, inline="always")
def _excess_bound_sum(kx, k, m, per_value, T5, top, u):
    """:func:`_keep_bound_sum` by the hands that rank above ``u``: every draw brings at least
    ``u`` (``C(n, m)`` draws of the deck's ``n`` cards), and a draw whose hand ranks above it
    brings its rank's excess as well, weighted by its draws.  Those hands are the first of
    ``top`` (the five-value multisets by rank, the greatest first, :func:`_by_rank`), a few
    hundred of 6,188 for the bounds of :func:`_last_keep_bounds`, so that a keep drawing four or
    five is summed in a fraction of the odometer's passes (the same sum: exact where ``u`` is
    whole)."""
    n = 0
    for v in range(13):
        n += per_value[v]
    draws = 1
    for i in range(m):
        draws = draws * (n - i) // (i + 1)
    total = u * draws
    x = np.zeros(13, dtype=np.int64)  # the hand's values less the kept values
    for j in range(k):
        x[MULTISETS[kx, j]] -= 1
    for i in range(top.shape[0]):
        r = float(T5[top[i]])
        if r <= u:
            break
        vals = MULTISETS[VOFF[5] + top[i]]
        for j in range(5):
            x[vals[j]] += 1
        w = 1
        for j in range(k):  # the hand holds every kept value
            if x[MULTISETS[kx, j]] < 0:
                w = 0
        for j in range(5):
            v = vals[j]
            if w == 0 or (j > 0 and vals[j - 1] == v):
                continue  # each value once
            for c in range(x[v]):
                w = w * (per_value[v] - c) // (c + 1)
        for j in range(5):
            x[vals[j]] -= 1
        total += w * (r - u)
    return total


@njit(cache=True, inline="always")
def _bound_sum(kx, k, m, per_value, T5, top, u):
    """The sum of :func:`_keep_bound_sum`, by the odometer over the draws for a keep drawing
    three or fewer (at most 455 sets of values) and by the hands above ``u``
    (:func:`_excess_bound_sum`) for one drawing more (1,820 or 6,188)."""
    if m >= 4:
        return _excess_bound_sum(kx, k, m, per_value, T5, top, u)
    return _keep_bound_sum(kx, k, m, per_value, T5, u)


@njit(cache=True)
def _hand_bound_by_draws(h, k, per_value, F, memo, work, refine):
    """An upper bound of the value (rank numerator) of holding ``h`` with two draws left, after
    a first draw of ``h[k:]`` from the deck ``D0`` whose cards by walk value are ``per_value``
    (``F``: :func:`_hand_value_bounds` of ``D0`` and that draw's size): the greatest over its
    keeps of the mean over their draws from the deck left of ``F`` of the hand each makes,
    standing pat ``F[1]`` of the hand (the bound with one card less in the deck, never below
    the bound with the whole deck).  For the second hands of keeping the king of K-Q-J-J-9
    in A-5 with three draws about 0.86 of the wheel's rank where their values are 0.83 and the
    targets' chances (:func:`.rank_exact._hand_bound`) give 0.97, so that a first keep that
    loses is given up after far fewer of its first draws, or at once.

    Each keep is first bounded by a sum over ``D0`` itself: ``F`` of the keep's values (the
    least ``F`` of the hands that hold them) plus the excess over it of every draw, its ways
    counted with all of ``D0``'s cards of each value (at least as many as the deck left holds)
    and divided by the draws of the deck left.  That is the same for every second hand of the
    first keep, so kept in ``memo`` (by the index of the kept values; negative: not yet
    summed), a look-up each.  With ``refine`` the keeps whose look-up passes the greatest bound
    found are then summed on the deck left, the greatest look-up first (about 40 microseconds
    a hand where the look-ups take 1.5); without, the greatest look-up is the bound (about 0.01
    of the wheel's rank looser).  ``work``: 64 int64 of scratch."""
    n0 = 0
    for v in range(13):
        n0 += per_value[v]
    m1 = 5 - k
    pv = work[:13]
    for v in range(13):
        pv[v] = per_value[v]
    for j in range(k, 5):
        pv[_walk_value(h[j])] -= 1
    kxs = work[13:45]  # the index of each keep's values
    _value_indices(h, kxs)
    b0 = np.empty(32, dtype=np.float64)
    n2 = n0 - m1
    best = F[1, kxs[31]]  # standing pat
    b0[31] = -1.0
    for mask in range(31):
        m = 5 - _POP[mask]
        kx = kxs[mask]
        if memo[kx] < 0.0:  # the excess over the keep's least F, counted on D0
            memo[kx] = (
                _keep_bound_sum(kx, _POP[mask], m, per_value, F[m, VOFF[5] :], 0.0)
                - F[m, kx] * _CB[m - 1, n0]
            )
            if memo[kx] < 0.0:
                memo[kx] = 0.0
        b0[mask] = F[m, kx] + memo[kx] / _CB[m - 1, n2]
    while True:
        i = 0
        for mask in range(1, 32):
            if b0[mask] > b0[i]:
                i = mask
        if b0[i] <= best or not refine:
            if b0[i] > best:
                best = b0[i]
            return best * (1.0 + 1e-9)  # above the rounding of the sums and divisions
        m = 5 - _POP[i]
        b = _keep_bound_sum(kxs[i], _POP[i], m, pv, F[m, VOFF[5] :], 0.0) / _CB[m - 1, n2]
        if b > best:
            best = b
        for mask in range(32):  # the keeps of the same values: the same sum
            if kxs[mask] == kxs[i]:
                b0[mask] = -1.0


def _by_rank(T5: np.ndarray) -> np.ndarray:
    """The indices of ``T5`` (five-value hands' ranks) by rank, the greatest first."""
    top = np.argsort(-T5, kind="stable").astype(np.int64)
    top.setflags(write=False)
    return top
