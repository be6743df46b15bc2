"""Exact expected final rank with best play over one to three draws (2-7 and A-5 triple draw).

The *rank* of a final hand is :func:`.solver.rank_numerators` (twice the number of the other
2,598,959 hands it beats, ties counting half; :func:`.solver.rank_percentiles` is the same over
``2 (C(52, 5) - 1)``), the objective the one-draw rank code uses.  Every keep, first and later,
is the one with the greatest expected final rank.  The deck model is :mod:`.exact`'s: the
unseen cards are the 52 less the hand and the dead cards, one player draws alone, discards
never come back.

**How.**  One pass over the 2,598,960 hands sums the rank of every hand containing each set of
0-4 cards (:func:`_superset_tables`, kept on disk by
:func:`simkit.disk_cache.cached_arrays`).  With one draw left and the cards ``E`` out of the
deck (dead cards and earlier discards) the sum of the ranks of every hand that contains
``J`` and misses ``E`` is, by inclusion-exclusion over ``E``,
``A_E(J) = sum over S in E of (-1)^|S| T(J + S)``; it is worked out the first time a ``J`` is
met and memoised for that ``E`` (:func:`_lazy`), which is fixed over a whole draw: the later
hands of one keep all see the same ``E``.  The sum of the final ranks of keeping ``K`` from
``H`` is then a Möbius transform over the subsets of ``H`` (all 32 keeps at once,
:func:`_last`).  Earlier draws are enumerated card by card.  Valuing a first keep with two
draws left (:func:`_two_values`) first works out every ``A_E(J)`` its last draws can need into
one dense table (:func:`_dense_sums`: ``J`` a subset of the keep plus at most four deck cards),
then walks the draws as nested loops, so that the sums of the subsets of the outer cards and
their Möbius transform are done once per outer card, not once per draw.  Keeps are tried most
cards first (a second keep of three draws, from the tables of its hand's subsets: the
greatest value with one draw left first, :func:`_guess_order`; a first keep with three draws
in a search: the greatest value with two draws first, :func:`_likely_best_first`; ties always
go by :data:`_ORDER`), and the valuing of a keep stops as soon as it cannot beat the best
found even if every draw left gave the best it can: walked by values (A-5, and 2-7's walks
with flushes not counted), the greater of the hand's own rank and a bound of every last keep
that draws (:mod:`.last_bounds`: the mean of the best cards a last draw could find, from one
table of the first deck for all the second hands of a first keep; for the five-card draw of
K-Q-J-J-9 in A-5 a jack-low's rank), or where the keeps' bound sums are look-ups (below) the
greater of its rank and the bounds of its own keeps, a whole rank
(:func:`.last_bounds._whole_hand_bounds`, far lower for a hand with little to keep), so that
a keep that loses is given up much sooner, or skipped before its tables are made; by cards
the best hand's rank (and by values too with :data:`LAST_KEEP_BOUNDS` off).  Whole
keeps are skipped by :func:`rank_bound`, an upper bound of a keep's expected rank from the
best-play chances of the targets (K-low … 7-low).  A second keep with three draws is skipped
when its bound, each chance a table look-up of the refreshed model of :mod:`.exact`
(:func:`_keep_bound`), is below the best found; a first keep with two draws (and in the quick
search of three, :func:`_quick_first_keep`) when its bound is
at most the best found, each chance first from the table and, where that does not settle it,
counted (the best-play chance with straights and flushes not counted, milliseconds a target:
:class:`_KeepBounds`); with three draws every keep but standing pat when no bound passes the
hand's own rank (a made hand: :func:`_pat_is_best`).  A first keep with three draws that is
valued is given up as soon as its sum so far plus the bounds of the second hands still to
come cannot beat the best found (:func:`_draw_bound`, summed over every first draw at the
start, :func:`_first_bounds`, shared out over the threads; skipped at once where that sum is
short).  A second hand's bound
is the lesser of its best keep bound (:func:`_hand_bound`) and, far tighter for a hand with
little to keep, :func:`.last_bounds._hand_bound_by_draws`: the greatest over its keeps of the
mean over their draws of a bound of each third hand's value, the greater of its own rank and
the last-keep bounds of its keeps (:func:`.last_bounds._hand_value_bounds`), first by look-ups
the same for every second hand of the first keep, then, where those do not settle it, summed
on each second hand's own deck.  For the keeps of K-Q-J-J-9 in A-5 the second hands' bounds
are about 0.86 of the wheel's rank where their values are 0.83 and the targets' chances give
0.97, so that every keep of 7-3-2-K-Q in A-5 smaller than its best, 7-3-2, and every keep of
7-5-4-K-K in 2-7 smaller than 7-5-4 is now skipped without a first draw valued.  By values the
first draws are valued heaviest first (:func:`_heaviest_first`): what brings the cut is the
weight of the draws valued times what each falls short of its bound, and each costs one
two-draw solve whatever it weighs.  The bound tables' model ignores suits, so they
bound the ranks with flushes not counted (below) as well, and serve their three-draw values
too.  Skipping changes no figure; it only saves work.  Standing pat with three draws draws
nothing: it is the hand's best keep with two draws, found by the two-draw search
(:func:`_best_play`; the three-draw kernel made its tables for one first draw, ten times
slower).  The second hands' bounds are what make many three-draw searches quick: for
7-5-3-2-K in A-5 they put every keep of two cards or fewer below 7-5-3-2's value, so no small
keep is valued.  They settle as much as the counted bound did there, for less: the whole
search no longer counts it (:func:`_best_first_keep`).

**2-7: the suitless bound.**  In 2-7 a flush only loses: ranked as its cards would be with no
flush, a hand's rank is at least its true one, and the same for every hand but a flush
(:func:`_suitless_value_sums`).  That rank depends on the values alone, so best play for it is
valued as A-5's is, by values, and it is worth at least best play for the true rank.  A second
keep that draws two cards or more (:data:`SUITLESS_DRAWN`) is first valued that way and skipped
as soon as even that falls short of the best found (:func:`_best_two`), and so is a first keep
of at most three cards in a search (:data:`SUITLESS_KEPT`, :func:`_best_first_keep`; one value
serves every keep of the same values, such as either king of a pair): a walk of at most 6,188
sets of values where the keep's own is up to 850,668 draws by cards.  The bound
misses a keep's value by what flushes cost it, thousandths, where the keeps a second hand
rejects fall short by hundredths or tenths.  So a second hand's keeps that draw two cards or
more (:data:`SUITLESS_RANKED`) are valued greatest suitless value first, once every such value
is known: the first is the best as a rule, and the others then fall short by their bound alone
(with the order of the one-draw values, a junk hand valued several keeps of four or five cards
drawn, one after another better; with the keeps that draw two valued before the others, a second
hand of K-Q-J kept walked one of them by cards against the best of standing pat and the keeps of
four: K-Q-J kept with four targets, 1.37 s to 1.05 s on two threads).  With targets that first walk
counts them on the way.  The keeps that draw three or more (:data:`FLUSHED_DRAWN`) are walked
by values, below; those that draw fewer by cards, and their target counts skip the sets that hold a
card no hand making the target holds (:func:`.card_sums._zero_cards`: for 7-low most of them;
the rows of the hand's subsets that hold one are neither made nor read,
:func:`.value_sums._keep_sums`).  With three draws the first draws of the same values (12 card
draws a set of values for K-Q-J kept, 36 for 9-8) have second hands of the same values, whose
decks and cards out are the same by values, so their keeps' suitless bounds are too: each is
walked once and kept by the multiset of values drawn, or kept as short of the cut where its walk
was given up, and walked again only for a lower cut (:func:`_suitless_known`; 9-8 kept, four
targets: 5.0 s to 3.75 s on two threads).

**2-7: the flushes put back.**  A keep that draws three or more is not walked card by card (up
to a million second draws) but by values, as its bound is (at most 6,188 sets of values), and
each draw of values has the flushes put back exactly (:func:`_flush_fix`): a flush only loses,
and only a keep of one suit, or of no card, can make one, so where the best last keep with
flushes not counted holds two suits (or a value twice, or could trade a card for another of its
value and so hold two suits) it is the true best, of the same value.  Where it lies in one
suit, the draws are counted by which of the other values drawn come in that suit: that fixes
the suit's values left in the deck, and what its flushes change of the sum over its last draws
is an inclusion-exclusion in a table over the 8,192 sets of values (:func:`_flush_tables`: for
each set, what being a flush changes of the ranks of its five-value subsets, summed; the same
of each target's counts, whose sums with flushes not counted come by values as the ranks' do).
Only where the keep may then fall below one of other values, where it holds no card, or one
card whose value the hand holds twice, or where keeps of other values tie with it, are those
draws taken card by card (:func:`_flush_draws`, the keeps tried greatest suitless value first
until none left can be better).  The same integers as the walk by cards
(:data:`FLUSHES_BY_VALUES` off; the tests compare them, and second hands with a brute force).

**A-5: by values.**  An A-5 hand's rank is that of its values (straights and flushes do not
count), so any two cards of one value can trade places without changing a figure: a draw
that takes other cards of the same values as another has the same best play after it.  So
in A-5 the first draws of three and the draws of the dense walk are taken one per set of
values, the draw of the first cards of each value in the deck (in walk order: by
:func:`.value_sums._walk_value`, the worst value first), weighted by how many draws it stands
for (:func:`_value_weight`), and the dense tables hold one sum per set of
values (:func:`_dense_sums`: at most 2,380 per subset of the keep, where by positions
there are up to C(47, 4) = 178,365).  Same integers (the tests compare them with the
card-by-card walk); a three-card first keep of three draws takes 91 two-draw solves in place
of 1,081.  Ties among
keeps of equal value, which never change the expected rank, are broken as for the draw that
stands for the others.  With three draws the second keeps' tables are made by values as well
(:mod:`.value_sums`): the sums over the hands that miss the cards out before the second keep
(dead cards and first discards) are worked out once per first keep, by multisets of values
(8,568 of them), and for each second hand once per subset of its cards; a keep's table is
then the inclusion-exclusion over its own discards only, a few thousand additions, where over
every card out it took up to a hundred times more (the hand's values are added to each
multiset by a table, :data:`.value_sums.ADD`).  Where two cards or more are drawn first (91
first draws or more) even that is done once: that sum depends on the discards' values alone,
so a table of it for every set of at most four discards (:func:`.value_sums._discard_sums`,
2,380 rows, each its parent's less the parent's sums with one value more: milliseconds per
first keep, into memory the query makes once, :func:`_new_space`; one more per target, of its
counts, in 32 bits: 23 MB) makes each keep's table a
gather (:func:`.value_sums._keep_sums_by_discards`; the
five-card draw one subtraction a multiset), 2 to 8 times quicker, and the hand's subsets'
table is not needed past its own cards (the five-card draw of K-Q-J-J-9 in A-5: 1.75 s to
1.3 s on two threads).  The same tables of the hands' whole bounds' excess over the least of
them give every keep's bound sum over its draws (:func:`_keep_excess`: 32 look-ups and a Möbius
transform per number drawn, where an odometer over each keep's draws took microseconds); the
walks take the hand's rank from its values (:mod:`.last_bounds`' ``T5``) and not from its
cards, and hold the sums of its subsets in registers (:func:`_moebius16_held`,
:func:`_best_last_keep`): with its four targets that five-card draw takes 1.0 s where it took
1.75 s, 0.74 s without them; 0.75 s with each draw bounded by its own hand's bound, a keep
short by its bound sum skipped before its table is gathered.  A keep with the same values as one tried
before is not valued again (its value is the same; ties go to the first), first keeps in a
search included.  Where several first keeps of one size are valued in full
(:func:`rank_values`, best-discard's every keep), their second hands after the same values
drawn share everything but the first keep's own cards: the deck left and the cards out are the
same (the five first cards and the draw).  So the best second keep of drawn cards only is found
once, by the first of them, and kept for each set of values drawn (:meth:`_Ctx.shared`); the
others value only the second keeps that hold some of their own cards, against it
(:func:`_after_first_draw`; every keep of K-Q-J-J-9 in A-5: 1.6 s to 1.0 s).

**2-7: by cards.**  Where suits and runs count the same is done by cards (:mod:`.card_sums`):
the sums over the hands that miss the cards out before the second keep, for every set of up
to four cards (294,204), once per first keep; per second hand a table of its 32 subsets plus
up to four deck cards (an odometer over the deck that adds one card's colex term and key at a
time); each keep's table the inclusion-exclusion over its discards, whole rows at a time.
Every entry was an inclusion-exclusion over every card out, made again for each keep that
needed it.  The second draws are walked worst cards first, so that a keep that cannot win is
given up sooner.

**Targets under rank play.**  The chance of a target (8-low or better …) when every keep is
the one with the greatest expected rank counts, for the best last keep of each second hand,
the last draws that make the target: the same inclusion-exclusion over a second table per
target, how many hands containing each set of 0-4 cards make it (:func:`_count_table`, on
disk), and a Möbius sum over the discards of that one keep (:func:`_dense_hits`,
:func:`_hits`).  With one draw left every draw is enumerated.

**Exact.**  Every figure is an integer: with one draw left an expected rank times ``(n)_5``
(``n`` the deck), with two left times ``(n)_10`` (falling factorials), summed in 32-bit limbs;
keeps are compared on these integers and the results are :class:`fractions.Fraction`.  Ties go
to the keep with more cards, then to the lower cards.

Examples
--------
>>> v, keep = best_rank_keep("9s 5h 3d 2c 2h", 1)
>>> keep, round(float(v), 4)
('9s 5h 3d 2c', 0.7945)
>>> round(float(rank_value("9s 5h 3d 2c 2h", "9s 5h 3d 2c", 2)), 4)
0.8993

Speed (wall seconds, best of three, two threads on a shared 2-core machine, tables on disk;
``python benchmarks/bench_triple_draw.py --part rank``):
with two draws a whole :func:`best_rank_keep` takes 0.01-0.22 s over the benchmark's hands
(the worst a hand whose best keep is the five-card draw, K-K-Q-Q-J), ``draw-odds --policy
rank`` with its four targets up to 0.48 s.  With three draws: standing pat 0.004-0.02 s; a
keep of four cards 0.015 s (47 first draws); 7-5-3 kept with the four targets 0.24 s (1,081
first draws), K-Q-J kept 1.05 s (second hands whose best keeps draw four or five), 9-8 kept
3.1 s (16,215 first draws); A-5's five-card draw of K-Q-J-J-9 0.78 s (6,188 sets of values).
A whole three-draw :func:`best_rank_keep` is quick where the bounds rule out the keeps of few
cards: 0.11-0.12 s for 7-5-3-2-K and 7-3-2-K-Q in A-5, 0.26-0.40 s for 7-5-3-2-K, 8-6-3-2-K
and 7-5-4-K-K in 2-7, 0.85 s for K-Q-J-J-9 in A-5 (best: the five-card draw).  A made hand is
quickest: when every other keep's bound is at most the hand's own rank, standing pat is the
best keep and one two-draw solve values it (2-7 made 9-lows, A-5 made 8-lows: under 0.01 s).
:func:`_quick_first_keep` is the search that ``draw-odds --policy rank`` runs with three draws
and no keep given: in 2-7 it gives up, falling back to Monte Carlo, as soon as a keep of fewer
than :data:`QUICK_SEARCH` cards (three) would have to be valued, that is, passes its bounds
and its suitless value; in A-5 it is the whole search.  Where a query is too
long for the exact sum, :mod:`.rank_estimate` samples the first draws and gives each the exact
best play after it (:func:`_sampled_first_draws`, the same second-hand kernel as
:func:`_first_draws`).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numba import get_num_threads, prange

from ...cards import N_CARDS, as_cards, format_cards
from ...deck import next_combination
from ...disk_cache import cached_arrays, source_digest
from ...hands import kernel_tables
from ...hands.enumeration import all_hands
from ...hands.kernels import card_key5, eval5_from_keys
from ...jit import lean, njit
from ...runner.progress import progress_bar
from .card_sums import _CB, _OFF, _card_out_sums, _card_subset_sums, _greatest_first, _sort, _zero_cards
from .exact import _chance, _low_value, _refreshed_tables, prepare
from .last_bounds import (
    _bound_sum,
    _by_rank,
    _hand_bound_by_draws,
    _hand_value_bounds,
    _keep_bounds,
    _last_keep_bounds,
    _whole_hand_bounds,
)
from .rules import _eval, _value, family_id, target_threshold, target_value
from .solver import _one_draw
from .value_sums import (
    ADD,
    VOFF,
    _discard_sums,
    _excess_value_sums,
    _fill_value_sums,
    _keep_index,
    _keep_rows,
    _keep_sums,
    _keep_sums_by_discards,
    _layout,
    _out_sums,
    _subset_sums,
    _value_indices,
    _walk_value,
)

__all__ = ["RankPlay", "best_rank_keep", "rank_bound", "rank_play", "rank_value", "rank_values"]

_POP = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
_TOP = np.array([m.bit_length() - 1 for m in range(32)], dtype=np.int64)
#: The 32 keeps in the order of preference on a tie: more cards first, then lower positions.
_ORDER = np.array(sorted(range(32), key=lambda m: (-bin(m).count("1"), m)), dtype=np.int64)
#: Each keep's place in :data:`_ORDER`: of two keeps of the same value, the one placed first wins.
_PLACE = np.argsort(_ORDER)
_LIMB = 32
_LMASK = (1 << _LIMB) - 1
_NL = 4  # limbs of a big integer: up to 2^128
#: No values shared between first keeps (:meth:`_Ctx.shared`).
_NO_SHARE = (np.zeros((0, _NL), dtype=np.int64), np.zeros(0, dtype=np.int64))
#: The evaluator family of :func:`.rules._eval` that does not see suits (A-5's): with 2-7's
#: tables it ranks a hand as its cards would be with no flush (:func:`_suitless_value_sums`).
_SUITLESS = family_id("ace_to_five")
#: By cards, the second keeps that draw at least this many cards are first bounded by their value
#: with flushes not counted (:func:`_best_two`); the others' own walks are as quick.
SUITLESS_DRAWN = 2
#: In 2-7 the first keeps of at most this many cards are bounded the same way, by a search
#: (:func:`_best_first_keep`).
SUITLESS_KEPT = 3
#: A second keep (2-7, by cards) that draws at least this many cards is valued only after the
#: suitless value of every such keep is known, the greatest first (:func:`_best_two`).
SUITLESS_RANKED = 2
#: A second keep (2-7, by cards) that draws at least this many cards is walked by values with the
#: flushes put back (:func:`_flushed_walk`), the others by cards.
FLUSHED_DRAWN = 3
DENOM = 2 * (comb(N_CARDS, 5) - 1)


# --- big non-negative integers in 32-bit limbs -------------------------------------------------


@njit(cache=True, inline="always")
def _bnorm(a):
    for i in range(_NL - 1):
        c = a[i] >> _LIMB
        a[i] &= _LMASK
        a[i + 1] += c


@njit(cache=True, inline="always")
def _badd(a, v):
    """``a += v`` (``v`` a non-negative int64)."""
    a[0] += v & _LMASK
    a[1] += v >> _LIMB
    _bnorm(a)


@njit(cache=True, inline="always")
def _baddb(a, b):
    for i in range(_NL):
        a[i] += b[i]
    _bnorm(a)


@njit(cache=True, inline="always")
def _bmul(a, f, out):
    """``out = a * f`` (``a`` normalised, ``0 <= f < 2^31``)."""
    carry = 0
    for i in range(_NL):
        t = a[i] * f + carry
        out[i] = t & _LMASK
        carry = t >> _LIMB
    out[_NL - 1] += carry << _LIMB


@njit(cache=True, inline="always")
def _bgt(a, b):
    for i in range(_NL - 1, -1, -1):
        if a[i] != b[i]:
            return a[i] > b[i]
    return False


@njit(cache=True, inline="always")
def _bfloat(a):
    x = 0.0
    for i in range(_NL - 1, -1, -1):
        x = x * 4294967296.0 + a[i]
    return x


def _bint(a: np.ndarray) -> int:
    return sum(int(a[i]) << (_LIMB * i) for i in range(_NL))


# --- the tables --------------------------------------------------------------------------------


@njit(cache=True)
def _superset_pass(hands, fam, T, num, S):
    """``S[OFF[k] + colex(K)]``: the sum of ``num[strength]`` over the hands containing the
    ``k`` cards ``K`` (k = 0..4, the hands' cards ascending)."""
    ix = np.zeros(32, dtype=np.int64)
    for i in range(hands.shape[0]):
        v = num[_eval(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], fam, T)]
        S[0] += v
        for m in range(1, 31):
            p = _TOP[m]
            k = _POP[m]
            j = ix[m ^ (1 << p)] - _OFF[k - 1] + _OFF[k] + _CB[k - 1, hands[i, p]]
            ix[m] = j
            S[j] += v


def _build_tables(family: str, fam: int | None = None) -> dict[str, np.ndarray]:
    """The superset sums of ``family``'s ranks, each hand evaluated as evaluator family ``fam``
    (default the family's own; :data:`_SUITLESS`: flushes not counted) with the family's tables."""
    from .solver import rank_numerators

    S = np.zeros(int(_OFF[5]), dtype=np.int64)
    fam = family_id(family) if fam is None else fam
    _superset_pass(all_hands(), fam, kernel_tables(family), rank_numerators(family), S)
    return {"sums": S}


@cache
def _superset_tables(family: str, suitless: bool = False) -> np.ndarray:
    """The sums of the ranks over the hands containing each set of 0-4 cards (module docs),
    from the disk cache when it holds them (keyed by this module's source and the ranks);
    ``suitless``: of the ranks with flushes not counted (:func:`_suitless_value_sums`)."""
    from .solver import rank_numerators

    key = source_digest(Path(__file__)) + rank_numerators(family).tobytes()
    name = f"rank-supersets-{family}" + ("-suitless" if suitless else "")
    S = cached_arrays(name, key, lambda: _build_tables(family, _SUITLESS if suitless else None))["sums"]
    S.setflags(write=False)
    return S


