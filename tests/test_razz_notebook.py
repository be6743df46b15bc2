"""notebooks/razz.ipynb runs at small sizes and shows its tables and plots."""

from __future__ import annotations

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs  # noqa: E402


def test_stored_without_outputs():
    assert stored_without_outputs("razz.ipynb")


def test_notebook_runs_small():
    images, text = run_notebook("razz.ipynb", scale=0.005, timeout=600)
    assert images >= 5  # heat map, by-high, upcards, win rates, running mean
    assert "3-2-A" in text and "chips_per_hand" in text and "needed" in text
    assert "brings in" in text
