"""What a betting strategy sees of its own hand: one *score* in [0, 1], greater is better.

- Before the last betting round (``d`` draws still to come) the score is the rank model's
  chance (:mod:`.table`) of finishing 8-low, 9-low or 10-low or better, averaged over the
  three targets (7-, 8-, 9-low in A-5).
- In the last round (no draw left) it is the chance that the hand beats a typical final hand:
  the final hand of one player who drew three times with the ``table`` strategy from a random
  deal (ties count half), estimated once per family by a fixed-seed Monte Carlo
  (:func:`final_cdf`).

>>> import numpy as np
>>> from simkit.cards import parse_cards
>>> cdf = final_cdf()
>>> round(float(cdf[-1]), 2)  # 7-5-4-3-2 beats nearly every final hand
1.0
>>> s = hand_score(parse_cards("Ks Qh Jd 9c 8s"), 0)
>>> 0.0 < s < 0.5
True
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from ...hands import kernel_tables, strength_codes
from ...rng import stream_state
from .deal import _deal, _draw, _reset_deck
from .draws import _choose_keep, draw_table
from .rules import _eval, _value, family_id, target_value
from .table import keep_table

__all__ = ["final_cdf", "hand_score", "score_targets"]


def score_targets(family: str = "deuce_to_seven") -> np.ndarray:
    """Top values of the three targets averaged in the drawing score."""
    tops = ("8", "9", "10") if family == "deuce_to_seven" else ("7", "8", "9")
    return np.array([target_value(t, family) for t in tops], dtype=np.int64)


@njit(cache=True)
def _final_hist(samples, kind, params, fam, T, ace_low, suits_count, keep_tab, state, hist):
    deck = np.zeros(52, dtype=np.int64)
    disc = np.zeros(52, dtype=np.int64)
    pile = np.zeros(3, dtype=np.int64)
    hand = np.zeros((1, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    for _ in range(samples):
        _reset_deck(deck, pile)
        _deal(hand, 1, state, deck, pile)
        for d in range(3, 0, -1):
            keep = _choose_keep(hand[0], d, kind, params, ace_low, suits_count, keep_tab)
            _draw(hand[0], keep, state, deck, disc, pile, thrown)
        hist[_eval(hand[0, 0], hand[0, 1], hand[0, 2], hand[0, 3], hand[0, 4], fam, T)] += 1


@lru_cache(maxsize=None)
def final_cdf(family: str = "deuce_to_seven", samples: int = 200_000) -> np.ndarray:
    """``cdf[strength]``: share of typical final hands a hand of that strength beats, ties
    half (fixed seed, ``samples`` hands)."""
    kinds, params = draw_table(["table"], family)
    hist = np.zeros(strength_codes(family).size, dtype=np.float64)
    _final_hist(samples, kinds[0], params[0], family_id(family), kernel_tables(family),
                family == "ace_to_five", family == "deuce_to_seven", keep_table(family).keep,
                stream_state(12345), hist)
    below = np.concatenate([[0.0], np.cumsum(hist)[:-1]])
    cdf = (below + 0.5 * hist) / samples
    cdf.setflags(write=False)
    return cdf


@njit(cache=True)
def _score(hand, d, fam, T, ace_low, keep_val, xs, cdf):
    """The score of ``hand`` with ``d`` draws to come (module docs)."""
    if d == 0:
        return cdf[_eval(hand[0], hand[1], hand[2], hand[3], hand[4], fam, T)]
    total = 0.0
    for j in range(xs.shape[0]):
        x = xs[j]
        vm = 0
        for i in range(5):
            v = _value(hand[i], ace_low)
            if v <= x:
                vm |= 1 << v
        total += keep_val[x, d, vm]
    return total / xs.shape[0]


def hand_score(hand, draws_left: int, family: str = "deuce_to_seven") -> float:
    """The score of five cards with ``draws_left`` draws to come (0..3)."""
    if not 0 <= draws_left <= 3:
        raise ValueError(f"draws_left must be 0..3, got {draws_left!r}")
    return float(_score(np.asarray(hand, dtype=np.int64), draws_left, family_id(family),
                        kernel_tables(family), family == "ace_to_five", keep_table(family).value,
                        score_targets(family), final_cdf(family)))
