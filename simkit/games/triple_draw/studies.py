"""The studies behind the report's draw-odds tables: from a kept holding of 1-5 different low
cards, the exact chance of finishing 7-low, 8-low, 9-low, 10-low or better (5-low … 8-low in
A-5) with 1, 2 or 3 draws left, every later keep the best one for that target.

A holding is kept from a hand whose other cards are high (K, Q, J; and an ace in 2-7, where it
is high), so the unseen deck is 47 cards with all four cards of every free low value.  Kept
cards have mixed suits (no flush draw).  Each cell comes from :func:`.solver.draw_odds` (its rows, :func:`.solver.odds_rows`)
(:mod:`.exact`): an exact fraction, ``exact`` True, ``se`` 0.

>>> df = holding_odds_table(max_top="7", sizes=(4,), draws=(1,), targets=("7",))
>>> row = df.set_index("holding").loc["7 5 4 2"]  # a 3 or a 6 (7-5-4-3 only a 2: 6 straightens)
>>> round(float(row.probability) * 47), bool(row.exact), row.fraction
(8, True, '8/47')
>>> holding_odds_table("6", (5,), (1,), ("6",), family="ace_to_five").holding.tolist()[:2]
['5 4 3 2 A', '6 4 3 2 A']
"""

from __future__ import annotations

from itertools import combinations

import pandas as pd

from ...cards import RANK_CHARS
from ...checks import is_int
from ...rng import SeedLike
from .rules import DEFAULT_TARGETS, target_value, value_to_rank
from .solver import odds_rows

__all__ = ["A5_TARGETS", "holding_odds_table", "holdings"]

#: The targets of the A-5 draw-odds table: 5-low … 8-low or better.
A5_TARGETS = ("5", "6", "7", "8")

_SUITS = "shdcs"
_FILL = {"deuce_to_seven": ["Kc", "Qd", "Jh", "As", "Kh"], "ace_to_five": ["Kc", "Qd", "Jh", "Ks", "Qh"]}


def holdings(
    max_top: str = "10", sizes=(1, 2, 3, 4, 5), family: str = "deuce_to_seven"
) -> list[tuple[str, str]]:
    """``(holding, hand)`` pairs: every set of different low cards up to ``max_top``, best
    first within a size, and a five-card hand that holds it (the rest high cards).  In 2-7 a
    five-card straight is no low holding (R-T1); in A-5 the ace is the lowest card (R-T5).

    >>> holdings("7", (5,))
    [('7 5 4 3 2', '7s 5h 4d 3c 2s'), ('7 6 4 3 2', '7s 6h 4d 3c 2s'), ('7 6 5 3 2', '7s 6h 5d 3c 2s'), ('7 6 5 4 2', '7s 6h 5d 4c 2s')]
    >>> holdings("5", (5,), "ace_to_five")
    [('5 4 3 2 A', '5s 4h 3d 2c As')]
    """
    top = target_value(max_top, family)
    out = []
    for k in sizes:
        if not is_int(k) or not 1 <= k <= 5:
            raise ValueError(f"holding sizes are 1..5, got {k!r}")
        for values in sorted(combinations(range(top + 1), k), key=lambda r: sorted(r, reverse=True)):
            vs = sorted(values, reverse=True)
            if family == "deuce_to_seven" and k == 5 and vs[0] - vs[-1] == 4:
                continue  # a straight: not a low holding (R-T1)
            ranks = [value_to_rank(v, family) for v in vs]
            hand = [RANK_CHARS[r] + _SUITS[i] for i, r in enumerate(ranks)]
            label = " ".join("10" if RANK_CHARS[r] == "T" else RANK_CHARS[r] for r in ranks)
            out.append((label, " ".join(hand + _FILL[family][: 5 - k])))
    return out


def holding_odds_table(
    max_top: str = "10",
    sizes=(1, 2, 3, 4, 5),
    draws=(1, 2, 3),
    targets=DEFAULT_TARGETS,
    *,
    family: str = "deuce_to_seven",
    trials: int = 1000,
    seed: SeedLike = 0,
    exact_draw: int = 2,
) -> pd.DataFrame:
    """One row per holding, draws left and target: ``holding``, ``n_kept``, ``top``,
    ``draws``, ``target``, ``probability``, ``fraction`` (exact, "p/q"), ``se``, ``exact``.

    ``trials``, ``seed`` and ``exact_draw`` are kept for callers of earlier versions, where
    they sized a Monte Carlo; every figure is exact now."""
    rows = []
    for label, hand in holdings(max_top, sizes, family):
        kept = " ".join(hand.split()[: len(label.split())])
        for d in draws:
            for r in odds_rows(hand, kept, d, targets, family=family):
                rows.append(
                    {
                        "holding": label,
                        "n_kept": len(label.split()),
                        "top": label.split()[0],
                        "draws": d,
                        "target": r["target"],
                        "probability": r["probability"],
                        "fraction": r["fraction"],
                        "se": r["se"],
                        "exact": r["exact"],
                    }
                )
    return pd.DataFrame(rows)
