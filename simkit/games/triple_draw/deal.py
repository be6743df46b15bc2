"""Dealing and drawing inside compiled kernels: one deck, a draw pile and a discard pile.

A *table deck* is three arrays a kernel allocates once per batch: ``deck`` int64[52] (the draw
pile is ``deck[pile[0]:pile[1]]``), ``disc`` int64[52] (the discards, ``pile[2]`` of them) and
``pile`` int64[3].  Every card taken from the pile is a uniform pick among the cards left
(a Fisher-Yates step), so the order the pile is in never matters.

Draws go in order from the dealer's left (the caller's loop).  When the pile is empty and a
player still needs cards, the discards so far are shuffled into a new pile (R-T3); the player
being served has put their own discards aside, and they join the discard pile only after
their draw.  A player who folds throws their hand onto the discard pile.

>>> import numpy as np
>>> from simkit.rng import stream_state
>>> deck, disc, pile = new_table_deck()
>>> st = stream_state(1)
>>> _reset_deck(deck, pile)
>>> hands = np.zeros((6, 5), dtype=np.int64)
>>> _deal(hands, 6, st, deck, pile)
>>> int(pile[1] - pile[0]), len(set(hands.ravel().tolist()))
(22, 30)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...rng import _draw_below

__all__ = ["new_table_deck"]


def new_table_deck() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty ``deck``, ``disc`` and ``pile`` arrays (fill with :func:`_reset_deck`)."""
    return np.zeros(52, dtype=np.int64), np.zeros(52, dtype=np.int64), np.zeros(3, dtype=np.int64)


@njit(cache=True, inline="always")
def _reset_deck(deck, pile):
    for c in range(52):
        deck[c] = c
    pile[0] = 0
    pile[1] = 52
    pile[2] = 0


@njit(cache=True, inline="always")
def _remove(deck, pile, card):
    """Take a known card out of the pile (a fixed hand); returns False if it is not there."""
    for i in range(pile[0], pile[1]):
        if deck[i] == card:
            deck[i] = deck[pile[0]]
            deck[pile[0]] = card
            pile[0] += 1
            return True
    return False


@njit(cache=True, inline="always")
def _take(state, deck, disc, pile):
    """One uniform card from the pile, rebuilding it from the discards when empty (R-T3)."""
    if pile[0] == pile[1]:
        nd = pile[2]
        for i in range(nd):
            deck[i] = disc[i]
        pile[0] = 0
        pile[1] = nd
        pile[2] = 0
        if nd == 0:
            return -1
    lo = pile[0]
    i = lo + _draw_below(state, pile[1] - lo)
    c = deck[i]
    deck[i] = deck[lo]
    deck[lo] = c
    pile[0] = lo + 1
    return c


@njit(cache=True)
def _deal(hands, n, state, deck, pile):
    """Five cards to each of ``n`` seats, one at a time round the table from seat 0."""
    for j in range(5):
        for s in range(n):
            lo = pile[0]
            i = lo + _draw_below(state, pile[1] - lo)
            c = deck[i]
            deck[i] = deck[lo]
            deck[lo] = c
            pile[0] = lo + 1
            hands[s, j] = c


@njit(cache=True)
def _draw(hand, keep, state, deck, disc, pile, thrown):
    """Replace the cards of ``hand`` outside the 5-bit ``keep`` mask; returns how many.

    The thrown cards are set aside in ``thrown`` while the player is served and join the
    discard pile afterwards (R-T3).
    """
    m = 0
    for i in range(5):
        if not (keep >> i) & 1:
            thrown[m] = hand[i]
            m += 1
    for i in range(5):
        if not (keep >> i) & 1:
            hand[i] = _take(state, deck, disc, pile)
    nd = pile[2]
    for j in range(m):
        disc[nd + j] = thrown[j]
    pile[2] = nd + m
    return m


@njit(cache=True, inline="always")
def _muck(hand, disc, pile):
    """A folded hand goes onto the discard pile."""
    nd = pile[2]
    for i in range(5):
        disc[nd + i] = hand[i]
    pile[2] = nd + 5