def _build_count_table(family: str, threshold: int, fam: int | None = None) -> dict[str, np.ndarray]:
    S = np.zeros(int(_OFF[5]), dtype=np.int64)
    hit = _target_indicator(family, threshold)
    _superset_pass(all_hands(), family_id(family) if fam is None else fam, kernel_tables(family), hit, S)
    return {"counts": S}


def _target_indicator(family: str, threshold: int) -> np.ndarray:
    """1 for the strengths at or above ``threshold`` (a target made), else 0."""
    from .solver import rank_numerators

    return (np.arange(rank_numerators(family).size) >= threshold).astype(np.int64)


@cache
def _count_table(family: str, threshold: int, suitless: bool = False) -> np.ndarray:
    """:func:`_superset_tables` for a target: how many hands containing each set of 0-4 cards
    are at least ``threshold`` strong (on disk like the rank sums); ``suitless``: each hand
    ranked with flushes not counted (:func:`_suitless_value_sums`)."""
    key = source_digest(Path(__file__)) + f"{family}:{threshold}".encode()
    name = f"target-supersets-{family}" + ("-suitless" if suitless else "")
    fam = _SUITLESS if suitless else None
    got = cached_arrays(name, key, lambda: _build_count_table(family, threshold, fam))
    S = got["counts"]
    S.setflags(write=False)
    return S


# --- the compiled recursion ----------------------------------------------------------------


@lean()
def _incl_excl(J, k, E, nE, S, fam, Tk, num, buf, sidx):
    """``A_E(J)``: the rank sum over the hands containing the ``k`` cards ``J`` and none of
    ``E[:nE]`` (inclusion-exclusion over ``E``, module docs; ``buf`` and ``sidx`` scratch of
    five)."""
    total = np.int64(0)
    if k == 4:  # the common case: one table entry less the five-card hands with a card of E
        for j in range(4):
            buf[j] = J[j]
        _sort(buf, 4)
        total = S[_OFF[4] + _CB[0, buf[0]] + _CB[1, buf[1]] + _CB[2, buf[2]] + _CB[3, buf[3]]]
        for e in range(nE):
            total -= num[_eval(J[0], J[1], J[2], J[3], E[e], fam, Tk)]
        return total
    for s in range(min(5 - k, nE) + 1):
        for j in range(s):
            sidx[j] = j
        while True:
            for j in range(k):
                buf[j] = J[j]
            for j in range(s):
                buf[k + j] = E[sidx[j]]
            if k + s == 5:
                v = num[_eval(buf[0], buf[1], buf[2], buf[3], buf[4], fam, Tk)]
            else:
                _sort(buf, k + s)
                j = _OFF[k + s]
                for i in range(k + s):
                    j += _CB[i, buf[i]]
                v = S[j]
            total += -v if s & 1 else v
            if not next_combination(sidx, s, nE):
                break
    return total


@njit(cache=True)
def _lazy(J, k, idx, E, nE, S, A, stamp, gen, fam, Tk, num):
    """:func:`_incl_excl` memoised at ``idx`` under the stamp ``gen``."""
    if stamp[idx] == gen:
        return A[idx]
    total = _incl_excl(J, k, E, nE, S, fam, Tk, num, np.empty(5, dtype=np.int64), np.empty(5, dtype=np.int64))
    A[idx] = total
    stamp[idx] = gen
    return total


@njit(cache=True, inline="always")
def _memo(m, hs, ix, E, nE, S, A, stamp, gen, fam, Tk, num, J):
    """The memoised ``A_E`` of the cards at the sorted positions ``m`` of ``hs`` (table index
    ``ix[m]``): looked up under the stamp ``gen``, else worked out by :func:`_lazy`."""
    if stamp[ix[m]] == gen:
        return A[ix[m]]
    c = 0
    for p in range(5):
        if (m >> p) & 1:
            J[c] = hs[p]
            c += 1
    return _lazy(J, c, ix[m], E, nE, S, A, stamp, gen, fam, Tk, num)


@njit(cache=True, inline="always")
def _scale(n, d):
    """``d! (n - d)(n - d - 1)...(n - 4)``: ``(n)_5 / C(n, d)``."""
    s = 1
    for i in range(2, d + 1):
        s *= i
    for i in range(d, 5):
        s *= n - i
    return s


@njit(cache=True, inline="always")
def _rest(deck, nd, idx, m, rest):
    """``deck[:nd]`` less the cards at the sorted positions ``idx[:m]``, into ``rest``; returns
    how many."""
    c = 0
    t = 0
    for j in range(nd):
        if t < m and idx[t] == j:
            t += 1
        else:
            rest[c] = deck[j]
            c += 1
    return c


@njit(cache=True, inline="always")
def _split_keep(mask, hs, kept, E, nE):
    """The cards ``hs`` at the positions of ``mask`` into ``kept``, the others after
    ``E[:nE]``; returns (cards kept, cards in E)."""
    c = 0
    ce = nE
    for p in range(5):
        if (mask >> p) & 1:
            kept[c] = hs[p]
            c += 1
        else:
            E[ce] = hs[p]
            ce += 1
    return c, ce


@njit(cache=True, inline="always")
def _ten_over_five(d, nd):
    """``(nd)_10 / (C(nd, d) (nd - d)_5) = d! (nd - d - 5)_(5 - d)``."""
    f = 1
    for i in range(2, d + 1):
        f *= i
    for i in range(5 - d):
        f *= nd - d - 5 - i
    return f


@njit(cache=True)
def _last(h, E, nE, n3, S, A, stamp, gen, fam, Tk, num, g, hs, ix):
    """One draw left holding ``h`` (5 cards), ``E[:nE]`` out of the deck and ``n3`` cards in it:
    ``g[m]`` = the expected final rank numerator of keeping the sorted positions ``m`` of
    ``hs`` (``h`` sorted, written) times ``(n3)_5``, ``ix[m]`` the table index of those cards.
    Returns the best keep (the tie order :data:`_ORDER`)."""
    for i in range(5):
        hs[i] = h[i]
    _sort(hs, 5)
    ix[0] = 0
    J = np.empty(5, dtype=np.int64)
    for m in range(1, 31):
        p = _TOP[m]
        k = _POP[m]
        ix[m] = ix[m ^ (1 << p)] - _OFF[k - 1] + _OFF[k] + _CB[k - 1, hs[p]]
    for m in range(31):
        g[m] = _memo(m, hs, ix, E, nE, S, A, stamp, gen, fam, Tk, num, J)
    g[31] = num[_eval(hs[0], hs[1], hs[2], hs[3], hs[4], fam, Tk)]
    for bit in range(5):  # superset Möbius transform over the discards
        b = 1 << bit
        for m in range(32):
            if not m & b:
                g[m] -= g[m | b]
    best = 31
    for t in range(32):
        m = _ORDER[t]
        g[m] *= _scale(n3, 5 - _POP[m])
        if g[m] > g[best]:
            best = m
    return best


@njit(cache=True)
def _hits(hs, keep, ix, E, nE, C, A, stamp, gen, fam, Tk, hit):
    """How many last draws onto the sorted positions ``keep`` of ``hs`` make a target: by
    inclusion-exclusion over the discards of the memoised counts ``A`` (:func:`_lazy` over the
    count table ``C`` of the target, ``hit`` its indicator over the strengths)."""
    J = np.empty(5, dtype=np.int64)
    rest = 31 ^ keep
    sub = rest
    total = np.int64(0)
    while True:
        m = keep | sub
        if m == 31:
            v = hit[_eval(hs[0], hs[1], hs[2], hs[3], hs[4], fam, Tk)]
        else:
            v = _memo(m, hs, ix, E, nE, C, A, stamp, gen, fam, Tk, hit, J)
        total += -v if _POP[sub] & 1 else v
        if sub == 0:
            break
        sub = (sub - 1) & rest
    return total


@njit(cache=True, inline="always")
def _moebius16(t):
    """The superset Möbius transform of ``t[:16]`` over its four bits, in place."""
    for bit in range(4):
        b = 1 << bit
        for q in range(16):
            if not q & b:
                t[q] -= t[q | b]


