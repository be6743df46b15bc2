"""Compiled evaluators: one hand in registers, a few loads from :mod:`simkit.hands.tables`.

The compiled API that game kernels call (public names; everything starting with ``_`` is
this package's own): per-hand evaluators :func:`eval5_plain`, :func:`eval5_suited`,
:func:`eval5_deuces_wild` (five cards) and :func:`eval7_plain`, :func:`eval7_high`,
:func:`eval7_ace_to_five`, :func:`eval7_ace_to_six`, :func:`eval7_eight_or_better` (best of
seven) take the cards as scalars and the family's table tuple ``T`` (from
:func:`simkit.hands.tables.kernel_tables`) and return the strength (greater is better), and
:func:`enumerate_counts` counts the strengths of every hand of a deck.  The batch kernels at
the bottom serve :func:`simkit.evaluate`, which checks its input first; these do not.

Family ids (the order of :data:`simkit.hands.codes.FAMILIES`): 0 high, 1 deuces_wild,
2 deuce_to_seven, 3 ace_to_five, 4 ace_to_six, 5 eight_or_better.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numba import njit, prange

from ..cards import N_CARDS

HIGH, DEUCES_WILD, DEUCE_TO_SEVEN, ACE_TO_FIVE, ACE_TO_SIX, EIGHT_OR_BETTER = range(6)


# Offsets into the two table arrays (simkit.hands.tables.LAYOUT; checked by the tests).
BY_KEY5 = 0
FLUSH_MASK5 = 360919
FLUSH7 = 369111
BY_KEY7 = 377303
SUITED_KEY5 = 555948
CARD_KEYS5 = 0
CARD_KEYS7 = N_CARDS
ROW_OFFSETS7 = 104


@njit(cache=True, inline="always")
def _suited5(c0, c1, c2, c3, c4):
    """All five cards of one suit."""
    return ((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)) & 3 == 0


@njit(cache=True, inline="always")
def _key5(c0, c1, c2, c3, c4, T):
    """Sum of the five cards' rank keys: the slot of their rank multiset."""
    k = T[1]
    return (
        k[CARD_KEYS5 + c0] + k[CARD_KEYS5 + c1] + k[CARD_KEYS5 + c2] + k[CARD_KEYS5 + c3] + k[CARD_KEYS5 + c4]
    )


@njit(cache=True, inline="always")
def _rank_mask5(c0, c1, c2, c3, c4):
    return (
        (1 << (np.int64(c0) >> 2))
        | (1 << (np.int64(c1) >> 2))
        | (1 << (np.int64(c2) >> 2))
        | (1 << (np.int64(c3) >> 2))
        | (1 << (np.int64(c4) >> 2))
    )


@njit(cache=True, inline="always")
def eval5_plain(c0, c1, c2, c3, c4, T):
    """Families whose five-card value ignores suits (A-5, eight-or-better)."""
    return np.int32(T[0][BY_KEY5 + _key5(c0, c1, c2, c3, c4, T)])


@njit(cache=True, inline="always")
def eval5_suited(c0, c1, c2, c3, c4, T):
    """Families where a five-card flush changes the value (high, 2-7, A-6).

    Both lookups are made and one is selected, so the loop has no branch to mispredict.
    """
    by_key = T[0][BY_KEY5 + _key5(c0, c1, c2, c3, c4, T)]
    by_mask = T[0][FLUSH_MASK5 + _rank_mask5(c0, c1, c2, c3, c4)]
    return np.int32(by_mask if _suited5(c0, c1, c2, c3, c4) else by_key)


@njit(cache=True, inline="always")
def _natural_suits(c):
    """Bit of the card's suit, or 0 for a deuce (a wild card has no suit to match)."""
    return (np.int64(c) >= 4) << (np.int64(c) & 3)


@njit(cache=True, inline="always")
def eval5_deuces_wild(c0, c1, c2, c3, c4, T):
    """Deuces wild (R-D2): the suited table applies when the natural cards share a suit."""
    mask = (
        _natural_suits(c0) | _natural_suits(c1) | _natural_suits(c2) | _natural_suits(c3) | _natural_suits(c4)
    )
    key = _key5(c0, c1, c2, c3, c4, T)  # a deuce's key is 0: the sum is the naturals'
    plain = T[0][BY_KEY5 + key]
    suited = T[0][SUITED_KEY5 + key]
    return np.int32(suited if mask & (mask - 1) == 0 else plain)


