"""Showdown shares of dealt hands against 1-6 drawing opponents, everybody drawing by the
exact policy (tips D2, D3).

Each trial deals a hand to the hero and to six opponents from one shuffled deck; every
player draws by :func:`~.keep_table.policy_table` (the keep with the best expected showdown
share), the hero first, and nobody folds.  The hero's hand is classed by its category as
dealt and the deuces it holds; for each class the job sums the hero's showdown share against
the first ``n`` opponents (1 for a win, ``1/k`` for a ``k``-way tie, 0 for a loss) for
``n = 1 … 6``, its square (for the standard error), and the final category.  The share
against one opponent is also the hero's *standing*: the percentile of its final hand among
the final hands of others (above counts 1, equal 1/2).

The kernel (:func:`_showdown_kernel`) and the table of its totals (:func:`tabulate`) live
here; the runner job and its entry point are :class:`~.jobs.ShowdownJob` and
:func:`~.jobs.showdown_table`.

Examples
--------
>>> from simkit.games.diablo.jobs import showdown_table
>>> t = showdown_table(20_000, seed=1, quiet=True)
>>> r = t[(t.opponents == 1)].set_index(["pat_category", "deuces"])
>>> 0.0 < float(r.loc[("two_pair", 0), "win"]) < 1.0
True
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...cards import N_CARDS
from ...deck import shuffle_prefix
from ...hands.kernels import eval5_deuces_wild
from ...jit import lean, njit
from ...memory import private_zeros
from ...runner import stats
from .keep_table import _draw_policy
from .rules import CATEGORIES

__all__ = ["MAX_OPP", "N_CLASSES", "new_totals", "tabulate"]

MAX_OPP = 6
N_CLASSES = 50  # category as dealt (10) x deuces held (0..4)


@njit(cache=True, nogil=True)
def _showdown_kernel(n, mask_table, T, cat_of, state, count, share, share_sq, final_cat):
    deck = np.arange(N_CARDS, dtype=np.int64)
    h = np.zeros(5 * (MAX_OPP + 1), dtype=np.int64)
    s = np.zeros(MAX_OPP + 1, dtype=np.int64)
    _showdown_deals(n, mask_table, T, cat_of, state, count, share, share_sq, final_cat, deck, h, s)


@lean()
def _showdown_deals(n, mask_table, T, cat_of, state, count, share, share_sq, final_cat, deck, h, s):
    """The deal loop of :func:`_showdown_kernel` on the arrays it allocated, compiled without
    reference counting (counted, the arrays the draws took were a quarter of the time)."""
    for _ in range(n):
        shuffle_prefix(deck, 49, state)  # 35 dealt, at most 14 drawn (standard rules)
        for j in range(35):
            h[j] = deck[j]
        deuces = 0
        for j in range(5):
            if h[j] < 4:
                deuces += 1
        cls = 5 * cat_of[eval5_deuces_wild(h[0], h[1], h[2], h[3], h[4], T)] + deuces
        pos = 35
        for p in range(MAX_OPP + 1):
            pos += _draw_policy(h, 5 * p, mask_table, deck, pos)
            o = 5 * p
            s[p] = eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
        count[cls] += 1
        final_cat[cls, cat_of[s[0]]] += 1
        best = -1
        ties = 0
        for k in range(1, MAX_OPP + 1):
            if s[k] > best:
                best = s[k]
                ties = 1 if s[k] == s[0] else 0
            elif s[k] == best and s[k] == s[0]:
                ties += 1
            if s[0] > best:
                w = 1.0
            elif s[0] == best:
                w = 1.0 / (1 + ties)
            else:
                w = 0.0
            share[cls, k - 1] += w
            share_sq[cls, k - 1] += w * w


def new_totals() -> dict[str, np.ndarray]:
    """Zeroed totals of :func:`_showdown_kernel` (each on cache lines of its own)."""
    return {
        "count": private_zeros(N_CLASSES, np.int64),
        "share": private_zeros((N_CLASSES, MAX_OPP)),
        "share_sq": private_zeros((N_CLASSES, MAX_OPP)),
        "final_cat": private_zeros((N_CLASSES, 10), np.int64),
    }


def _rows(tot: dict, groups: list[tuple[dict, np.ndarray]]) -> pd.DataFrame:
    n_total = int(tot["trials"])
    rows = []
    for key, members in groups:
        n = int(tot["count"][members].sum())
        if n < 2:
            continue
        for k in range(MAX_OPP):
            win, se = stats.mean_se(tot["share"][members, k].sum(), tot["share_sq"][members, k].sum(), n)
            rows.append(
                {
                    **key,
                    "hands": n,
                    "frequency": n / n_total,
                    "opponents": k + 1,
                    "win": win,
                    "win_se": se,
                    "fair": 1.0 / (k + 2),
                }
            )
    return pd.DataFrame(rows)


def tabulate(tot: dict, by: str = "class") -> pd.DataFrame:
    """The table of :func:`~.jobs.showdown_table` from the totals of a
    :class:`~.jobs.ShowdownJob` run."""
    if by not in ("class", "deuces"):
        raise ValueError(f"by must be 'class' or 'deuces', got {by!r}")
    classes = np.arange(N_CLASSES)
    if by == "class":
        groups = [({"pat_category": CATEGORIES[c // 5], "deuces": c % 5}, np.array([c])) for c in classes]
    else:
        groups = [({"deuces": d}, classes[classes % 5 == d]) for d in range(5)]
    df = _rows(tot, groups)
    df.attrs["final_cat"] = tot["final_cat"]
    df.attrs["trials"] = int(tot["trials"])
    return df
