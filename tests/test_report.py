"""simkit report: the tip list, the files it writes, and that results/ is generated output."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from simkit import report, report_sections
from simkit.analysis.registry import ANALYSES, AnalysisResult, Context, TipResult, analysis

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "results"
ALL_TIPS = (
    [f"D{i}" for i in range(1, 6)]
    + [f"T{i}" for i in range(1, 6)]
    + [f"I{i}" for i in range(1, 4)]
    + [f"R{i}" for i in range(1, 6)]
)


def test_tips_live_in_the_package():
    tips = report.load_tips()
    assert [t.id for t in tips] == ALL_TIPS
    assert {t.game for t in tips} == {"diablo", "triple_draw", "in_between", "razz"}
    d4 = next(t for t in tips if t.id == "D4")
    assert d4.game == "diablo" and d4.claim.startswith("You may exchange at most two cards")
    assert d4.measure.startswith("improvement odds of a pair drawing 2")
    assert all(t.claim and t.measure for t in tips)


def test_docs_list_the_same_tips():
    """docs/rules.md states every tip with the claim and measure the report uses."""
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("## Beginner tips", 1)[1].split("\n## ", 1)[0]
    bullets = [
        " ".join(b.split()) for b in re.split(r"\n(?=- \*\*)", section.strip()) if b.startswith("- **")
    ]
    expected = [f"- **{t.id}** {t.claim} *Measure:* {t.measure}" for t in report.load_tips()]
    assert bullets == expected


@pytest.fixture
def demo_analyses():
    """Two small analyses of Diablo and Razz that measure D2 and R5; removed afterwards."""

    @analysis("test_report_diablo", game="diablo", title="Demo: deuces")
    def _diablo(ctx: Context) -> AnalysisResult:
        df = pd.DataFrame({"deuces": [0, 1, 2], "win": [0.2, 0.35, 0.5]})
        fig, ax = plt.subplots()
        ax.plot(df.deuces, df.win)
        tip = TipResult(
            "D2",
            "Every 2 is worth gold.",
            "win probability with 2 deuces vs none",
            0.3,
            0.0123,
            "holds",
            detail="by 30 points",
            table="test_deuces",
            plot="test_deuces",
        )
        return AnalysisResult({"test_deuces": df}, {"test_deuces": fig}, [tip], ["a note"])

    @analysis("test_report_razz", game="razz")
    def _razz(ctx: Context) -> AnalysisResult:
        tip = TipResult("R5", "", "chips per hand", -1.5, 0.0, "does not hold")
        return AnalysisResult({"test_razz": pd.DataFrame({"x": [ctx.seed]})}, {}, [tip])

    yield ["test_report_diablo", "test_report_razz"]
    for name in ("test_report_diablo", "test_report_razz", "test_report_bad"):
        ANALYSES.pop(name, None)


def test_report_writes_tables_plots_tips_and_markdown(tmp_path, demo_analyses):
    (tmp_path / "keep.txt").write_text("not the report's")
    manifest = report.generate(tmp_path, ctx=Context(seed=5, quiet=True), only=demo_analyses)
    names = {p.name for p in tmp_path.iterdir()}
    assert names == {
        "keep.txt",
        "manifest.json",
        "test_deuces.csv",
        "test_deuces.png",
        "test_razz.csv",
        "tips.csv",
        "REPORT.md",
    }
    assert pd.read_csv(tmp_path / "test_razz.csv")["x"].tolist() == [5]
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == digest
    assert json.loads((tmp_path / "manifest.json").read_text()) == manifest
    assert manifest["complete"] is False and manifest["seed"] == 5

    tips = pd.read_csv(tmp_path / "tips.csv")
    assert tips["tip"].tolist() == ALL_TIPS
    d2 = tips.set_index("tip").loc["D2"]
    assert (d2["figure"], d2["se"], d2["verdict"], d2["plot"]) == (0.3, 0.0123, "holds", "test_deuces")
    r5 = tips.set_index("tip").loc["R5"]
    assert r5.verdict == "does not hold"
    claims = {t.id: t.claim for t in report.load_tips()}
    assert tips.set_index("tip")["claim"].to_dict() == claims  # always the tip list's wording
    assert (tips.verdict == "not yet measured").sum() == 16

    md = (tmp_path / "REPORT.md").read_text()
    heads = re.findall(r"^## (.+)$", md, flags=re.M)
    assert heads == list(report.GAME_TITLES.values())
    rows = re.findall(r"^\| ([DTIR]\d) \|", md, flags=re.M)
    assert rows == ALL_TIPS
    d2_row = next(line for line in md.splitlines() if line.startswith("| D2 |"))
    assert "| 0.300 | 0.012 |" in d2_row and "holds: by 30 points" in d2_row
    assert "[test_deuces](test_deuces.csv)" in d2_row and "[test_deuces](test_deuces.png)" in d2_row
    assert "| -1.5 | exact | does not hold |" in md
    assert md.count("| not yet measured |") == 16
    assert "![test_deuces](test_deuces.png)" in md and "- a note" in md

    # a second report removes what the first wrote, and only that
    report.generate(tmp_path, ctx=Context(quiet=True), only=["test_report_razz"])
    assert not (tmp_path / "test_deuces.png").exists() and (tmp_path / "keep.txt").exists()


def _demo_figures(k: int) -> dict:
    figs = {}
    for i in range(k):
        fig, axes = plt.subplots(1, 2, figsize=(6, 3))
        axes[0].plot(np.arange(50) * (i + 1), marker="o", label=f"series {i}")
        axes[1].bar(["a", "b", "c"], [i, 2 * i + 1, 3])
        axes[0].legend()
        axes[1].set_title(f"figure {i}: bars")
        fig.tight_layout()
        figs[f"test_fig_{i}"] = fig
    return figs


def test_figures_saved_by_the_writer_thread_are_the_files_drawn_in_turn(tmp_path):
    """The report saves figures on a thread of its own while the next section runs (and builds
    figures of its own): the files are those the main thread writes, byte for byte."""

    @analysis("test_report_figures_a", game="diablo")
    def _a(ctx: Context) -> AnalysisResult:
        return AnalysisResult({}, _demo_figures(3))

    @analysis("test_report_figures_b", game="razz")
    def _b(ctx: Context) -> AnalysisResult:
        figs = _demo_figures(5)
        return AnalysisResult({}, {f"{k}_b": f for k, f in figs.items()})

    try:
        report.generate(
            tmp_path / "r", ctx=Context(quiet=True), only=["test_report_figures_a", "test_report_figures_b"]
        )
    finally:
        ANALYSES.pop("test_report_figures_a", None)
        ANALYSES.pop("test_report_figures_b", None)
    for suffix, k in (("", 3), ("_b", 5)):
        for name, fig in _demo_figures(k).items():
            path = tmp_path / f"{name}{suffix}.png"
            report_sections.save_png(fig, path)
            plt.close(fig)
            assert (tmp_path / "r" / path.name).read_bytes() == path.read_bytes(), path.name


def test_report_refuses_unknown_or_twice_measured_tips(tmp_path, demo_analyses):
    @analysis("test_report_bad", game="diablo")
    def _bad(ctx):
        return AnalysisResult(tips=[TipResult("D9", "", "", 0.0, 0.0, "holds")])

    with pytest.raises(ValueError, match="measures tip 'D9', which is not a tip of simkit.analysis.tips"):
        report.generate(tmp_path, ctx=Context(quiet=True), only=["test_report_bad"])

    @analysis("test_report_bad", game="diablo")
    def _twice(ctx):
        return AnalysisResult(tips=[TipResult("D2", "", "", 0.0, 0.0, "holds")])

    with pytest.raises(
        ValueError, match="tip D2 is measured by both 'test_report_diablo' and 'test_report_bad'"
    ):
        report.generate(tmp_path, ctx=Context(quiet=True), only=["test_report_diablo", "test_report_bad"])
    with pytest.raises(ValueError, match="unknown analysis 'nope'"):
        report.generate(tmp_path, only=["nope"])


def test_estimates_are_shown_to_the_precision_of_their_error():
    assert report.format_estimate(0.5, 0.25) == ("0.50", "0.25")
    assert report.format_estimate(123.456, 3.2) == ("123.5", "3.2")
    assert report.format_estimate(123.456, 32.0) == ("123", "32")
    assert report.format_estimate(float("nan"), float("nan")) == ("—", "—")
    assert report.format_estimate(0.0625, 0.0) == ("0.0625", "exact")


# --- the committed results/ ----------------------------------------------------------------------

committed = pytest.mark.skipif(not (RESULTS / "manifest.json").is_file(), reason="no results/ yet")


@committed
def test_committed_results_are_untouched_generator_output():
    manifest = json.loads((RESULTS / "manifest.json").read_text())
    assert manifest["generator"] == "simkit report" and manifest["complete"] is True
    on_disk = {p.name for p in RESULTS.iterdir() if p.is_file()} - {"manifest.json"}
    assert on_disk == set(manifest["files"]), "results/ holds files the report did not write"
    for name, digest in manifest["files"].items():
        got = hashlib.sha256((RESULTS / name).read_bytes()).hexdigest()
        assert got == digest, f"results/{name} was edited after `simkit report` wrote it"


@committed
def test_committed_results_are_from_the_committed_code():
    manifest = json.loads((RESULTS / "manifest.json").read_text())
    report.discover()
    assert manifest["analyses"] == report.analysis_order(), "results/ misses analyses: run `simkit report`"
    assert manifest["code_fingerprint"] == report.code_fingerprint(), (
        "the code changed since results/ was generated: run `simkit report` and commit results/"
    )


@pytest.mark.slow
@committed
def test_committed_exact_tables_regenerate_identically(tmp_path):
    """The exact (non-random) tables of the foundation analysis, regenerated bit for bit."""
    report.discover()
    report.generate(tmp_path, ctx=Context(quiet=True), only=["cards_exact"])
    csvs = [p.name for p in tmp_path.glob("cards_*exact*.csv")]
    assert csvs
    for name in csvs:
        assert (tmp_path / name).read_bytes() == (RESULTS / name).read_bytes(), name


@pytest.mark.slow
@committed
def test_full_report_regenerates_identically(tmp_path):
    """Same code, same seed: every committed table again, bit for bit (minutes)."""
    manifest = json.loads((RESULTS / "manifest.json").read_text())
    report.generate(tmp_path, ctx=Context(seed=manifest["seed"], scale=manifest["scale"], quiet=True))
    for name in manifest["files"]:
        if name.endswith(".csv"):
            assert (tmp_path / name).read_bytes() == (RESULTS / name).read_bytes(), name


# --- never losing a report (the previous one stays until the new one is complete) -----------------


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_a_failing_report_leaves_the_previous_one_intact(tmp_path, demo_analyses):
    report.generate(tmp_path, ctx=Context(quiet=True), only=demo_analyses)
    before = _digests(tmp_path)

    @analysis("test_report_bad", game="razz")
    def _fails(ctx):
        raise RuntimeError("an analysis broke")

    with pytest.raises(RuntimeError, match="an analysis broke"):
        report.generate(tmp_path, ctx=Context(quiet=True), only=["test_report_razz", "test_report_bad"])
    assert _digests(tmp_path) == before
    assert not [p for p in tmp_path.parent.iterdir() if p.name.startswith(f".{tmp_path.name}-new-")]


def test_only_files_of_a_simkit_manifest_are_ever_removed(tmp_path, demo_analyses):
    (tmp_path / "precious.csv").write_text("a user's file")
    (tmp_path / "manifest.json").write_text(json.dumps({"files": {"precious.csv": "x"}}))
    with pytest.raises(ValueError, match="holds a manifest.json that simkit report did not write"):
        report.generate(tmp_path, ctx=Context(quiet=True), only=demo_analyses)
    assert (tmp_path / "precious.csv").read_text() == "a user's file"


def test_out_that_is_a_file_or_unwritable_is_refused_before_any_work(tmp_path, demo_analyses, capsys):
    from simkit.cli.main import main

    target = tmp_path / "a_file"
    target.write_text("x")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        report.generate(target, ctx=Context(quiet=True), only=demo_analyses)
    with pytest.raises(SystemExit) as exit_:
        main(["report", "--out", str(target), "--only", "cards_exact"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and "is a file, not a folder" in err
    assert len(err.splitlines()) <= 2


_SLOW_REPORT = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from simkit.analysis.registry import AnalysisResult, analysis
import pandas as pd

@analysis("test_slow", game="razz")
def _slow(ctx):
    print("started", flush=True)
    time.sleep(60)
    return AnalysisResult({"slow": pd.DataFrame({"x": [1]})})

from simkit.cli.main import main
sys.exit(main(["report", "--out", sys.argv[1], "--only", "test_slow", "--quiet"]))
"""


