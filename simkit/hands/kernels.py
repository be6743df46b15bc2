"""Compiled evaluators: one hand in registers, a few loads from :mod:`simkit.hands.tables`.

The compiled API that game kernels call (public names; everything starting with ``_`` is
this package's own): per-hand evaluators :func:`eval5_plain`, :func:`eval5_suited`,
:func:`eval5_deuces_wild` (five cards; :func:`eval5_from_keys` from a sum of
:func:`card_key5`, for loops that add a card at a time) and :func:`eval7_plain`, :func:`eval7_high`,
:func:`eval7_ace_to_five`, :func:`eval7_ace_to_six`, :func:`eval7_eight_or_better` (best of
seven) take the cards as scalars and the family's table tuple ``T`` (from
:func:`simkit.hands.tables.kernel_tables`) and return the strength (greater is better), and
:func:`enumerate_counts` counts the strengths of every hand of a deck; :func:`popcount`
counts the bits of a card set, :func:`lowest_bit` and :func:`highest_bit` find its lowest and
highest card.  The per-hand evaluators trust their cards; the batch kernels at the bottom,
which serve :func:`simkit.evaluate`, check every hand in the same pass.

Family ids (the order of :data:`simkit.hands.codes.FAMILIES`): 0 high, 1 deuces_wild,
2 deuce_to_seven, 3 ace_to_five, 4 ace_to_six, 5 eight_or_better.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.extending import intrinsic

from ..cards import N_CARDS
from ..jit import lean, njit

HIGH, DEUCES_WILD, DEUCE_TO_SEVEN, ACE_TO_FIVE, ACE_TO_SIX, EIGHT_OR_BETTER = range(6)


# Offsets into the two table arrays (simkit.hands.tables.LAYOUT; checked by the tests).
BY_KEY5 = 0
FLUSH_MASK5 = 360919
FLUSH7 = 369111
BY_KEY7 = 377303
SUITED_KEY5 = 555948
MASK_INDEX = 916867
FLUSH7_ACE_TO_SIX = 925059
#: Two-card rank multisets, the row length of ``flush7_ace_to_six``.
N_TWO_RANK_SETS = 91
CARD_KEYS5 = 0
CARD_KEYS7 = N_CARDS
ROW_OFFSETS7 = 104
SUITED_KEYS5 = 2015
WILD_KEYS5 = 2067


@njit(cache=True, inline="always")
def _u(c):
    """A card as an unsigned byte, to index a table with: the compiler then knows the index is
    not negative and drops the test for a negative index (Numba's wraparound) from the load.
    Game kernels hold their cards as signed integers (int8 decks, int64 enumerations); for
    cards 0..51 the value is the same, and the loads of five cards from an int8 deck run about
    1.5-2x as fast (``benchmarks/RESULTS_hands.md``, the per-hand rows)."""
    return np.uint8(c)


@njit(cache=True, inline="always")
def _key_sum5(region, c0, c1, c2, c3, c4, T):
    """Sum of the five cards' keys from the key region starting at ``region`` of ``T[1]``
    (:data:`CARD_KEYS5`, :data:`SUITED_KEYS5` or :data:`WILD_KEYS5`)."""
    k = T[1]
    return (
        k[region + _u(c0)] + k[region + _u(c1)] + k[region + _u(c2)] + k[region + _u(c3)] + k[region + _u(c4)]
    )


@njit(cache=True, inline="always")
def _key5(c0, c1, c2, c3, c4, T):
    """Sum of the five cards' rank keys: the slot of their rank multiset."""
    return _key_sum5(CARD_KEYS5, c0, c1, c2, c3, c4, T)


@njit(cache=True, inline="always")
def _suited_key5(c0, c1, c2, c3, c4, T):
    """Sum of the five cards' rank keys, with the suit counts (4 bits each) above bit 32."""
    return _key_sum5(SUITED_KEYS5, c0, c1, c2, c3, c4, T)


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

    The key carries the suit counts, so one addition chain gives both the rank-multiset slot
    and whether a suit holds all five cards; only then (0.2 % of random hands) is the rank
    mask made for the flush table, a branch that is almost never taken.
    """
    key = _suited_key5(c0, c1, c2, c3, c4, T)
    if _five_of_a_suit(key):
        return np.int32(T[0][FLUSH_MASK5 + _rank_mask5(c0, c1, c2, c3, c4)])
    return np.int32(T[0][BY_KEY5 + (key & 0xFFFFFFFF)])


@njit(cache=True, inline="always")
def _five_of_a_suit(key):
    """A 4-bit suit count above bit 32 of ``key`` is 5 or more: adding 3 sets its top bit
    exactly then (counts never exceed 7)."""
    return ((key >> 32) + 0x3333) & 0x8888 != 0


@njit(cache=True, inline="always")
def card_key5(c, suited, T):
    """One card's key for :func:`eval5_from_keys`: its rank key, with its suit's count above
    bit 32 where ``suited`` (the families of :func:`eval5_suited`)."""
    return T[1][(SUITED_KEYS5 if suited else CARD_KEYS5) + _u(c)]


@njit(cache=True, inline="always")
def eval5_from_keys(key, ranks, suited, T):
    """The strength of five cards from the sum ``key`` of their :func:`card_key5` and the mask
    ``ranks`` of their ranks (bit ``c >> 2``; only read for a flush): what :func:`eval5_plain`
    or, ``suited``, :func:`eval5_suited` gives, for loops that add one card's key at a time."""
    if suited and _five_of_a_suit(key):
        return np.int32(T[0][FLUSH_MASK5 + ranks])
    return np.int32(T[0][BY_KEY5 + (key & 0xFFFFFFFF)])


@njit(cache=True, inline="always")
def eval5_deuces_wild(c0, c1, c2, c3, c4, T):
    """Deuces wild (R-D2): the suited table applies when the natural cards share a suit.

    A natural card's key is its rank key plus ``1 << (32 + 4 * suit)``, a deuce's
    ``0x1111 << 32`` (no rank, one more card of every suit): a suit's count is its naturals plus
    the deuces, five exactly when the naturals share a suit (:func:`_five_of_a_suit`; five cards
    never carry a count past 5).  Both tables are indexed by the naturals' rank-key sum; one
    load.
    """
    key = _key_sum5(WILD_KEYS5, c0, c1, c2, c3, c4, T)
    table = SUITED_KEY5 if _five_of_a_suit(key) else BY_KEY5
    return np.int32(T[0][table + (key & 0xFFFFFFFF)])


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
        k[CARD_KEYS7 + _u(c0)]
        + k[CARD_KEYS7 + _u(c1)]
        + k[CARD_KEYS7 + _u(c2)]
        + k[CARD_KEYS7 + _u(c3)]
        + k[CARD_KEYS7 + _u(c4)]
        + k[CARD_KEYS7 + _u(c5)]
        + k[CARD_KEYS7 + _u(c6)]
    )


