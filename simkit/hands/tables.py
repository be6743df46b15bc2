"""Lookup tables behind the evaluators: small, built once per family, cache resident.

A hand's ranks, sorted ascending (``r0 <= r1 <= …``), are a multiset of ranks; adding ``i`` to
the ``i``-th rank turns it into a strictly increasing combination (stars and bars), whose
colexicographic number ``sum(C(r_i + i, i + 1))`` is a perfect hash of the multiset into
``0 .. C(12 + n, n) - 1``: 6,188 slots for five cards and 50,388 for seven.  Each table slot
holds the family's *strength*: the rank of the hand class among all classes of the family,
0 for the weakest, so that greater is always better.

Kernels hash a hand's rank multiset faster than by sorting: every rank has a key
(:data:`RANK_KEYS5`, :data:`RANK_KEYS7`) whose sums over any five (seven) cards are all
distinct, so five (seven) loads and additions give a slot.  Five-card sums index a
360,919-entry table directly; seven-card sums (up to 7,825,759) are folded into 178,645 slots by
row displacement.  The seven-card keys, and the suited five-card keys, also carry the suit
counts in their upper 32 bits, so the same additions tell whether five cards share a suit.

:func:`kernel_tables` returns two arrays, ``(values, keys)``, so that compiled functions pass
them cheaply (a tuple of many arrays is copied on every call).  ``values`` (``uint16``
strengths) and ``keys`` (``int64``) are laid out at the fixed offsets of :data:`LAYOUT`, the
same for every family, which :mod:`simkit.hands.kernels` uses as constants:

=================  =====================================================================
``by_key5``        five cards by rank-key sum (not suited)
``flush_mask5``    five suited cards by 13-bit rank mask
``flush7``         best five of one suit's cards, by 13-bit rank mask (high only)
``mask_index``     a 13-bit rank mask of five ranks: its number among the 1,287 such sets; of
                   two ranks: 0..77; of one: 78 + rank (A-6 only)
``flush7_ace_to_six``  best A-6 five of seven cards exactly five of which share a suit, at
                   ``91 * mask_index[suited ranks] + mask_index[the other two cards' ranks]``
``by_key7``        best five of seven by rank multiset, at ``row_offsets7[k >> 12] + (k & 4095)``
``suited_key5``    deuces wild only: suited naturals by rank-key sum (a deuce's key is 0)
``card_keys5``     (keys) each card's five-card rank key
``card_keys7``     (keys) each card's seven-card rank key plus ``1 << (32 + 4 * suit)``
``row_offsets7``   (keys) the row displacement of ``by_key7``
``suited_keys5``   (keys) each card's five-card rank key plus ``1 << (32 + 4 * suit)``
``wild_keys5``     (keys) the same for deuces wild, a deuce ``0x1111 << 32`` (every suit)
=================  =====================================================================

Examples
--------
>>> values, keys = kernel_tables("high")
>>> values.size, keys.size
(1042176, 2119)
>>> int(strength_codes("high").size)
7462
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np

from ..cards import N_CARDS
from ..disk_cache import cached_arrays, source_digest
from ..jit import njit
from .codes import FAMILIES, FAMILY_CARDS, strength_code, unpack

__all__ = ["LAYOUT", "colex", "colex_tables", "kernel_tables", "strength_codes"]


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
RANK_KEYS5 = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], dtype=np.int32)
KEY_TABLE_SIZE5 = 4 * 79415 + 43258 + 1


#: The same for seven cards (maximum sum 7,825,759; checked in :func:`_key7_layout`).
RANK_KEYS7 = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64
)
ROW_SHIFT7 = 12


@njit(cache=True)
def _displace_rows(keys, shift):
    """Row-displacement compression of a sparse key set (first fit, fullest rows first).

    Keys are cut into rows of ``2**shift``; each row gets an offset so that
    ``offset[key >> shift] + (key & (2**shift - 1))`` is distinct for all keys.
    Returns the offsets and the compressed table size.
    """
    width = 1 << shift
    n_rows = (keys.max() >> shift) + 1
    counts = np.zeros(n_rows, dtype=np.int64)
    for k in keys:
        counts[k >> shift] += 1
    start = np.zeros(n_rows + 1, dtype=np.int64)
    start[1:] = np.cumsum(counts)
    cols = np.empty(keys.size, dtype=np.int64)
    fill = start[:-1].copy()
    for k in keys:
        q = k >> shift
        cols[fill[q]] = k & (width - 1)
        fill[q] += 1
    capacity = 8 * keys.size + 2 * width  # far more than first fit ever needs; guarded below
    used = np.zeros(capacity, dtype=np.bool_)
    offsets = np.zeros(n_rows, dtype=np.int64)
    first_free = 0
    size = 0
    for q in np.argsort(-counts, kind="mergesort"):
        if counts[q] == 0:
            continue
        lo = cols[start[q] : start[q + 1]].min()
        d = max(0, first_free - lo)
        while True:
            fits = True
            for t in range(start[q], start[q + 1]):
                if used[d + cols[t]]:
                    fits = False
                    break
            if fits:
                break
            d += 1
            if d + width >= capacity:
                raise ValueError("row displacement ran out of room")
        offsets[q] = d
        for t in range(start[q], start[q + 1]):
            used[d + cols[t]] = True
            size = max(size, d + cols[t] + 1)
        while used[first_free]:
            first_free += 1
    return offsets, size


@cache
def _key7_layout() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Colex slots and compressed key slots of every seven-card rank multiset, and offsets."""
    slots, sums = [], []
    for ranks in combinations_with_replacement(range(13), 7):
        if _possible(list(ranks)):
            slots.append(colex(ranks))
            sums.append(int(RANK_KEYS7[list(ranks)].sum()))
    sums_arr = np.array(sums, dtype=np.int64)
    if np.unique(sums_arr).size != sums_arr.size:
        raise AssertionError("RANK_KEYS7 do not hash seven-card rank multisets perfectly")
    offsets, size = _displace_rows(sums_arr, ROW_SHIFT7)
    keyed = offsets[sums_arr >> ROW_SHIFT7] + (sums_arr & ((1 << ROW_SHIFT7) - 1))
    if np.unique(keyed).size != keyed.size or keyed.max() >= size:
        raise AssertionError("row displacement left a collision")
    if size > 178645 or offsets.size != 1911:
        raise AssertionError("the seven-card key table no longer fits LAYOUT")
    return np.array(slots), keyed, offsets.astype(np.int32)


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


