"""Dealing: batches of hands of distinct cards from a full deck or one with dead cards removed.

Each hand is dealt by a partial Fisher-Yates shuffle, so the first ``k`` cards are the hand and
the cards after them are what the same deck would deal next (the draw cards of a draw game,
the later streets of stud).  Every hand is a uniformly random ordered draw without
replacement, independent of the others.

The public functions validate their input, draw the random state from a ``SeedSequence`` and
call a kernel.  Game kernels use the compiled blocks below on their own deck arrays:

- :func:`draw_card`: one step of Fisher-Yates, a uniformly random card of ``deck[lo:hi]``
  moved to ``deck[lo]``;
- :func:`shuffle_prefix`: ``m`` such steps, a random ordered sample at the front;
- :func:`next_combination`: the next ``k`` of ``n`` indices in lexicographic order, to
  enumerate every draw exactly;
- :func:`cards_left`: the cards of a deck that a set of cards (64-bit mask) leaves.

Examples
--------
>>> hands = deal(3, 5, seed=1)
>>> hands.shape, hands.dtype
((3, 5), dtype('int8'))
>>> bool((deal(3, 5, seed=1) == hands).all())
True
>>> hands, draws = deal_with_draws(2, 5, 2, dead="As Ks", seed=1)
>>> draws.shape
(2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .cards import CARD_DTYPE, N_CARDS, format_cards, parse_cards
from .checks import is_int
from .jit import njit
from .rng import SeedLike, draw_below, step_u64, stream_state

__all__ = [
    "advance_level",
    "cards_left",
    "deal",
    "deal_with_draws",
    "draw_card",
    "enter_level",
    "live_deck",
    "next_combination",
    "shuffle_prefix",
]


def live_deck(dead: str | Iterable[int] | np.ndarray | None = None) -> np.ndarray:
    """The cards left after removing ``dead`` (a card string or card integers), in order.

    >>> live_deck("2c 2d").size
    50
    >>> live_deck([51, 51])
    Traceback (most recent call last):
    ...
    ValueError: dead card 'As' is given twice
    >>> live_deck([60])
    Traceback (most recent call last):
    ...
    ValueError: dead card 60 is out of range 0..51
    """
    if dead is None:
        return np.arange(N_CARDS, dtype=CARD_DTYPE)
    if isinstance(dead, str):
        dead_arr = parse_cards(dead)
    else:
        if not isinstance(dead, (np.ndarray, Iterable)):
            raise ValueError(f"dead cards must be card integers or a card string, got {dead!r}")
        dead_arr = np.asarray(list(dead) if not isinstance(dead, np.ndarray) else dead).ravel()
        if dead_arr.size and not np.issubdtype(dead_arr.dtype, np.integer):
            raise ValueError(f"dead cards must be card integers or a card string, got {dead!r}")
        for c in dead_arr.tolist():
            if not 0 <= c < N_CARDS:
                raise ValueError(f"dead card {c} is out of range 0..51")
        values, counts = np.unique(dead_arr, return_counts=True)
        if (counts > 1).any():
            raise ValueError(f"dead card {format_cards([values[counts > 1][0]])!r} is given twice")
    keep = np.ones(N_CARDS, dtype=bool)
    keep[dead_arr.astype(np.int64)] = False
    return np.flatnonzero(keep).astype(CARD_DTYPE)


#: The most cards :func:`deal` and :func:`deal_with_draws` return at once (2 GiB of int8).
MAX_CARDS_DEALT = 2**31


def _check_counts(n: int, k: int, extra: int, live: int) -> None:
    for name, value in (("n", n), ("k", k), ("draws", extra)):
        if not is_int(value):
            raise ValueError(f"{name} must be an integer, got {value!r}")
        if value < 0:
            raise ValueError(f"{name} must be non-negative, got {value}")
    if k + extra > live:
        raise ValueError(f"cannot deal {k + extra} cards (k={k}, draws={extra}) from a live deck of {live}")
    if n * (k + extra) > MAX_CARDS_DEALT:
        raise ValueError(
            f"n={n} hands of {k + extra} cards are more than the {MAX_CARDS_DEALT:,} cards (one byte "
            "each) dealt at once: deal them in parts"
        )


@njit(cache=True, inline="always")
def draw_card(deck, lo, hi, state):
    """Move a uniformly random card of ``deck[lo:hi]`` to ``deck[lo]`` and return it.

    One step of Fisher-Yates: the cards of ``deck[lo:hi]`` stay there, in another order, so
    the caller deals the next card with ``lo + 1``.

    >>> from simkit.rng import stream_state
    >>> deck = np.arange(52, dtype=np.int64)
    >>> c = draw_card(deck, 0, 52, stream_state(1))
    >>> int(deck[0]) == c and sorted(deck.tolist()) == list(range(52))
    True
    """
    i = lo + draw_below(state, hi - lo)
    c = deck[i]
    deck[i] = deck[lo]
    deck[lo] = c
    return c


@njit(cache=True, inline="always")
def shuffle_prefix(deck, m, state):
    """Move a uniformly random ordered sample of ``m`` cards of ``deck`` to ``deck[:m]``.

    The rest of ``deck`` keeps the remaining cards, so a later call continues from any order:
    the result is uniform whatever order ``deck`` was in.
    """
    size = deck.shape[0]
    for j in range(m):
        draw_card(deck, j, size, state)


@njit(cache=True, inline="always")
def cards_left(deck, taken, out):
    """Copy the cards of ``deck`` that are not in ``taken`` (a card set, bit ``c`` for card
    ``c``, as an int64) into ``out`` in deck order; return how many.

    >>> out = np.zeros(4, dtype=np.int64)
    >>> cards_left(np.array([3, 5, 7, 9]), (1 << 5) | (1 << 9), out), out[:2].tolist()
    (2, [3, 7])
    """
    k = 0
    for c in deck:
        if not (taken >> c) & 1:
            out[k] = c
            k += 1
    return k


@njit(cache=True, inline="always")
def next_combination(idx, k, n):
    """Advance ``idx[:k]`` (ascending indices below ``n``) to the next combination.

    Returns False, leaving ``idx`` as it was, after the last one.  Start from
    ``idx[:k] = 0, 1, ..., k - 1`` to visit all ``C(n, k)`` combinations.

    >>> idx = np.arange(2, dtype=np.int64); seen = [idx.tolist()]
    >>> while next_combination(idx, 2, 4): seen.append(idx.tolist())
    >>> seen
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    j = k - 1
    while j >= 0 and idx[j] == n - k + j:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for t in range(j + 1, k):
        idx[t] = idx[t - 1] + 1
    return True


