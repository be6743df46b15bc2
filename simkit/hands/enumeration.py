"""Exact category tables by enumerating every hand of the deck.

>>> df = category_counts("high", 5)
>>> int(df["count"].sum()), df.attrs["distinct"]
(2598960, 7462)
>>> df.set_index("category").loc["four_of_a_kind", "count"]
np.int64(624)
"""

from __future__ import annotations

from math import comb

import numpy as np
import pandas as pd

from .evaluate import _category_lookup, check_family
from .kernels import enumerate_counts
from .tables import kernel_tables, strength_codes

__all__ = ["category_counts"]


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
    total = comb(52, n_cards)
    if int(hist.sum()) != total:  # a broken enumeration must never print a table
        raise RuntimeError(f"enumerated {int(hist.sum())} hands, expected {total}")
    names = _category_lookup(family)
    frame = pd.DataFrame({"category": names, "count": hist})
    # Categories in strength order, best first (strength order is the family's order).
    order = list(dict.fromkeys(names[::-1]))
    out = frame.groupby("category", sort=False)["count"].sum().reindex(order).reset_index()
    out = out[out["count"] > 0].reset_index(drop=True)
    out["probability"] = out["count"] / total
    out.attrs.update(family=family, n_cards=n_cards, hands=total,
                     distinct=int(np.count_nonzero(hist)))
    return out
