"""notebooks/diablo.ipynb runs at small sizes and shows its tables and plots."""

from __future__ import annotations

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs  # noqa: E402


def test_stored_without_outputs():
    assert stored_without_outputs("diablo.ipynb")


def test_notebook_runs_small():
    images, text = run_notebook("diablo.ipynb", scale=0.01, timeout=600)
    assert images >= 3
    assert "five_of_a_kind" in text and "equilibrium" in text and "net_per_series" in text
