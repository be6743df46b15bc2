"""``simkit report``: run every registered analysis and write ``results/``.

Writes, into the output directory (default ``results/``):

- ``<table>.csv`` for every table and ``<figure>.png`` for every figure of every analysis;
- ``tips.csv``: one row per beginner tip of :mod:`simkit.analysis.tips` (all of D1-D5, T1-T5,
  I1-I3, R1-R5) with its figure, standard error, verdict, table and plot, or
  "not yet measured";
- ``REPORT.md``: one section per game with its analyses and its tip table;
- ``manifest.json``: the run's settings, a fingerprint of the code (tips included) that made it,
  and the sha256 of every file written, so a test can tell generated results from edited ones.

Analyses are found by importing every module of :mod:`simkit.analysis`.

Examples
--------
>>> [t.id for t in load_tips()][:6]
['D1', 'D2', 'D3', 'D4', 'D5', 'T1']
>>> format_estimate(0.123456, 0.00123)
('0.1235', '0.0012')
>>> format_estimate(2598960, 0.0)
('2598960', 'exact')
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import pkgutil
import shutil
import sys
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pandas as pd

from . import __version__, warmup
from .analysis.registry import ANALYSES, Context, TipResult
from .analysis.tips import TIPS, Tip
from .report_sections import Beside, Section, new_file, run_section, save_png, start_beside
from .runner.checkpoint import ctrl_c_held

__all__ = ["GAME_TITLES", "Tip", "code_fingerprint", "format_estimate", "generate", "load_tips"]

REPO = Path(__file__).resolve().parents[1]

GAME_TITLES = {
    "cards": "Cards (foundation)",
    "diablo": "Diablo",
    "triple_draw": "2-7 Triple Draw",
    "in_between": "In-Between",
    "razz": "Razz",
    "evening": "The evening",
}
NOT_MEASURED = "not yet measured"


def load_tips() -> list[Tip]:
    """The beginner tips the report measures (:data:`simkit.analysis.tips.TIPS`).

    >>> [t.game for t in load_tips()][::5]
    ['diablo', 'triple_draw', 'in_between', 'razz']
    """
    return list(TIPS)


def format_estimate(figure: float, se: float) -> tuple[str, str]:
    """``figure`` and ``se`` as text, ``figure`` to the precision its error supports."""
    if figure is None or (isinstance(figure, float) and math.isnan(figure)):
        return "—", "—"
    if not se:
        if float(figure).is_integer() and abs(figure) < 1e15:
            return f"{int(figure)}", "exact"
        return f"{figure:.6g}", "exact"
    decimals = max(0, 1 - math.floor(math.log10(abs(se))))
    return f"{figure:.{decimals}f}", f"{se:.{decimals}f}"


def code_fingerprint() -> str:
    """sha256 over the package's source files (the tips included): what a report depends on.

    Only files of the repository count, so a clone on its own gives the same fingerprint.

    >>> len(code_fingerprint()) == 64 and code_fingerprint() == code_fingerprint()
    True
    """
    h = hashlib.sha256()
    pkg = REPO / "simkit"
    for f in sorted(pkg.rglob("*.py")):
        h.update(f.relative_to(REPO).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def discover() -> None:
    """Import every module of :mod:`simkit.analysis`, so that their analyses register.

    >>> discover(); "cards_exact" in ANALYSES
    True
    """
    from . import analysis

    for mod in pkgutil.iter_modules(analysis.__path__):
        importlib.import_module(f"{analysis.__name__}.{mod.name}")


def analysis_order() -> list[str]:
    """Every registered analysis, by game, then module, then order within its module.

    The order never depends on which module happened to be imported first.
    """
    games = list(GAME_TITLES)

    def key(name: str) -> tuple:
        a = ANALYSES[name]
        return (games.index(a.game) if a.game in games else len(games), a.func.__module__)

    return sorted(ANALYSES, key=key)  # stable: a module keeps its own order


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _link(name: str | None, ext: str) -> str:
    return f"[{name}]({name}.{ext})" if name else ""


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def generate(
    out: str | Path = "results",
    *,
    ctx: Context | None = None,
    only: list[str] | None = None,
    log=sys.stderr,
    compile_ahead: bool = False,
    beside: bool | None = None,
) -> dict:
    """Run the analyses (all, or those named in ``only``) and write the report into ``out``.

    Returns the manifest that is also written to ``out/manifest.json``.  The report is
    written into a new folder beside ``out`` and replaces the previous one only when complete:
    an error or Ctrl-C leaves the previous report as it was.  Of the files in ``out`` only those
    that the previous report's manifest lists are ever removed.

    ``compile_ahead``: on a machine whose kernel cache has not yet seen this code, compile the
    later sections' kernels in a helper process meanwhile (:mod:`simkit.warmup`; ``simkit
    report`` does).  ``beside``: run the sections whose time is mostly one thread in a second
    process beside the others (:mod:`simkit.report_sections`); None (the default) does so once
    the kernel cache holds a whole report of this code (on a fresh machine both processes
    would compile the kernels they share).  The files written are the same either way.

    Raises
    ------
    ValueError
        For an unknown analysis name in ``only``, two outputs of the same name, a tip id not in
        :data:`~simkit.analysis.tips.TIPS`, a tip measured twice, an ``out`` that is a file or
        cannot be written, or one that holds a ``manifest.json`` that simkit did not write.
    """
    ctx = ctx or Context()
    discover()
    for name in only or []:
        if name not in ANALYSES:
            raise ValueError(f"unknown analysis {name!r}; known: {', '.join(ANALYSES)}")
    names = [n for n in analysis_order() if only is None or n in only]
    tips = load_tips()
    tip_ids = {t.id for t in tips}
    out = Path(out)
    stage = _staging_folder(out)
    progress = stage / ".progress"
    second = helper = None
    try:
        if warmup.compiled() if beside is None else beside:
            second = start_beside(names, ctx, stage)
        away = second.names if second else []
        if compile_ahead and ctx.workers is None and not ctx.scheduler:
            helper = warmup.start([n for n in names if n not in away], progress)
        manifest = _write(stage, ctx, names, tips, tip_ids, only, log, progress if helper else None, second)
        _replace_report(out, stage, manifest)
    finally:
        if second is not None:
            second.stop()
        warmup.stop(helper)
        shutil.rmtree(stage, ignore_errors=True)
    if only is None:
        warmup.mark_compiled()
    return manifest


def _staging_folder(out: Path) -> Path:
    """A new folder beside ``out`` to write the report into; refuses an unusable ``out``."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"out {str(out)!r} is a file, not a folder")
    if out.exists() and (out / "manifest.json").is_file() and _previous_files(out) is None:
        raise ValueError(
            f"out {str(out)!r} holds a manifest.json that simkit report did not write; choose another folder"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}-new-"))
    except OSError as exc:
        raise ValueError(f"cannot write out {str(out)!r}: {exc.strerror or exc}") from None


