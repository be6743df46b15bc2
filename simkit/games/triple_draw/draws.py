"""Draw strategies: which cards a player throws, compiled, chosen per seat by a kind and a row
of parameters.

Kinds (``DRAW_KINDS``) and their parameters (float64 row of :data:`N_DRAW_PARAMS`; index
``d - 1`` for ``d`` draws left, so ``[0]`` is the last draw):

- ``rule`` (:data:`RULE`): keep one card of each value up to ``keep_top[d]`` (breaks pairs,
  throws high cards), stand pat on a made hand whose top is at most ``pat_top[d]``; five kept
  cards that make a straight or a flush throw their highest card (2-7, R-T1).
- ``table`` (:data:`TABLE`): stand pat the same way; otherwise keep what the rank-model table
  (:mod:`.table`) says for the target ``target[d]`` (its top value), which weighs straights
  and the draws left; a kept five-card flush throws its highest card.
- ``pat`` (:data:`PAT`): never draws (a baseline).

Values are low values (:func:`.rules.target_value`): in 2-7 a 7 is 5, an 8 is 6, a T is 8.

>>> from simkit.cards import parse_cards
>>> kinds, params = draw_table(["rule", "table"])
>>> hand = parse_cards("8s 7h 7d 3c Ks").astype("int64")
>>> bin(choose_keep(hand, 3, "rule"))  # one 7, the 8 and the 3; throw the pair's twin and the K
'0b1011'
>>> bin(choose_keep(parse_cards("6s 5h 4d 3c 2s").astype("int64"), 1, "rule"))  # break the straight
'0b11110'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numba import njit

from .rules import _is_straight_mask, _value, target_value
from .table import _table_keep, keep_table

__all__ = ["DRAW_KINDS", "DRAW_PRESETS", "N_DRAW_PARAMS", "choose_keep", "draw_table"]

RULE = 0
TABLE = 1
PAT = 2
DRAW_KINDS = {"rule": RULE, "table": TABLE, "pat": PAT}

# parameter columns: P_KEEP + d - 1 (rule: keep top; table: target top), P_PAT + d - 1
P_KEEP = 0
P_PAT = 3
N_DRAW_PARAMS = 6

#: Named presets: (kind, keep or target top by d = 1, 2, 3, pat top by d = 1, 2, 3).
DRAW_PRESETS: dict[str, tuple[str, tuple[str, str, str], tuple[str, str, str]]] = {
    "rule": ("rule", ("9", "8", "8"), ("10", "10", "10")),  # the rule: pat on T-low
    "rule7": ("rule", ("8", "7", "7"), ("9", "8", "8")),
    "table": ("table", ("9", "8", "8"), ("10", "9", "9")),
    "table7": ("table", ("8", "7", "7"), ("9", "8", "7")),
    "pat": ("pat", ("K", "K", "K"), ("K", "K", "K")),
}


def draw_table(specs: Sequence[str | tuple[str, Mapping]], family: str = "deuce_to_seven"
               ) -> tuple[np.ndarray, np.ndarray]:
    """Kinds (int64[n]) and parameters (float64[n, 6]) for a list of draw strategies: preset
    names, or ``(preset, {"keep": (t1, t2, t3), "pat": (p1, p2, p3)})`` with top cards by
    draws left 1, 2, 3.

    >>> draw_table(["wild"])
    Traceback (most recent call last):
    ...
    ValueError: unknown draw strategy 'wild'; expected one of rule, rule7, table, table7, pat
    """
    kinds = np.zeros(len(specs), dtype=np.int64)
    params = np.zeros((len(specs), N_DRAW_PARAMS), dtype=np.float64)
    for i, spec in enumerate(specs):
        name, over = (spec, {}) if isinstance(spec, str) else spec
        if name not in DRAW_PRESETS:
            raise ValueError(f"unknown draw strategy {name!r}; expected one of {', '.join(DRAW_PRESETS)}")
        kind, keep, pat = DRAW_PRESETS[name]
        keep = over.get("keep", keep)
        pat = over.get("pat", pat)
        kinds[i] = DRAW_KINDS[kind]
        for d in range(3):
            params[i, P_KEEP + d] = target_value(keep[d], family)
            params[i, P_PAT + d] = target_value(pat[d], family)
    return kinds, params


@njit(cache=True)
def _made_top(hand, ace_low, suits_count):
    """Top value of a made low (five values, no straight or flush in 2-7), else 99."""
    vm = 0
    top = -1
    for i in range(5):
        v = _value(hand[i], ace_low)
        if (vm >> v) & 1:
            return 99
        vm |= 1 << v
        if v > top:
            top = v
    if suits_count:
        if _is_straight_mask(vm):
            return 99
        s = hand[0] & 3
        if (hand[1] & 3) == s and (hand[2] & 3) == s and (hand[3] & 3) == s and (hand[4] & 3) == s:
            return 99
    return top


@njit(cache=True)
def _choose_keep(hand, d, kind, params, ace_low, suits_count, keep_tab):
    """Kept positions (5-bit mask) of ``hand`` with ``d`` draws left (d = 1..3)."""
    if kind == PAT:
        return 31
    if _made_top(hand, ace_low, suits_count) <= params[P_PAT + d - 1]:
        return 31
    x = np.int64(params[P_KEEP + d - 1])
    if kind == TABLE:
        return _table_keep(hand, x, d, ace_low, suits_count, keep_tab)
    keep = 0
    got = 0
    hi = -1
    hi_v = -1
    for i in range(5):
        v = _value(hand[i], ace_low)
        if v <= x and not (got >> v) & 1:
            keep |= 1 << i
            got |= 1 << v
            if v > hi_v:
                hi_v = v
                hi = i
    if keep == 31 and suits_count:  # five kept: a straight or flush (a made low stood pat)
        if _made_top(hand, ace_low, suits_count) == 99:
            keep &= ~(1 << hi)
    return keep


def choose_keep(hand: np.ndarray, draws_left: int, strategy: str | tuple = "rule",
                family: str = "deuce_to_seven") -> int:
    """The kept positions of ``hand`` (five card integers) as a 5-bit mask, for a preset or
    a ``(preset, overrides)`` spec of :func:`draw_table`."""
    if not 1 <= draws_left <= 3:
        raise ValueError(f"draws_left must be 1, 2 or 3, got {draws_left!r}")
    kinds, params = draw_table([strategy], family)
    return int(_choose_keep(np.asarray(hand, dtype=np.int64), draws_left, kinds[0], params[0],
                            family == "ace_to_five", family == "deuce_to_seven",
                            keep_table(family).keep))
