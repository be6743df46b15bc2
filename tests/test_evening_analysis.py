"""The evening report's plots (simkit/analysis/evening.py) draw every figure with its SE.

The tables are made up (the shape the analyses write); the analyses themselves run in the
report, and the evening notebook runs these plots on simulated evenings.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd
from figure_se import missing_se
from matplotlib.container import ErrorbarContainer

from simkit.analysis import evening as report


def _se_bars(fig) -> list[int]:
    return [sum(isinstance(c, ErrorbarContainer) for c in ax.containers) for ax in fig.axes]


def test_winners_plot_has_error_bars_per_field():
    rows = [
        {"game": g, "players": n, "field": k, "win": 0.3, "win_se": 0.01, "fair": 1 / n}
        for g in ("razz", "diablo")
        for n in (3, 4)
        for k in report.FIELD_KINDS
    ]
    fig = report.plot_winners(pd.DataFrame(rows))
    assert _se_bars(fig) == [len(report.FIELD_KINDS)] * 2
    assert not missing_se(fig)
    plt.close(fig)


def test_chips_plot_has_error_bars_per_game():
    rows = [
        {"game": g, "stack_units": k, "anyone_broke": 0.5, "anyone_broke_se": 0.02}
        for g in ("razz", "in-between")
        for k in report.STACK_UNITS
    ]
    fig = report.plot_chips(pd.DataFrame(rows))
    assert _se_bars(fig) == [2]
    assert not missing_se(fig)
    plt.close(fig)


def test_luck_plot_has_a_band_per_game():
    rows = [
        {"game": g, "pairing": p, "deal": d, "stronger_wins": 0.5 + d / 100, "stronger_wins_se": 0.01}
        for g in ("razz", "diablo")
        for p in report.LUCK_PAIRINGS
        for d in range(1, 6)
    ]
    fig = report.plot_luck(pd.DataFrame(rows))
    assert [len(ax.collections) for ax in fig.axes] == [2, 2]
    assert not missing_se(fig)
    plt.close(fig)


def test_a_plot_without_its_se_is_caught():
    """The check is not vacuous: the same curve without its band fails it."""
    fig, ax = plt.subplots()
    ax.plot([1, 2, 3], [0.5, 0.6, 0.7])
    ax.set_ylabel("P(a player of the stronger strategy wins)")
    assert missing_se(fig)
    ax.fill_between([1, 2, 3], [0.4, 0.5, 0.6], [0.6, 0.7, 0.8])
    assert missing_se(fig)  # a band, but no label says it is the SE
    ax.set_ylabel("P(win) (±2 SE band)")
    assert not missing_se(fig)
    plt.close(fig)