@njit(cache=True, inline="always")
def _by_key7(key, T):
    """Best five of seven by rank multiset, from the row-displaced key table."""
    rank_key = key & 0xFFFFFFFF
    return T[0][BY_KEY7 + T[1][ROW_OFFSETS7 + (rank_key >> 12)] + (rank_key & 4095)]


@njit(cache=True, inline="always")
def _flush_suit(key):
    """The suit holding five or more of seven cards, or -1 (:func:`_five_of_a_suit`): the
    lowest count bit set, found by comparisons rather than a loop."""
    if not _five_of_a_suit(key):
        return -1
    hit = ((key >> 32) + 0x3333) & 0x8888
    low = hit & -hit
    return np.int64(low > 0x8) + np.int64(low > 0x80) + np.int64(low > 0x800)


@njit(cache=True, inline="always")
def eval7_plain(c0, c1, c2, c3, c4, c5, c6, T):
    """Best five of seven where suits never matter (A-5, eight-or-better)."""
    return np.int32(_by_key7(_key7(c0, c1, c2, c3, c4, c5, c6, T), T))


@njit(cache=True, inline="always")
def _suit_bit(c, suit):
    """The card's rank bit if it is of ``suit``, else 0."""
    v = np.int64(c)
    return np.int64((v & 3) == suit) << (v >> 2)


@njit(cache=True, inline="always")
def eval7_high(c0, c1, c2, c3, c4, c5, c6, T):
    """Best five of seven, standard high: the rank-multiset best or the flush suit's best.

    The flush (3 % of random hands) is worked out in a function of its own, so that the loop
    around the common case stays small.
    """
    key = _key7(c0, c1, c2, c3, c4, c5, c6, T)
    best = np.int32(_by_key7(key, T))
    if _five_of_a_suit(key):
        w0, w1, w2, w3, w4, w5, w6 = _wide7(c0, c1, c2, c3, c4, c5, c6)
        best = max(best, _flush7(w0, w1, w2, w3, w4, w5, w6, key, T))
    return best


