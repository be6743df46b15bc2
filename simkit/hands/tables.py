"""Lookup tables behind the evaluators: small, built once per family, cache resident.

A hand's ranks, sorted ascending (``r0 <= r1 <= …``), are a multiset of ranks; adding ``i`` to
the ``i``-th rank turns it into a strictly increasing combination (stars and bars), whose
colexicographic number ``sum(C(r_i + i, i + 1))`` is a perfect hash of the multiset into
``0 .. C(12 + n, n) - 1``: 6,188 slots for five cards and 50,388 for seven.  Each table slot
holds the family's *strength*: the rank of the hand class among all classes of the family,
0 for the weakest, so that greater is always better.

Per family the tables are, in this order (:func:`kernel_tables`):

``by_ranks5``  five cards by rank multiset, not suited;
``suited5``    five suited cards (flushes), or, in deuces wild, suited naturals;
``by_ranks7``  the best five of seven by rank multiset, ignoring suits;
``flush7``     the best five of the cards of one suit, by 13-bit rank mask (high only);
``by_key5``    five cards by the sum of their ranks' :data:`RANK_KEYS5` (not suited);
``flush_mask5`` five suited cards by 13-bit rank mask;
``card_keys5`` the key of each card (``RANK_KEYS5`` of its rank), for the sum;
``suited_key5`` deuces wild only: suited naturals by key sum (a deuce's key is 0).

The additive keys are a faster perfect hash than sorting: five table loads and four additions
give a slot in a 360,919-entry table (722 kB, L2 resident) without any comparison.

Examples
--------
>>> t = kernel_tables("high")
>>> [a.size for a in t]
[6188, 6188, 50388, 8192, 360919, 8192, 52, 1]
>>> int(strength_codes("high").size)
7462
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
from numba import njit

from .codes import FAMILIES, FAMILY_CARDS, strength_code, unpack

__all__ = ["BIN5", "BIN7", "kernel_tables", "strength_codes", "colex"]


def _binomial_offsets(n: int) -> np.ndarray:
    """``out[i, r] = C(r + i, i + 1)``: the colex term of rank ``r`` at sorted position ``i``."""
    out = np.zeros((n, 13), dtype=np.int32)
    for i in range(n):
        for r in range(13):
            out[i, r] = comb(r + i, i + 1)
    return out


BIN5 = _binomial_offsets(5)
BIN7 = _binomial_offsets(7)

#: Rank keys whose sums over any five-card rank multiset (at most four of a rank) are all
#: distinct: each key is the smallest that keeps the sums of every multiset of up to five
#: cards of the ranks so far distinct (a greedy search; checked in :func:`_key_slots`).
RANK_KEYS5 = np.array(
    [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], dtype=np.int32
)
KEY_TABLE_SIZE5 = 4 * 79415 + 43258 + 1


def _key_slots() -> tuple[np.ndarray, np.ndarray]:
    """Colex slots and key sums of every possible five-card rank multiset; checks uniqueness."""
    slots, sums = [], []
    for ranks in combinations_with_replacement(range(13), 5):
        if _possible(list(ranks)):
            slots.append(colex(ranks))
            sums.append(int(RANK_KEYS5[list(ranks)].sum()))
    sums_arr = np.array(sums)
    if np.unique(sums_arr).size != sums_arr.size or sums_arr.max() >= KEY_TABLE_SIZE5:
        raise AssertionError("RANK_KEYS5 do not hash five-card rank multisets perfectly")
    return np.array(slots), sums_arr


def colex(sorted_ranks) -> int:
    """The perfect-hash slot of an ascending rank tuple (Python side of the kernels' index).

    >>> colex((0, 0, 0, 0, 0)), colex((12, 12, 12, 12, 12))
    (0, 6187)
    """
    return int(sum(comb(r + i, i + 1) for i, r in enumerate(sorted_ranks)))


def _possible(ranks) -> bool:
    """A rank multiset real cards can form: no rank more than four times."""
    return max(ranks.count(r) for r in set(ranks)) <= 4


@lru_cache(maxsize=None)
def _codes5(family: str) -> tuple[np.ndarray, np.ndarray]:
    """Strength codes (greater = better) of every five-card multiset, unsuited and suited."""
    plain = np.zeros(comb(17, 5), dtype=np.int64)
    suited = np.zeros(comb(17, 5), dtype=np.int64)
    for ranks in combinations_with_replacement(range(13), 5):
        if not _possible(list(ranks)):
            continue
        slot = colex(ranks)
        plain[slot] = strength_code(list(ranks), False, family)
        naturals = [r for r in ranks if r != 0] if family == "deuces_wild" else list(ranks)
        can_suit = len(set(naturals)) == len(naturals)
        suited[slot] = strength_code(list(ranks), True, family) if can_suit else plain[slot]
    return plain, suited


@lru_cache(maxsize=None)
def strength_codes(family: str) -> np.ndarray:
    """Every distinct strength code of ``family``, ascending: strength ``s`` is ``codes[s]``."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    plain, suited = _codes5(family)
    valid = []
    for ranks in combinations_with_replacement(range(13), 5):
        if _possible(list(ranks)):
            slot = colex(ranks)
            valid.append(plain[slot])
            valid.append(suited[slot])
    codes = np.unique(np.array(valid, dtype=np.int64))
    if family == "eight_or_better" and codes[0] != 0:
        codes = np.concatenate([[0], codes])
    return codes


@njit(cache=True)
def _best_of_seven(by_ranks5, out):
    """``out[colex7] = max`` over the 21 five-card sub-multisets of every seven-card multiset."""
    r = np.zeros(7, dtype=np.int64)
    for r0 in range(13):
        r[0] = r0
        for r1 in range(r0, 13):
            r[1] = r1
            for r2 in range(r1, 13):
                r[2] = r2
                for r3 in range(r2, 13):
                    r[3] = r3
                    for r4 in range(r3, 13):
                        r[4] = r4
                        for r5 in range(r4, 13):
                            r[5] = r5
                            for r6 in range(r5, 13):
                                r[6] = r6
                                slot7 = 0
                                for i in range(7):
                                    slot7 += BIN7[i, r[i]]
                                best = 0
                                # Drop two positions a < b; the rest stays sorted.
                                for a in range(7):
                                    for b in range(a + 1, 7):
                                        slot5 = 0
                                        j = 0
                                        for i in range(7):
                                            if i != a and i != b:
                                                slot5 += BIN5[j, r[i]]
                                                j += 1
                                        v = by_ranks5[slot5]
                                        if v > best:
                                            best = v
                                out[slot7] = best


@lru_cache(maxsize=None)
def kernel_tables(family: str) -> tuple[np.ndarray, ...]:
    """The lookup tables of ``family`` (see the module docstring), in that order.

    Every family gets the same eight-array tuple so that kernels share one signature; tables a
    family does not use are a single zero.
    """
    codes = strength_codes(family)
    plain, suited = _codes5(family)
    by_ranks5 = np.searchsorted(codes, plain).astype(np.uint16)
    suited5 = np.searchsorted(codes, suited).astype(np.uint16)
    # Slots of impossible multisets (five of one rank) hold code 0 -> strength 0; never read.
    empty = np.zeros(1, dtype=np.uint16)
    by_ranks7 = empty
    flush7 = empty
    if 7 in FAMILY_CARDS[family]:
        by_ranks7 = np.zeros(comb(19, 7), dtype=np.uint16)
        _best_of_seven(by_ranks5, by_ranks7)
    if family == "high":
        flush7 = np.zeros(1 << 13, dtype=np.uint16)
        for mask in range(1 << 13):
            ranks = [r for r in range(13) if mask >> r & 1]
            if len(ranks) >= 5:
                flush7[mask] = max(suited5[colex(sub)] for sub in combinations(ranks, 5))
    slots, sums = _key_slots()
    by_key5 = np.zeros(KEY_TABLE_SIZE5, dtype=np.uint16)
    by_key5[sums] = by_ranks5[slots]
    flush_mask5 = np.zeros(1 << 13, dtype=np.uint16)
    for ranks in combinations(range(13), 5):
        flush_mask5[sum(1 << r for r in ranks)] = suited5[colex(ranks)]
    card_keys5 = np.repeat(RANK_KEYS5, 4)
    suited_key5 = empty
    if family == "deuces_wild":
        suited_key5 = np.zeros(KEY_TABLE_SIZE5, dtype=np.uint16)
        suited_key5[sums] = suited5[slots]
    tables = (by_ranks5, suited5, by_ranks7, flush7, by_key5, flush_mask5, card_keys5,
              suited_key5)
    for t in tables:
        t.flags.writeable = False
    return tables


def decode(strength: int, family: str) -> tuple[int, list[int]]:
    """Category number and tie-break ranks of a strength (``(-1, [])`` = no qualifying low)."""
    return unpack(int(strength_codes(family)[strength]), family)