@njit(cache=True, inline="always")
def enter_level(used, avail, n_avail, combs, level, k):
    """Start ``level`` of a nested enumeration of disjoint combinations (one level a player):
    ``avail[level]`` lists the positions not ``used`` (``n_avail[level]`` of them),
    ``combs[level, :k]`` is the first combination of ``k`` of them, and its positions are
    marked used.

    >>> used = np.array([False, True, False, False])
    >>> avail, n_avail = np.zeros((1, 4), np.int64), np.zeros(1, np.int64)
    >>> combs = np.zeros((1, 2), np.int64)
    >>> enter_level(used, avail, n_avail, combs, 0, 2)
    >>> avail[0, : n_avail[0]].tolist(), used.tolist()
    ([0, 2, 3], [True, True, True, False])
    """
    na = 0
    for p in range(used.shape[0]):
        if not used[p]:
            avail[level, na] = p
            na += 1
    n_avail[level] = na
    for j in range(k):
        combs[level, j] = j
        used[avail[level, j]] = True


@njit(cache=True, inline="always")
def advance_level(used, avail, n_avail, combs, level, k):
    """Step ``level`` (started by :func:`enter_level`) to its next combination of ``k``, the
    used marks moved with it; False, with the level's positions released, after the last."""
    for j in range(k):
        used[avail[level, combs[level, j]]] = False
    if next_combination(combs[level], k, n_avail[level]):
        for j in range(k):
            used[avail[level, combs[level, j]]] = True
        return True
    return False


@njit(cache=True, inline="always")
def _swap_in(deck, j, r16, s0, s1, s2, s3):
    """One Fisher-Yates step from 16 random bits: a uniform card of ``deck[j:]`` swapped to
    ``deck[j]`` and returned, with the generator's state words.

    Lemire's multiply-shift on 16 bits, exactly uniform: when the low half of the product falls
    below ``2**16 mod bound`` (16 in 65,536 for a bound of 52) the draw is made again from fresh
    bits, so the test that can lead there is almost never true.
    """
    b = np.uint64(deck.shape[0] - j)
    m = r16 * b
    if (m & np.uint64(0xFFFF)) < b:
        threshold = (np.uint64(0x10000) - b) % b
        while (m & np.uint64(0xFFFF)) < threshold:
            r, s0, s1, s2, s3 = step_u64(s0, s1, s2, s3)
            m = (r & np.uint64(0xFFFF)) * b
    i = j + np.int64(m >> np.uint64(16))
    c = deck[i]
    deck[i] = deck[j]
    deck[j] = c
    return c, s0, s1, s2, s3


