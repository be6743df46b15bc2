"""notebooks/tips.ipynb runs and shows every tip with its verdict and, where measured, its plot."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd
import pytest

from simkit import report
from simkit.analysis.registry import ANALYSES, AnalysisResult, Context, TipResult, analysis

pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

from notebook_run import run_notebook, stored_without_outputs

REPO = Path(__file__).resolve().parents[1]


def execute(results: Path) -> tuple[str, int]:
    """Run the notebook on ``results``; return all its text output and its number of images."""
    images, text = run_notebook("tips.ipynb", {"SIMKIT_RESULTS": str(results)}, timeout=120)
    return text, images


def test_notebook_is_stored_without_outputs():
    assert stored_without_outputs("tips.ipynb")


def test_notebook_shows_every_tip_with_verdict_and_plot(tmp_path):
    @analysis("test_notebook_in_between", game="in_between")
    def _demo(ctx: Context) -> AnalysisResult:
        fig, ax = plt.subplots()
        ax.bar([1, 2, 11], [0.1, 0.2, 0.8])
        tip = TipResult(
            "I1",
            "",
            "win probability at spread 11",
            0.8123,
            0.0042,
            "holds",
            table="test_spread",
            plot="test_spread",
        )
        return AnalysisResult(
            {"test_spread": pd.DataFrame({"spread": [1, 2, 11]})}, {"test_spread": fig}, [tip]
        )

    try:
        report.generate(tmp_path, ctx=Context(quiet=True), only=["test_notebook_in_between"])
    finally:
        ANALYSES.pop("test_notebook_in_between")
    text, images = execute(tmp_path)
    for tip in report.load_tips():
        assert f"### {tip.id} ({tip.game})" in text
    assert "0.8123 ± 0.0042" in text and "Verdict: **holds**" in text
    assert text.count("**not yet measured**") == 17
    assert images == 1


@pytest.mark.skipif(not (REPO / "results" / "tips.csv").is_file(), reason="no results/ yet")
def test_notebook_runs_on_the_committed_results():
    text, images = execute(REPO / "results")
    tips = pd.read_csv(REPO / "results" / "tips.csv")
    for row in tips.itertuples():
        assert f"### {row.tip} ({row.game})" in text
    assert images == tips["plot"].notna().sum()
