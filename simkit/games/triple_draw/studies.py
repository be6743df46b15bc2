"""The studies behind the report's draw-odds tables: from a kept holding of 1-5 different low cards, the chance of finishing
7-low, 8-low, 9-low, 10-low or better with 1, 2 or 3 draws left, best play for each target.

A holding is kept from a hand whose other cards are high (K, Q, J, A), so the unseen deck is
47 cards with all four cards of every free low value.  Kept cards have mixed suits (no flush
draw).  Each cell comes from :func:`.solver.draw_odds`: exact for one draw and for two draws
with at most ``exact_draw`` cards drawn first, Monte Carlo with its standard error otherwise.

>>> df = holding_odds_table(max_top="7", sizes=(4,), draws=(1,), targets=("7",))
>>> row = df.set_index("holding").loc["7 5 4 2"]  # a 3 or a 6 (7-5-4-3 only a 2: 6 straightens)
>>> round(float(row.probability) * 47), bool(row.exact)
(8, True)
"""

from __future__ import annotations

from itertools import combinations

import pandas as pd

from ...cards import RANK_CHARS
from ...rng import SeedLike
from .rules import DEFAULT_TARGETS, target_value
from .solver import draw_odds

__all__ = ["holding_odds_table", "holdings"]

_SUITS = "shdcs"
_FILL = ["Kc", "Qd", "Jh", "As", "Kh"]


def holdings(max_top: str = "10", sizes=(1, 2, 3, 4, 5)) -> list[tuple[str, str]]:
    """``(holding, hand)`` pairs: every set of different ranks up to ``max_top``, best first
    within a size, and a five-card hand that holds it (the rest high cards).

    >>> holdings("7", (5,))
    [('7 5 4 3 2', '7s 5h 4d 3c 2s'), ('7 6 4 3 2', '7s 6h 4d 3c 2s'), ('7 6 5 3 2', '7s 6h 5d 3c 2s'), ('7 6 5 4 2', '7s 6h 5d 4c 2s')]
    """
    top = target_value(max_top)
    out = []
    for k in sizes:
        if not 1 <= k <= 5:
            raise ValueError(f"holding sizes are 1..5, got {k}")
        for ranks in sorted(combinations(range(top + 1), k), key=lambda r: sorted(r, reverse=True)):
            rs = sorted(ranks, reverse=True)
            if k == 5 and rs[0] - rs[-1] == 4:
                continue  # a straight: not a low holding (R-T1)
            cards = [RANK_CHARS[r] + _SUITS[i] for i, r in enumerate(rs)]
            label = " ".join("10" if RANK_CHARS[r] == "T" else RANK_CHARS[r] for r in rs)
            out.append((label, " ".join(cards + _FILL[: 5 - k])))
    return out


def holding_odds_table(
    max_top: str = "10",
    sizes=(1, 2, 3, 4, 5),
    draws=(1, 2, 3),
    targets=DEFAULT_TARGETS,
    *,
    trials: int = 1000,
    seed: SeedLike = 0,
    exact_draw: int = 2,
) -> pd.DataFrame:
    """One row per holding, draws left and target: ``holding``, ``n_kept``, ``top``,
    ``draws``, ``target``, ``probability``, ``se``, ``exact``."""
    from math import comb

    rows = []
    for label, hand in holdings(max_top, sizes):
        kept = " ".join(hand.split()[: len(label.split())])
        for d in draws:
            df = draw_odds(hand, kept, d, targets, trials=trials, seed=seed, exact_limit=comb(47, exact_draw))
            for r in df.itertuples():
                rows.append(
                    {
                        "holding": label,
                        "n_kept": len(label.split()),
                        "top": label.split()[0],
                        "draws": d,
                        "target": r.target,
                        "probability": r.probability,
                        "se": r.se,
                        "exact": r.exact,
                    }
                )
    return pd.DataFrame(rows)
