"""How often a single pair improves: drawing two (Diablo) or three (normal draw), with and
without wild deuces, exactly (tip D4).

The hands are every five-card hand that is exactly one natural pair and three odd cards of
other ranks; with wild deuces, hands holding a deuce are left out (a deuce would make trips).
Keeping the pair and drawing three, or the pair and the highest odd card and drawing two,
no flush and no straight can be made (the pair holds two suits and repeats a rank), so the
outcome depends on the ranks alone: every hand of a rank pattern (pair rank, odd ranks) has
the same distribution, all patterns have equally many hands (6 * 4 ** 3), and averaging one
representative per pattern, with every replacement set of the 47 unseen cards enumerated,
gives the exact probabilities.

Examples
--------
>>> t = pair_improvement()
>>> r = t.set_index(["wild", "draw"])
>>> round(float(r.loc[(False, 3), "improve"]), 4)  # the textbook 28.7 % of draw poker
0.2872
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np
import pandas as pd
from numba import njit

from simkit import hands
from simkit.hands.kernels import _eval5_deuces_wild, _eval5_suited
from simkit.hands.tables import decode

__all__ = ["pair_improvement", "pattern_distribution"]

_CATS = hands.codes.CATEGORIES


@njit(cache=True)
def _category_hist(kept, n_kept, n_draw, unseen, wild, T, cat_of, hist):
    """Add the final-category counts of ``kept`` plus each ``n_draw``-subset of ``unseen``."""
    c = np.zeros(5, dtype=np.int64)
    for i in range(n_kept):
        c[i] = kept[i]
    n = unseen.shape[0]
    idx = np.arange(n_draw)
    while True:
        for j in range(n_draw):
            c[n_kept + j] = unseen[idx[j]]
        if wild:
            v = _eval5_deuces_wild(c[0], c[1], c[2], c[3], c[4], T)
        else:
            v = _eval5_suited(c[0], c[1], c[2], c[3], c[4], T)
        hist[cat_of[v]] += 1
        j = n_draw - 1
        while j >= 0 and idx[j] == n - n_draw + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for t in range(j + 1, n_draw):
            idx[t] = idx[t - 1] + 1


@lru_cache(maxsize=None)
def _cat_of(family: str) -> np.ndarray:
    n = hands.strength_codes(family).size
    return np.array([decode(s, family)[0] for s in range(n)], dtype=np.int64)


def pattern_distribution(pair_rank: int, odd_ranks, wild: bool, draw: int,
                         suits=(0, 1, 2, 3, 0)) -> np.ndarray:
    """Exact final-category counts (10 entries, index = category) of one natural pair.

    The hand is the pair of ``pair_rank`` in suits ``suits[0:2]`` and the odd cards of
    ``odd_ranks`` (highest first) in ``suits[2:5]``; ``draw`` 3 keeps the pair, 2 keeps the
    pair and the highest odd card.  Ranks 0 = deuce … 12 = ace.

    >>> pattern_distribution(7, [12, 5, 3], wild=False, draw=3).sum()
    np.int64(16215)
    """
    odd = sorted((int(r) for r in odd_ranks), reverse=True)
    if len(odd) != 3 or len({pair_rank, *odd}) != 4 or not all(0 <= r <= 12 for r in [pair_rank, *odd]):
        raise ValueError(f"need a pair rank and three other distinct ranks 0..12, got {pair_rank}, {odd_ranks}")
    if wild and 0 in (pair_rank, *odd):
        raise ValueError("with wild deuces a natural pair hand holds no deuce")
    if draw not in (2, 3):
        raise ValueError(f"draw must be 2 or 3, got {draw!r}")
    family = "deuces_wild" if wild else "high"
    pair = [4 * pair_rank + suits[0], 4 * pair_rank + suits[1]]
    odds = [4 * r + s for r, s in zip(odd, suits[2:])]
    hand = pair + odds
    kept = pair + (odds[:1] if draw == 2 else [])
    unseen = np.array([c for c in range(52) if c not in hand], dtype=np.int64)
    hist = np.zeros(10, dtype=np.int64)
    _category_hist(np.array(kept, dtype=np.int64), len(kept), draw, unseen, wild,
                   hands.kernel_tables(family), _cat_of(family), hist)
    return hist


@lru_cache(maxsize=None)
def pair_improvement() -> pd.DataFrame:
    """Exact final-category distribution of a single pair, by wild/no wild and draw 2/3.

    Returns
    -------
    pandas.DataFrame
        Rows ``wild`` (deuces wild or not), ``draw`` (2: keep the pair and the highest odd
        card; 3: keep the pair), ``patterns``, ``hands``, ``improve`` (final category better
        than one pair) and one column per category (probabilities, best first).
    """
    rows = []
    for wild in (True, False):
        ranks = range(1, 13) if wild else range(13)
        for n_draw in (2, 3):
            hist = np.zeros(10, dtype=np.int64)
            patterns = 0
            for p in ranks:
                for odd in combinations([r for r in ranks if r != p], 3):
                    hist += pattern_distribution(p, odd, wild, n_draw)
                    patterns += 1
            total = hist.sum()
            row = {"wild": wild, "draw": n_draw, "patterns": patterns,
                   "hands": patterns * 6 * 4 ** 3,
                   "improve": hist[2:].sum() / total}
            for c in range(9, -1, -1):
                row[_CATS[c]] = hist[c] / total
            rows.append(row)
    return pd.DataFrame(rows)
