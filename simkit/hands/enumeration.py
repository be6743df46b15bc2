"""Every hand of the deck: the list of all five-card hands, and exact category tables.

>>> df = category_counts("high", 5)
>>> int(df["count"].sum()), df.attrs["distinct"]
(2598960, 7462)
>>> df.set_index("category").loc["four_of_a_kind", "count"]
np.int64(624)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import pandas as pd

from ..cards import N_CARDS
from ..jit import njit
from .evaluate import _category_lookup, check_family
from .kernels import enumerate_counts
from .tables import kernel_tables, strength_codes

__all__ = ["FIRST", "N_HANDS", "all_hands", "category_counts"]

#: The number of five-card hands, C(52, 5).
N_HANDS = comb(N_CARDS, 5)
#: ``FIRST[a]``: the row of :func:`all_hands` of the first hand whose lowest card is ``a``.
FIRST = np.concatenate([[0], np.cumsum([comb(N_CARDS - 1 - a, 4) for a in range(N_CARDS)])]).astype(np.int64)


def category_counts(family: str, n_cards: int = 5) -> pd.DataFrame:
    """Count every ``n_cards``-card hand (5: 2,598,960; 7: 133,784,560) by category.

    Parameters
    ----------
    family
        An evaluator family (see :func:`simkit.evaluate`).
    n_cards
        5, or 7 for the best five of seven where the family has it.

    Returns
    -------
    pandas.DataFrame
        Columns ``category``, ``count``, ``probability`` (exact), best category first.
        ``df.attrs`` holds ``distinct`` (the number of distinct strengths that occur),
        ``family``, ``n_cards`` and ``hands``.

    Examples
    --------
    >>> category_counts("high", 6)
    Traceback (most recent call last):
    ...
    ValueError: family 'high' evaluates 5 or 7-card hands, not 6
    """
    fam = check_family(family, n_cards)
    hist = enumerate_counts(n_cards, fam, kernel_tables(family), strength_codes(family).size)
    total = comb(N_CARDS, n_cards)
    if int(hist.sum()) != total:  # a broken enumeration must never print a table
        raise RuntimeError(f"enumerated {int(hist.sum())} hands, expected {total}")
    names = _category_lookup(family)
    frame = pd.DataFrame({"category": names, "count": hist})
    # Categories in strength order, best first (strength order is the family's order).
    order = list(dict.fromkeys(names[::-1]))
    out = frame.groupby("category", sort=False)["count"].sum().reindex(order).reset_index()
    out = out[out["count"] > 0].reset_index(drop=True)
    out["probability"] = out["count"] / total
    out.attrs.update(family=family, n_cards=n_cards, hands=total, distinct=int(np.count_nonzero(hist)))
    return out


@njit(cache=True)
def _all_hands(out):
    """Every five-card hand, ascending cards, in lexicographic order (the one loop over them)."""
    i = 0
    for a in range(N_CARDS):
        for b in range(a + 1, N_CARDS):
            for c in range(b + 1, N_CARDS):
                for d in range(c + 1, N_CARDS):
                    for e in range(d + 1, N_CARDS):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1


@lru_cache(maxsize=1)
def all_hands() -> np.ndarray:
    """All 2,598,960 five-card hands (uint8, ascending cards) in lexicographic order, read
    only: the hands whose lowest card is ``a`` are the rows ``FIRST[a]:FIRST[a + 1]``.

    >>> h = all_hands()
    >>> h.shape, h[0].tolist(), h[FIRST[51 - 4]].tolist()
    ((2598960, 5), [0, 1, 2, 3, 4], [47, 48, 49, 50, 51])
    """
    out = np.zeros((N_HANDS, 5), dtype=np.uint8)
    _all_hands(out)
    out.flags.writeable = False
    return out