def test_an_interrupted_report_leaves_the_previous_one_intact(tmp_path, demo_analyses):
    import signal
    import subprocess
    import sys

    out = tmp_path / "results"
    report.generate(out, ctx=Context(quiet=True), only=demo_analyses)
    before = _digests(out)
    proc = subprocess.Popen(
        [sys.executable, "-c", _SLOW_REPORT, str(out)],
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout.readline().strip() == "started"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert _digests(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["results"]


# --- the sections run beside the report --------------------------------------------------------


def test_sections_run_beside_the_report_write_the_same_files(tmp_path):
    """A report of a section of BESIDE and another runs the first in a second process; every
    file is the one each section writes when the report runs it alone, in its own process."""
    report.discover()
    only = ["triple_draw_t2_t3", "in_between_odds"]
    ctx = Context(scale=0.01, quiet=True)
    if (os.cpu_count() or 1) > 1:
        assert report_sections.beside_names(only, ctx) == ["triple_draw_t2_t3"]
    both = report.generate(tmp_path / "both", ctx=ctx, only=only, beside=True)
    alone = {}
    for name in only:
        alone.update(
            report.generate(tmp_path / name, ctx=Context(scale=0.01, quiet=True), only=[name])["files"]
        )
    for name in ("tips.csv", "REPORT.md"):
        alone.pop(name)
        assert both["files"].pop(name)
    assert both["files"] == alone
    assert list(both["seconds"]) == only
    md = (tmp_path / "both" / "REPORT.md").read_text()
    assert "[triple_draw_t2.csv](triple_draw_t2.csv)" in md
    tips = pd.read_csv(tmp_path / "both" / "tips.csv").set_index("tip")
    assert tips.loc["T2", "verdict"] != report.NOT_MEASURED


def test_no_second_process_for_a_cluster_or_a_report_of_beside_sections_only():
    names = list(report_sections.BESIDE)
    assert report_sections.beside_names(names, Context()) == []
    assert report_sections.beside_names([*names, "razz_r5"], Context(scheduler="tcp://x:1")) == []
    assert report_sections.beside_names(["razz_r5"], Context()) == []