@lean()
def _flush7(c0, c1, c2, c3, c4, c5, c6, key, T):
    """The best five of the suit that holds five or more of the seven cards (high)."""
    suit = _flush_suit(key)
    mask = (
        _suit_bit(c0, suit)
        | _suit_bit(c1, suit)
        | _suit_bit(c2, suit)
        | _suit_bit(c3, suit)
        | _suit_bit(c4, suit)
        | _suit_bit(c5, suit)
        | _suit_bit(c6, suit)
    )
    return np.int32(T[0][FLUSH7 + mask])


@njit(cache=True, inline="always")
def eval7_ace_to_six(c0, c1, c2, c3, c4, c5, c6, T):
    """Best A-6 low of seven: by rank multiset unless five cards share a suit.

    With no five cards of one suit no five-card choice is a flush, so the rank-multiset table is
    exact; otherwise (about 3 % of hands) :func:`_flush_ace_to_six7` answers.
    """
    key = _key7(c0, c1, c2, c3, c4, c5, c6, T)
    if not _five_of_a_suit(key):
        return np.int32(_by_key7(key, T))
    w0, w1, w2, w3, w4, w5, w6 = _wide7(c0, c1, c2, c3, c4, c5, c6)
    return _flush_ace_to_six7(w0, w1, w2, w3, w4, w5, w6, key, T)


@njit(cache=True, inline="always")
def _wide7(c0, c1, c2, c3, c4, c5, c6):
    """The seven cards as int64: the rare-path kernels below are compiled once, for int64,
    whatever integer type the caller holds its cards in (int8 decks, int64 enumerations)."""
    return (
        np.int64(c0), np.int64(c1), np.int64(c2), np.int64(c3), np.int64(c4), np.int64(c5), np.int64(c6),
    )  # fmt: skip


@lean()
def _flush_ace_to_six7(c0, c1, c2, c3, c4, c5, c6, key, T):
    """Best A-6 low of seven cards of which five or more share a suit.

    With exactly five of the suit (93 % of these hands) the best five depends only on the five
    suited ranks and the ranks of the other two cards (no other five is a flush): one load from
    the table ``flush7_ace_to_six``, which tried the 21 fives of every such class when it was
    built, at the numbers of the two rank masks (``mask_index``).  With six or seven of the
    suit the 21 fives are tried here.
    """
    suit = _flush_suit(key)
    if (key >> (32 + 4 * suit)) & 0xF == 5:
        suited = (
            _suit_bit(c0, suit)
            | _suit_bit(c1, suit)
            | _suit_bit(c2, suit)
            | _suit_bit(c3, suit)
            | _suit_bit(c4, suit)
            | _suit_bit(c5, suit)
            | _suit_bit(c6, suit)
        )
        others = (
            _other_suit_bit(c0, suit)
            | _other_suit_bit(c1, suit)
            | _other_suit_bit(c2, suit)
            | _other_suit_bit(c3, suit)
            | _other_suit_bit(c4, suit)
            | _other_suit_bit(c5, suit)
            | _other_suit_bit(c6, suit)
        )
        v = T[0]
        row = np.int64(v[MASK_INDEX + suited]) * N_TWO_RANK_SETS + v[MASK_INDEX + others]
        return np.int32(v[FLUSH7_ACE_TO_SIX + row])
    return _best_subset7(c0, c1, c2, c3, c4, c5, c6, T)


@njit(cache=True, inline="always")
def _other_suit_bit(c, suit):
    """The card's rank bit if it is not of ``suit``, else 0."""
    v = np.int64(c)
    return np.int64((v & 3) != suit) << (v >> 2)


@njit(cache=True, inline="always")
def _nth(packed, k):
    """The ``k``-th card of seven packed a byte each into one integer."""
    return (packed >> (8 * k)) & 0xFF