# Named per family, so game kernels read as the rules do.
_eval5_high = eval5_suited
_eval5_deuce_to_seven = eval5_suited
_eval5_ace_to_six = eval5_suited
_eval5_ace_to_five = eval5_plain
_eval5_eight_or_better = eval5_plain


@njit(cache=True, inline="always")
def _key7(c0, c1, c2, c3, c4, c5, c6, T):
    """Sum of the seven card keys: rank key in the low 32 bits, suit counts (4 bits each) above."""
    k = T[1]
    return (
        k[CARD_KEYS7 + c0]
        + k[CARD_KEYS7 + c1]
        + k[CARD_KEYS7 + c2]
        + k[CARD_KEYS7 + c3]
        + k[CARD_KEYS7 + c4]
        + k[CARD_KEYS7 + c5]
        + k[CARD_KEYS7 + c6]
    )


@njit(cache=True, inline="always")
def _by_key7(key, T):
    """Best five of seven by rank multiset, from the row-displaced key table."""
    rank_key = key & 0xFFFFFFFF
    return T[0][BY_KEY7 + T[1][ROW_OFFSETS7 + (rank_key >> 12)] + (rank_key & 4095)]


@njit(cache=True, inline="always")
def _flush_suit(key):
    """The suit holding five or more of seven cards, or -1.

    Adding 3 to each 4-bit suit count sets its top bit exactly when the count is 5 or more
    (counts never exceed 7).
    """
    hit = ((key >> 32) + 0x3333) & 0x8888
    if hit == 0:
        return -1
    suit = 0
    while (hit >> (4 * suit + 3)) & 1 == 0:
        suit += 1
    return suit


@njit(cache=True, inline="always")
def eval7_plain(c0, c1, c2, c3, c4, c5, c6, T):
    """Best five of seven where suits never matter (A-5, eight-or-better)."""
    return np.int32(_by_key7(_key7(c0, c1, c2, c3, c4, c5, c6, T), T))


@njit(cache=True, inline="always")
def eval7_high(c0, c1, c2, c3, c4, c5, c6, T):
    """Best five of seven, standard high: the rank-multiset best or the flush suit's best."""
    key = _key7(c0, c1, c2, c3, c4, c5, c6, T)
    best = _by_key7(key, T)
    suit = _flush_suit(key)
    if suit >= 0:
        mask = np.int64(0)
        for c in (
            np.int64(c0),
            np.int64(c1),
            np.int64(c2),
            np.int64(c3),
            np.int64(c4),
            np.int64(c5),
            np.int64(c6),
        ):
            if (c & 3) == suit:
                mask |= np.int64(1) << (c >> 2)
        f = T[0][FLUSH7 + mask]
        if f > best:
            best = f
    return np.int32(best)


@njit(cache=True, inline="always")
def eval7_ace_to_six(c0, c1, c2, c3, c4, c5, c6, T):
    """Best A-6 low of seven: by rank multiset unless five cards share a suit.

    With no five cards of one suit no five-card choice is a flush, so the rank-multiset table is
    exact; otherwise (about 3 % of hands) the 21 five-card subsets are tried.
    """
    key = _key7(c0, c1, c2, c3, c4, c5, c6, T)
    if _flush_suit(key) < 0:
        return np.int32(_by_key7(key, T))
    return _best_subset7(c0, c1, c2, c3, c4, c5, c6, T)


# The 21 ways to keep five of seven positions.
SUBSETS_5_OF_7 = np.array(list(combinations(range(7), 5)), dtype=np.int64)


@njit(cache=True)
def _best_subset7(c0, c1, c2, c3, c4, c5, c6, T):
    """Best of the 21 five-card subsets of seven cards, with the suited five-card rule."""
    c = (np.int64(c0), np.int64(c1), np.int64(c2), np.int64(c3), np.int64(c4), np.int64(c5), np.int64(c6))
    best = np.int32(0)
    for s in range(21):
        v = eval5_suited(
            c[SUBSETS_5_OF_7[s, 0]],
            c[SUBSETS_5_OF_7[s, 1]],
            c[SUBSETS_5_OF_7[s, 2]],
            c[SUBSETS_5_OF_7[s, 3]],
            c[SUBSETS_5_OF_7[s, 4]],
            T,
        )
        if v > best:
            best = v
    return best


eval7_ace_to_five = eval7_plain
eval7_eight_or_better = eval7_plain


@njit(cache=True, inline="always")
def _bit(c):
    """The card's bit in a 64-bit set (any value maps to some bit; range is checked apart)."""
    return np.uint64(1) << np.uint64(np.int64(c) & 63)