@cache
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


@cache
def strength_codes(family: str) -> np.ndarray:
    """Every distinct strength code of ``family``, ascending: strength ``s`` is ``codes[s]``."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    return _cached(family)["codes"]


@cache
def _build_codes(family: str) -> np.ndarray:
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


#: Sets of five different ranks, and multisets of two ranks (:func:`_mask_index`).
N_FIVE_RANK_SETS = comb(13, 5)
N_TWO_RANK_SETS = comb(13, 2) + 13


def _mask_index() -> np.ndarray:
    """``out[mask]``: the number of a 13-bit rank mask of five ranks among the 1,287 such sets
    (colex), of two ranks among the 78 pairs of ranks (colex), of one rank ``r`` 78 + r: the
    index of a two-card rank multiset, whose mask has one bit when the two share a rank."""
    out = np.zeros(1 << 13, dtype=np.uint16)
    for k in (5, 2):
        for ranks in combinations(range(13), k):
            out[sum(1 << r for r in ranks)] = sum(comb(r, i + 1) for i, r in enumerate(ranks))
    for r in range(13):
        out[1 << r] = comb(13, 2) + r
    return out


def _flush7_ace_to_six(by_ranks5: np.ndarray, suited5: np.ndarray) -> np.ndarray:
    """Best A-6 five of seven cards, five of one suit (their ranks ``S``, all different) and two
    of other suits (ranks ``a <= b``), at ``91 * mask_index[S] + mask_index[{a, b}]``: the best
    of the 21 fives, the all-suited one valued as suited, every other one (it holds an off-suit
    card) by ranks."""
    five = np.array(list(combinations(range(13), 5)), dtype=np.int64)
    two = np.array(list(combinations_with_replacement(range(13), 2)), dtype=np.int64)
    index = _mask_index()
    rows = (
        index[(1 << five).sum(1)].astype(np.int64)[:, None] * N_TWO_RANK_SETS
        + index[np.bitwise_or.reduce(1 << two, axis=1)][None, :]
    ).ravel()
    ranks = np.concatenate([np.repeat(five, len(two), axis=0), np.tile(two, (len(five), 1))], axis=1)
    best = np.repeat(suited5[BIN5[np.arange(5), five].sum(1)], len(two))  # drop both off-suit cards
    for a, b in combinations(range(7), 2):
        if (a, b) != (5, 6):
            kept = np.sort(ranks[:, [i for i in range(7) if i not in (a, b)]], axis=1)
            best = np.maximum(best, by_ranks5[BIN5[np.arange(5), kept].sum(1)])
    out = np.zeros(N_FIVE_RANK_SETS * N_TWO_RANK_SETS, dtype=np.uint16)
    out[rows] = best
    return out


#: Offsets of each table in ``values`` / ``keys`` (mirrored as constants in kernels.py).
LAYOUT = {
    "by_key5": 0,
    "flush_mask5": KEY_TABLE_SIZE5,
    "flush7": KEY_TABLE_SIZE5 + (1 << 13),
    "by_key7": KEY_TABLE_SIZE5 + (2 << 13),
    "suited_key5": KEY_TABLE_SIZE5 + (2 << 13) + 178645,
    "mask_index": 2 * KEY_TABLE_SIZE5 + (2 << 13) + 178645,
    "flush7_ace_to_six": 2 * KEY_TABLE_SIZE5 + (3 << 13) + 178645,
    "values_size": 2 * KEY_TABLE_SIZE5 + (3 << 13) + 178645 + N_FIVE_RANK_SETS * N_TWO_RANK_SETS,
    "card_keys5": 0,
    "card_keys7": N_CARDS,
    "row_offsets7": 104,
    "suited_keys5": 104 + 1911,
    "wild_keys5": 104 + 1911 + N_CARDS,
    "keys_size": 104 + 1911 + 2 * N_CARDS,
}


@cache
def colex_tables(family: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Strengths by colex slot: five cards unsuited, five suited, best five of seven.

    The source of every kernel table; handy for exhaustive loops over rank multisets.
    """
    codes = _build_codes(family)
    plain, suited = _codes5(family)
    by_ranks5 = np.searchsorted(codes, plain).astype(np.uint16)
    suited5 = np.searchsorted(codes, suited).astype(np.uint16)
    # Slots of impossible multisets (five of one rank) hold code 0 -> strength 0; never read.
    by_ranks7 = np.zeros(comb(19, 7), dtype=np.uint16)
    if 7 in FAMILY_CARDS[family]:
        _best_of_seven(by_ranks5, by_ranks7)
    return by_ranks5, suited5, by_ranks7


