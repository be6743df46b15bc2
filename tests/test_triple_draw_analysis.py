"""The 2-7 Triple Draw report analyses at small sizes."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
from figure_se import missing_se

import simkit.analysis.triple_draw  # noqa: F401  (registers the analyses)
from simkit.analysis.registry import ANALYSES, Context


def test_analyses_run_small():
    ctx = Context(scale=0.01, quiet=True, seed=3)
    tips = {}
    figures = []
    for name in (
        "triple_draw_draw_odds",
        "triple_draw_equity",
        "triple_draw_t2_t3",
        "triple_draw_win_rates",
        "triple_draw_t4_t5",
    ):
        res = ANALYSES[name].func(ctx)
        for t in res.tips:
            tips[t.tip] = t
        for df in res.tables.values():
            assert len(df) > 0
        for fname, fig in res.figures.items():
            figures.append(fname)
            assert not missing_se(fig), (fname, missing_se(fig))
            plt.close(fig)
    assert figures == [
        "triple_draw_draw_odds",
        "triple_draw_draw_odds_a5",
        "triple_draw_t1",
        "triple_draw_win_rate_curve",
    ]
    assert sorted(tips) == ["T1", "T2", "T3", "T4", "T5"]
    for t in tips.values():
        assert t.verdict in ("holds", "holds with a caveat", "does not hold")
        assert np.isfinite(t.figure) and t.se >= 0