def _write(
    out: Path,
    ctx: Context,
    names: list[str],
    tips: list[Tip],
    tip_ids: set[str],
    only: list[str] | None,
    log,
    progress: Path | None = None,
    beside: Beside | None = None,
) -> dict:
    """Run the analyses and write every file of the report into the empty folder ``out``
    (each section's name into ``progress`` as it starts, for :mod:`simkit.warmup`; the sections
    of ``beside`` are run by its second process, :mod:`simkit.report_sections`)."""
    import matplotlib

    matplotlib.use("Agg")

    written: dict[str, str] = {}
    done: dict[str, Section] = {}
    away = beside.names if beside else []
    if away and log and not ctx.quiet:
        print(f"simkit report: {', '.join(away)} ... (beside, in a second process)", file=log, flush=True)
    # Drawing and saving a figure is a second or so of Python; a thread of its own does it while
    # the next section runs (whose kernels release the GIL).  One figure per thread at a time,
    # on the Agg canvas, as matplotlib allows; the files are the same as drawn in turn.
    figure_writer = ThreadPoolExecutor(1, thread_name_prefix="simkit-figures")
    saving: list[Future] = []

    def save(fig, path: Path) -> None:
        saving.append(figure_writer.submit(save_png, fig, path))

    try:
        for name in names:
            if name in away:
                continue
            if log and not ctx.quiet:
                print(f"simkit report: {name} ...", file=log, flush=True)
            if progress is not None:
                progress.write_text(name)
            done[name] = run_section(name, ctx, out, written, save)
        for saved in saving:
            saved.result()
    finally:
        figure_writer.shutdown(wait=True, cancel_futures=True)
    if beside is not None:
        for section in beside.sections():
            for t in section.tables:
                new_file(out, f"{t}.csv", written)
            for f in section.figures:
                new_file(out, f"{f}.png", written)
            done[section.name] = section

    seconds: dict[str, float] = {}
    sections: dict[str, list[str]] = {g: [] for g in GAME_TITLES}
    measured: dict[str, tuple[str, TipResult]] = {}
    for name in names:
        a, section = ANALYSES[name], done[name]
        seconds[name] = section.seconds
        for tip in section.tips:
            if tip.tip not in tip_ids:
                raise ValueError(
                    f"analysis {name!r} measures tip {tip.tip!r}, which is not a tip of simkit.analysis.tips"
                )
            if tip.tip in measured:
                raise ValueError(f"tip {tip.tip} is measured by both {measured[tip.tip][0]!r} and {name!r}")
            measured[tip.tip] = (name, tip)
        lines = [f"### {a.title}", ""]
        if section.tables:
            lines += ["Tables: " + ", ".join(f"[{t}.csv]({t}.csv)" for t in section.tables), ""]
        lines += [line for f in section.figures for line in (f"![{f}]({f}.png)", "")]
        lines += [f"- {n}" for n in section.notes] + ([""] if section.notes else [])
        sections.setdefault(a.game, []).extend(lines)

    rows = _tip_rows(tips, measured)
    tips_csv = new_file(out, "tips.csv", written)
    pd.DataFrame(rows).to_csv(tips_csv, index=False)
    report = new_file(out, "REPORT.md", written)
    report.write_text(_markdown(ctx, sections, rows), encoding="utf-8")

    manifest = {
        "generator": "simkit report",
        "simkit": __version__,
        "seed": ctx.seed,
        "scale": ctx.scale,
        "analyses": names,
        "complete": only is None,
        "code_fingerprint": code_fingerprint(),
        "seconds": seconds,
        "files": {name: _sha256(out / name) for name in sorted(written)},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def _previous_files(out: Path) -> list[str] | None:
    """The files a previous report in ``out`` listed in its manifest; ``None`` when ``out``
    holds a ``manifest.json`` that ``simkit report`` did not write; ``[]`` without one."""
    mpath = out / "manifest.json"
    if not mpath.is_file():
        return []
    try:
        old = json.loads(mpath.read_text())
    except (OSError, ValueError):
        return None
    if (
        not isinstance(old, dict)
        or old.get("generator") != "simkit report"
        or not isinstance(old.get("files"), dict)
    ):
        return None
    return [name for name in old["files"] if isinstance(name, str) and Path(name).name == name]


def _replace_report(out: Path, stage: Path, manifest: dict) -> None:
    """Put the complete new report of ``stage`` in place of the previous one in ``out``.

    Only files the previous simkit manifest lists are removed; Ctrl-C waits for the swap, so
    ``out`` holds either the old report or the whole new one.
    """
    with ctrl_c_held():
        old = _previous_files(out) or []
        (out / "manifest.json").unlink(missing_ok=True)  # first out, last in: a torn swap shows
        for name in manifest["files"]:
            os.replace(stage / name, out / name)
        for name in set(old) - set(manifest["files"]):
            p = out / name
            if p.is_file():
                p.unlink()
        os.replace(stage / "manifest.json", out / "manifest.json")


def _tip_rows(tips: list[Tip], measured: dict[str, tuple[str, TipResult]]) -> list[dict]:
    rows = []
    for t in tips:
        if t.id in measured:
            analysis_name, r = measured[t.id]
            # The claim is always the tip list's wording; the analysis says what it measured.
            rows.append(
                dict(
                    tip=t.id,
                    game=t.game,
                    claim=t.claim,
                    measure=r.measure,
                    figure=r.figure,
                    se=r.se,
                    verdict=r.verdict,
                    detail=r.detail,
                    table=r.table or "",
                    plot=r.plot or "",
                    analysis=analysis_name,
                )
            )
        else:
            rows.append(
                dict(
                    tip=t.id,
                    game=t.game,
                    claim=t.claim,
                    measure=t.measure,
                    figure=float("nan"),
                    se=float("nan"),
                    verdict=NOT_MEASURED,
                    detail="",
                    table="",
                    plot="",
                    analysis="",
                )
            )
    return rows


def _markdown(ctx: Context, sections: dict[str, list[str]], rows: list[dict]) -> str:
    counts = pd.Series([r["verdict"] for r in rows]).value_counts()
    summary = ", ".join(f"{v}: {n}" for v, n in counts.items())
    lines = [
        "# simkit report",
        "",
        f"Generated by `simkit report` (simkit {__version__}, seed {ctx.seed}, scale {ctx.scale:g}) "
        "from the committed code: do not edit by hand, run `simkit report` again. "
        "Every Monte Carlo figure comes with its standard error (SE); exact figures say so.",
        "",
        f"Beginner tips ({len(rows)}): {summary}. All tips: [tips.csv](tips.csv).",
        "",
    ]
    for game, title in GAME_TITLES.items():
        lines += [f"## {title}", ""]
        body = sections.get(game, [])
        lines += body if body else ["No analysis of this game yet.", ""]
        game_rows = [r for r in rows if r["game"] == game]
        if not game_rows:
            continue
        lines += [
            f"#### {title}: beginner tips",
            "",
            "| Tip | Claim | Measure | Figure | SE | Verdict | Table | Plot |",
            "| --- | --- | --- | ---: | ---: | --- | --- | --- |",
        ]
        for r in game_rows:
            fig, se = format_estimate(r["figure"], r["se"])
            verdict = r["verdict"] + (f": {r['detail']}" if r["detail"] else "")
            lines.append(
                f"| {r['tip']} | {_cell(r['claim'])} | {_cell(r['measure'])} | {fig} | {se} | "
                f"{_cell(verdict)} | {_link(r['table'], 'csv')} | {_link(r['plot'], 'png')} |"
            )
        lines.append("")
    return "\n".join(lines)
