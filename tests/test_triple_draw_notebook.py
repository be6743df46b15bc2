"""notebooks/triple_draw.ipynb runs at small sizes and shows its tables and plots."""

from __future__ import annotations

import pytest

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs  # noqa: E402


def test_stored_without_outputs():
    assert stored_without_outputs("triple_draw.ipynb")


def test_notebook_runs_small():
    images, text = run_notebook("triple_draw.ipynb", scale=0.01, timeout=300)
    assert images >= 2
    assert "8-low" in text and "stand pat" in text and "chips_per_hand" in text
