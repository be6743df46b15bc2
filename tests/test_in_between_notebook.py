"""notebooks/in_between.ipynb runs top to bottom at small sizes and shows its tables and plots."""

from __future__ import annotations

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs  # noqa: E402


def test_stored_without_outputs():
    assert stored_without_outputs("in_between.ipynb")


def test_notebook_runs_small():
    images, text = run_notebook("in_between.ipynb", scale=0.01, timeout=300)
    assert images >= 3  # EV by spread, stakes by spread, win rates
    assert "kelly_fraction" in text and "pass on spread 7 or less" in text
    assert "chips conserved in every game: True" in text
    assert "house_edge_best_raise" in text and "raise on spread 7 or more" in text
