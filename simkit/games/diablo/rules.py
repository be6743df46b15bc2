"""Diablo's fixed facts: hand categories, the exact pat-hand distribution, draw limits, variants.

Hands are ranked by the ``deuces_wild`` evaluator of :mod:`simkit.hands` (R-D1, R-D2).  The
*pat distribution* is the exact strength histogram of all 2,598,960 five-card hands; its
cumulative form turns a strength into a percentile, the *score* the betting strategies see.

Draw limits (R-D6, Varianten): 0, 1 or 2 cards; in the ``draw-three`` variant up to three, or
four when the one card kept is an ace.

Examples
--------
>>> CATEGORIES[-1], len(CATEGORIES)
('five_of_a_kind', 10)
>>> draw_allowed(3, [48], "standard"), draw_allowed(4, [48], "draw-three")
(False, True)
>>> round(float(pat_below()[category_floor("three_of_a_kind")]), 4)
0.8156
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from simkit import hands
from simkit.hands.kernels import DEUCES_WILD, _enumerate_counts
from simkit.hands.tables import decode

__all__ = [
    "CATEGORIES",
    "DRAW_VARIANTS",
    "FAMILY",
    "category_floor",
    "category_index",
    "category_of_strength",
    "draw_allowed",
    "max_draw",
    "n_strengths",
    "pat_below",
    "pat_counts",
    "strength_of",
    "tables",
]

FAMILY = "deuces_wild"
#: Category names, weakest first (R-D1); index = category number.
CATEGORIES: tuple[str, ...] = tuple(hands.family_categories(FAMILY))
#: Draw rules: ``standard`` 0-2 cards (R-D6); ``draw-three`` up to 3, 4 keeping an ace.
DRAW_VARIANTS = ("standard", "draw-three")
ACE = 12


def tables():
    """The evaluator's lookup tables for compiled kernels (pass them as an argument)."""
    return hands.kernel_tables(FAMILY)


@lru_cache(maxsize=None)
def n_strengths() -> int:
    """Number of distinct deuces-wild strengths (5,162)."""
    return int(hands.strength_codes(FAMILY).size)


@lru_cache(maxsize=None)
def category_of_strength() -> np.ndarray:
    """Category number (index into :data:`CATEGORIES`) of every strength, int64.

    >>> CATEGORIES[category_of_strength()[-1]]
    'five_of_a_kind'
    """
    return np.array([decode(s, FAMILY)[0] for s in range(n_strengths())], dtype=np.int64)


def category_index(name: str) -> int:
    """The number of category ``name``; ``ValueError`` names an unknown one.

    >>> category_index("flush")
    5
    >>> category_index("royal")
    Traceback (most recent call last):
    ...
    ValueError: unknown category 'royal'; expected one of high_card, one_pair, two_pair, three_of_a_kind, straight, flush, full_house, four_of_a_kind, straight_flush, five_of_a_kind
    """
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in CATEGORIES:
        raise ValueError(f"unknown category {name!r}; expected one of {', '.join(CATEGORIES)}")
    return CATEGORIES.index(key)


def category_floor(name: str) -> int:
    """The weakest strength of category ``name``."""
    cat = category_index(name)
    return int(np.flatnonzero(category_of_strength() == cat)[0])


def strength_of(cards) -> int:
    """The strength of one five-card hand (a card string or card integers).

    >>> from simkit.hands import describe
    >>> describe(strength_of("Ah 2c 9h 7h 5h"), "deuces_wild")
    'flush, A-K-9-7-5'
    """
    from simkit.cards import parse_cards

    arr = parse_cards(cards, n=5) if isinstance(cards, str) else np.asarray(cards)
    return int(hands.evaluate(arr, FAMILY))


@lru_cache(maxsize=None)
def pat_counts() -> np.ndarray:
    """Exact number of five-card hands at each strength (sums to C(52, 5)), int64."""
    hist = _enumerate_counts(5, DEUCES_WILD, tables(), n_strengths())
    if int(hist.sum()) != comb(52, 5):  # pragma: no cover - a broken enumeration
        raise RuntimeError("pat-hand enumeration does not add up to C(52, 5)")
    return hist.astype(np.int64)


@lru_cache(maxsize=None)
def pat_below() -> np.ndarray:
    """Fraction of five-card hands strictly weaker than each strength (the pre-draw score).

    A threshold "open with pair of jacks or better" is ``score >= pat_below()[floor(JJ)]``.
    """
    c = pat_counts()
    below = np.concatenate([[0], np.cumsum(c)[:-1]]) / comb(52, 5)
    below.flags.writeable = False
    return below


def max_draw(variant: str = "standard") -> int:
    """Most cards one player may exchange under ``variant`` (2, or 4 in ``draw-three``)."""
    if variant not in DRAW_VARIANTS:
        raise ValueError(f"unknown draw variant {variant!r}; expected one of {', '.join(DRAW_VARIANTS)}")
    return 2 if variant == "standard" else 4


def draw_allowed(n_draw: int, kept, variant: str = "standard") -> bool:
    """Whether exchanging ``n_draw`` cards while keeping ``kept`` is allowed (R-D6, Varianten).

    Standard: 0, 1 or 2 cards.  ``draw-three``: up to three, or four when the single card kept
    is an ace ("vier, wenn die behaltene Karte ein Ass ist"; a deuce is no ace).
    """
    max_draw(variant)
    if n_draw < 0:
        return False
    if variant == "standard":
        return n_draw <= 2
    if n_draw <= 3:
        return True
    kept = list(kept)
    return n_draw == 4 and len(kept) == 1 and int(kept[0]) >> 2 == ACE