@njit(cache=True, nogil=True)
def _deal_kernel(live, state, out):
    """Fill ``out`` (n, m) with one uniformly random ordered draw of ``m`` live cards per row.

    Every row is a partial Fisher-Yates shuffle (``m`` steps) of a deck kept for the whole
    batch: the steps give a uniform ordered sample whatever order the deck was left in, so the
    rows are independent.  There are four such decks, and rows ``h .. h + 3`` are dealt from
    decks 0-3 side by side: one 64-bit output of the generator gives each of the four its next
    card (16 bits each, :func:`_swap_in`).  With one deck each swap must wait for the one before
    (it may touch the same places); the four decks' swaps are independent, and the processor
    overlaps them (5 of 52: about 120 M hands/s with one deck, 175 M with four, on one core
    here).  The generator's state stays in local words for the whole batch
    (:func:`simkit.rng.step_u64`).
    """
    n, m = out.shape
    d0, d1, d2, d3 = live.copy(), live.copy(), live.copy(), live.copy()
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    low = np.uint64(0xFFFF)
    rest = n % 4
    for h in range(0, n - rest, 4):
        for j in range(m):
            bits, s0, s1, s2, s3 = step_u64(s0, s1, s2, s3)
            c, s0, s1, s2, s3 = _swap_in(d0, j, bits & low, s0, s1, s2, s3)
            out[h, j] = c
            c, s0, s1, s2, s3 = _swap_in(d1, j, (bits >> np.uint64(16)) & low, s0, s1, s2, s3)
            out[h + 1, j] = c
            c, s0, s1, s2, s3 = _swap_in(d2, j, (bits >> np.uint64(32)) & low, s0, s1, s2, s3)
            out[h + 2, j] = c
            c, s0, s1, s2, s3 = _swap_in(d3, j, bits >> np.uint64(48), s0, s1, s2, s3)
            out[h + 3, j] = c
    h = n - rest
    for j in range(m if rest else 0):  # the last one to three rows, from decks 0-2
        bits, s0, s1, s2, s3 = step_u64(s0, s1, s2, s3)
        c, s0, s1, s2, s3 = _swap_in(d0, j, bits & low, s0, s1, s2, s3)
        out[h, j] = c
        if rest > 1:
            c, s0, s1, s2, s3 = _swap_in(d1, j, (bits >> np.uint64(16)) & low, s0, s1, s2, s3)
            out[h + 1, j] = c
        if rest > 2:
            c, s0, s1, s2, s3 = _swap_in(d2, j, (bits >> np.uint64(32)) & low, s0, s1, s2, s3)
            out[h + 2, j] = c
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3


def deal(
    n: int,
    k: int,
    *,
    dead: str | Iterable[int] | np.ndarray | None = None,
    seed: SeedLike = None,
) -> np.ndarray:
    """Deal ``n`` hands of ``k`` distinct cards each.

    Parameters
    ----------
    n
        Number of hands.
    k
        Cards per hand.
    dead
        Cards that cannot be dealt (a card string or card integers).
    seed
        An int or ``numpy.random.SeedSequence``; the same seed deals the same hands.

    Returns
    -------
    numpy.ndarray
        Shape ``(n, k)``, dtype ``int8``.

    Examples
    --------
    >>> deal(2, 60)
    Traceback (most recent call last):
    ...
    ValueError: cannot deal 60 cards (k=60, draws=0) from a live deck of 52
    """
    return deal_with_draws(n, k, 0, dead=dead, seed=seed)[0]


def deal_with_draws(
    n: int,
    k: int,
    draws: int,
    *,
    dead: str | Iterable[int] | np.ndarray | None = None,
    seed: SeedLike = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``n`` hands of ``k`` cards and the next ``draws`` cards of each hand's deck.

    Returns
    -------
    hands, draw_cards
        Arrays of shape ``(n, k)`` and ``(n, draws)``; no card appears twice in a row of the two.

    Examples
    --------
    >>> deal_with_draws(-1, 5, 0)
    Traceback (most recent call last):
    ...
    ValueError: n must be non-negative, got -1
    """
    live = live_deck(dead)
    _check_counts(n, k, draws, live.size)
    out = np.empty((n, k + draws), dtype=CARD_DTYPE)
    _deal_kernel(live, stream_state(seed), out)
    return out[:, :k], out[:, k:]