@cache
def _cached(family: str) -> dict[str, np.ndarray]:
    def build() -> dict[str, np.ndarray]:
        values, keys = _build_kernel_tables(family)
        return {"codes": _build_codes(family), "values": values, "keys": keys}

    here = Path(__file__).parent
    return cached_arrays(f"tables-{family}", source_digest(here / "codes.py", here / "tables.py"), build)


@cache
def kernel_tables(family: str) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays ``(values, keys)`` the compiled evaluators of ``family`` read.

    See the module docstring for the layout; regions a family does not use stay zero.  Built
    once and kept in a disk cache (:func:`simkit.disk_cache.cached_arrays`, keyed by the source of this module and
    :mod:`.codes`).
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    data = _cached(family)
    values, keys = data["values"], data["keys"]
    values.flags.writeable = False
    keys.flags.writeable = False
    return values, keys


def _build_kernel_tables(family: str) -> tuple[np.ndarray, np.ndarray]:
    by_ranks5, suited5, by_ranks7 = colex_tables(family)
    values = np.zeros(LAYOUT["values_size"], dtype=np.uint16)
    keys = np.zeros(LAYOUT["keys_size"], dtype=np.int64)

    slots, sums = _key_slots()
    values[LAYOUT["by_key5"] + sums] = by_ranks5[slots]
    for ranks in combinations(range(13), 5):
        values[LAYOUT["flush_mask5"] + sum(1 << r for r in ranks)] = suited5[colex(ranks)]
    if family == "deuces_wild":
        values[LAYOUT["suited_key5"] + sums] = suited5[slots]
    keys[LAYOUT["card_keys5"] : LAYOUT["card_keys5"] + N_CARDS] = np.repeat(RANK_KEYS5, 4)
    cards = np.arange(N_CARDS)
    keys[LAYOUT["suited_keys5"] : LAYOUT["suited_keys5"] + N_CARDS] = RANK_KEYS5[cards >> 2] + (
        np.int64(1) << (32 + 4 * (cards & 3))
    )
    wild = keys[LAYOUT["suited_keys5"] : LAYOUT["suited_keys5"] + N_CARDS].copy()
    wild[:4] = np.int64(0x1111) << 32  # a deuce: no rank key, one more card of every suit
    keys[LAYOUT["wild_keys5"] : LAYOUT["wild_keys5"] + N_CARDS] = wild

    if 7 in FAMILY_CARDS[family]:
        slots7, keyed7, row_offsets7 = _key7_layout()
        values[LAYOUT["by_key7"] + keyed7] = by_ranks7[slots7]
        keys[LAYOUT["card_keys7"] : LAYOUT["card_keys7"] + N_CARDS] = RANK_KEYS7[cards >> 2] + (
            np.int64(1) << (32 + 4 * (cards & 3))
        )
        keys[LAYOUT["row_offsets7"] : LAYOUT["row_offsets7"] + row_offsets7.size] = row_offsets7
    if family == "ace_to_six":
        values[LAYOUT["mask_index"] : LAYOUT["mask_index"] + (1 << 13)] = _mask_index()
        start = LAYOUT["flush7_ace_to_six"]
        values[start : start + N_FIVE_RANK_SETS * N_TWO_RANK_SETS] = _flush7_ace_to_six(by_ranks5, suited5)
    if family == "high":
        for mask in range(1 << 13):
            held = [r for r in range(13) if mask >> r & 1]
            if len(held) >= 5:
                values[LAYOUT["flush7"] + mask] = max(suited5[colex(sub)] for sub in combinations(held, 5))
    return values, keys


def decode(strength: int, family: str) -> tuple[int, list[int]]:
    """Category number and tie-break ranks of a strength (``(-1, [])`` = no qualifying low)."""
    return unpack(int(strength_codes(family)[strength]), family)
