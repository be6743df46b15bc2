"""Each game's notebook runs at small sizes and shows its tables and plots, every Monte Carlo
figure of a plot with its standard error (error bars or a band, the SE named; exact plots say so)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs

#: notebook: (size scale, timeout in s, at least this many plots, texts it must show)
NOTEBOOKS = {
    "diablo.ipynb": (
        0.01,
        600,
        3,
        ["five_of_a_kind", "equilibrium", "net_per_series", "exact: True", "natural_royal"],
    ),
    "in_between.ipynb": (
        0.01,
        300,
        3,
        [  # EV by spread, stakes by spread, win rates
            "kelly_fraction",
            "pass on spread 7 or less",
            "chips conserved in every game: True",
            "house_edge_best_raise",
            "raise on spread 7 or more",
        ],
    ),
    "razz.ipynb": (
        0.005,
        600,
        5,
        [  # heat map, by-high, upcards, win rates, running mean
            "3-2-A",
            "chips_per_hand",
            "needed",
            "brings in",
        ],
    ),
    "triple_draw.ipynb": (
        0.01,
        300,
        2,
        ["8-low", "stand pat", "chips_per_hand", "exact: True", "12037/17220"],
    ),
    "evening.ipynb": (
        0.005,
        600,
        5,  # one evening, win chances, lengths, luck, chips to bring
        ["deals_to_three_in_four", "anyone_broke", "share_razz", "win_se"],
    ),
}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_stored_without_outputs(name):
    assert stored_without_outputs(name)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_small(name):
    scale, timeout, min_images, shown = NOTEBOOKS[name]
    images, text = run_notebook(name, {"SIMKIT_NB_SCALE": str(scale)}, timeout=timeout, check_se=True)
    assert images >= min_images
    missing = [s for s in shown if s not in text]
    assert not missing, f"{name} does not show {missing}"
    checked = re.search(r"SE-CHECKED (\d+) SE-MISSING (.*)", text)
    assert checked, f"{name}: the SE check did not run"
    assert int(checked.group(1)) >= min_images, f"{name}: only {checked.group(1)} figures were checked"
    assert checked.group(2) == "[]", f"{name}: plots without their SE: {checked.group(2)}"
