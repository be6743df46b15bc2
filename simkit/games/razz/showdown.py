"""Showdown values and pot shares of seven-card hands, for every variant, inside kernels.

:func:`_hand_values` gives hands' showdown strengths (greater is better) in the variant's
family, and for Stud Hi-Lo also their eight-or-better lows (0 = no qualifying low, R-Z6).
:func:`_pot_shares` turns the values of the hands still in into their shares of one pot in
whole :data:`UNITS` (1/1680 of a pot): a hand tying with ``k`` others gets ``1/(k+1)`` (R-Z1);
in Hi-Lo half goes to the best high and half to the best qualifying low, ties split within a
half, and with no qualifying low the high takes all (R-Z6).  1680 = 2 * lcm(1..8) makes every
share of up to eight players a whole number, so Monte Carlo sums are exact integers.

The tables ``T`` (the variant's family) and ``T8`` (eight_or_better, used by Stud Hi-Lo only)
come from :func:`tables`.

>>> import numpy as np
>>> from simkit.cards import parse_cards
>>> T, T8 = tables("razz")
>>> anna = parse_cards("Ad 3s 6h 8c 9s 9d Qc"); dan = parse_cards("2c 4d 7h 7s 8d Th Ks")
>>> hands = np.stack([anna, dan])
>>> hi = np.zeros(2, np.int64); lo = np.zeros(2, np.int64); out = np.zeros(2, np.int64)
>>> _hand_values(hands, 2, 0, T, T8, hi, lo); _pot_shares(hi, lo, 2, 0, out); out.tolist()
[1680, 0]
"""

from __future__ import annotations

from ...hands import kernel_tables
from ...hands.kernels import eval7_ace_to_five, eval7_ace_to_six, eval7_eight_or_better, eval7_high
from ...jit import lean, njit
from .rules import FAMILY_OF, V_A6, V_HIGH, V_HILO, check_variant

__all__ = ["UNITS", "tables"]

#: Pot shares are counted in 1/1680 of a pot: 2 * lcm(1..8).
UNITS = 1680


def tables(variant: str):
    """The evaluator tables ``(T, T8)`` a kernel needs for ``variant``.

    >>> T, T8 = tables("stud-hilo")
    >>> isinstance(T, tuple) and isinstance(T8, tuple)
    True
    """
    check_variant(variant)
    return kernel_tables(FAMILY_OF[variant]), kernel_tables("eight_or_better")


@njit(cache=True, inline="always")
def _hand_values(hands, n, variant, T, T8, hi, lo):
    """Values of the first ``n`` rows of ``hands`` (rows of seven cards) into ``hi``/``lo``:
    the variant's strength (the high one in Hi-Lo) and, in Hi-Lo, the eight-or-better low
    (0 = none; 0 for every other variant).

    One loop per family, the branch outside it (:func:`_eval_rows` is compiled once per
    evaluator): a branch per evaluation stops Numba from pruning the reference counts of the
    table tuple and costs tenfold.
    """
    if variant == V_HIGH or variant == V_HILO:
        _eval_rows(eval7_high, hands, n, T, hi)
    elif variant == V_A6:
        _eval_rows(eval7_ace_to_six, hands, n, T, hi)
    else:
        _eval_rows(eval7_ace_to_five, hands, n, T, hi)
    if variant == V_HILO:
        _eval_rows(eval7_eight_or_better, hands, n, T8, lo)
    else:
        for i in range(n):
            lo[i] = 0


@njit(cache=True, inline="always")
def _eval_rows(evaluate, hands, n, T, out):
    """``out[i] = evaluate(seven cards of row i, T)`` for the first ``n`` rows of ``hands``."""
    for i in range(n):
        out[i] = evaluate(
            hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5], hands[i, 6], T
        )


@njit(cache=True, inline="always")
def _split(values, n, amount, out):
    """Add ``amount`` split evenly among the best of ``values[:n]`` to ``out``; return how
    many tied (``amount`` is a multiple of every tie count up to 8)."""
    best = values[0]
    for i in range(1, n):
        if values[i] > best:
            best = values[i]
    k = 0
    for i in range(n):
        if values[i] == best:
            k += 1
    each = amount // k
    for i in range(n):
        if values[i] == best:
            out[i] += each
    return k


@lean()
def _pot_shares(hi, lo, n, variant, out):
    """Shares of one pot, in :data:`UNITS`, of ``n`` hands still in (``out`` is overwritten)."""
    for i in range(n):
        out[i] = 0
    if variant == V_HILO:
        any_low = False
        for i in range(n):
            if lo[i] > 0:
                any_low = True
        if any_low:
            _split(hi, n, UNITS // 2, out)
            _split(lo, n, UNITS // 2, out)
            return
    _split(hi, n, UNITS, out)
