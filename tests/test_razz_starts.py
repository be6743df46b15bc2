"""The 455 three-card starts (starts.py): patterns against every deal, the start table
against the equity tool."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from simkit.games.razz.equity import equity
from simkit.games.razz.starts import patterns, start_table


def test_patterns_cover_every_three_card_deal():
    pats = patterns()
    assert len(pats) == 455 and pats.pattern.is_unique
    assert pats.deals.sum() == 22100  # C(52, 3)
    assert Counter(pats.pairing) == {"none": 286, "pair": 156, "trips": 13}
    # the representative has the pattern's ranks and three different cards
    for row in pats.itertuples():
        assert len(set(row.cards)) == 3
        vals = sorted((1 if c >> 2 == 12 else (c >> 2) + 2) for c in row.cards)
        assert (
            "-".join(
                {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}.get(v, str(v))
                for v in sorted(vals, reverse=True)
            )
            == row.pattern
        )


def test_every_deal_maps_to_its_pattern_count():
    """Brute force: classify all 22,100 three-card deals by rank multiset."""
    count = Counter(tuple(sorted(c >> 2 for c in h)) for h in combinations(range(52), 3))
    assert sorted(count.values()) == sorted(patterns().deals.tolist())


def test_start_table_agrees_with_equity_tool():
    # 1, 2 and 4 opponents share their deals, 7 (the community card) is dealt apart
    t = start_table(opponents=(1, 2, 4, 7), trials=6000, seed=4)
    for pattern, cards, k in (
        ("5-3-A", "As 3d 5h", 2),
        ("K-Q-2", "2c Qd Kh", 7),
        ("8-8-4", "8c 8d 4h", 1),
        ("7-4-2", "7c 4d 2h", 4),
    ):
        row = t[(t.pattern == pattern) & (t.opponents == k)].iloc[0]
        ref = equity([cards] + ["? ? ?"] * k, trials=60_000, seed=9, exact=False)
        z = (row.equity - ref.equity[0]) / np.hypot(row.se, ref.se[0])
        assert abs(z) < 4.5, (pattern, k, z)


def test_start_table_rejects_suited_variants():
    with pytest.raises(ValueError, match="A-5 low"):
        start_table(variant="stud-high", trials=10)
