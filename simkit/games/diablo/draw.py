"""Compiled helpers for kernels that let players draw by a :class:`~.keeps.PolicyTable`.

A hand lives in five consecutive slots of an int64 array.  :func:`_sort5` orders them,
:func:`_hand_colex` numbers them, :func:`_draw_policy` replaces the cards the table does not
keep with the next cards of a deck and returns how many it drew.

Examples
--------
>>> import numpy as np
>>> from simkit.cards import format_cards, parse_cards
>>> from simkit.games.diablo.keeps import policy_table
>>> hand = parse_cards("Kd 9s 2c 9h 5h").astype(np.int64)
>>> deck = parse_cards("As Ad").astype(np.int64)
>>> n = _draw_policy(hand, 0, policy_table().mask, deck, 0)
>>> n, format_cards(hand)
(2, '2c 9h 9s As Ad')
"""

from __future__ import annotations

from numba import njit

from .keeps import colex5

__all__: list[str] = []


@njit(cache=True, inline="always")
def _sort5(h, o):
    """Sort ``h[o:o + 5]`` ascending in place (insertion sort; five elements)."""
    for i in range(o + 1, o + 5):
        x = h[i]
        j = i - 1
        while j >= o and h[j] > x:
            h[j + 1] = h[j]
            j -= 1
        h[j + 1] = x


@njit(cache=True, inline="always")
def _hand_colex(h, o):
    """Colex number of the sorted hand ``h[o:o + 5]``."""
    return colex5(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4])


@njit(cache=True)
def _draw_policy(h, o, mask_table, deck, pos):
    """Sort ``h[o:o+5]``, keep what ``mask_table`` keeps, fill the rest from ``deck[pos:]``
    (kept cards first, drawn cards after, in deck order).  Returns the number drawn."""
    _sort5(h, o)
    m = mask_table[_hand_colex(h, o)]
    k = 0
    for p in range(5):
        if (m >> p) & 1:
            h[o + k] = h[o + p]
            k += 1
    n = 5 - k
    for j in range(n):
        h[o + k + j] = deck[pos + j]
    return n