@njit(cache=True)
def _dense_sums(kept, k, deck, nd, m, E, nE, S, fam, Tk, num, offn, base, by_value, per_value, first):
    """``D[base[L] + offn[t] + colex(Y)]`` = ``A_E(J)`` for ``J`` the kept cards at the bits
    ``L`` and the deck cards at the ascending positions ``Y`` (``t`` of them, at most ``m``,
    ``|J| <= 4``; ``colex`` over the positions): every sum the last draws of a keep need.

    ``by_value`` (A-5, where a sum depends on the values of the cards only): one sum per set of
    ``t`` values ``V``, non-decreasing, at ``colex`` of ``V[j] + j``, for the first cards of
    those values in the deck (``first[v]``: the position of the first card of value ``v``,
    ``per_value[v]`` how many there are, :func:`_value_runs`); a set of values the deck cannot
    supply is left 0 (never looked up).  At most 2,380 sums a subset of the keep, where by
    positions there are up to C(47, 4) = 178,365."""
    nk = 1 << k
    D = np.zeros(base[nk], dtype=np.int64)
    J = np.empty(5, dtype=np.int64)
    y = np.empty(5, dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    sidx = np.empty(5, dtype=np.int64)
    for L in range(nk):
        c = 0
        for p in range(k):
            if (L >> p) & 1:
                J[c] = kept[p]
                c += 1
        for t in range(min(m, 4 - c) + 1):
            for j in range(t):
                y[j] = j
            while True:
                ix = base[L] + offn[t]
                ok = True
                run = 0
                for j in range(t):
                    ix += _CB[j, y[j]]
                    if not by_value:
                        J[c + j] = deck[y[j]]
                        continue
                    v = y[j] - j  # the run-th card of value v
                    run = run + 1 if j > 0 and y[j - 1] - (j - 1) == v else 1
                    if run > per_value[v]:
                        ok = False
                        break
                    J[c + j] = deck[first[v] + run - 1]
                if ok:
                    D[ix] = _incl_excl(J, c + t, E, nE, S, fam, Tk, num, buf, sidx)
                if not next_combination(y, t, 12 + t if by_value else nd):
                    break
    return D


@njit(cache=True, inline="always")
def _value_runs(deck, nd, first, per_value):
    """For ``deck[:nd]`` in walk order (the cards of a value together,
    :func:`_worst_first`): ``first[v]`` the position of the first card of value ``v``
    (:func:`.value_sums._walk_value`), ``per_value[v]`` how many cards of that value it holds."""
    for v in range(13):
        per_value[v] = 0
        first[v] = 0
    for i in range(nd - 1, -1, -1):
        v = _walk_value(deck[i])
        first[v] = i
        per_value[v] += 1


@njit(cache=True, inline="always")
def _fill(i, k, nk, x, deck, h, G, CI, D, base, offn, fam, Tk, num, by_value):
    """Bit ``k + i`` of the hand is the deck card at position ``x``: the sums ``G`` (and
    drawn-part colex indices ``CI``, of the positions or with ``by_value`` of the values plus
    their places, :func:`_dense_sums`) of every subset whose highest bit it is."""
    b = k + i
    hb = 1 << b
    h[b] = deck[x]
    v = _walk_value(deck[x])
    for L in range(hb):
        mask = L | hb
        t = _POP[L >> k]
        ci = CI[L] + (_CB[t, v + t] if by_value else _CB[t, x])
        CI[mask] = ci
        if mask == 31:
            G[31] = num[_eval(h[0], h[1], h[2], h[3], h[4], fam, Tk)]
        else:
            G[mask] = D[base[L & (nk - 1)] + offn[t + 1] + ci]


@njit(cache=True, inline="always")
def _sorted_mask(m, rp):
    """The keep ``m`` (bits: positions in the hand) as a mask over the sorted cards (``rp``:
    each position's place in sorted order), the second key of the tie order :data:`_ORDER`."""
    out = 0
    for p in range(5):
        if (m >> p) & 1:
            out |= 1 << rp[p]
    return out


@njit(cache=True, inline="always")
def _prefer(v, mm, bv, bm, h, rp):
    """Whether the keep ``mm`` of value ``v`` comes before the best so far (``bm``, ``bv``) in
    best play: a greater value, then more cards, then the lower cards (:data:`_ORDER`)."""
    if v != bv:
        return v > bv
    if _POP[mm] != _POP[bm]:
        return _POP[mm] > _POP[bm]
    for p in range(5):
        r = 0
        for j in range(5):
            if h[j] < h[p]:
                r += 1
        rp[p] = r
    return _sorted_mask(mm, rp) < _sorted_mask(bm, rp)


@njit(cache=True, inline="always")
def _dense_hits(q, with_x, xv, shift, s5, DC, ol, tl, c0, ind, out):
    """``out[t]``: the number of last draws that make target ``t`` keeping the outer
    positions ``q`` and, if ``with_x``, the innermost card (its hand of strength ``s5``; its
    table key ``xv + shift * place``, as in :func:`_fill`):
    inclusion-exclusion over the discards in the count tables ``DC`` (one row per table index
    of :func:`_dense_sums`, one column per target), ``c0`` the Möbius transform of the counts
    of the outer subsets."""
    nt = out.shape[0]
    for t in range(nt):
        out[t] = 0
    rest = 15 ^ q
    sub = rest
    while True:
        qq = q | sub
        odd = _POP[sub] & 1
        if qq == 15:
            for t in range(nt):
                out[t] += -ind[t, s5] if odd else ind[t, s5]
        else:
            i = ol[qq] + _CB[tl[qq], xv + shift * tl[qq]]
            for t in range(nt):
                out[t] += -DC[i, t] if odd else DC[i, t]
        if sub == 0:
            break
        sub = (sub - 1) & rest
    if not with_x:
        for t in range(nt):
            out[t] = c0[q, t] - out[t]


_C4 = np.array([[comb(n, j) for j in range(5)] for n in range(5)], dtype=np.int64)


@njit(cache=True, inline="always")
def _flush_change(m, hr, Rs, Z):
    """What flushes change of the sum over the last draws of keeping the positions ``m`` of the
    hand ``hr`` (cards), ``Rs[s]`` the values of suit ``s`` left in the deck: 0 unless the keep
    lies in one suit (or is empty), ``Z`` as :func:`_flush_pass`'s.  For a keep of the values
    ``kr`` in suit ``s``: the sum of ``Z`` over the five-value masks that hold ``kr`` and lie in
    ``kr`` and ``Rs[s]``, by inclusion-exclusion over the values kept."""
    if m == 0:
        f = np.int64(0)
        for s in range(4):
            f += Z[Rs[s]]
        return f
    ms = 0
    kr = 0
    for p in range(5):
        if (m >> p) & 1:
            ms |= 1 << (hr[p] & 3)
            kr |= 1 << (hr[p] >> 2)
    if _POP[ms] != 1:
        return np.int64(0)
    full = kr | Rs[_TOP[ms]]
    total = np.int64(0)  # inclusion-exclusion over the values kept
    sub = kr
    while True:
        v = Z[full & ~sub]
        odd = False
        t = sub
        while t:
            odd = not odd
            t &= t - 1
        total += -v if odd else v
        if sub == 0:
            break
        sub = (sub - 1) & kr
    return total


@njit(cache=True, inline="always")
def _next_suits(c, j, avail, need, forbid):
    """The next set of ``j`` suits after the 4-bit mask ``c`` (-1: the first) within ``avail``,
    holding ``need`` and none of ``forbid``; -1 when there is none."""
    c += 1
    while c < 16:
        if _POP[c] == j and not c & ~avail and c & need == need and not c & forbid:
            return c
        c += 1
    return -1


@njit(cache=True)
def _flush_draws(
    h, k, raw, sc, fx, fw, ng, need, forbid, order, fh, xv, shift, s5, DC, ol, tl, c0, ind, rp, got
):
    """:func:`_flush_fix` card by card: every draw of the cards of the values of ``h[k:]`` (by
    suits, from the deck's ``vsuit``; the ``ng`` groups of one value each in ``fw``, the suits
    of group ``g`` holding ``need[g]`` and none of ``forbid[g]``), each with its true best
    last keep: its value with flushes not counted (``raw``, scaled by ``sc``) plus what flushes
    change of it (:func:`_flush_change`), the keeps tried in ``order`` (their values with
    flushes not counted, the greatest first) until none left can be better, ties in the order
    of :data:`_ORDER`.  Returns the sum of their values; adds each target's counts to
    ``fh[t]``."""
    Zr, Zc, dsuit, vsuit = fx
    hr, gr, gj, gp, gm, Rs = fw[0], fw[1], fw[2], fw[3], fw[4], fw[5]
    nt = ind.shape[0]
    for p in range(5):
        hr[p] = h[p]
    total = np.int64(0)
    for g in range(ng):  # each value's first choice of suits
        gm[g] = _next_suits(-1, gj[g], vsuit[gr[g]], need[g], forbid[g])
        if gm[g] < 0:
            return total
    while True:
        for g in range(ng):
            p = gp[g]
            for s in range(4):
                if (gm[g] >> s) & 1:
                    hr[p] = 4 * gr[g] + s
                    p += 1
        for s in range(4):
            Rs[s] = dsuit[s]
        for p in range(k, 5):
            Rs[hr[p] & 3] &= ~(1 << (hr[p] >> 2))
        bb = -1
        bv = np.int64(0)
        for i in range(32):
            m = order[i]
            if bb >= 0 and raw[m] * sc[_POP[m]] < bv:
                break  # no keep left can be better: a flush only loses
            v = (raw[m] + _flush_change(m, hr, Rs, Zr)) * sc[_POP[m]]
            if bb < 0 or _prefer(v, m, bv, bb, hr, rp):
                bb = m
                bv = v
        total += bv
        if nt > 0:
            _dense_hits(bb & 15, bb >= 16, xv, shift, s5, DC, ol, tl, c0, ind, got)
            for t in range(nt):
                fh[t] += (got[t] + _flush_change(bb, hr, Rs, Zc[t])) * sc[_POP[bb]]
        g = ng - 1  # the next choice of suits, the last value's first
        while g >= 0:
            c = _next_suits(gm[g], gj[g], vsuit[gr[g]], need[g], forbid[g])
            if c >= 0:
                gm[g] = c
                break
            gm[g] = _next_suits(-1, gj[g], vsuit[gr[g]], need[g], forbid[g])
            g -= 1
        if g < 0:
            return total


@njit(cache=True)
def _flush_fix(h, k, raw, sc, w, bm, got, fx, fw, fh, g2, xv, shift, s5, DC, ol, tl, c0, ind, rp):
    """2-7 by values with the flushes put back: one draw of values onto the keep ``h[:k]`` (the
    cards ``h[k:]`` stand for the ``w`` draws of their values), whose last keeps' sums with
    flushes not counted are ``raw`` (bits: positions in ``h``; scaled by ``sc``), the best of
    them ``bm`` (``got``: its targets' counts).  Returns the sum of the true best last keep's
    value over the ``w`` draws, and ``fh[t]`` that of each target's counts.

    A flush only loses, and only a keep of one suit (or none) can make one, so ``bm`` is the
    true best wherever it holds two suits, and its value the one with flushes not counted; so
    also where it holds a value twice, or another card of one of its values could take that
    card's place (that keep holds two suits and is worth as much).  The draws where ``bm`` lies
    in one suit are counted by which of the other values drawn come in that suit, which fixes
    the suit's values left in the deck and so what its flushes change (:func:`_flush_change`),
    as long as ``bm`` stays above every keep of other values even so; where it may not, those
    draws are taken card by card (:func:`_flush_draws`), and so are all ``w`` where the best
    keeps of other values tie, the best keep holds no card, or one card whose value the hand
    holds twice.  ``g2``: scratch of the targets' counts."""
    Zr, Zc, dsuit, vsuit = fx
    hr, gr, gj, gp, gm, Rs, need, forbid, order, uu, sig = fw
    nt = ind.shape[0]
    sig[0] = 0
    for m in range(1, 32):
        low = m & -m
        sig[m] = sig[m ^ low] + (np.int64(1) << (3 * (h[_TOP[low]] >> 2)))
    nk = _POP[bm]
    ub = raw[bm] * sc[nk]
    u2 = np.int64(-1)  # the best keep of other values
    for m in range(32):
        uu[m] = raw[m] * sc[_POP[m]]
        if sig[m] != sig[bm] and uu[m] > u2:
            u2 = uu[m]
    kr = 0
    kd = 0
    fsuits = 0
    twice = False
    for p in range(5):
        if (bm >> p) & 1:
            r = h[p] >> 2
            twice = twice or (kr >> r) & 1 == 1
            kr |= 1 << r
            if p < k:
                fsuits |= 1 << (h[p] & 3)
            else:
                kd |= 1 << r
    twin = False
    for p in range(5):
        if not (bm >> p) & 1 and (kr >> (h[p] >> 2)) & 1:
            twin = True
    safe = twice or _POP[fsuits] > 1 or (twin and nk >= 2)
    if safe and u2 < ub:
        for t in range(nt):
            fh[t] = got[t] * sc[nk] * w
        return ub * w
    ng = 0  # the values drawn: groups of positions
    for p in range(k, 5):
        r = h[p] >> 2
        if ng > 0 and gr[ng - 1] == r:
            gj[ng - 1] += 1
        else:
            gr[ng] = r
            gj[ng] = 1
            gp[ng] = p
            ng += 1
    for i in range(32):  # the keeps by their values with flushes not counted, the greatest first
        order[i] = _ORDER[i]
    _greatest_first(order, uu, 32)
    for t in range(nt):
        fh[t] = 0
    for g in range(ng):
        need[g] = 0
        forbid[g] = 0
    if safe or u2 >= ub or nk == 0 or twin:
        return _flush_draws(
            h, k, raw, sc, fx, fw, ng, need, forbid, order, fh, xv, shift, s5, DC, ol, tl, c0, ind, rp, g2
        )
    nf = 0  # the groups of the values drawn and not kept
    free = np.int64(0)
    for g in range(ng):
        if not (kd >> gr[g]) & 1:
            free |= 1 << g
            nf += 1
    total = np.int64(0)
    exposed = np.int64(0)
    for s in range(4):
        if fsuits and not (fsuits >> s) & 1 or kd & ~dsuit[s]:
            continue
        base = dsuit[s] & ~kd
        for q in range(1 << ng):  # which of the other values come in suit s (bits: groups)
            if q & ~free:
                continue
            ways = np.int64(1)
            R = base
            for g in range(ng):
                if not (free >> g) & 1:
                    need[g] = 1 << s
                    forbid[g] = 0
                    continue
                r = gr[g]
                a = _POP[vsuit[r]]
                has = (vsuit[r] >> s) & 1
                if (q >> g) & 1:
                    ways *= _C4[a - 1, gj[g] - 1] if has else 0
                    R &= ~(1 << r)
                    need[g] = 1 << s
                    forbid[g] = 0
                else:
                    ways *= _C4[a - has, gj[g]]
                    need[g] = 0
                    forbid[g] = 1 << s
            if ways == 0:
                continue
            exposed += ways
            for p in range(5):
                hr[p] = h[p]
            for g in range(ng):  # the kept values in suit s: their cards' places in hr
                if not (free >> g) & 1:
                    hr[gp[g]] = 4 * gr[g] + s
            for i in range(4):
                Rs[i] = dsuit[i]
            Rs[s] = R
            f = _flush_change(bm, hr, Rs, Zr)
            if (raw[bm] + f) * sc[nk] > u2:
                total += ways * (raw[bm] + f) * sc[nk]
                for t in range(nt):
                    fh[t] += ways * (got[t] + _flush_change(bm, hr, Rs, Zc[t])) * sc[nk]
            else:  # another keep may be better in some of these draws: each by cards
                total += _flush_draws(
                    h, k, raw, sc, fx, fw, ng, need, forbid, order, fh, xv, shift, s5, DC, ol, tl, c0, ind, rp, g2
                )  # fmt: skip
    rest = w - exposed  # the draws where bm holds two suits
    for t in range(nt):
        fh[t] += rest * got[t] * sc[nk]
    return total + rest * ub


@njit(cache=True)
def _walk_space(nt):
    """The work space of :func:`_two_values` (and its walks) for ``nt`` targets, made once per
    second hand (:func:`_best_two`) and not once per keep: its work arrays, those of
    :func:`_flush_fix`, and the deck's first card and number of cards of each value, where the
    sums of each number of cards drawn start, and where each subset's row of the dense table
    starts."""
    work = (
        np.empty((16, nt), dtype=np.int64),  # c0
        np.empty(nt, dtype=np.int64),  # got
        np.empty(6, dtype=np.int64),  # sc
        np.zeros(32, dtype=np.int64),  # G
        np.zeros(32, dtype=np.int64),  # CI
        np.zeros(6, dtype=np.int64),  # gm: the best value of a last keep of each size (no targets)
        np.zeros(4, dtype=np.int64),  # cbx
        np.empty(5, dtype=np.int64),  # h
        np.empty(16, dtype=np.int64),  # t0
        np.empty(16, dtype=np.int64),  # t1
        np.empty(16, dtype=np.int64),  # tl
        np.empty(16, dtype=np.int64),  # ol
        np.empty(5, dtype=np.int64),  # pos
        np.empty(5, dtype=np.int64),  # rp
        np.zeros(nt, dtype=np.int64),  # hpart
    )
    flush = (  # _flush_fix's work space: the last keeps' sums, its arrays, the targets' counts
        np.empty(32, dtype=np.int64),
        (np.empty(5, dtype=np.int64), np.empty(5, dtype=np.int64), np.empty(5, dtype=np.int64),
         np.empty(5, dtype=np.int64), np.empty(5, dtype=np.int64), np.empty(4, dtype=np.int64),
         np.empty(5, dtype=np.int64), np.empty(5, dtype=np.int64), np.empty(32, dtype=np.int64),
         np.empty(32, dtype=np.int64), np.empty(32, dtype=np.int64)),
        np.zeros(nt, dtype=np.int64),
        np.zeros(nt, dtype=np.int64),
    )  # fmt: skip
    return (
        work,
        flush,
        np.zeros(13, dtype=np.int64),
        np.zeros(13, dtype=np.int64),
        np.zeros(6, dtype=np.int64),
        np.zeros(33, dtype=np.int64),
    )


@njit(cache=True)
def _two_values(
    kept, k, deck, nd, E, nE, S, fam, Tk, num, tg, acc, hit, cut, by_value, D_in, DC_in, fx, ub, ws, rem0
):
    """:func:`_two` with ``k < 5``, fast: the sums every last draw needs (and the counts of each
    target, ``tg`` as in :func:`_two`) are worked out first into one dense table each
    (:func:`_dense_sums`), the draws are walked as nested loops (the subsets of the cards
    already drawn are looked up once per outer card) and the Möbius transform of the subsets
    without the innermost card is done once per inner loop.  With targets the best last keep
    is taken in the tie order of :data:`_ORDER` and its hits counted by inclusion-exclusion
    over its discards.  Same integers as the memoised walk of :func:`_two`.  ``by_value``
    (A-5; ``deck`` in walk order, :func:`_worst_first`): the tables are by values
    (:func:`_dense_sums`) and only the draws that take the first cards of each value are
    walked, each weighted by the draws of the same values it stands for
    (:func:`_value_weight`).  ``fx`` (its first entry not empty; by values, with flushes not
    counted): the flushes put back, each draw's best last keep the true one (2-7,
    :func:`_flush_fix`), so that the sums are the true ranks'.  ``ub``: the bounds of the last
    keeps by values (:mod:`.last_bounds`; empty: none); ``rem0`` (< 0: none) the sum over the
    draws of their own hands' whole bounds (``W[m]``, :func:`_keep_excess`), by which the walk
    of :func:`_value_walk` is given up, where the others sum the greater of each hand's rank and
    ``ceil(U[m])``.  The walk itself is :func:`_two_walk`, by
    values with no targets and no flushes :func:`_value_walk` (the five-card draw of K-Q-J-J-9
    in A-5 with three draws: 1.3 s to 1.14 s)."""
    C, _, _, ind = tg
    nt = ind.shape[0]
    m = 5 - k
    n3 = nd - m
    nk = 1 << k
    wk, fl, first, per_value, offn, base = ws  # made for at least nt targets: cut to nt
    work = (
        wk[0][:, :nt], wk[1][:nt], wk[2], wk[3], wk[4], wk[5], wk[6], wk[7], wk[8], wk[9], wk[10], wk[11], wk[12],
        wk[13], wk[14][:nt],
    )  # fmt: skip
    flush = (fl[0], fl[1], fl[2][:nt], fl[3][:nt])
    if by_value:
        _value_runs(deck, nd, first, per_value)
    else:
        first[:] = 0
        per_value[:] = 0
    offn[1] = 1
    for t in range(1, 5):  # C(nd, t) sets of positions, or C(12 + t, t) of values
        offn[t + 1] = offn[t] + (_CB[t - 1, 12 + t] if by_value else _CB[t - 1, nd])
    for L in range(nk):
        base[L + 1] = base[L] + offn[min(m, 4 - _POP[L]) + 1]
    if D_in.size > 0:  # worked out by the caller (:func:`.value_sums._keep_sums`), targets too
        D = D_in
        DC = DC_in
    else:
        D = _dense_sums(kept, k, deck, nd, m, E, nE, S, fam, Tk, num, offn, base, by_value, per_value, first)
        DC = np.empty((base[nk], nt), dtype=np.int64)
        for t in range(nt):
            DC[:, t] = _dense_sums(
                kept, k, deck, nd, m, E, nE, C[t], fam, Tk, ind[t], offn, base, by_value, per_value, first
            )
    flush[2][:] = 0
    flush[3][:] = 0
    work[4][:] = 0  # CI: the kept cards' subsets draw nothing (another keep's walk wrote there)
    U, T5, top, _, W = ub
    um = -1.0
    rem = -1.0
    lean_walk = by_value and nt == 0 and fx[0].size == 0  # :func:`_value_walk`
    own = lean_walk and rem0 >= 0.0  # each draw bounded by its hand's own bound (W[m])
    if by_value and U.size > 0 and cut >= 0.0 and m >= 2:  # the draws' bounds (:mod:`.last_bounds`)
        if own:
            rem = rem0
        else:
            um = np.ceil(U[m])
            rem = _bound_sum(_keep_index(kept, (1 << k) - 1), k, m, per_value, T5, top, um)
        if _short_by_bounds(_bfloat(acc), rem, n3, cut):
            return False  # short of the cut even if every draw brought its bound
    if lean_walk:  # the walk of every keep valued against a cut
        return _value_walk(
            kept,
            k,
            deck,
            fam,
            Tk,
            num,
            acc,
            cut,
            D,
            m,
            n3,
            nk,
            first,
            per_value,
            offn,
            base,
            work,
            (um, rem, T5, W[m] if own else W[:0].ravel()),
        )
    return _two_walk(
        kept, k, deck, nd, fam, Tk, num, ind, acc, hit, cut, by_value, D, DC, m, n3, nk, first, per_value,
        offn, base, work, fx, flush, (um, rem),
    )  # fmt: skip


@lean(inline=True)
def _walk_start(kept, k, nk, m, nd, n3, num, D, base, sc, h, G):
    """The start of a walk of keeping ``kept[:k]`` and drawing ``m`` of ``nd`` cards (``n3``
    left for the last draw): each keep size's scale ``sc``, the kept cards into the hand ``h``
    and the sums ``G`` of their subsets (the first entry of each row of ``D``).  Returns the
    most a draw can add (the best hand's rank) and the number of draws."""
    for c in range(6):
        sc[c] = _scale(n3, 5 - c)
    for p in range(k):
        h[p] = kept[p]
    for L in range(nk):
        G[L] = D[base[L]]
    left = 1.0
    for i in range(m):
        left = left * (nd - i) / (i + 1)
    return float(num[num.shape[0] - 1]) * _scale(n3, 0), left


@lean(inline=True)
def _outer_rows(k, nk, G, CI, base, offn, t0, tl, ol):
    """For the outer cards of a walk in place (the hand's first four positions): ``t0`` the
    Möbius transform of their subsets' sums ``G``, and for each subset how many drawn cards it
    holds (``tl``) and where its row with one card more starts in the dense table (``ol``)."""
    for q in range(16):
        t0[q] = G[q]
        tq = _POP[q >> k]
        tl[q] = tq
        ol[q] = base[q & (nk - 1)] + offn[tq + 1] + CI[q]
    _moebius16(t0)


@lean()
def _two_walk(
    kept, k, deck, nd, fam, Tk, num, ind, acc, hit, cut, by_value, D, DC, m, n3, nk, first, per_value, offn,
    base, work, fx, flush, ub,
):  # fmt: skip
    """The walk of :func:`_two_values` over the draws, from its dense tables and in the work
    space it allocates, without reference counting (the hand evaluator's tables, taken from
    their tuple for every draw, were counted otherwise: 15 % of an A-5 second hand's time).
    With ``ub = (u, rem)``, ``rem >= 0`` (by values, :func:`_two_values`), a draw still to come
    brings at most the greater of its rank and ``u``, and ``rem`` is the sum of those bounds
    over every draw: the keep is given up as soon as that sum less the draws valued cannot lift
    it to ``cut``; else the best hand's rank bounds each draw."""
    c0, got, sc, G, CI, gm, cbx, h, t0, t1, tl, ol, pos, rp, hpart = work
    raw, fw, fh, g2 = flush
    flushes = by_value and fx[0].size > 0
    nt = ind.shape[0]
    shift = 1 if by_value else 0
    suited = fam == 2  # the families whose rank sees suits (:func:`.rules._eval`)
    top, left = _walk_start(kept, k, nk, m, nd, n3, num, D, base, sc, h, G)
    basef = _bfloat(acc)
    done = 0.0
    um, rem = ub  # the bound of a last keep and of the draws left, units of num (< 0: none)
    bounded = rem >= 0.0
    sc5 = float(_scale(n3, 0))
    for j in range(m - 1):
        pos[j] = j
        _fill(j, k, nk, j, deck, h, G, CI, D, base, offn, fam, Tk, num, by_value)
    while True:
        lo = pos[m - 2] + 1 if m > 1 else 0
        wpre = _value_weight(pos, m - 1, deck, per_value) if by_value else 1  # > 0: see the advance
        _outer_rows(k, nk, G, CI, base, offn, t0, tl, ol)
        for q in range(16):
            for t in range(nt):  # the counts of the outer subsets: at their own table index
                c0[q, t] = DC[ol[q] - offn[tl[q] + 1] + offn[tl[q]], t]
        for t in range(nt):
            _moebius16(c0[:, t])
        okey = np.int64(0)  # the outer cards' keys and ranks: each hand's strength adds one card's
        oranks = np.int64(0)
        for p in range(4):
            okey += card_key5(h[p], suited, Tk)
            oranks |= np.int64(1) << (h[p] >> 2)
        part = np.int64(0)
        for t in range(nt):
            hpart[t] = 0
        for x in range(lo, nd):
            w = _inner_weight(x, lo, pos, m, deck, per_value, wpre) if by_value else 1
            if w == 0:
                continue
            h[4] = deck[x]
            xv = x
            if by_value:
                xv = _walk_value(deck[x])
                for q in range(15):
                    t1[q] = D[ol[q] + _CB[tl[q], xv + tl[q]]]
            else:
                for t in range(4):  # the colex terms of x, one per number of outer cards with it
                    cbx[t] = _CB[t, x]
                for q in range(15):
                    t1[q] = D[ol[q] + cbx[tl[q]]]
            s5 = eval5_from_keys(
                okey + card_key5(h[4], suited, Tk), oranks | (np.int64(1) << (h[4] >> 2)), suited, Tk
            )
            t1[15] = num[s5]
            _moebius16(t1)
            best = np.int64(0)
            if flushes:  # every keep's sum, the best with flushes not counted, then flushes back
                bm = 16
                best = t1[0] * sc[1]
                for q in range(16):
                    p = _POP[q]
                    raw[q] = t0[q] - t1[q]
                    raw[q | 16] = t1[q]
                    if _prefer(raw[q] * sc[p], q, best, bm, h, rp):
                        best = raw[q] * sc[p]
                        bm = q
                    if _prefer(raw[q | 16] * sc[p + 1], q | 16, best, bm, h, rp):
                        best = raw[q | 16] * sc[p + 1]
                        bm = q | 16
                if nt > 0:
                    _dense_hits(bm & 15, bm >= 16, xv, shift, s5, DC, ol, tl, c0, ind, got)
                net = _flush_fix(
                    h, k, raw, sc, w, bm, got, fx, fw, fh, g2, xv, shift, s5, DC, ol, tl, c0, ind, rp
                )
                for t in range(nt):
                    _badd(hit[t], fh[t])
                _badd(acc, net)
                done += net
                left -= w
                if bounded:
                    rem -= w * max(float(num[s5]), um)
                continue
            if nt == 0:  # the best of each size of keep first: one product a size, not one a keep
                for p in range(6):
                    gm[p] = 0
                for q in range(16):
                    p = _POP[q]
                    v = t0[q] - t1[q]
                    if v > gm[p]:
                        gm[p] = v
                    v = t1[q]
                    if v > gm[p + 1]:
                        gm[p + 1] = v
                for p in range(6):
                    v = gm[p] * sc[p]
                    if v > best:
                        best = v
            else:
                bm = 16
                best = t1[0] * sc[1]
                for q in range(16):
                    p = _POP[q]
                    v = (t0[q] - t1[q]) * sc[p]
                    if _prefer(v, q, best, bm, h, rp):
                        best = v
                        bm = q
                    v = t1[q] * sc[p + 1]
                    if _prefer(v, q | 16, best, bm, h, rp):
                        best = v
                        bm = q | 16
                _dense_hits(bm & 15, bm >= 16, xv, shift, s5, DC, ol, tl, c0, ind, got)
                for t in range(nt):
                    if by_value:  # weighted: added one by one, within 64 bits
                        _badd(hit[t], sc[_POP[bm]] * got[t] * w)
                    else:
                        hpart[t] += sc[_POP[bm]] * got[t]
            if by_value:
                _badd(acc, best * w)
                done += best * w
                left -= w
                if bounded:
                    rem -= w * max(float(num[s5]), um)
            else:
                part += best
        if not by_value:
            _badd(acc, part)
            for t in range(nt):
                _badd(hit[t], hpart[t])
            done += part
            left -= nd - lo
        if cut >= 0.0 and basef + done + (rem * sc5 if bounded else left * top) < cut * (1.0 - 1e-9):
            return False
        j = m - 2
        while True:  # the next outer cards (by values: the next that take the first cards)
            while j >= 0 and pos[j] == nd - m + j:
                j -= 1
            if j < 0:
                break
            p = pos[j] + 1
            v = _walk_value(deck[p])
            if by_value and _walk_value(deck[p - 1]) == v and not (j > 0 and pos[j - 1] == p - 1):
                p = first[v] + per_value[v]  # the first card of the next value
                if p > nd - m + j:
                    pos[j] = nd - m + j  # no room left here: move an earlier card on
                    continue
            pos[j] = p
            break
        if j < 0:
            break
        _fill(j, k, nk, pos[j], deck, h, G, CI, D, base, offn, fam, Tk, num, by_value)
        for t in range(j + 1, m - 1):
            pos[t] = pos[t - 1] + 1
            _fill(t, k, nk, pos[t], deck, h, G, CI, D, base, offn, fam, Tk, num, by_value)
    return True


@njit(cache=True, inline="always")
def _moebius16_held(a):
    """:func:`_moebius16` of 16 values held in a tuple (registers, not memory), unrolled."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15 = a
    a0, a2, a4, a6, a8, a10, a12, a14 = (
        a0 - a1,
        a2 - a3,
        a4 - a5,
        a6 - a7,
        a8 - a9,
        a10 - a11,
        a12 - a13,
        a14 - a15,
    )
    a0, a1, a4, a5, a8, a9, a12, a13 = (
        a0 - a2,
        a1 - a3,
        a4 - a6,
        a5 - a7,
        a8 - a10,
        a9 - a11,
        a12 - a14,
        a13 - a15,
    )
    a0, a1, a2, a3, a8, a9, a10, a11 = (
        a0 - a4,
        a1 - a5,
        a2 - a6,
        a3 - a7,
        a8 - a12,
        a9 - a13,
        a10 - a14,
        a11 - a15,
    )
    a0, a1, a2, a3, a4, a5, a6, a7 = (
        a0 - a8,
        a1 - a9,
        a2 - a10,
        a3 - a11,
        a4 - a12,
        a5 - a13,
        a6 - a14,
        a7 - a15,
    )
    return a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15


@njit(cache=True, inline="always")
def _best_last_keep(c, b, sc):
    """The best last keep's sum on the common scale of a hand of five positions: ``c`` the
    Möbius transform of the sums over the subsets of its first four, ``b`` that of the subsets
    with the fifth (:func:`_moebius16_held`), so that keeping the subset ``q`` of the first
    four sums ``c[q] - b[q]`` and with the fifth ``b[q]``; the best of each size first, then
    times its scale ``sc`` (the same as every keep's product compared)."""
    z = np.int64(0)
    g0 = max(z, c[0] - b[0])
    g1 = max(z, c[1] - b[1], c[2] - b[2], c[4] - b[4], c[8] - b[8], b[0])
    g2 = max(z, c[3] - b[3], c[5] - b[5], c[6] - b[6], c[9] - b[9], c[10] - b[10], c[12] - b[12])
    g2 = max(g2, b[1], b[2], b[4], b[8])
    g3 = max(
        z, c[7] - b[7], c[11] - b[11], c[13] - b[13], c[14] - b[14], b[3], b[5], b[6], b[9], b[10], b[12]
    )
    g4 = max(z, c[15] - b[15], b[7], b[11], b[13], b[14])
    g5 = max(z, b[15])
    return max(z, g0 * sc[0], g1 * sc[1], g2 * sc[2], g3 * sc[3], g4 * sc[4], g5 * sc[5])


@lean(inline=True)
def _run(o, j, v):
    """How many cards of value ``v`` a draw by values takes with one more at place ``j``: one
    more than the places before it (``o[:j]``, non-decreasing) that end with ``v``."""
    run = 1
    i = j - 1
    while i >= 0 and o[i] == v:
        run += 1
        i -= 1
    return run


@lean(inline=True)
def _value_place(j, lo, o, per_value):
    """The least value from ``lo`` on (walk order) that still has a card for place ``j`` of a
    draw by values whose places before it hold ``o[:j]`` (values non-decreasing), and how many
    of its cards the draw then takes; ``(13, 0)``: none."""
    for v in range(lo, 13):
        run = _run(o, j, v)
        if per_value[v] >= run:
            return v, run
    return 13, 0


@lean()
def _value_walk(kept, k, deck, fam, Tk, num, acc, cut, D, m, n3, nk, first, per_value, offn, base, work, ub):
    """:func:`_two_walk` by values with no targets and no flushes to put back (every keep a
    second hand values against the best found, A-5's and 2-7's with flushes not counted): the
    draws as an odometer over sets of values, not over the deck's cards, so that no card that
    another of its value stands for is visited (three in four by the cards' walk); the same
    draws in the same order with the same weights, so the same integers.  ``ub = (um, rem, T5,
    W)``: each draw bounded by its own hand's whole bound ``W`` (a row of
    :func:`.last_bounds._whole_hand_bounds`; empty: the greater of its rank and ``um``)."""
    _, _, sc, G, CI, _, cbv, h, t0, _, tl, ol, o, wo, _ = work
    suited = fam == 2  # the families whose rank sees suits (:func:`.rules._eval`)
    nd = 0
    for v in range(13):
        nd += per_value[v]
    top, left = _walk_start(kept, k, nk, m, nd, n3, num, D, base, sc, h, G)
    basef = _bfloat(acc)
    done = 0.0
    um, rem, T5, W = ub
    bounded = rem >= 0.0
    by_t5 = T5.size > 0  # the hand's rank from its values' (else by its cards)
    own = W.size > 0  # each draw bounded by its own hand's bound (by_t5), else by um
    sc5 = float(_scale(n3, 0))
    mo = m - 1  # the outer places; the innermost is the hand's last card
    wo[0] = 1  # wo[j]: the draws the values o[:j] stand for
    j = 0  # fill the outer places from j on, each with the least value it can take
    lo = 0
    while True:
        while j < mo:
            v, run = _value_place(j, lo, o, per_value)
            if v == 13:
                break
            o[j] = v
            wo[j + 1] = wo[j] * (per_value[v] - run + 1) // run
            _fill(j, k, nk, first[v] + run - 1, deck, h, G, CI, D, base, offn, fam, Tk, num, True)
            lo = v
            j += 1
        if j == mo:  # every outer place holds a value: the inner draws
            _outer_rows(k, nk, G, CI, base, offn, t0, tl, ol)
            c = (
                t0[0], t0[1], t0[2], t0[3], t0[4], t0[5], t0[6], t0[7], t0[8], t0[9], t0[10], t0[11], t0[12],
                t0[13], t0[14], t0[15],
            )  # fmt: skip
            okey = np.int64(0)
            oranks = np.int64(0)
            o4 = 0  # the multiset of the four outer cards' values
            for p in range(4):
                if by_t5:
                    o4 = ADD[o4, _walk_value(h[p])]
                else:
                    okey += card_key5(h[p], suited, Tk)
                    oranks |= np.int64(1) << (h[p] >> 2)
            wpre = wo[mo]
            vlo = o[mo - 1] if mo > 0 else 0
            for v in range(vlo, 13):
                run = _run(o, mo, v)
                if per_value[v] < run:
                    continue
                w = wpre * per_value[v] if run == 1 else wpre * (per_value[v] - run + 1) // run
                for t in range(4):
                    cbv[t] = _CB[t, v + t]
                if by_t5:
                    r5 = T5[ADD[o4, v] - VOFF[5]]
                else:
                    card = deck[first[v] + run - 1]
                    r5 = num[
                        eval5_from_keys(
                            okey + card_key5(card, suited, Tk),
                            oranks | (np.int64(1) << (card >> 2)),
                            suited,
                            Tk,
                        )
                    ]
                b = _moebius16_held(
                    (
                        D[ol[0] + cbv[tl[0]]], D[ol[1] + cbv[tl[1]]], D[ol[2] + cbv[tl[2]]], D[ol[3] + cbv[tl[3]]],
                        D[ol[4] + cbv[tl[4]]], D[ol[5] + cbv[tl[5]]], D[ol[6] + cbv[tl[6]]], D[ol[7] + cbv[tl[7]]],
                        D[ol[8] + cbv[tl[8]]], D[ol[9] + cbv[tl[9]]], D[ol[10] + cbv[tl[10]]],
                        D[ol[11] + cbv[tl[11]]], D[ol[12] + cbv[tl[12]]], D[ol[13] + cbv[tl[13]]],
                        D[ol[14] + cbv[tl[14]]], r5,
                    )
                )  # fmt: skip
                best = _best_last_keep(c, b, sc)
                _badd(acc, best * w)
                done += best * w
                left -= w
                if bounded:
                    rem -= w * (float(W[ADD[o4, v] - VOFF[5]]) if own else max(float(r5), um))
            if cut >= 0.0 and basef + done + (rem * sc5 if bounded else left * top) < cut * (1.0 - 1e-9):
                return False
            j = mo - 1
        else:
            j -= 1  # place j can take no value: move the one before it on
        if j < 0:
            return True
        lo = o[j] + 1  # the next value at place j, then the least after it at the later places


@njit(cache=True)
def _two(
    kept, k, deck, nd, E, nE, S, A, stamp, gen, fam, Tk, num, tg, acc, hit, cut, walk, by_value, D_in, DC_in, fx,
    ub, ws, rem0=-1.0,
):  # fmt: skip
    """Two draws left, keeping ``kept[:k]`` from the ``nd`` cards ``deck`` with ``E[:nE]`` out:
    ``acc`` += the best last keep's value (:func:`_last`, times ``(nd - 5 + k)_5``) over every
    draw; with targets (``tg`` = the count tables, memos, stamps and indicators of each,
    :class:`_Ctx`; none: empty) ``hit[t]`` += the chance of each with that keep on the same
    scale.  Uses a fresh memo stamp.  Returns False, ``acc`` unfinished, as soon as the sum
    cannot reach ``cut`` (< 0: never) even if every draw left gave the best hand (by values with
    ``ub``: the most it can, :mod:`.last_bounds`).  ``walk``: the
    memoised walk even when fewer than five are kept (else :func:`_two_values`, with
    ``by_value``, ``fx``, ``ub`` and, where ``D_in`` is not empty, the dense tables ``D_in`` and
    ``DC_in``)."""
    C, CA, Cstamp, ind = tg
    nt = ind.shape[0]
    if k < 5 and not walk:
        return _two_values(
            kept,
            k,
            deck,
            nd,
            E,
            nE,
            S,
            fam,
            Tk,
            num,
            tg,
            acc,
            hit,
            cut,
            by_value,
            D_in,
            DC_in,
            fx,
            ub,
            ws,
            rem0,
        )
    gen[0] += 1
    gid = gen[0]
    m = 5 - k
    n3 = nd - m
    h = np.empty(5, dtype=np.int64)
    hs = np.empty(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    g = np.zeros(32, dtype=np.int64)
    ix = np.zeros(32, dtype=np.int64)
    idx = np.empty(5, dtype=np.int64)
    top = float(num[num.shape[0] - 1]) * _scale(n3, 0)  # the most a draw can add
    left = 1.0
    for i in range(m):
        left = left * (nd - i) / (i + 1)
    base = _bfloat(acc)
    done = 0.0
    for j in range(m):
        idx[j] = j
    while True:
        for j in range(m):
            h[k + j] = deck[idx[j]]
        best = _last(h, E, nE, n3, S, A, stamp, gid, fam, Tk, num, g, hs, ix)
        _badd(acc, g[best])
        done += g[best]
        left -= 1.0
        if cut >= 0.0 and base + done + left * top < cut * (1.0 - 1e-9):
            return False
        if nt > 0:
            sc = _scale(n3, 5 - _POP[best])
            for t in range(nt):
                _badd(hit[t], _hits(hs, best, ix, E, nE, C[t], CA[t], Cstamp[t], gid, fam, Tk, ind[t]) * sc)
        if not next_combination(idx, m, nd):
            break
    return True


@njit(cache=True, inline="always")
def _keep_bound(h, m, bt):
    """:func:`rank_bound` as a rank numerator of keeping the cards of ``h`` at the positions of
    mask ``m`` (``bt``: :func:`_bound_tables` for the deck size and the draws left); each
    target's keep is the mask of its low values, so cards above its top and second cards of a
    value drop out."""
    W, xs, dm, m0, ace_low = bt
    u = m0
    for j in range(xs.shape[0]):
        # a float: counted a little high, far above its rounding
        p = W[j, _low_mask(h, m, xs[j], ace_low)] * (1.0 + 1e-9)
        u += dm[j] * (p if p < 1.0 else 1.0)
    return u


@njit(cache=True, inline="always")
def _low_mask(h, m, top, ace_low):
    """The low values at most ``top`` of the cards of ``h`` at the positions of mask ``m``, as a
    13-bit mask (a value held twice counts once): a keep's row in the bound tables."""
    s = 0
    for i in range(5):
        if (m >> i) & 1:
            v = _value(h[i], ace_low)
            if v <= top:
                s |= 1 << v
    return s


@njit(cache=True)
def _best_two(
    h1, deck, nd, E, nE, S, A, stamp, gen, fam, Tk, num, tg, v, hit, bt, by_value, AE, AEC, subs, dbuf, dcbuf,
    rx, ub, dq, part, held, v0, known,
):  # fmt: skip
    """Holding ``h1`` with two draws left from ``deck[:nd]`` (``E[:nE]`` out): ``v`` = the best
    keep's expected rank numerator times ``(nd)_10`` (limbs), ``hit[t]`` (with targets) the
    chance of each target with that keep and best play after, on the same scale.  Keeps are
    tried most cards first (with ``AE``, by values or by cards: the greatest value with one draw
    left first, :func:`_guess_order`); one whose :func:`_keep_bound` (``bt``, none with no
    targets) is below the best found is skipped, and the others are given up as soon as they cannot beat
    it.  Of two keeps of the same value the one first in :data:`_ORDER` is taken.  Returns the
    keep as a mask over the positions of ``h1``.

    With ``AE`` (the sums of the cards out, ``E[:nE]``, empty: not used; by values,
    :func:`.value_sums._out_sums`, or by cards, :func:`.card_sums._card_out_sums`) the dense
    table of each keep is made from one table of the subsets of ``h1``
    (:func:`.value_sums._subset_sums` or :func:`.card_sums._card_subset_sums` into ``subs[0]``,
    :func:`.value_sums._keep_sums` into ``dbuf``; the targets' from their count sums ``AEC`` by
    way of ``subs[-1]``, into ``dcbuf``, once the best keep is known: a second walk of it).
    ``by_value`` (A-5): a keep with the values of one tried before is not tried again (its
    value is the same, and ties go to the first).

    By cards (2-7) with ``rx`` (``AER`` not empty, :func:`_second_tables`): a keep that draws
    at least :data:`SUITLESS_DRAWN` cards is first valued with flushes not counted, by values
    (``AER``, a deck in walk order ``rx[3]``: as A-5 is, from one table of the hand's subsets),
    and skipped as soon as even that falls short of the best found: no play is worth more for
    the true rank, where a flush only loses (:func:`_suitless_value_sums`).  That bound is a
    walk of at most 6,188 sets of values where the keep's own is up to 850,668 draws, and it
    misses the keep's value by what flushes cost, thousandths, where the small keeps a second
    hand rejects fall short by hundredths or tenths.  The keeps that draw at least
    :data:`SUITLESS_RANKED` are valued only once all their bounds are known (each cut at
    the best found by then), greatest first (:func:`_cheap_first`, :func:`_by_bound`): the
    first is the best as a rule, so the others fall short by their bound alone, and with
    targets that first walk counts them, sparing the best keep its second walk.  The keeps
    that draw at least :data:`FLUSHED_DRAWN` are walked by values with the flushes put back
    (:func:`_flushed_walk`, with ``rx`` holding its tables: :func:`_second_tables`), the
    others by cards.  ``known``: the suitless bounds
    already walked for a hand of the same values (:func:`_suitless_known`).

    ``part`` 1: only the keeps of no position of ``held`` (a mask of positions of ``h1``);
    ``part`` 2: only the keeps of some position of ``held``, with ``v0`` the value of the best
    of the others (found by ``part`` 1; :func:`_after_first_draw`); the best of both is the best
    keep's value.  With no targets only (``hit`` is not counted), and the keep returned is then
    0 where none of the keeps tried beats ``v0``."""
    sub, subc = subs[0], subs[subs.shape[0] - 1]  # the rank sums' and a target's (the same: none)
    hs = np.empty(5, dtype=np.int64)
    for i in range(5):
        hs[i] = h1[i]
    E2 = np.empty(nE + 5, dtype=np.int64)
    for i in range(nE):
        E2[i] = E[i]
    kept = np.empty(5, dtype=np.int64)
    acc = np.zeros(_NL, dtype=np.int64)
    cur = np.zeros(_NL, dtype=np.int64)
    nohit = np.zeros((0, _NL), dtype=np.int64)
    C, CA, Cstamp, ind = tg
    nt = ind.shape[0]
    no_tg = (C[:0], CA[:0], Cstamp[:0], ind[:0])
    by_sums = AE.size > 0
    ws = _walk_space(nt)  # the keeps' walks' work space, made once
    QR, QC, AEX, AXF = dq
    exc = np.full(32, -1.0)  # each keep's sum of its draws' bounds (< 0: summed by its walk)
    kxs = np.empty(32, dtype=np.int64)  # the index of the values kept by each keep
    _value_indices(hs, kxs)
    if AEX.shape[0] > 0:
        _keep_excess(kxs, AEX, AXF, nd, exc)
    byq = by_sums and by_value and QR.shape[0] > 0  # each keep's table from its discards' (QR)
    off = np.empty(6, dtype=np.int64)  # where the sums of t deck values (or cards) start in a row
    soff = np.empty(33, dtype=np.int64)
    _layout(nd, by_value, off, soff)
    AER = rx[0]
    suitless = by_sums and not by_value and AER.size > 0
    flushed = suitless and rx[7].size > 0  # the ranked keeps by values, the flushes put back
    fx0 = (rx[7][:0], rx[8][:0], rx[9], rx[10])  # by cards: nothing to put back
    roff = np.empty(6, dtype=np.int64)  # the suitless bound's layout, by values
    rsoff = np.empty(33, dtype=np.int64)
    _layout(nd, True, roff, rsoff)
    rfilled = -1
    filled = -1  # sub holds the sums of up to this many deck values (a keep drawing m needs m)
    order = _ORDER.copy()
    if by_sums:  # the likely best keeps first, so that the others are given up sooner
        _sub_sums(hs, deck, nd, AE, num, fam, Tk, sub, soff, off, 0, 0, by_value, 0, 0)
        filled = 0
        _guess_order(sub, soff, nd, order)
    tried = np.empty(32, dtype=np.int64)
    ntried = 0
    best = -1
    bestf = -1.0
    for i in range(_NL):
        v[i] = 0
    if part == 2:  # the keeps of no held position are valued (v0): their values are not tried again
        best = 0
        for i in range(_NL):
            v[i] = v0[i]
        bestf = _bfloat(v)
        if by_value:
            for mm in range(32):
                if mm & held == 0:
                    seen = False
                    for i in range(ntried):
                        if tried[i] == kxs[mm]:
                            seen = True
                    if not seen:
                        tried[ntried] = kxs[mm]
                        ntried += 1
    scale = 1.0  # (nd)_10: the bound on v's scale
    for i in range(10):
        scale *= nd - i
    bounded = bt[1].shape[0] > 0
    carried = -1  # the keep whose target chances are in hit (-1: none)
    carry = nt > 0  # may the next walk by cards of a ranked keep count the targets?
    ranked = False  # by cards with the suitless bound: the keeps drawing three or more ranked yet?
    sv = np.zeros((32 if suitless else 0, _NL), dtype=np.int64)  # their suitless values (v's scale)
    dropped = np.zeros(32 if suitless else 0, dtype=np.bool_)  # short of the best found by that bound
    if suitless:  # the keeps drawing fewer first: exact by cards in at most C(nd, 2) draws
        _cheap_first(order)
    for t in range(32):
        m = order[t]
        if (part == 1 and m & held != 0) or (part == 2 and m & held == 0):
            continue
        if suitless and 5 - _POP[m] >= SUITLESS_RANKED:
            if not ranked:  # every keep left: its suitless value, cut at the best found
                ranked = True
                for i in range(t, 32):
                    mm = order[i]
                    if best >= 0 and bounded and _keep_bound(hs, mm, bt) * scale < bestf:
                        dropped[mm] = True
                        continue
                    kk, ce = _split_keep(mm, hs, kept, E2, nE)
                    for j in range(_NL):
                        acc[j] = 0
                    f = _ten_over_five(5 - kk, nd)
                    reached, rfilled = _suitless_known(
                        known, hs, mm, kk, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, no_tg, nohit, dcbuf,
                        rx, rsoff, roff, rfilled, acc, bestf / f if best >= 0 else -1.0, ub, ws, exc[mm],
                    )  # fmt: skip
                    if not reached:
                        dropped[mm] = True
                        continue
                    _bmul(acc, f, sv[mm])
                _by_bound(order, t, sv, dropped)
                m = order[t]
            if dropped[m] or (best >= 0 and _bgt(v, sv[m])):  # worth less than the best even so
                continue
        if by_value:  # one keep per multiset of values
            sig = kxs[m]
            seen = False
            for i in range(ntried):
                if tried[i] == sig:
                    seen = True
            if seen:
                continue
            tried[ntried] = sig
            ntried += 1
        if best >= 0 and bounded and _keep_bound(hs, m, bt) * scale < bestf:
            continue
        k, ce = _split_keep(m, hs, kept, E2, nE)
        for i in range(_NL):
            acc[i] = 0
        f = _ten_over_five(5 - k, nd)
        cut = bestf / f if best >= 0 else -1.0
        if by_value and _short_by_bounds(0.0, exc[m], nd - 5 + k, cut):
            continue  # short even if each draw brought its bound (as :func:`_two_values` would find)
        if suitless and best >= 0 and SUITLESS_DRAWN <= 5 - k < SUITLESS_RANKED:
            reached, rfilled = _suitless_known(
                known, hs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, no_tg, nohit, dcbuf, rx, rsoff,
                roff, rfilled, acc, cut, ub, ws, exc[m],
            )  # fmt: skip
            if not reached:
                continue
            for i in range(_NL):
                acc[i] = 0
        if by_sums and 5 - k > filled and not (flushed and 5 - k >= FLUSHED_DRAWN) and not byq:
            _sub_sums(hs, deck, nd, AE, num, fam, Tk, sub, soff, off, filled + 1, 5 - k, by_value, 0, 0)
            filled = 5 - k
        if by_sums and k == 5:  # standing pat: the best last keep of h1, from its subsets' sums
            _badd(acc, _pat_value(sub, soff, nd))
        else:
            # the targets counted on the way by the ranked keep of the greatest suitless value, the
            # best as a rule: no second walk for them if it wins
            counts = carry and ranked
            D = dbuf[:0]
            if by_sums and not (flushed and 5 - k >= FLUSHED_DRAWN):
                if byq:
                    _keep_sums_by_discards(hs, kxs, m, k, 5 - k, QR, AE, dbuf)
                else:
                    _keep_sums(m, k, 5 - k, sub, soff, off, dbuf)
                D = dbuf
                if counts:
                    _target_sums(
                        hs, kxs, deck, nd, AEC, ind, fam, Tk, subc, soff, off, m, k, by_value, dcbuf, QC
                    )
            if counts:
                carry = False
                carried = m
                for i in range(nt):
                    for j in range(_NL):
                        hit[i, j] = 0
            if flushed and 5 - k >= FLUSHED_DRAWN:
                rfilled = _suitless_filled(hs, rx, rsoff, rfilled, 5 - k)
                reached = _flushed_walk(
                    hs, kxs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, tg if counts else no_tg,
                    hit if counts else nohit, rx, rsoff, roff, acc, cut, ub, ws,
                )  # fmt: skip
            else:
                reached = _two(
                    kept, k, deck, nd, E2, ce, S, A, stamp, gen, fam, Tk, num, tg if counts else no_tg, acc,
                    hit if counts else nohit, cut, False, by_value, D, dcbuf, fx0, ub, ws, exc[m],
                )  # fmt: skip
            if not reached:
                if counts:
                    carried = -1  # given up: the best is walked again for the targets
                continue
        _bmul(acc, f, cur)
        if best < 0 or _bgt(cur, v) or (not _bgt(v, cur) and _PLACE[m] < _PLACE[best]):
            best = m
            for i in range(_NL):
                v[i] = cur[i]
            bestf = _bfloat(v)
    if nt > 0:
        c, ce = _split_keep(best, hs, kept, E2, nE)
        if best != carried:  # walk the best keep again, counting the targets
            for i in range(nt):
                for j in range(_NL):
                    hit[i, j] = 0
            if flushed and 5 - c >= FLUSHED_DRAWN:
                rfilled = _suitless_filled(hs, rx, rsoff, rfilled, 5 - c)
                _flushed_walk(
                    hs,
                    kxs,
                    best,
                    c,
                    kept,
                    nd,
                    E2,
                    ce,
                    S,
                    A,
                    stamp,
                    gen,
                    Tk,
                    num,
                    tg,
                    hit,
                    rx,
                    rsoff,
                    roff,
                    acc,
                    -1.0,
                    ub,
                    ws,
                )
            else:
                D = dbuf[:0]
                if by_sums and c < 5:
                    if byq:
                        _keep_sums_by_discards(hs, kxs, best, c, 5 - c, QR, AE, dbuf)
                    else:
                        _keep_sums(best, c, 5 - c, sub, soff, off, dbuf)
                    D = dbuf
                    _target_sums(
                        hs, kxs, deck, nd, AEC, ind, fam, Tk, subc, soff, off, best, c, by_value, dcbuf, QC
                    )
                _two(
                    kept, c, deck, nd, E2, ce, S, A, stamp, gen, fam, Tk, num, tg, acc, hit, -1.0, False, by_value,
                    D, dcbuf, fx0, ub, ws,
                )  # fmt: skip
        f = _ten_over_five(5 - c, nd)
        for i in range(nt):
            _bmul(hit[i].copy(), f, hit[i])
    return best


@njit(cache=True, inline="always")
def _short_by_bounds(base, rem, n3, cut):
    """Whether a keep's value so far ``base`` plus ``rem``, the sum of its draws' bounds (units
    of the ranks; < 0: none), on the scale of the values (:func:`_scale`, ``n3`` cards left for
    the last draw) falls short of ``cut`` (< 0: none): the keep cannot reach it, whatever its
    draws bring."""
    return 0.0 <= cut and 0.0 <= rem and base + rem * float(_scale(n3, 0)) < cut * (1.0 - 1e-9)


@njit(cache=True)
def _keep_excess(kxs, AEX, AXF, nd, out):
    """``out[K]``, for every keep ``K`` (a mask over the positions of a hand whose values' index
    at each is ``kxs[K]``, :func:`.value_sums._value_indices`) that draws two or more from the
    ``nd`` cards left: the sum over its draws of each hand's whole bound ``W[m]`` (``m`` drawn,
    :func:`.last_bounds._whole_hand_bounds`, at least the hand's rank), as the least of those
    bounds ``AXF[m]`` times the draws plus the sum of their excess over it, a superset Möbius
    transform over the subsets of the hand of the excess sums of the cards out (``AEX[m]``,
    :func:`_discards_table`): 32 look-ups per number drawn, where an odometer over a keep's
    draws takes microseconds."""
    g = np.empty(32, dtype=np.int64)
    for m in range(2, 6):
        for L in range(32):
            g[L] = AEX[m, kxs[L]]
        for bit in range(5):
            b = 1 << bit
            for L in range(32):
                if not L & b:
                    g[L] -= g[L | b]
        for K in range(32):
            if 5 - _POP[K] == m:
                out[K] = AXF[m] * _CB[m - 1, nd] + g[K]


@njit(cache=True, inline="always")
def _suitless_walk(
    hs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, no_tg, nohit, dcbuf, rx, rsoff, roff, rfilled, acc,
    cut, ub, ws, rem0,
):  # fmt: skip
    """:func:`_best_two`'s suitless bound of keeping the positions ``m`` (``k`` cards, ``kept``)
    of ``hs``: its value by values added to ``acc`` (:func:`_two` with :data:`_SUITLESS`, no
    targets, from the tables ``rx`` of :func:`_second_tables`, the hand's subsets filled up to
    ``rfilled`` deck values).  Returns whether the bound reached ``cut`` and how far the subsets
    are filled now."""
    subr, dbufr, vdeck = rx[1], rx[2], rx[3]
    if _short_by_bounds(0.0, rem0, nd - 5 + k, cut):
        return False, rfilled  # short even if each draw brought its bound: no tables needed
    rfilled = _suitless_filled(hs, rx, rsoff, rfilled, 5 - k)
    _keep_sums(m, k, 5 - k, subr, rsoff, roff, dbufr)
    reached = _two(
        kept, k, vdeck, nd, E2, ce, S, A, stamp, gen, _SUITLESS, Tk, num, no_tg, acc, nohit, cut, False, True,
        dbufr, dcbuf, (rx[7][:0], rx[8][:0], rx[9], rx[10]), ub, ws, rem0,
    )  # fmt: skip
    return reached, rfilled


@njit(cache=True, inline="always")
def _suitless_filled(hs, rx, rsoff, rfilled, d):
    """The suitless bound's table of the subsets of ``hs`` (``rx[1]``, by values, from ``rx[0]``:
    :func:`_second_tables`), filled from ``rfilled + 1`` up to ``d`` deck values where it is
    not yet; returns how far it is filled now."""
    if d > rfilled:
        _subset_sums(hs, rx[0], rx[1], rsoff, rfilled + 1, d)
        return d
    return rfilled


@njit(cache=True, inline="always")
def _suitless_known(
    known, hs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, no_tg, nohit, dcbuf, rx, rsoff, roff,
    rfilled, acc, cut, ub, ws, rem0,
):  # fmt: skip
    """:func:`_suitless_walk` (``acc`` zero), kept in ``known`` for the second hands of the same
    values: ``(KV, KB, KS, g)``, rows for the 32 keeps of this hand's values (:func:`_three`;
    ``KS`` empty: nothing kept).  ``KS[m] == 2 g + 1``: the bound is ``KV[m]``; ``KS[m] == 2 g``:
    a walk was given up at the cut ``KB[m]``, so the bound is short of any cut as high.  By cards
    the bound depends on values only (the second hand's, and those of its deck and of the cards
    out), so the first draws of the same values (12 card draws a set of values for K-Q-J) find
    it here, walked once, or once more for a lower cut.  A keep is given up only where its bound
    falls short of ``cut``, as the walk would find."""
    KV, KB, KS, g = known
    on = KS.shape[0] > 0
    if on and KS[m] == 2 * g + 1:
        _baddb(acc, KV[m])
        return not (0.0 <= cut and _bfloat(KV[m]) < cut * (1.0 - 1e-9)), rfilled
    if on and KS[m] == 2 * g and cut >= KB[m]:
        return False, rfilled
    reached, rfilled = _suitless_walk(
        hs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, no_tg, nohit, dcbuf, rx, rsoff, roff, rfilled,
        acc, cut, ub, ws, rem0,
    )  # fmt: skip
    if on and reached:
        for i in range(_NL):
            KV[m, i] = acc[i]
        KS[m] = 2 * g + 1
    elif on:
        KB[m] = min(KB[m], cut) if KS[m] == 2 * g else cut
        KS[m] = 2 * g
    return reached, rfilled


@njit(cache=True, inline="always")
def _flushed_walk(
    hs, kxs, m, k, kept, nd, E2, ce, S, A, stamp, gen, Tk, num, tg, hit, rx, rsoff, roff, acc, cut, ub, ws
):
    """:func:`_best_two`'s exact value of keeping the positions ``m`` (``k`` cards, ``kept``) of
    ``hs`` (``kxs``: :func:`.value_sums._value_indices`) in 2-7, by values: the walk of its
    suitless bound (:func:`_suitless_walk`, whose table of the hand's subsets must be filled
    for it, :func:`_suitless_filled`: a bound taken from ``known`` fills nothing) with the
    flushes put back (:func:`_flush_fix`), added to ``acc``; with targets (``tg`` not empty)
    their counts into ``hit`` the same way, from the counts with flushes not counted
    (``rx[4]``).  The same integers as the walk by cards; returns False as soon as the
    sum cannot reach ``cut``."""
    subr, dbufr, vdeck, AERC, subrc, dcbufr = rx[1], rx[2], rx[3], rx[4], rx[5], rx[6]
    _keep_sums(m, k, 5 - k, subr, rsoff, roff, dbufr)
    _target_sums(
        hs, kxs, vdeck, nd, AERC, tg[3], _SUITLESS, Tk, subrc, rsoff, roff, m, k, True, dcbufr,
        np.zeros((0, 0, 0), dtype=np.int32),
    )  # fmt: skip
    return _two(
        kept, k, vdeck, nd, E2, ce, S, A, stamp, gen, _SUITLESS, Tk, num, tg, acc, hit, cut, False, True,
        dbufr, dcbufr, (rx[7], rx[8], rx[9], rx[10]), ub, ws,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _cheap_first(order):
    """Put the keeps of ``order`` that draw fewer than :data:`SUITLESS_RANKED` cards first, each
    part in its order."""
    tmp = order.copy()
    n = 0
    for cheap in (True, False):
        for i in range(32):
            if (5 - _POP[tmp[i]] < SUITLESS_RANKED) == cheap:
                order[n] = tmp[i]
                n += 1


@njit(cache=True, inline="always")
def _by_bound(order, t, sv, dropped):
    """Sort ``order[t:]`` by the bounds ``sv`` (limbs), the greatest first, the ``dropped`` keeps
    last (stable: equal bounds stay in their order)."""
    for i in range(t + 1, 32):
        m = order[i]
        j = i - 1
        while j >= t and (dropped[order[j]] and not dropped[m] or (
            not dropped[order[j]] and not dropped[m] and _bgt(sv[m], sv[order[j]])
        )):  # fmt: skip
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = m


@njit(cache=True, inline="always")
def _target_sums(hs, kxs, deck, nd, AEC, ind, fam, Tk, subc, soff, off, mask, k, by_value, dcbuf, QC):
    """``dcbuf[:, t]``: the dense table of target ``t``'s counts for keeping the positions
    ``mask`` (``k`` cards) of ``hs`` (the index of the values at each set of its positions:
    ``kxs``), from the count sums ``AEC[t]`` of the cards out (by way of
    ``subc``, the table of the hand's subsets: :func:`_sub_sums`; by values with ``QC`` not
    empty, a gather from its discards' table, :func:`.value_sums._keep_sums_by_discards`)."""
    if by_value and QC.shape[0] > 0:
        for t in range(ind.shape[0]):
            _keep_sums_by_discards(hs, kxs, mask, k, 5 - k, QC[t], AEC[t], dcbuf[:, t])
        return
    for t in range(ind.shape[0]):
        lo, zero = (0, 0) if by_value else _zero_cards(hs, deck, nd, AEC[t])
        _sub_sums(hs, deck, nd, AEC[t], ind[t], fam, Tk, subc, soff, off, 0, 5 - k, by_value, lo, zero)
        _keep_sums(mask, k, 5 - k, subc, soff, off, dcbuf[:, t], zero)


@njit(cache=True, inline="always")
def _sub_sums(hs, deck, nd, AE, val, fam, Tk, sub, soff, off, tlo, thi, by_value, lo, zero):
    """The table of the subsets of ``hs`` (``t`` from ``tlo`` to ``thi``) by values
    (:func:`.value_sums._subset_sums`) or by cards (:func:`.card_sums._card_subset_sums`, with
    ``lo`` and ``zero``)."""
    if by_value:
        _subset_sums(hs, AE, sub, soff, tlo, thi)
    else:
        _card_subset_sums(hs, deck, nd, AE, val, fam, Tk, sub, soff, off, tlo, thi, lo, zero)


@njit(cache=True, inline="always")
def _last_keep_values(sub, soff, nd, g):
    """``g[L]``: keeping the positions ``L`` of the hand with one draw left from ``nd`` cards,
    the sum of the final ranks times ``(nd)_5`` (as :func:`_last`), from the sums of the
    subsets of the hand (:func:`_sub_sums`, ``sub[soff[L]]``; the whole hand's entry is its
    rank): a superset Möbius transform (the last draws that keep exactly ``L``), scaled."""
    for L in range(32):
        g[L] = sub[soff[L]]
    for bit in range(5):
        b = 1 << bit
        for L in range(32):
            if not L & b:
                g[L] -= g[L | b]
    for L in range(32):
        g[L] *= _scale(nd, 5 - _POP[L])


@njit(cache=True, inline="always")
def _guess_order(sub, soff, nd, order):
    """Sort the keeps ``order`` (:data:`_ORDER`) by their value with one draw left
    (:func:`_last_keep_values`), the greatest first (stable: keeps of the same such value stay
    in the tie order): a cheap guess of their value with two."""
    g = np.empty(32, dtype=np.int64)
    _last_keep_values(sub, soff, nd, g)
    _greatest_first(order, g, 32)


@njit(cache=True, inline="always")
def _pat_value(sub, soff, nd):
    """Standing pat with two draws left from ``nd`` cards: the best last keep's value
    (:func:`_last_keep_values`)."""
    g = np.empty(32, dtype=np.int64)
    _last_keep_values(sub, soff, nd, g)
    return max(np.int64(0), g.max())


@njit(cache=True, inline="always")
def _walk_order(cards, n, out):
    """``cards[:n]`` into ``out[:n]`` in the walk order of the tables by values (their
    :func:`.value_sums._walk_value` non-decreasing; of one value, in the order given)."""
    i = 0
    for v in range(13):
        for j in range(n):
            if _walk_value(cards[j]) == v:
                out[i] = cards[j]
                i += 1


@njit(cache=True, inline="always")
def _after_first_draw(
    draw, m, h, k, deck, nd, rest, E, nE, S, memo, stamp, gen, fam, Tk, num, tg, v, hit, bt, by_value, AE,
    AEC, subs, dbuf, dcbuf, rx, ub, dq, rows,
):  # fmt: skip
    """:func:`_best_two` of ``h[:k]`` and the first draw ``draw[:m]`` (sorted positions in
    ``deck``): its value into ``v`` and target chances into ``hit``.  The second hand's deck
    (``rest``) is walked worst cards first (the sums are the same in any order; a keep that
    cannot win is given up sooner): by cards in descending order, by values in the walk order
    of ``deck`` (:func:`_worst_first`, which the tables by values need).  ``rx``: the suitless
    bound's tables (:func:`_second_tables`), its deck (``rx[3]``) filled here in walk order;
    ``ub`` the bounds of the last keeps (:func:`_second_bounds`).

    ``rows``: ``(shared, known)``.  ``shared`` (:meth:`_Ctx.shared`; no rows: not used): by
    values with no targets, the value of the best second keep of no card of ``h[:k]`` for each
    multiset of values drawn, kept for the other first keeps of the hand that draw as many
    (row: the multiset's index, with a stamp of 1 once filled).  The second hand's deck and
    cards out are the same for them all (the five first cards and the draw), so that value is
    too: it is found once, and each first keep values only its second keeps that hold some of
    its own cards.

    ``known`` (:func:`_three`; ``KS`` with no columns: not used): by cards, the second keeps'
    suitless bounds for each multiset of values drawn (:func:`_suitless_known`; row: its index,
    as for ``shared``).  The cards of one value lie together in ``deck``, so the first draws of
    the same values put them at the same positions of ``h``."""
    for j in range(m):
        h[k + j] = deck[draw[j]]
    shared, known = rows
    KV, KB, KS, g = known
    r = 0
    if KS.shape[1] > 0:
        r = _keep_index(h, 31 ^ ((1 << k) - 1))
    kn = (KV[r], KB[r], KS[r], g)
    c = _rest(deck, nd, draw, m, rest)  # by values in walk order, as deck (worst first)
    if not by_value:  # by cards in order, the worst first
        _sort(rest, c)
        for j in range(c // 2):
            x = rest[j]
            rest[j] = rest[c - 1 - j]
            rest[c - 1 - j] = x
        if rx[0].size > 0:  # the walk order of the tables by values: K ... 2 (as rest), then the aces
            _walk_order(rest, c, rx[3])
            dsuit, vsuit = rx[9], rx[10]  # the deck's values in each suit, and suits of each value
            dsuit[:] = 0
            vsuit[:] = 0
            for j in range(c):
                dsuit[rest[j] & 3] |= 1 << (rest[j] >> 2)
                vsuit[rest[j] >> 2] |= 1 << (rest[j] & 3)
    B, Bst = shared
    if B.shape[0] == 0 or k == 0:
        _best_two(
            h, rest, c, E, nE, S, memo, stamp, gen, fam, Tk, num, tg, v, hit, bt, by_value, AE, AEC, subs,
            dbuf, dcbuf, rx, ub, dq, 0, 0, v, kn,
        )  # fmt: skip
        return
    held = (1 << k) - 1
    r = _keep_index(h, 31 ^ held)  # the values drawn
    if Bst[r] == 0:
        _best_two(
            h, rest, c, E, nE, S, memo, stamp, gen, fam, Tk, num, tg, v, hit, bt, by_value, AE, AEC, subs,
            dbuf, dcbuf, rx, ub, dq, 1, held, v, kn,
        )  # fmt: skip
        for i in range(_NL):
            B[r, i] = v[i]
        Bst[r] = 1
    _best_two(
        h, rest, c, E, nE, S, memo, stamp, gen, fam, Tk, num, tg, v, hit, bt, by_value, AE, AEC, subs, dbuf,
        dcbuf, rx, ub, dq, 2, held, B[r], kn,
    )  # fmt: skip


@njit(cache=True, parallel=True)
def _first_draws(
    firsts, nb, kept, k, deck, nd, E, nE, S, memos, fam, Tk, num, C, ind, cmemos, bt, vout, hout, by_value,
    AE, AEC, sl, bufs, ub, dq, shared, known,
):  # fmt: skip
    """:func:`_after_first_draw` of each of the first draws ``firsts[:nb]`` (positions in
    ``deck``) onto ``kept[:k]``: its value into ``vout[i]`` and target chances into ``hout[i]``.
    The draws are shared out over ``memos.shape[0]`` threads, each with its own memos and tables
    (:func:`_second_tables`, ``sl`` its tables of the suitless bound), so every figure is the one
    a single thread gets (``known``: each thread its own rows of the suitless bounds,
    :func:`_suitless_known`; those are exact, so any thread finds the same)."""
    threads = memos.shape[0]
    m = 5 - k
    KV, KB, KS, g = known
    for t in prange(threads):
        h = np.empty(5, dtype=np.int64)
        for j in range(k):
            h[j] = kept[j]
        rest = np.empty(nd, dtype=np.int64)
        gen = np.zeros(1, dtype=np.int64)
        tg = (C, cmemos[t, 0], cmemos[t, 1], ind)
        for i in range(t, nb, threads):
            _after_first_draw(
                firsts[i], m, h, k, deck, nd, rest, E, nE, S, memos[t, 0], memos[t, 1], gen, fam, Tk, num,
                tg, vout[i], hout[i], bt, by_value, AE, AEC, bufs[0][t], bufs[1][t], bufs[2][t],
                (sl[0], bufs[3][t], bufs[4][t], bufs[5][t], sl[1], bufs[6][t], bufs[7][t], sl[2], sl[3],
                 bufs[8][t], bufs[9][t]), ub, dq, (shared, (KV[t], KB[t], KS[t], g)),
            )  # fmt: skip


@njit(cache=True)
def _second_tables(E, nE, nd, m, nt, use, by_value, VS, VC, num, ind, fam, Tk, sl, space):
    """The work space of the second hands after a first draw of ``m`` from ``nd`` cards with
    ``E[:nE]`` out, for the threads of ``space`` (:func:`_new_space`, :func:`_first_draws`):
    per thread the memos of the rank sums (``memos``) and of the ``nt`` targets' counts
    (``cmemos``), with their stamps, from ``space``; with ``use`` the sums of the cards out
    (``AE``, and per target ``AEC``: from ``VS`` and
    ``VC``, by values :func:`.value_sums._out_sums`, by cards :func:`.card_sums._card_out_sums`)
    and per thread the tables of :func:`_best_two` (``bufs``: a second hand's subsets, for the
    rank sums and with targets for one target's counts, a keep's rank sums and its target
    counts).  With ``use`` by cards and ``sl`` (:func:`_suitless_setting`; ``VSR = sl[0]`` not
    empty: the sums by values of the ranks with flushes not counted, :func:`_suitless_value_sums`)
    also ``AER``, its sums of the cards out, and per thread the tables of :func:`_best_two`'s
    suitless bound (a second hand's subsets and a keep's sums, by values, and the deck in walk
    order; ``AER`` empty: no bound); with ``sl[2]`` not empty (what flushes change,
    :func:`_flush_tables`) also the sums of the targets' counts with flushes not counted of the
    cards out (from ``sl[1]``) and per thread the tables and deck masks of
    :func:`_flushed_walk`.  Returns the suitless tables as ``sl``: ``AER``, those sums, and
    ``sl[2]``, ``sl[3]``."""
    memos, cmemos = space[0], space[1]
    threads = memos.shape[0]
    size = (VOFF[6] if by_value else _OFF[5]) if use else 0
    AEs = np.empty((nt + 1, size), dtype=np.int64)  # the rank sums, then each target's counts
    if use and by_value:
        _out_sums(E, nE, VS, AEs[0])
        for t in range(nt):
            _out_sums(E, nE, VC[t], AEs[t + 1])
    elif use:
        _card_out_sums(E, nE, VS, VC, num, ind, fam, Tk, AEs)
    off = np.empty(6, dtype=np.int64)  # the layout of the second keeps' tables (_best_two)
    soff = np.empty(33, dtype=np.int64)
    _layout(nd - m, by_value, off, soff)
    rows = _keep_rows(off) if use else 0
    VSR, VCR, Zr, Zc = sl
    bound = use and not by_value and VSR.size > 0
    flushed = bound and Zr.size > 0
    AER = np.empty(VOFF[6] if bound else 0, dtype=np.int64)
    AERC = np.empty((nt, VOFF[6] if flushed else 0), dtype=np.int64)
    if bound:
        _out_sums(E, nE, VSR, AER)
    if flushed:
        for t in range(nt):
            _out_sums(E, nE, VCR[t], AERC[t])
    roff = np.empty(6, dtype=np.int64)  # the suitless bound's tables: by values
    rsoff = np.empty(33, dtype=np.int64)
    _layout(nd - m, True, roff, rsoff)
    bufs = (  # each entry is written before it is read (:func:`_best_two`)
        np.empty((threads, 2 if nt > 0 else 1, soff[32] if use else 0), dtype=np.int64),
        np.empty((threads, rows), dtype=np.int64),
        np.empty((threads, rows, nt), dtype=np.int64),
        np.empty((threads, rsoff[32] if bound else 0), dtype=np.int64),
        np.empty((threads, _keep_rows(roff) if bound else 0), dtype=np.int64),
        np.empty((threads, nd if bound else 0), dtype=np.int64),
        np.empty((threads, rsoff[32] if flushed else 0), dtype=np.int64),
        np.empty((threads, _keep_rows(roff) if flushed else 0, nt), dtype=np.int64),
        np.zeros((threads, 4), dtype=np.int64),
        np.zeros((threads, 13), dtype=np.int64),
    )
    return memos, cmemos, AEs[0], AEs[1:], (AER, AERC, Zr if flushed else Zr[:0], Zc), bufs


@njit(cache=True)
def _new_space(threads, nt, by_value):
    """The large work space of :func:`_three` (the first draws of one keep), to be used again
    by the next keep (:meth:`_Ctx.space`): fresh pages of memory cost about 0.4 ms a megabyte
    here, and a keep by values with targets takes over 100 MB.  For each of ``threads``
    threads the memos of the rank sums and of the ``nt`` targets' counts with their stamps
    (0: none filled; :func:`_second_tables`), and by values the tables of every set of
    discards (:func:`_discards_table`): the rank sums' (64-bit) and each target's (32-bit)."""
    n = VOFF[5] if by_value else 0
    return (
        np.zeros((threads, 2, _OFF[5]), dtype=np.int64),
        np.zeros((threads, 2, nt, _OFF[5]), dtype=np.int64),
        np.empty((n, VOFF[5]), dtype=np.int64),
        np.empty((nt if by_value else 0, VOFF[5], VOFF[5]), dtype=np.int32),
    )


def _known_space(threads: int, by_value: bool) -> tuple[np.ndarray, ...]:
    """The rows of :func:`_suitless_known` for ``threads`` threads (by cards; by values none):
    per thread, for each of the 8,568 multisets of values drawn and each of 32 keeps, a bound
    (limbs), a cut and a stamp; then the last stamp given (:func:`_three`).  Zeros by NumPy,
    whose large arrays take pages only where written: a keep drawing two touches 91 rows."""
    rows, cols = (1, 0) if by_value else (int(VOFF[6]), 32)
    return (
        np.zeros((threads, rows, cols, _NL), dtype=np.int64),
        np.zeros((threads, rows, cols)),
        np.zeros((threads, rows, cols), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
    )


@njit(cache=True)
def _discards_table(AE, AEC, by_value, worth, E, nE, ub, suitless, space):
    """The tables of :func:`.value_sums._discard_sums` of the sums ``AE`` of the cards out (by
    values) and of each target's counts ``AEC[t]`` (32-bit: counts of hands), from which each
    second keep's tables are gathers (:func:`_best_two`, :func:`_target_sums`), and with the
    last keeps' bounds ``ub`` (:func:`_second_bounds`) for each number ``m`` drawn the least
    whole bound of a hand ``AXF[m]`` (``W[m]``, :func:`.last_bounds._whole_hand_bounds`) and
    the sums of the cards ``E[:nE]`` out of the hands' excess over it
    (:func:`.value_sums._excess_value_sums`, for :func:`_keep_excess`).  Where not ``worth``
    it (few first draws) or not by values, empty ones: each keep's table is then the
    inclusion-exclusion over its discards of the hand's subsets' table, and its bound summed
    over its draws (by :func:`.last_bounds._last_keep_bounds`' ``U``).  The tables are written
    into those of ``space`` (:func:`_new_space`, by values)."""
    nt = AEC.shape[0]
    use = by_value and worth and AE.size > 0
    QR = space[2][: VOFF[5] if use else 0]
    QC = space[3][: nt if use else 0]
    if use:
        _discard_sums(AE, QR)
        for t in range(nt):
            _discard_sums(AEC[t], QC[t])
    U, W = ub[0], ub[4]
    AEX = np.zeros((6 if U.size > 0 and worth and (use or suitless) else 0, VOFF[6]), dtype=np.int64)
    AXF = np.zeros(6, dtype=np.float64)
    if AEX.shape[0] > 0:
        EX = np.empty(VOFF[6], dtype=np.int64)
        for m in range(2, 6):
            least = W[m].min()
            AXF[m] = least
            _excess_value_sums(W[m], least, EX)
            _out_sums(E, nE, EX, AEX[m])
    return QR, QC, AEX, AXF


@njit(cache=True, nogil=True)
def _sampled_first_draws(
    draws, kept, k, deck, nd, E, nE, S, fam, Tk, num, C, ind, bt, by_value, VS, VC, sl, vout, hout, ub
):  # fmt: skip
    """:func:`_after_first_draw` of each first draw ``draws[i]`` (sorted positions in ``deck``)
    onto ``kept[:k]``, one after another on the calling thread: values into ``vout[i]``, target
    chances into ``hout[i]``, on the scales of :func:`_best_two` (for a Monte Carlo estimate
    over the first draws; the tables as in :func:`_three`, ``ub`` :func:`_second_bounds`)."""
    m = 5 - k
    nt = ind.shape[0]
    use = VS.size > 0
    space = _new_space(1, nt, by_value)
    memos, cmemos, AE, AEC, sl2, bufs = _second_tables(
        E, nE, nd, m, nt, use, by_value, VS, VC, num, ind, fam, Tk, sl, space
    )
    h = np.empty(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    rest = np.empty(nd, dtype=np.int64)
    gen = np.zeros(1, dtype=np.int64)
    tg = (C, cmemos[0, 0], cmemos[0, 1], ind)
    dq = _discards_table(
        AE, AEC, by_value, draws.shape[0] >= 64, E, nE, ub, not by_value and sl2[0].size > 0, space
    )
    noshare = (np.zeros((0, _NL), dtype=np.int64), np.zeros(0, dtype=np.int64))
    unknown = (np.zeros((1, 0, _NL), dtype=np.int64), np.zeros((1, 0)), np.zeros((1, 0), dtype=np.int64), 0)
    for i in range(draws.shape[0]):
        _after_first_draw(
            draws[i], m, h, k, deck, nd, rest, E, nE, S, memos[0, 0], memos[0, 1], gen, fam, Tk, num, tg,
            vout[i], hout[i], bt, by_value, AE, AEC, bufs[0][0], bufs[1][0], bufs[2][0],
            (sl2[0], bufs[3][0], bufs[4][0], bufs[5][0], sl2[1], bufs[6][0], bufs[7][0], sl2[2], sl2[3],
             bufs[8][0], bufs[9][0]), ub, dq, (noshare, unknown),
        )  # fmt: skip


@njit(cache=True, inline="always")
def _value_weight(idx, m, deck, per_value):
    """How many draws of the deck (in walk order, so the cards of a value stand together) the draw
    ``idx[:m]`` (positions) stands for when only the values of the cards count: the product
    over its values of ``C(cards of that value in the deck, drawn of it)``, or 0 when it does
    not take the first cards of each value it draws (another draw stands for it)."""
    w = 1
    run = 0
    for j in range(m):
        p = idx[j]
        v = _walk_value(deck[p])
        if j > 0 and idx[j - 1] == p - 1 and _walk_value(deck[p - 1]) == v:
            run += 1
        elif p > 0 and _walk_value(deck[p - 1]) == v:
            return 0
        else:
            run = 1
        w = w * (per_value[v] - run + 1) // run
    return w


@njit(cache=True, inline="always")
def _inner_weight(x, lo, pos, m, deck, per_value, wpre):
    """:func:`_value_weight` of the draw ``pos[:m - 1]`` and ``x`` (``>= lo``, the position after
    ``pos[m - 2]``) from that of ``pos[:m - 1]``, ``wpre > 0``: 0 unless ``x`` is the first card
    of its value or follows the outer cards' run of that value."""
    v = _walk_value(deck[x])
    r = 1
    if x > 0 and _walk_value(deck[x - 1]) == v:
        if x != lo or m < 2:
            return 0
        j = m - 2
        while j >= 0 and _walk_value(deck[pos[j]]) == v:
            r += 1
            j -= 1
    return wpre * (per_value[v] - r + 1) // r


@njit(cache=True, nogil=True)
def _three(
    kept, k, deck, nd, E, nE, S, fam, Tk, num, tg, acc, hit, cut, bt, threads, by_value, VS, VC, sl, done,
    ub, space, shared,
):  # fmt: skip
    """Three draws left keeping ``kept[:k]``: ``acc`` += :func:`_best_two`'s value over every
    first draw (and ``hit`` its target chances), both times ``(nd - 5 + k)_10``; False as soon
    as ``acc`` cannot reach ``cut`` (:func:`_two`).  ``bt``: the bound tables of the second
    draw's deck (:func:`_bound_tables`).  The first draws are valued in blocks, each shared out
    over ``threads`` threads (:func:`_first_draws`) and summed in draw order; ``cut`` is
    checked after every block.  ``by_value`` (A-5, where a hand's rank is its values'): one
    draw stands for all the draws of the same values, weighted by their number
    (:func:`_value_weight`): every card of a value is then as good as another, so the best play
    after each is the same (for 7-5-3 kept, 91 first draws in place of 1,081; ``deck`` then holds
    the cards of each value together).  The first draws are taken in the order of ``deck``: the
    caller puts the worst cards first, so that a keep that cannot win falls short of ``cut``
    early (the sum is the same in any order).  With ``VS`` and ``VC`` (the sums of the ranks and
    of each target's counts: by values :func:`_value_sums` and :func:`_value_counts`, by cards
    the superset and count tables; empty: not used) the second keeps' tables come from the sums
    of the cards out before them (:func:`.value_sums._out_sums` or
    :func:`.card_sums._card_out_sums`, the same for every first draw).  ``done[0]`` += the
    first draws valued, block by block (by values each counted with its weight, so that it
    reaches ``C(nd, 5 - k)`` with the last): it runs without the GIL, so that a progress bar can
    read it (:func:`_counted`).  ``ub``: the bounds of the second hands' last keeps, by which
    their keeps' walks by values are given up (:func:`_second_bounds`); ``space``: the work
    space (:func:`_new_space`, :func:`_known_space`) for ``threads`` threads; ``shared``: the
    values of the second keeps of drawn cards only, shared by the first keeps of the hand
    (:func:`_after_first_draw`; no rows: not used)."""
    m = 5 - k
    C, _, _, ind = tg
    nt = ind.shape[0]
    first = np.zeros(13, dtype=np.int64)
    per_value = np.zeros(13, dtype=np.int64)
    _value_runs(deck, nd, first, per_value)
    n_all = 1
    for i in range(m):
        n_all = n_all * (nd - i) // (i + 1)
    # with no cut, blocks of about a second's work: a progress bar moves, and the threads wait
    # for one another seldom
    block = min(n_all, 512 * threads) if cut < 0.0 else 8 * threads
    if block > 4096:
        block = 4096
    firsts = np.empty((block, 5), dtype=np.int64)
    weight = np.ones(block, dtype=np.int64)
    vout = np.zeros((block, _NL), dtype=np.int64)
    hout = np.zeros((block, nt, _NL), dtype=np.int64)
    tmp = np.zeros(_NL, dtype=np.int64)
    use = VS.size > 0 and n_all > 1  # one first draw (standing pat): not worth the tables
    memos, cmemos, AE, AEC, sl2, bufs = _second_tables(
        E, nE, nd, m, nt, use, by_value, VS, VC, num, ind, fam, Tk, sl, space
    )
    scale = 1.0  # (nd - m)_10: a second hand's value and bounds on the scale of acc
    for i in range(10):
        scale *= nd - m - i
    idx = np.empty(5, dtype=np.int64)
    h = np.empty(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    bounded = cut >= 0.0 and bt[1].shape[0] > 0
    top = float(num[num.shape[0] - 1]) * scale  # the most one first draw can add
    # by values with a cut: every first draw at once, the heaviest first (module doc)
    heavy = by_value and cut >= 0.0
    drawn, dweight = _heaviest_first(m, deck, nd, per_value) if heavy else (firsts[:0], weight[:0])
    # what the first draws not yet valued can add at most: by each second hand's bound
    # (:func:`_draw_bound`, one per first draw in the order they are taken), else the best
    # hand's rank for each
    left = float(n_all) * top
    hb = np.zeros(0, dtype=np.float64)
    if bounded:  # the second hands' bounds by look-ups first, summed on their decks only if need be
        for refine in (False, True):
            hb = _first_bounds(idx, h, k, m, deck, nd, per_value, by_value, bt, ub, drawn, refine, threads)
            left = 0.0
            for i in range(hb.shape[0]):
                left += (dweight[i] if heavy else 1.0) * hb[i]
            left *= scale
            if _bfloat(acc) + left < cut * (1.0 - 1e-9):
                return False
            if ub[3].shape[0] == 0:
                break
    # by values with two cards or more drawn first (91 first draws or more): the keeps' tables
    # from the discards' (:func:`.value_sums._discard_sums`, milliseconds, once)
    dq = _discards_table(AE, AEC, by_value, m >= 2, E, nE, ub, not by_value and sl2[0].size > 0, space)
    space[7][0] += 1  # a new stamp: the suitless bounds kept are this keep's (_suitless_known)
    known = (space[4], space[5], space[6], space[7][0])
    at = 0
    pos = 0  # the first draws taken, in walk order (where ``hb`` has a bound for each)
    for j in range(m):
        idx[j] = j
    more = True
    while more:
        nb = 0
        taken = 0.0
        while nb < block and more:
            if heavy:
                for j in range(m):
                    idx[j] = drawn[at, j]
                w = dweight[at]
                at += 1
                more = at < drawn.shape[0]
            else:
                w = _value_weight(idx, m, deck, per_value) if by_value else 1
            if w > 0:
                for j in range(m):
                    firsts[nb, j] = idx[j]
                    h[k + j] = deck[idx[j]]
                weight[nb] = w
                taken += w * (hb[at - 1 if heavy else pos] * scale if bounded else top)
                nb += 1
            if not heavy:
                pos += 1
                more = next_combination(idx, m, nd)
        _first_draws(
            firsts, nb, kept, k, deck, nd, E, nE, S, memos, fam, Tk, num, C, ind, cmemos, bt, vout, hout,
            by_value, AE, AEC, sl2, bufs, ub, dq, shared, known,
        )  # fmt: skip
        for i in range(nb):
            done[0] += weight[i]
            _bmul(vout[i], weight[i], tmp)
            _baddb(acc, tmp)
            for t in range(nt):
                _bmul(hout[i, t], weight[i], tmp)
                _baddb(hit[t], tmp)
        left -= taken
        if cut >= 0.0 and _bfloat(acc) + left < cut * (1.0 - 1e-9):
            return False
    return True


@njit(cache=True)
def _heaviest_first(m, deck, nd, per_value):
    """The first draws of ``m`` from ``deck[:nd]`` by values (:func:`_value_draws`), the
    heaviest first (ties in walk order).  A keep valued against a cut is given up once the
    weight of the draws valued times what each falls short of its bound passes the keep's
    slack, so the draws that stand for the most come first: for the five-card draw of
    7-5-4-K-K (2-7, flushes not counted) the cut comes after about 2,060 of its 6,049 sets of
    values, 3,440 in walk order."""
    drawn, weight = _value_draws(m, deck, nd, per_value)
    order = np.argsort(-weight, kind="mergesort")
    return drawn[order], weight[order]


@njit(cache=True)
def _value_draws(m, deck, nd, per_value):
    """Every draw of ``m`` from ``deck[:nd]`` by values (the positions of the first cards of
    each value drawn; the deck in walk order, :func:`_worst_first`) and the number of draws
    each stands for (:func:`_value_weight`), in walk order: at most C(12 + m, m) = 6,188."""
    n_max = 1  # multisets of m of 13 values: C(12 + m, m), at most 6,188
    for i in range(m):
        n_max = n_max * (13 + i) // (i + 1)
    drawn = np.zeros((n_max, 5), dtype=np.int64)
    weight = np.zeros(n_max, dtype=np.int64)
    idx = np.empty(5, dtype=np.int64)
    for j in range(m):
        idx[j] = j
    n = 0
    while True:
        w = _value_weight(idx, m, deck, per_value)
        if w > 0:
            for j in range(m):
                drawn[n, j] = idx[j]
            weight[n] = w
            n += 1
        if m == 0 or not next_combination(idx, m, nd):
            break
    return drawn[:n], weight[:n]


@njit(cache=True, inline="always")
def _hand_bound(h, bt):
    """An upper bound of the expected rank numerator of holding ``h`` with two draws left: the
    greatest :func:`_keep_bound` of its keeps (``bt``: :func:`_bound_tables` of the deck)."""
    u = 0.0
    for m in range(32):
        b = _keep_bound(h, m, bt)
        if b > u:
            u = b
    return u


@njit(cache=True, inline="always")
def _draw_bound(h, k, bt, per_value, ub, memo, work, refine):
    """An upper bound of the expected rank numerator of holding ``h`` with two draws left after
    the first draw ``h[k:]`` from a deck with ``per_value`` cards of each walk value: the lesser
    of :func:`_hand_bound` (the targets' chances) and, with the bounds of the last keeps ``ub``
    (:func:`_second_bounds`), :func:`.last_bounds._hand_bound_by_draws` (far tighter for a
    second hand with little to keep; ``memo`` and ``work`` its own)."""
    b = _hand_bound(h, bt)
    F = ub[3]
    if F.shape[0] > 0:
        e = _hand_bound_by_draws(h, k, per_value, F, memo, work, refine)
        if e < b:
            b = e
    return b


@njit(cache=True, parallel=True)
def _drawn_bounds(h, k, m, deck, per_value, bt, ub, drawn, refine, threads, out):
    """``out[i]``: :func:`_draw_bound` of the hand the first draw ``drawn[i]`` makes onto
    ``h[:k]``, the draws shared out over ``threads`` threads, each with its own hand and memo
    (a memo holds sums that are the same whoever fills it: every figure is a single thread's)."""
    for t in prange(threads):
        hc = h.copy()
        memo = np.full(VOFF[5], -1.0)
        work = np.zeros(64, dtype=np.int64)
        for i in range(t, drawn.shape[0], threads):
            for j in range(m):
                hc[k + j] = deck[drawn[i, j]]
            out[i] = _draw_bound(hc, k, bt, per_value, ub, memo, work, refine)


@njit(cache=True)
def _first_bounds(idx, h, k, m, deck, nd, per_value, by_value, bt, ub, drawn, refine, threads):
    """:func:`_draw_bound` of the hand each first draw of ``m`` from ``deck[:nd]`` makes onto
    ``h[:k]``: of every row of ``drawn`` (the draws by values, :func:`_heaviest_first`) where it
    has any (over ``threads`` threads, :func:`_drawn_bounds`), else of every draw in walk order
    (by values 0 where :func:`_value_weight` is 0: the draw stands for none)."""
    if drawn.shape[0] > 0:
        out = np.zeros(drawn.shape[0], dtype=np.float64)
        _drawn_bounds(h, k, m, deck, per_value, bt, ub, drawn, refine, min(threads, drawn.shape[0]), out)
        return out
    memo = np.full(VOFF[5], -1.0)
    work = np.zeros(64, dtype=np.int64)
    n_all = 1
    for i in range(m):
        n_all = n_all * (nd - i) // (i + 1)
    out = np.zeros(n_all, dtype=np.float64)
    for j in range(m):
        idx[j] = j
    i = 0
    while True:
        w = _value_weight(idx, m, deck, per_value) if by_value else 1
        if w > 0:
            for j in range(m):
                h[k + j] = deck[idx[j]]
            out[i] = _draw_bound(h, k, bt, per_value, ub, memo, work, refine)
        i += 1
        if not next_combination(idx, m, nd):
            return out


# --- the Python side ----------------------------------------------------------------------


_NO_SUMS = np.zeros(0, dtype=np.int64)
_NO_COUNTS = np.zeros((0, 0), dtype=np.int64)
#: :func:`_two`'s ``fx`` where no flushes are put back.
_NO_FX = (_NO_SUMS, _NO_COUNTS, np.zeros(4, dtype=np.int64), np.zeros(13, dtype=np.int64))
#: No bounds of the last keeps (:func:`_second_bounds`).
_NO_UB = (np.zeros(0, dtype=np.float64), _NO_SUMS, _NO_SUMS, np.zeros((0, 0), dtype=np.float64), _NO_COUNTS)
#: Give up the walks of keeps by values by the bounds of their last keeps (:mod:`.last_bounds`);
#: False: by the best hand's rank, as before them (the same integers; for tests and the
#: side-by-side benchmark row).
LAST_KEEP_BOUNDS = True


def _second_bounds(family: str, deck: np.ndarray, m: int, by_value: bool, suitless: bool = False) -> tuple:
    """The bounds of the last keeps (:mod:`.last_bounds`) of every hand held with two draws left
    after a draw of ``m`` from ``deck`` (the first draw of three; 0: the hand itself): ``(U,
    T5, top, F, W)``, ``U[m2]`` for a keep drawing ``m2``, ``T5`` the ranks of the five-value hands the
    walks by values rank by (by values the family's, ``suitless``: with flushes not counted; by
    cards the suitless bound's, :func:`_suitless_setting`), ``top`` those hands by rank, the
    greatest first (:func:`_five_ranks`), ``F`` the bounds of each hand's value with one
    draw left (:func:`.last_bounds._hand_value_bounds`) and ``W`` those of the five-value hands
    as whole ranks (:func:`.last_bounds._whole_hand_bounds`).  :data:`_NO_UB` where
    :data:`LAST_KEEP_BOUNDS` is off or the deck is too small."""
    if not LAST_KEEP_BOUNDS or deck.size - m - 9 < 1:
        return _NO_UB
    counts = tuple(np.bincount([_walk_value(c) for c in deck.tolist()], minlength=13).tolist())
    suitless = suitless or not by_value
    return _bounds_table(family, suitless, counts, deck.size - m)


@cache
def _five_ranks(family: str, suitless: bool) -> tuple[np.ndarray, np.ndarray]:
    """The ranks of the five-value hands (:func:`_value_sums` from :data:`.value_sums.VOFF` [5])
    and their indices by rank, the greatest first (:func:`.last_bounds._by_rank`)."""
    T5 = _value_sums(family, suitless)[VOFF[5] :]
    return T5, _by_rank(T5)


@cache
def _bounds_table(family: str, suitless: bool, counts: tuple[int, ...], n2: int) -> tuple:
    """:func:`_second_bounds` of a deck with ``counts`` cards of each walk value and ``n2`` cards
    before the keep: :func:`.last_bounds._last_keep_bounds`, the ranks, :func:`.last_bounds.
    _hand_value_bounds` and :func:`.last_bounds._whole_hand_bounds` (read-only; searches ask for
    the same again)."""
    T5, top = _five_ranks(family, suitless)
    cnt = np.array(counts, dtype=np.int64)
    U = np.zeros(6, dtype=np.float64)
    _last_keep_bounds(cnt, n2, T5, U)
    F = np.zeros((6, int(VOFF[6])), dtype=np.float64)
    _hand_value_bounds(_keep_bounds(cnt, n2, T5), T5, F)
    W = np.zeros((6, T5.size), dtype=np.int64)
    _whole_hand_bounds(F, T5, W)
    for a in (U, F, W):
        a.setflags(write=False)
    return U, T5, top, F, W


#: Put the flushes back into the values by values of 2-7's second keeps (:func:`_flushed_walk`);
#: False: walk those keeps by cards (the same integers, slower; for tests and comparisons).
FLUSHES_BY_VALUES = True


def _suitless_setting(family: str, thr: np.ndarray, by_value: bool) -> tuple:
    """The tables of :func:`_best_two`'s suitless bound and flushes for :func:`_three` (by
    cards): the rank sums by values with flushes not counted, each target's counts the same
    (:func:`_value_counts`) and what flushes change (:func:`_flush_tables`); empty by values
    (A-5), and the last three where :data:`FLUSHES_BY_VALUES` is off."""
    if by_value:
        return (_NO_SUMS, _NO_COUNTS, _NO_SUMS, _NO_COUNTS)
    if not FLUSHES_BY_VALUES:
        return (_suitless_value_sums(family), np.zeros((thr.size, 0), dtype=np.int64), _NO_SUMS, _NO_COUNTS)
    Z, ZC = _flush_tables(family, thr)
    return (_suitless_value_sums(family), _value_counts(family, thr, suitless=True), Z, ZC)


@cache
def _value_sums(family: str, suitless: bool = False) -> np.ndarray:
    """The rank sums by multisets of values (:mod:`.value_sums`; read-only): the sum over the
    hands containing one card of each value of a multiset of up to four, and each five-value
    hand's rank.  Only for ranks that are their values' (A-5's, and ``suitless``: a family's
    ranks with flushes not counted, :func:`_suitless_value_sums`).

    >>> vs = _value_sums("ace_to_five")
    >>> vs.size, int(vs[0]) == comb(N_CARDS, 5) * (comb(N_CARDS, 5) - 1)
    (8568, True)
    """
    from .solver import rank_numerators

    fam = _SUITLESS if suitless else None
    return _by_values(family, _superset_tables(family, suitless), rank_numerators(family), fam)


def _by_values(family: str, S: np.ndarray, weight: np.ndarray, fam: int | None = None) -> np.ndarray:
    """:func:`.value_sums._fill_value_sums` of the card table ``S`` (sums of ``weight`` of the
    hands' strengths, evaluated as ``fam``: default the family's own), read-only."""
    out = np.zeros(int(VOFF[6]), dtype=np.int64)
    fam = family_id(family) if fam is None else fam
    _fill_value_sums(S, _OFF, _CB, fam, kernel_tables(family), weight, out)
    out.setflags(write=False)
    return out


def _suitless_value_sums(family: str) -> np.ndarray:
    """:func:`_value_sums` of the ranks with flushes not counted: each hand ranked as its
    cards would be with no flush (:func:`.rules._eval` of :data:`_SUITLESS` with the family's
    tables; straights still count, they are values).  In 2-7 that rank is the true one for
    every hand but a flush, and a flush's is lower (a flush loses to the same values unsuited),
    so best play for it is worth at least best play for the true rank: the bound by which
    :func:`_best_two` rules out second keeps, by values (from :func:`_superset_tables` of those
    ranks).

    >>> vs = _suitless_value_sums("deuce_to_seven")  # vs[0]: every hand's rank, summed
    >>> int(vs[0]) > comb(N_CARDS, 5) * (comb(N_CARDS, 5) - 1)  # the true ranks' sum
    True
    """
    return _value_sums(family, suitless=True)


def _value_counts(family: str, thr: np.ndarray, suitless: bool = False) -> np.ndarray:
    """Per target threshold of ``thr``, :func:`_value_sums` of its counts: how many hands
    containing one card of each value of a multiset of up to four make it, and whether each
    five-value hand does (one row a target); ``suitless``: with flushes not counted."""
    out = np.zeros((thr.size, int(VOFF[6])), dtype=np.int64)
    for t, x in enumerate(thr.tolist()):
        out[t] = _value_count_row(family, int(x), suitless)
    return out


@cache
def _value_count_row(family: str, threshold: int, suitless: bool = False) -> np.ndarray:
    """One row of :func:`_value_counts`, from the target's count table (read-only)."""
    fam = _SUITLESS if suitless else None
    return _by_values(
        family, _count_table(family, threshold, suitless), _target_indicator(family, threshold), fam
    )


@njit(cache=True)
def _flush_pass(fam, Tk, num, ind, Z, ZC):
    """``Z[M]``: over the flushes whose values are a subset of the 13-bit mask ``M``, the sum of
    what being a flush changes of their rank (the true rank less the rank with flushes not
    counted, :data:`_SUITLESS`); ``ZC[t, M]`` the same of target ``t``'s indicator ``ind[t]``
    (a subset-sum transform over the five-value masks, :func:`_flush_fix`)."""
    nt = ind.shape[0]
    idx = np.arange(5)
    while True:
        c = 4 * idx  # one suit
        st = _eval(c[0], c[1], c[2], c[3], c[4], fam, Tk)
        sl = _eval(c[0], c[1], c[2], c[3], c[4], _SUITLESS, Tk)
        M = 0
        for j in range(5):
            M |= 1 << idx[j]
        Z[M] = num[st] - num[sl]
        for t in range(nt):
            ZC[t, M] = ind[t, st] - ind[t, sl]
        if not next_combination(idx, 5, 13):
            break
    for b in range(13):
        bit = 1 << b
        for M in range(8192):
            if M & bit:
                Z[M] += Z[M ^ bit]
                for t in range(nt):
                    ZC[t, M] += ZC[t, M ^ bit]


def _flush_tables(family: str, thr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_flush_pass` of ``family``'s ranks and the targets ``thr``: what flushes change
    of the sums with flushes not counted (:func:`_flush_fix`)."""
    from .solver import rank_numerators

    Z = np.zeros(8192, dtype=np.int64)
    ZC = np.zeros((thr.size, 8192), dtype=np.int64)
    ind = np.zeros((thr.size, rank_numerators(family).size), dtype=np.int64)
    for t, x in enumerate(thr.tolist()):
        ind[t] = _target_indicator(family, int(x))
    _flush_pass(family_id(family), kernel_tables(family), rank_numerators(family), ind, Z, ZC)
    return Z, ZC


def _ff(n: int, k: int) -> int:
    r = 1
    for i in range(k):
        r *= n - i
    return r


class _Ctx:
    """The tables of a family and a memo (its stamps) for one query; ``suitless``: of its ranks
    with flushes not counted (:func:`_suitless_value_sums`), a rank by values, as A-5's is."""

    def __init__(self, family: str, suitless: bool = False) -> None:
        from .solver import rank_numerators

        self.family = family
        self.suitless = suitless
        self.fam = _SUITLESS if suitless else family_id(family)
        self.Tk = kernel_tables(family)
        self.num = rank_numerators(family)
        self.S = _superset_tables(family, suitless)
        self.A = np.zeros(int(_OFF[5]), dtype=np.int64)
        self.stamp = np.zeros(int(_OFF[5]), dtype=np.int64)
        self.gen = np.zeros(1, dtype=np.int64)
        self._space: tuple[np.ndarray, ...] = ()
        self._space_key: tuple[int, int, bool] | None = None
        self._shared: tuple[np.ndarray, np.ndarray] = _NO_SHARE
        self._shared_key: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    def space(self, threads: int, nt: int, by_value: bool) -> tuple[np.ndarray, ...]:
        """The work space of :func:`_three` (:func:`_new_space`), made once and handed to every
        keep valued with the same ``threads``, number of targets ``nt`` and ``by_value``, its
        memos' stamps cleared."""
        key = (threads, nt, by_value)
        if key != self._space_key:
            self._space = ()  # let the old one go before the new one is made
            self._space = _new_space(threads, nt, by_value) + _known_space(threads, by_value)
            self._space_key = key
        else:
            self._space[0][:, 1] = 0
            self._space[1][:, 1] = 0
        return self._space

    def shared(self, cards: np.ndarray, dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The values of the second keeps of drawn cards only after each first draw of the
        hand ``cards`` with ``dead`` out, by values and with no targets (:func:`_after_first_draw`),
        kept for every keep of that hand valued with three draws: made empty for a new hand."""
        key = (tuple(cards.tolist()), tuple(sorted(dead.tolist())))
        if key != self._shared_key:
            n = int(VOFF[6])
            self._shared = (np.zeros((n, _NL), dtype=np.int64), np.zeros(n, dtype=np.int64))
            self._shared_key = key
        return self._shared

    def targets(self, thr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per target threshold of ``thr``: its count table (:func:`_count_table`), a memo and
        its stamps (the stamps of :attr:`gen`), and its indicator over the strengths."""
        n = int(_OFF[5])
        ind = np.zeros((thr.size, self.num.size), dtype=np.int64)
        C = np.zeros((thr.size, n), dtype=np.int64)
        for t, x in enumerate(thr.tolist()):
            ind[t] = _target_indicator(self.family, x)
            C[t] = _count_table(self.family, x)
        return C, np.zeros((thr.size, n), dtype=np.int64), np.zeros((thr.size, n), dtype=np.int64), ind


def _keep_value(
    ctx: _Ctx,
    cards,
    kept,
    deck,
    dead,
    draws: int,
    thr: np.ndarray,
    beat: Fraction | None = None,
    walk: bool = False,
    prune: bool = True,
    threads: int | None = None,
    by_value: bool | None = None,
    quiet: bool = True,
    counter: np.ndarray | None = None,
    share: bool = False,
) -> tuple[Fraction, list[Fraction]] | None:
    """The exact expected rank of keeping ``kept`` with ``draws`` (1..3) draws left, and the
    chance of each target threshold ``thr`` with best play for the rank; None as soon as it is
    sure not to pass ``beat``.  ``walk``: two draws by the memoised walk of :func:`_two`
    instead of the dense kernel; ``prune=False``: three draws without skipping the second
    keeps :func:`_keep_bound` rules out (the same integers either way; for tests); ``threads``:
    how many share the first draws of three (default: Numba's thread count; the same integers
    for any); ``by_value``: the first draws of three by their values (:func:`_three`; default:
    in A-5 and with ``ctx.suitless``, where it gives the same integers; no targets then);
    ``quiet=False``: with three draws a progress bar of the first draws valued
    (:func:`_counted`); ``counter``: an int64 array whose ``[0]`` the first draws valued are
    added to; ``share``: by values with three draws and no targets, the best second keeps of
    drawn cards only are kept in ``ctx`` for the next keeps of the hand that draw as many, or
    taken from it (:meth:`_Ctx.shared`; the same integers, less work where several keeps of one
    size are valued in full)."""
    assert not (ctx.suitless and thr.size), "the suitless ranks bound the rank, not the targets"
    kept_l = kept.tolist()
    discards = np.array([c for c in cards.tolist() if c not in kept_l], dtype=np.int64)
    E = np.concatenate([dead, discards]).astype(np.int64)
    k = kept.size
    m = 5 - k
    n = deck.size
    kept5 = np.zeros(5, dtype=np.int64)
    kept5[:k] = kept
    nt = thr.size
    acc = np.zeros(_NL, dtype=np.int64)
    hit = np.zeros((nt, _NL), dtype=np.int64)
    args = (ctx.fam, ctx.Tk, ctx.num)
    if draws == 1:  # every draw of the one keep counted (also with fewer than 5 cards left)
        counts = np.zeros(nt, dtype=np.int64)
        sums = np.zeros(1, dtype=np.int64)
        _one_draw(kept, deck, m, ctx.fam, ctx.Tk, thr, ctx.num, counts, sums)
        total = comb(n, m)
        return Fraction(int(sums[0]), total * DENOM), [Fraction(int(c), total) for c in counts]
    if draws == 3 and k == 5 and prune and not walk and by_value is None and not ctx.suitless:
        if counter is not None:
            counter[0] += 1  # its one first draw: none
        value, _, chances = _best_play(ctx, cards, deck, dead, 2, thr)
        return None if beat is not None and value < beat else (value, chances)
    den = comb(n, m) * _ff(n - m, 5 if draws == 2 else 10)
    cut = -1.0 if beat is None else float(beat * den * DENOM)
    tg = ctx.targets(thr)
    if by_value is None:
        by_value = ctx.family == "ace_to_five" or ctx.suitless
    worst_first = _worst_first(deck, "ace_to_five" if by_value else ctx.family)  # by values: walk order
    if draws == 2:
        ub = _second_bounds(ctx.family, deck, 0, True, ctx.suitless) if by_value and cut >= 0.0 else _NO_UB
        done = _two(
            kept5,
            k,
            worst_first,
            n,
            E,
            E.size,
            ctx.S,
            ctx.A,
            ctx.stamp,
            ctx.gen,
            *args,
            tg,
            acc,
            hit,
            cut,
            walk,
            by_value,
            _NO_SUMS,
            _NO_COUNTS,
            _NO_FX,
            ub,
            _walk_space(tg[3].shape[0]),
        )
    else:
        # the bound tables' model ignores suits, so they bound the suitless ranks' targets too
        bt = _bound_tables(ctx.family, n - m) if prune else _NO_BOUND
        threads = get_num_threads() if threads is None else threads
        VS, VC = (
            (_value_sums(ctx.family, ctx.suitless), _value_counts(ctx.family, thr))
            if by_value
            else (ctx.S, tg[0])
        )
        sl = _suitless_setting(ctx.family, thr, by_value)
        count = np.zeros(1, dtype=np.int64) if counter is None else counter
        done = _counted(
            lambda: _three(
                kept5, k, worst_first, n, E, E.size, ctx.S, *args, tg, acc, hit, cut, bt, threads,
                by_value, VS, VC, sl, count, _second_bounds(ctx.family, deck, m, by_value, ctx.suitless),
                ctx.space(threads, tg[3].shape[0], by_value),
                ctx.shared(cards, dead) if share and by_value and nt == 0 else _NO_SHARE,
            ),
            count,
            comb(n, m),
            f"first draws of {format_cards(kept) or 'nothing'}",
            quiet,
        )  # fmt: skip
    if not done:
        return None
    return Fraction(_bint(acc), den * DENOM), [Fraction(_bint(hit[t]), den) for t in range(nt)]


def _best_play(
    ctx: _Ctx,
    cards: np.ndarray,
    deck: np.ndarray,
    dead: np.ndarray,
    draws: int,
    thr: np.ndarray,
    quiet: bool = True,
) -> tuple[Fraction, np.ndarray, list[Fraction]]:
    """The best first keep of ``cards`` with ``draws`` draws left (:func:`_best_first_keep`): its
    expected rank, its cards and the chances of the target thresholds ``thr`` under best play,
    counted again for it where the search counted another keep's.  :func:`rank_play` with no
    keep given, and standing pat with three draws (:func:`_keep_value`): that draws nothing, so
    it is the best keep with two draws of the same hand and deck, found by the two-draw search
    (tables made for one hand; the three-draw kernel makes them for every first draw, ten times
    slower for a hand such as 8-6-3-2-K).  Ties go to the same keep either way (more cards, then
    :data:`_ORDER`), so the targets' chances are those of the same play."""
    best = _best_first_keep(ctx, cards, deck, dead, draws, thr=thr, quiet=quiet)
    assert best is not None
    value, mask, chances = best
    kept = cards[[i for i in range(5) if (mask >> i) & 1]]
    if chances is None:  # the search counted the targets of another keep: count the best's
        got = _keep_value(ctx, cards, kept, deck, dead, draws, thr, quiet=quiet)
        assert got is not None
        chances = got[1]
    return value, kept, chances


def _counted(work: Callable[[], bool], done: np.ndarray, total: int, name: str, quiet: bool) -> bool:
    """``work()``, a kernel that runs without the GIL and counts what it has done in ``done[0]``
    (from its value at the start up to ``total`` more), with a progress bar of that count on
    stderr (shown once it has run two seconds, as the runner's: :func:`.progress_bar`) unless
    ``quiet``: a thread reads the count four times a second.  A work that returns False (a keep
    given up) ends its bar with "given up".

    >>> _counted(lambda: True, np.zeros(1, dtype=np.int64), 10, "demo", quiet=False)
    True
    """
    if quiet:
        return work()
    start = int(done[0])
    stop = threading.Event()
    with progress_bar(total, name, unit=" first draws") as bar:

        def show() -> None:
            while not stop.wait(0.25):
                bar.update(int(done[0]) - start - bar.n)

        reader = threading.Thread(target=show, daemon=True)
        reader.start()
        finished = False
        try:
            finished = work()
            return finished
        finally:
            stop.set()
            reader.join()
            if not finished:  # a keep given up: it cannot beat the best found
                bar.set_postfix_str("given up", refresh=False)
            bar.update(int(done[0]) - start - bar.n)


def _worst_first(deck: np.ndarray, family: str) -> np.ndarray:
    """``deck`` with the worst low values first (of one value, in the given order): the order in
    which the draws are walked, so that a keep that cannot win falls short sooner (the sums are
    the same in any order).  In A-5 it is the walk order the tables by values need (their values
    non-decreasing: :func:`.value_sums._walk_value`, 12 minus the low value).

    >>> from simkit.cards import parse_cards
    >>> format_cards(_worst_first(parse_cards("Ac 2d Kh 7s 2c"), "ace_to_five"))
    'Kh 7s 2d 2c Ac'
    >>> format_cards(_worst_first(parse_cards("Ac 2d Kh 7s 2c"), "deuce_to_seven"))
    'Ac Kh 7s 2d 2c'
    """
    return deck[np.argsort(-_low_value(deck, family), kind="stable")]


def out_of_play(cards, deck) -> np.ndarray:
    """The cards neither in the hand ``cards`` nor in the unseen ``deck`` (the dead cards), as
    card integers (int64).

    >>> out_of_play([0, 1, 2, 3, 4], list(range(6, 52))).tolist()
    [5]
    """
    seen = set(np.asarray(cards).tolist()) | set(np.asarray(deck).tolist())
    return np.array([c for c in range(N_CARDS) if c not in seen], dtype=np.int64)


def _checked(hand, keep, draws: int, dead, family: str):
    family_id(family)
    if draws not in (1, 2, 3):
        raise ValueError(f"draws must be 1, 2 or 3 for the exact expected rank, got {draws!r}")
    cards, kept, deck = prepare(hand, keep, draws, dead=dead)
    dead_cards = np.asarray([], dtype=np.int64) if dead is None else as_cards(dead, "dead")
    return cards.astype(np.int64), kept, deck.astype(np.int64), dead_cards


def rank_value(
    hand, keep, draws: int = 2, *, dead=None, family: str = "deuce_to_seven", quiet: bool = True
) -> Fraction:
    """The exact expected final rank (0..1, :func:`.solver.rank_percentiles`) of keeping
    ``keep`` from ``hand`` with ``draws`` (1, 2 or 3) draws left, every later keep the one with
    the greatest expected rank (``quiet=False``: a progress bar as :func:`rank_play`'s).

    >>> v = rank_value("9s 5h 3d 2c 2h", "9s 5h 3d 2c", 1)
    >>> v == best_rank_keep("9s 5h 3d 2c 2h", 1)[0]
    True
    >>> rank_value("7s 5h 3d 2c Kc", "7s", 4)
    Traceback (most recent call last):
    ...
    ValueError: draws must be 1, 2 or 3 for the exact expected rank, got 4
    >>> from simkit.cards import parse_cards
    >>> hand = "7s 5h 3d 2c Kc"
    >>> out = [c for c in range(52) if c not in parse_cards(hand)]  # no card left to draw
    >>> rank_value(hand, hand, 1, dead=out) == rank_value(hand, hand, 1)
    True
    >>> rank_value("7s 5h 3d 2c Kc", None, 1)
    Traceback (most recent call last):
    ...
    ValueError: rank_value values a given keep, got None; best_rank_keep finds the best one
    """
    if keep is None:
        raise ValueError("rank_value values a given keep, got None; best_rank_keep finds the best one")
    return rank_values(hand, [keep], draws, dead=dead, family=family, quiet=quiet)[0]


def rank_values(
    hand, keeps, draws: int = 2, *, dead=None, family: str = "deuce_to_seven", quiet: bool = True
) -> list[Fraction]:
    """:func:`rank_value` of each keep of ``keeps`` (a list), in order: the same fractions,
    with the tables and the work space of a query made once for them all (every keep of
    K-Q-J-J-9 in A-5 with three draws: 1.0 s, where one query a keep took 1.9 s; the keeps of
    one size share the best second keeps of drawn cards, :meth:`_Ctx.shared`).

    >>> a, b = rank_values("9s 5h 3d 2c 2h", ["9s 5h 3d 2c", "5h 3d 2c"], 1)
    >>> a == rank_value("9s 5h 3d 2c 2h", "9s 5h 3d 2c", 1), a > b
    (True, True)
    >>> rank_values("9s 5h 3d 2c 2h", ["9s 5h", None], 1)
    Traceback (most recent call last):
    ...
    ValueError: rank_values values given keeps, got None; best_rank_keep finds the best one
    >>> rank_values("9s 5h 3d 2c 2h", "9s 5h", 1)
    Traceback (most recent call last):
    ...
    ValueError: keeps must be a list of keeps, got the string '9s 5h'
    """
    if isinstance(keeps, str):
        raise ValueError(f"keeps must be a list of keeps, got the string {keeps!r}")
    if any(keep is None for keep in keeps):
        raise ValueError("rank_values values given keeps, got None; best_rank_keep finds the best one")
    ctx = _Ctx(family)
    checked = [_checked(hand, keep, draws, dead, family) for keep in keeps]
    sizes = Counter(kept.size for _, kept, _, _ in checked if kept is not None)
    out = []
    for cards, kept, deck, dead_cards in checked:
        assert kept is not None
        got = _keep_value(
            ctx, cards, kept.astype(np.int64), deck, dead_cards, draws, _NO_THR, quiet=quiet,
            share=sizes[kept.size] > 1,
        )  # fmt: skip
        assert got is not None
        out.append(got[0])
    return out


_NO_THR = np.zeros(0, dtype=np.int32)
_NO_VALS = np.zeros(0, dtype=np.int64)
#: The targets whose chances bound the expected rank (:func:`rank_bound`), weakest first.
_BOUND_TOPS = {"deuce_to_seven": "KQJT987", "ace_to_five": "KQJT98765"}


def rank_bound(hand, keep, *, dead=None, family: str = "deuce_to_seven", count: bool = False) -> float:
    """An upper bound of the expected final rank of keeping ``keep`` from ``hand`` with three
    draws left, whatever the later keeps, from the chances of the targets (K-low or better …
    7-low or better; in A-5 down to 5-low): by default a table look-up each, with ``count``
    counted (milliseconds a target, and far tighter).

    The rank of a hand below the weakest target is at most ``m_0``, the rank of the best hand
    below it; between two targets at most the rank of the best hand below the stronger one.
    So ``E[rank] <= m_0 + sum_j (m_j - m_(j-1)) P(target j)``, and under any play ``P(target
    j)`` is at most the chance of best play for that target for the keep less the cards that
    cannot be in that target's hand (throwing them and drawing one card more is never worse).
    That chance is bounded by a table look-up of the refreshed model of :mod:`.exact`
    (:func:`_keep_bound`) or, with ``count``, counted with straights and flushes not counted
    (exact in A-5; :class:`_KeepBounds`).  :func:`rank_play` skips the first keeps whose bound
    is at most the best found, and proves that standing pat is the best first keep with three
    draws for a made hand when every other keep's bound is at most the pat hand's own rank.

    >>> hand = "7s 5h 3d 2c Kc"
    >>> bound = rank_bound(hand, hand)
    >>> round(float(bound), 4), bound >= rank_value(hand, hand, 3)
    (0.9828, True)
    >>> table, counted = (rank_bound(hand, "5h 3d 2c", family="ace_to_five", count=c) for c in (False, True))
    >>> value = rank_value(hand, "5h 3d 2c", 3, family="ace_to_five")
    >>> round(table, 4), round(counted, 4), round(float(value), 4)
    (0.9735, 0.952, 0.9078)
    >>> best_rank_keep("8s 6h 4d 3c 2s", 3)[1]  # pat proven best: one two-draw solve
    '8s 6h 4d 3c 2s'
    >>> rank_bound(hand, None)
    Traceback (most recent call last):
    ...
    ValueError: rank_bound bounds a given keep, got None
    """
    if keep is None:
        raise ValueError("rank_bound bounds a given keep, got None")
    cards, kept, deck, _ = _checked(hand, keep, 3, dead, family)
    assert kept is not None
    return float(_KeepBounds(deck, family, 3, count).bound(kept.astype(np.int64)))


@cache
def _bound_steps(family: str) -> tuple[list[int], list[int]]:
    """The bound's targets (top values, weakest first) and ``m``: the rank numerator of the best
    hand below each target's threshold, and of the best hand of all."""
    from .solver import rank_numerators

    num = rank_numerators(family)
    tops = sorted(_BOUND_TOPS[family], key=lambda t: target_threshold(t, family))
    m = [int(num[target_threshold(t, family) - 1]) for t in tops] + [int(num[-1])]
    return [target_value(t, family) for t in tops], m


@cache
def _bound_source() -> bytes:
    """The digest of the code the bound tables are built by (this module and :mod:`.exact`)."""
    return source_digest(Path(__file__), Path(__file__).with_name("exact.py"))


@cache
def _bound_tables(family: str, n: int, draws: int = 2) -> tuple:
    """``(W, xs, dm, m0, ace_low)`` for :func:`_keep_bound`: per bound target the refreshed
    model's table (:func:`.exact._refreshed`) of the best-play chance with ``draws`` (2, 3)
    draws left from ``n`` cards by kept low-value mask (2.0: no bound), its top value, the step
    of ``m`` at it, and ``m[0]`` (:func:`_bound_steps`; rank numerators below 2**53, exact as
    floats)."""
    xs, m = _bound_steps(family)

    def build() -> dict[str, np.ndarray]:
        W = np.zeros((len(xs), 1 << 13), dtype=np.float64)
        for j, x in enumerate(xs):
            w2, w3 = _refreshed_tables(family, x, n)
            w = w3 if draws == 3 else w2[0]
            W[j, : w.size] = w
        return {"W": W}

    # on disk: a query makes them for every size of deck it meets, 0.1 s in all
    key = _bound_source() + f"{family}:{n}:{draws}".encode()
    W = cached_arrays(f"rank-bounds-{family}", key, build)["W"]
    W.setflags(write=False)
    dm = np.array([m[j + 1] - m[j] for j in range(len(xs))], dtype=np.float64)
    return W, np.array(xs, dtype=np.int64), dm, float(m[0]), family == "ace_to_five"


_NO_BOUND = (np.zeros((0, 1 << 13)), np.zeros(0, dtype=np.int64), np.zeros(0), 0.0, False)


class _KeepBounds:
    """Upper bounds of the expected rank of first keeps with ``draws`` (2, 3) draws left from
    the live ``deck``, made as tight as a comparison needs.

    The bound is :func:`rank_bound`'s, ``m_0 + sum_j (m_j - m_(j-1)) P_j``, with ``P_j`` at first
    the table's bound of target j's best-play chance.  Where that does not settle a comparison,
    the targets' chances are counted, strongest (cheapest) first, until it does: the exact
    best-play chance of the keep's cards at or below the target's top, one of each value
    (throwing the others and drawing more is never worse), with straights and flushes not
    counted, so that only the values matter (:func:`.exact._chance` with ``relaxed=2``; in A-5
    the chance itself), memoised by (target, values).  Counting takes milliseconds a target
    and makes the bound far tighter (for 5-3-2 kept from 7-5-3-2-K in A-5, three draws: 0.952
    where the table gives 0.974; the value is 0.908); ``count=False``: the table's bound only.
    Exact arithmetic: the table's floats carry a margin far above their rounding, the counted
    chances are fractions."""

    def __init__(self, deck: np.ndarray, family: str, draws: int, count: bool = True) -> None:
        W, xs, dm, m0, _ = _bound_tables(family, int(deck.size), draws)
        self.deck, self.family, self.draws = deck, family, draws
        self.W, self.xs = W, xs.tolist()
        self.dm = [int(d) for d in dm.tolist()]  # rank numerators: integers below 2**53
        self.m0 = int(m0)
        self.count = count and deck.size >= 5 * draws  # a deck that can supply every draw counted
        self.chances: dict[tuple[int, int], Fraction] = {}

    def at_most(self, kept: np.ndarray, beat: Fraction, strict: bool = False) -> bool:
        """Whether keeping ``kept`` is sure to be worth at most ``beat`` (an expected rank;
        ``strict``: less than ``beat``)."""
        got = self._numerator(kept, beat * DENOM)
        return got < beat * DENOM if strict else got <= beat * DENOM

    def bound(self, kept: np.ndarray) -> Fraction:
        """The tightest bound of keeping ``kept``: every target's chance counted."""
        return self._numerator(kept, None) / DENOM

    def _numerator(self, kept: np.ndarray, limit: Fraction | None) -> Fraction:
        """The bound as a rank numerator, tightened target by target until it is at most
        ``limit`` (None: all the way)."""
        cards = kept.tolist()
        values = _low_value(kept, self.family).tolist()
        p: list[Fraction] = []
        masks: list[int] = []
        for j, x in enumerate(self.xs):
            s = 0
            for v in values:
                if v <= x:
                    s |= 1 << v
            masks.append(s)
            p.append(min(Fraction(1), Fraction(float(self.W[j, s]) * (1.0 + 1e-9))))
        total = self.m0 + sum((d * q for d, q in zip(self.dm, p)), Fraction(0))
        if not self.count:
            return total
        for j in range(len(self.xs) - 1, -1, -1):  # the strongest target first: the cheapest
            if limit is not None and total <= limit:
                break
            key = (self.xs[j], masks[j])
            if key not in self.chances:
                one_each = {v: c for c, v in zip(cards, values) if (masks[j] >> v) & 1}
                one = np.array(sorted(one_each.values()), dtype=np.int64)
                self.chances[key] = _chance(one, self.deck, self.draws, self.family, self.xs[j], relaxed=2)
            q = min(p[j], self.chances[key])
            total -= self.dm[j] * (p[j] - q)
            p[j] = q
        return total


def _pat_is_best(cards: np.ndarray, deck: np.ndarray, family: str, bounds: _KeepBounds | None = None) -> bool:
    """True when standing pat is provably the best first keep with three draws: every other
    keep's bound (:class:`_KeepBounds`, ``bounds`` if given) is at most the rank of the hand
    itself, which standing pat to the end already gets (ties go to the keep with more cards)."""
    from ...hands import evaluate
    from .solver import rank_numerators

    own = Fraction(int(rank_numerators(family)[int(evaluate(cards[None, :], family)[0])]), DENOM)
    bounds = _KeepBounds(deck, family, 3) if bounds is None else bounds
    for mask in _ORDER.tolist()[1:]:
        if not bounds.at_most(cards[[i for i in range(5) if (mask >> i) & 1]], own):
            return False
    return True


#: With three draws, the fewest cards a first keep may hold to be valued exactly: a given keep
#: (one two-draw solve per first draw, in A-5 per set of values drawn: any keep, the five-card
#: draw's 6,188 in under a second; in 2-7 three cards, 1,081 first draws: a quarter of a second
#: for a low draw such as 7-5-3, about a second for three high cards, whose second hands' best
#: keeps draw many cards), and a keep valued while searching for the best without a Monte Carlo
#: fallback (:func:`_quick_first_keep`: in 2-7 keeps of three cards or more, the smaller ones
#: ruled out by their bounds or their value with flushes not counted; in A-5 any, the whole
#: search, about a second for junk hands).
QUICK_KEEP = {"deuce_to_seven": 3, "ace_to_five": 0}
QUICK_SEARCH = {"deuce_to_seven": 3, "ace_to_five": 0}


def _best_first_keep(
    ctx: _Ctx,
    cards: np.ndarray,
    deck: np.ndarray,
    dead: np.ndarray,
    draws: int,
    least: int = 0,
    thr: np.ndarray = _NO_THR,
    quiet: bool = True,
) -> tuple[Fraction, int, list[Fraction] | None] | None:
    """The greatest expected rank of a first keep of ``cards``, its mask (ties: more cards,
    then the first in :data:`_ORDER`) and the chances of the target thresholds ``thr`` under
    best play from it where the search counted them (else None): the first keep valued, the
    best as a rule, counts them on the way, so that the best keep need not be valued again for
    them.  Keeps are valued most cards first, or with three draws
    and ``least == 0`` the greatest value with two draws first (:func:`_likely_best_first`); one
    whose bound (:class:`_KeepBounds`; counted except in A-5 with two draws, where valuing a
    keep costs no more) is at most the best found is skipped, and the valuing of the others
    stops as soon as they cannot beat it.  With three draws and ``least == 0`` those bounds
    only tell whether standing pat is best (:func:`_pat_is_best`): each keep valued is first
    bounded by its second hands (:func:`_three`, :func:`_first_bounds`), which rules out as
    much for less (with the memos empty, K-Q-J-J-9 in A-5: 1.1 s to 0.95 s; 7-3-2-K-Q in A-5:
    0.42 s to 0.21 s; 7-5-4-K-K in 2-7: 0.54 s to 0.42 s; the same keeps and values).  In A-5
    a keep with the values of one before it in :data:`_ORDER` is not valued (its value is the
    same, and ties go to the first).

    ``least``: give up (None) rather than value a keep of fewer cards, and already before the
    first keep of ``least`` cards when a keep of fewer cards is bounded above the best found:
    those keeps are the dearest of the ones valued, and a keep of ``least`` cards seldom passes
    the bounds of the smaller ones, so the search would almost surely fail after them.

    In 2-7 a keep of at most :data:`SUITLESS_KEPT` cards that passes the bounds is first valued
    with flushes not counted, by values as in A-5 (:func:`_suitless_value_sums`: a flush only
    loses, so no play is worth more for the true rank), and skipped as soon as even that falls
    short of the best found; by cards it would be valued until it falls short, seconds for a
    keep of two cards with three draws.  That value depends on the keep's values alone, so it
    is worked out once for the keeps of the same values (either king of a pair).  ``quiet=False``:
    a progress bar for each keep valued with three draws that takes more than two seconds."""
    masks = _ORDER.tolist()
    # counting a bound costs about what valuing an A-5 keep by values with two draws does
    count = draws == 3 or ctx.family != "ace_to_five"
    bounds = _KeepBounds(deck, ctx.family, draws, count) if draws >= 2 else None
    # with three draws the search's first keeps are screened by their second hands' bounds
    # (:func:`_three`), cheaper than these; the quick search keeps them to decide sooner
    screen = None if draws == 3 and least == 0 else bounds
    keeps = {m: cards[[i for i in range(5) if (m >> i) & 1]] for m in masks}
    if ctx.family == "ace_to_five":  # one keep per multiset of values, the first in the tie order
        seen: set[tuple[int, ...]] = set()
        firsts = []
        for m in masks:
            key = tuple(sorted((keeps[m] >> 2).tolist()))
            if key not in seen:
                seen.add(key)
                firsts.append(m)
        masks = firsts
    if draws == 3 and bounds is not None and _pat_is_best(cards, deck, ctx.family, bounds):
        masks = [31]
    elif draws == 3 and least == 0:
        masks = _likely_best_first(ctx, cards, keeps, masks, deck, dead)
    best: tuple[Fraction, int] | None = None
    counted: tuple[int, list[Fraction]] = (-1, [])  # the keep whose targets were counted, and them
    checked = False
    suitless = _Ctx(ctx.family, suitless=True) if ctx.family == "deuce_to_seven" and draws >= 2 else None
    # the values of the keeps that fall short of the best found with flushes not counted (a
    # keep's value then depends on its values alone: the deck's values are the same whichever
    # cards of a value it keeps), and for those that did not, the best found they were valued
    # against (valued again only when a better one is found)
    short: set[tuple[int, ...]] = set()
    held: dict[tuple[int, ...], Fraction] = {}

    def ruled_out(mask: int) -> bool:
        """Whether keep ``mask`` cannot beat the best found (a keep placed before it wins a tie,
        so it must be bounded below it): by the bounds, then by its suitless value."""
        assert best is not None
        if screen is not None and screen.at_most(
            keeps[mask], best[0], strict=bool(_PLACE[mask] < _PLACE[best[1]])
        ):
            return True
        if suitless is None or _POP[mask] > SUITLESS_KEPT:
            return False
        # strictly short (no tie), and the best found only grows: once short, always short
        values = tuple(sorted((keeps[mask] >> 2).tolist()))
        if values not in short and held.get(values) != best[0]:
            if (
                _keep_value(suitless, cards, keeps[mask], deck, dead, draws, _NO_THR, best[0], quiet=quiet)
                is None
            ):
                short.add(values)
            else:
                held[values] = best[0]
        return values in short

    for mask in masks:
        if best is not None and ruled_out(mask):
            continue
        if _POP[mask] < least:
            return None
        if _POP[mask] == least and best is not None and screen is not None and not checked:
            if any(not ruled_out(m) for m in masks if _POP[m] < least):
                return None
            checked = True  # the best found only grows
        first = best is None  # valued in full: it counts the targets too
        got = _keep_value(
            ctx,
            cards,
            keeps[mask],
            deck,
            dead,
            draws,
            thr if first else _NO_THR,
            None if best is None else best[0],
            quiet=quiet,
        )
        if got is None:
            continue
        if first:
            counted = (mask, got[1])
        if best is None or got[0] > best[0] or (got[0] == best[0] and _PLACE[mask] < _PLACE[best[1]]):
            best = (got[0], mask)
    if best is None:
        return None
    return best[0], best[1], counted[1] if counted[0] == best[1] or not thr.size else None


def _likely_best_first(
    ctx: _Ctx, cards: np.ndarray, keeps: dict, masks: list[int], deck: np.ndarray, dead: np.ndarray
) -> list[int]:
    """``masks`` ordered by the keeps' exact value with two draws left, the greatest first
    (ties in the given order): with three draws the best keep is most often among the first,
    and valued first it lets every other keep be given up sooner (the order changes no
    result, only how soon the others fall short).  Each keep is valued only until it cannot
    beat the greatest value found before it (the keeps of many cards, the cheap ones, come
    first); the keeps given up follow the others in the given order."""
    guess: dict[int, Fraction] = {}
    short: list[int] = []
    top: Fraction | None = None
    for m in masks:
        got = _keep_value(ctx, cards, keeps[m], deck, dead, 2, _NO_THR, top)
        if got is None:
            short.append(m)
            continue
        guess[m] = got[0]
        top = got[0] if top is None else max(top, got[0])
    return sorted(guess, key=lambda m: -guess[m]) + short


#: The searches of :func:`_quick_first_keep`, the latest last: per hand, deck and family the best
#: first keep's mask and the chances of the targets the search counted, by their thresholds.
_SEARCHES: dict[tuple, tuple[int, dict[tuple[int, ...], list[Fraction]]]] = {}


def _quick_first_keep(
    cards: tuple[int, ...], deck: tuple[int, ...], family: str, thr: tuple[int, ...] = ()
) -> tuple[int, list[Fraction] | None]:
    """With three draws: the best first keep (a mask over ``cards``) when it is found without
    valuing a keep of fewer than :data:`QUICK_SEARCH` cards, else -1, and the chances of the
    target thresholds ``thr`` under best play from it where the search counted them (else
    None).  Remembered for the last 32 hands: asking whether the answer is exact and then
    asking for it costs one search, and the targets counted by the first (as a rule the best
    keep's) need not be counted again."""
    key = (cards, deck, family)
    if key not in _SEARCHES:
        hand = np.array(cards, dtype=np.int64)
        live = np.array(deck, dtype=np.int64)
        best = _best_first_keep(
            _Ctx(family), hand, live, out_of_play(cards, deck), 3, QUICK_SEARCH[family], np.array(thr, np.int32)
        )  # fmt: skip
        if len(_SEARCHES) >= 32:
            del _SEARCHES[next(iter(_SEARCHES))]
        counted = {} if best is None or best[2] is None else {thr: best[2]}
        _SEARCHES[key] = (-1 if best is None else best[1], counted)
    mask, counted = _SEARCHES[key]
    return mask, counted.get(thr, [] if not thr else None)


class RankPlay(NamedTuple):
    """Best play for the expected rank: the first ``keep``, its exact expected rank ``value``
    and the exact chance of each target asked for (``chances``) when every keep is the one with
    the greatest expected rank."""

    keep: str
    value: Fraction
    chances: list[Fraction]


def rank_play(
    hand,
    keep=None,
    draws: int = 2,
    targets=(),
    *,
    dead=None,
    family: str = "deuce_to_seven",
    quiet: bool = True,
) -> RankPlay:
    """Best play for the expected final rank from ``hand`` with ``draws`` (1..3) draws left.

    Parameters
    ----------
    hand
        Five cards (a string or card integers).
    keep
        The first keep; ``None``: the one with the greatest expected rank (ties: more cards,
        then the first in the hand).
    draws
        Draws left, 1..3.
    targets
        Top cards of targets (``"8"`` …) whose chance to report under this play.
    dead
        Other cards known to be out of the deck.
    family
        ``deuce_to_seven`` or ``ace_to_five``.
    quiet
        ``False``: with three draws, a progress bar on stderr of the first draws of each keep
        valued that takes more than two seconds (a 2-7 keep of two cards about twenty seconds,
        of one card minutes, the five-card draw hours).

    Returns
    -------
    RankPlay
        The keep, its exact expected rank and the exact chance of each target.

    Examples
    --------
    >>> r = rank_play("7s 5h 3d 2c 2h", None, 1, ["7"])
    >>> r.keep, r.chances
    ('7s 5h 3d 2c', [Fraction(8, 47)])
    """
    cards, kept, deck, dead_cards = _checked(hand, keep, draws, dead, family)
    thr = np.array([target_threshold(t, family) for t in targets], dtype=np.int32)
    ctx = _Ctx(family)
    if kept is not None:
        kept = kept.astype(np.int64)
        got = _keep_value(ctx, cards, kept, deck, dead_cards, draws, thr, quiet=quiet)
        assert got is not None
        return RankPlay(format_cards(kept), *got)
    value, kept, chances = _best_play(ctx, cards, deck, dead_cards, draws, thr, quiet)
    return RankPlay(format_cards(kept), value, chances)


def best_rank_keep(
    hand, draws: int = 2, *, dead=None, family: str = "deuce_to_seven"
) -> tuple[Fraction, str]:
    """The greatest exact expected final rank of ``hand`` with ``draws`` (1..3) draws left
    and the first keep that gives it (ties: more cards kept, then the first in the hand).

    >>> v, keep = best_rank_keep("8s 7h 4d 3c 2s", 2)
    >>> keep
    '8s 7h 4d 3c 2s'
    """
    r = rank_play(hand, None, draws, dead=dead, family=family)
    return r.value, r.keep