@lean()
def _best_subset7(c0, c1, c2, c3, c4, c5, c6, T):
    """Best of the 21 five-card hands in seven cards, with the suited five-card rule.

    Each five is the seven less two cards, so its suited key (:func:`_suited_key5`) is the
    seven's key sum less the two cards' keys; a five that shares a suit is the suit's cards
    less the two dropped, so its rank mask is the suit's rank mask less theirs.  The cards are
    packed a byte each into one integer and picked by shifts.
    """
    k = T[1]
    packed = (
        np.int64(c0)
        | np.int64(c1) << 8
        | np.int64(c2) << 16
        | np.int64(c3) << 24
        | np.int64(c4) << 32
        | np.int64(c5) << 40
        | np.int64(c6) << 48
    )
    total = 0
    for i in range(7):
        total += k[SUITED_KEYS5 + _nth(packed, i)]
    suit = _flush_suit(total)
    in_suit = 0
    for i in range(7):
        in_suit |= _suit_bit(_nth(packed, i), suit)
    best = np.int32(0)
    for i in range(6):
        a = _nth(packed, i)
        key_a = total - k[SUITED_KEYS5 + a]
        for j in range(i + 1, 7):
            b = _nth(packed, j)
            key = key_a - k[SUITED_KEYS5 + b]
            if _five_of_a_suit(key):
                v = T[0][FLUSH_MASK5 + (in_suit & ~(_suit_bit(a, suit) | _suit_bit(b, suit)))]
            else:
                v = T[0][BY_KEY5 + (key & 0xFFFFFFFF)]
            best = max(best, np.int32(v))
    return best


eval7_ace_to_five = eval7_plain
eval7_eight_or_better = eval7_plain


@njit(cache=True, inline="always")
def popcount(x):
    """The number of set bits of an integer (compiled to one instruction where the CPU has
    one: LLVM knows this loop)."""
    v = np.uint64(x)
    n = 0
    while v:
        v &= v - np.uint64(1)
        n += 1
    return n


def _zero_bits(op: str) -> Any:
    """An intrinsic: LLVM's count of ``op`` ("cttz" trailing, "ctlz" leading) zero bits of a
    64-bit integer, one instruction."""

    @intrinsic
    def count(typingctx, x):
        if x != types.int64:
            return None

        def codegen(context, builder, signature, args):
            return getattr(builder, op)(args[0], ir.Constant(ir.IntType(1), 0))

        return types.int64(types.int64), codegen

    return count


_cttz = _zero_bits("cttz")
_ctlz = _zero_bits("ctlz")


@njit(cache=True, inline="always")
def lowest_bit(x):
    """The index of the lowest set bit of an integer ``x > 0`` (one instruction): with
    ``x &= x - 1`` a loop visits only the set bits of a mask."""
    return _cttz(np.int64(x))


@njit(cache=True, inline="always")
def highest_bit(x):
    """The index of the highest set bit of an integer ``x > 0`` (one instruction)."""
    return 63 - _ctlz(np.int64(x))


#: Each card's bit in a 64-bit card set, for every byte: a value outside 0..51 (a negative
#: card read as an unsigned byte, or 52..255) has no bit, so some number of cards are valid
#: (in range and all different) exactly when their bits OR to a set of that many.
_CARD_BITS = np.array([1 << c if c < N_CARDS else 0 for c in range(256)], dtype=np.uint64)


@njit(cache=True, inline="always")
def _valid5(c0, c1, c2, c3, c4):
    """Five cards (unsigned bytes) in 0..51 and all different."""
    b = _CARD_BITS
    return popcount(b[c0] | b[c1] | b[c2] | b[c3] | b[c4]) == 5


@njit(cache=True, inline="always")
def _valid7(c0, c1, c2, c3, c4, c5, c6):
    b = _CARD_BITS
    return popcount(b[c0] | b[c1] | b[c2] | b[c3] | b[c4] | b[c5] | b[c6]) == 7


@njit(cache=True, inline="always")
def _row5(hands, i):
    """Row ``i`` of ``hands`` (n, 5; unsigned bytes) as five cards, after whether they are
    valid (:func:`_valid5`)."""
    c0, c1, c2, c3, c4 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4]
    return _valid5(c0, c1, c2, c3, c4), c0, c1, c2, c3, c4


