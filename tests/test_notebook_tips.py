"""notebooks/tips.ipynb runs and shows every tip with its verdict and, where measured, its plot."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd
import pytest

from simkit import report
from simkit.analysis.registry import ANALYSES, AnalysisResult, TipResult, analysis, Context

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = REPO / "notebooks" / "tips.ipynb"


def execute(results: Path, monkeypatch) -> str:
    """Run the notebook on ``results``; return all its text output and count its images."""
    monkeypatch.setenv("SIMKIT_RESULTS", str(results))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    ).execute()
    texts, images = [], 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            images += "image/png" in data
            texts.append(out.get("text", "") + data.get("text/markdown", "") + data.get("text/plain", "")
                         + data.get("text/html", ""))
    return "\n".join(texts), images


def test_notebook_is_stored_without_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def test_notebook_shows_every_tip_with_verdict_and_plot(tmp_path, monkeypatch):
    @analysis("test_notebook_in_between", game="in_between")
    def _demo(ctx: Context) -> AnalysisResult:
        fig, ax = plt.subplots()
        ax.bar([1, 2, 11], [0.1, 0.2, 0.8])
        tip = TipResult("I1", "", "win probability at spread 11", 0.8123, 0.0042, "holds",
                        table="test_spread", plot="test_spread")
        return AnalysisResult({"test_spread": pd.DataFrame({"spread": [1, 2, 11]})},
                              {"test_spread": fig}, [tip])

    try:
        report.generate(tmp_path, ctx=Context(quiet=True), only=["test_notebook_in_between"])
    finally:
        ANALYSES.pop("test_notebook_in_between")
    text, images = execute(tmp_path, monkeypatch)
    for tip in report.load_tips():
        assert f"### {tip.id} ({tip.game})" in text
    assert "0.8123 ± 0.0042" in text and "Verdict: **holds**" in text
    assert text.count("**not yet measured**") == 17
    assert images == 1


@pytest.mark.skipif(not (REPO / "results" / "tips.csv").is_file(), reason="no results/ yet")
def test_notebook_runs_on_the_committed_results(monkeypatch):
    text, images = execute(REPO / "results", monkeypatch)
    tips = pd.read_csv(REPO / "results" / "tips.csv")
    for row in tips.itertuples():
        assert f"### {row.tip} ({row.game})" in text
    assert images == tips["plot"].notna().sum()