@njit(cache=True, inline="always")
def _out_of_deck(c):
    v = np.int64(c)
    return (v < 0) | (v > 51)


@njit(cache=True, inline="always")
def _invalid5(c0, c1, c2, c3, c4):
    """A card outside 0..51 or a repeated card: distinct cards' bits OR to what they add to."""
    b0, b1, b2, b3, b4 = _bit(c0), _bit(c1), _bit(c2), _bit(c3), _bit(c4)
    repeated = (b0 + b1 + b2 + b3 + b4) != (b0 | b1 | b2 | b3 | b4)
    return (
        repeated
        | _out_of_deck(c0)
        | _out_of_deck(c1)
        | _out_of_deck(c2)
        | _out_of_deck(c3)
        | _out_of_deck(c4)
    )


@njit(cache=True, inline="always")
def _invalid7(c0, c1, c2, c3, c4, c5, c6):
    b5, b6 = _bit(c5), _bit(c6)
    b = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4)
    repeated = (b & b5) | (b & b6) | (b5 & b6)
    return _invalid5(c0, c1, c2, c3, c4) | (repeated != 0) | _out_of_deck(c5) | _out_of_deck(c6)


@njit(cache=True, nogil=True)
def _evaluate5_into(hands, family, T, out):
    """Strengths of ``hands`` (n, 5) into ``out`` (n,).

    Checks every hand on the way (cards in 0..51, none repeated) and returns the index of the
    first invalid one, or -1 when all are valid.
    """
    for i in range(hands.shape[0]):
        c0, c1, c2, c3, c4 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4]
        if _invalid5(c0, c1, c2, c3, c4):
            return i
        if family == DEUCES_WILD:
            out[i] = eval5_deuces_wild(c0, c1, c2, c3, c4, T)
        elif family == ACE_TO_FIVE or family == EIGHT_OR_BETTER:
            out[i] = eval5_plain(c0, c1, c2, c3, c4, T)
        else:
            out[i] = eval5_suited(c0, c1, c2, c3, c4, T)
    return -1


@njit(cache=True, nogil=True)
def _evaluate7_into(hands, family, T, out):
    """Best-of-seven strengths of ``hands`` (n, 7) into ``out``; first invalid row or -1."""
    for i in range(hands.shape[0]):
        c0, c1, c2, c3 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3]
        c4, c5, c6 = hands[i, 4], hands[i, 5], hands[i, 6]
        if _invalid7(c0, c1, c2, c3, c4, c5, c6):
            return i
        if family == HIGH:
            out[i] = eval7_high(c0, c1, c2, c3, c4, c5, c6, T)
        elif family == ACE_TO_SIX:
            out[i] = eval7_ace_to_six(c0, c1, c2, c3, c4, c5, c6, T)
        else:
            out[i] = eval7_plain(c0, c1, c2, c3, c4, c5, c6, T)
    return -1


@njit(cache=True, parallel=True)
def enumerate_counts(n_cards, family, T, n_strengths):
    """Histogram of strengths over every ``n_cards``-card hand (5 or 7) of the 52-card deck.

    The outer loop over the lowest card runs in parallel; each worker keeps its own histogram.
    """
    per_first = np.zeros((N_CARDS, n_strengths), dtype=np.int64)
    for first in prange(N_CARDS):
        a = np.int64(first)  # a signed index: unsigned prange indices would mix into floats
        hist = per_first[a]
        for b in range(a + 1, N_CARDS):
            for c in range(b + 1, N_CARDS):
                for d in range(c + 1, N_CARDS):
                    for e in range(d + 1, N_CARDS):
                        if n_cards == 5:
                            if family == DEUCES_WILD:
                                v = eval5_deuces_wild(a, b, c, d, e, T)
                            elif family == ACE_TO_FIVE or family == EIGHT_OR_BETTER:
                                v = eval5_plain(a, b, c, d, e, T)
                            else:
                                v = eval5_suited(a, b, c, d, e, T)
                            hist[v] += 1
                        else:
                            for f in range(e + 1, N_CARDS):
                                for g in range(f + 1, N_CARDS):
                                    if family == HIGH:
                                        v = eval7_high(a, b, c, d, e, f, g, T)
                                    elif family == ACE_TO_SIX:
                                        v = eval7_ace_to_six(a, b, c, d, e, f, g, T)
                                    else:
                                        v = eval7_plain(a, b, c, d, e, f, g, T)
                                    hist[v] += 1
    return per_first.sum(axis=0)