@njit(cache=True, inline="always")
def _row7(hands, i):
    """:func:`_row5` for seven cards."""
    c0, c1, c2, c3, c4, c5, c6 = (
        hands[i, 0],
        hands[i, 1],
        hands[i, 2],
        hands[i, 3],
        hands[i, 4],
        hands[i, 5],
        hands[i, 6],
    )
    return _valid7(c0, c1, c2, c3, c4, c5, c6), c0, c1, c2, c3, c4, c5, c6


@lean()
def _evaluate5_into(hands, family, T, out):
    """Strengths of ``hands`` (n, 5; ``uint8``, so that a negative card reads as 128..255)
    into ``out`` (n,).

    Checks every hand on the way (cards in 0..51, none repeated) and returns the index of the
    first invalid one, or -1 when all are valid.  One loop per evaluator: a family test inside
    the loop costs half the speed (the compiler does not move it out).
    """
    n = hands.shape[0]
    if family == DEUCES_WILD:
        for i in range(n):
            ok, c0, c1, c2, c3, c4 = _row5(hands, i)
            if not ok:
                return i
            out[i] = eval5_deuces_wild(c0, c1, c2, c3, c4, T)
    elif family == ACE_TO_FIVE or family == EIGHT_OR_BETTER:
        for i in range(n):
            ok, c0, c1, c2, c3, c4 = _row5(hands, i)
            if not ok:
                return i
            out[i] = eval5_plain(c0, c1, c2, c3, c4, T)
    else:
        for i in range(n):
            ok, c0, c1, c2, c3, c4 = _row5(hands, i)
            if not ok:
                return i
            out[i] = eval5_suited(c0, c1, c2, c3, c4, T)
    return -1


@lean()
def _evaluate7_into(hands, family, T, out):
    """Best-of-seven strengths of ``hands`` (n, 7; ``uint8``) into ``out``; first invalid row
    or -1 (one loop per evaluator, as :func:`_evaluate5_into`)."""
    n = hands.shape[0]
    if family == HIGH:
        for i in range(n):
            ok, c0, c1, c2, c3, c4, c5, c6 = _row7(hands, i)
            if not ok:
                return i
            out[i] = eval7_high(c0, c1, c2, c3, c4, c5, c6, T)
    elif family == ACE_TO_SIX:
        for i in range(n):
            ok, c0, c1, c2, c3, c4, c5, c6 = _row7(hands, i)
            if not ok:
                return i
            out[i] = eval7_ace_to_six(c0, c1, c2, c3, c4, c5, c6, T)
    else:
        for i in range(n):
            ok, c0, c1, c2, c3, c4, c5, c6 = _row7(hands, i)
            if not ok:
                return i
            out[i] = eval7_plain(c0, c1, c2, c3, c4, c5, c6, T)
    return -1


#: :func:`enumerate_counts` enumerates the hands by their two lowest cards ``a < b``: the 1,326
#: pairs, listed by ``a`` then ``b``, are taken in the order ``k -> (k * _SPREAD) mod 1326`` (a
#: prime: a permutation) and dealt round in turn to :data:`_LANES` parallel iterations, each
#: with a histogram of its own.  So the few pairs of low cards, which start most hands, are
#: spread over the lanes and the threads' equal runs of lanes get equal work (by the lowest
#: card alone, the first half of the cards starts 99.5 % of the seven-card hands).
_SPREAD = 1031
_LANES = 64


@njit(cache=True, parallel=True)
def enumerate_counts(n_cards, family, T, n_strengths):
    """Histogram of strengths over every ``n_cards``-card hand (5 or 7) of the 52-card deck.

    The loop over the two lowest cards runs in parallel lanes (:data:`_LANES`), each adding
    into a histogram of its own.
    """
    n_pairs = N_CARDS * (N_CARDS - 1) // 2
    pair_a = np.empty(n_pairs, dtype=np.int64)
    pair_b = np.empty(n_pairs, dtype=np.int64)
    p = 0
    for a in range(N_CARDS):
        for b in range(a + 1, N_CARDS):
            pair_a[p] = a
            pair_b[p] = b
            p += 1
    per_lane = np.zeros((_LANES, n_strengths), dtype=np.int64)
    for lane in prange(_LANES):
        hist = per_lane[np.int64(lane)]  # signed: unsigned prange indices would mix into floats
        for k in range(np.int64(lane), n_pairs, _LANES):
            q = (k * _SPREAD) % n_pairs
            a = pair_a[q]
            b = pair_b[q]
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
    return per_lane.sum(axis=0)
