"""``simkit report``: run every registered analysis and write ``results/``.

Writes, into the output directory (default ``results/``):

- ``<table>.csv`` for every table and ``<figure>.png`` for every figure of every analysis;
- ``tips.csv``: one row per beginner tip of ``shared/rules/TIPS.md`` (all of D1-D5, T1-T5,
  I1-I3, R1-R5) with its figure, standard error, verdict, table and plot, or
  "not yet measured";
- ``REPORT.md``: one section per game with its analyses and its tip table;
- ``manifest.json``: the run's settings, a fingerprint of the code and rules that made it,
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
import pkgutil
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from . import __version__
from .analysis.registry import ANALYSES, AnalysisResult, Context, TipResult

__all__ = ["GAME_TITLES", "Tip", "code_fingerprint", "format_estimate", "generate", "load_tips"]

REPO = Path(__file__).resolve().parents[1]
#: ``shared/rules/TIPS.md`` beside the repository, read at run time when present.
TIPS_PATH = REPO.parent / "shared" / "rules" / "TIPS.md"

GAME_TITLES = {
    "cards": "Cards (foundation)",
    "diablo": "Diablo",
    "triple_draw": "2-7 Triple Draw",
    "in_between": "In-Between",
    "razz": "Razz",
}
_TIP_GAME = {"D": "diablo", "T": "triple_draw", "I": "in_between", "R": "razz"}
NOT_MEASURED = "not yet measured"

# The tips of TIPS.md, for when the shared rules are not beside the repository.
_FALLBACK_TIPS = {
    "D1": "Opening is dangerous: open only with a hand that will probably win, e.g. three of a kind or better.",
    "D2": "Every 2 in your hand is worth gold.",
    "D3": "Two pair without a 2 is weak here.",
    "D4": "You may exchange at most two cards, so a single pair improves less often than in normal draw poker.",
    "D5": "The opener has much to lose and so rarely bluffs.",
    "T1": "The 7 is the magic card: play three or more different cards 7 or lower, above all with the 2.",
    "T2": "6-5-4-3-2 and 7-6-5-4-3 look great but are straights and lose to almost everything; the same for five of one suit.",
    "T3": "Aces are high: an ace is the worst card, worse than a king.",
    "T4": "Watch how many cards others draw: who stands pat early probably has a good hand; who still draws two at the last draw rarely does.",
    "T5": "Don't call just because you already have chips in the pot.",
    "I1": "Count the values between: with 11 (Ace and 2) you win very often; with 1 or 2, pass or stake very little.",
    "I2": "Even with a wide spread you can hit the post: never stake more than you can pay twice.",
    "I3": "As dealer, a small pot limits how much one player can take from you at once.",
    "R1": "Play three different cards 8 or lower; the lower the better; three cards 5 or lower are excellent.",
    "R2": "A King or Queen among your first three cards is usually a reason to fold.",
    "R3": "Watch the upcards: if the small cards you need lie with others your chances sink; high cards with opponents are good news.",
    "R4": "An early pair is no disaster, more cards come; but don't pay much to find out.",
    "R5": "Don't call just because you already have chips in the pot.",
}


@dataclass(frozen=True)
class Tip:
    """A beginner tip of TIPS.md: its id, game, claim and what to measure."""

    id: str
    game: str
    claim: str
    measure: str = ""


def load_tips(path: str | Path | None = None) -> list[Tip]:
    """The tips of ``path`` (default :data:`TIPS_PATH`), or the embedded list without it.

    >>> [t.game for t in load_tips(Path("/nonexistent"))][::5]
    ['diablo', 'triple_draw', 'in_between', 'razz']
    """
    path = Path(path) if path is not None else TIPS_PATH
    if not path.is_file():
        return [Tip(i, _TIP_GAME[i[0]], c) for i, c in _FALLBACK_TIPS.items()]
    items: list[list[str]] = []
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^- ([DTIR]\d+) (.*)$", line)
        if m:
            current = [m.group(1), m.group(2)]
            items.append(current)
        elif current is not None and line.startswith("  ") and line.strip():
            current[1] += " " + line.strip()
        else:
            current = None
    tips = []
    for tip_id, text in items:
        claim, _, measure = text.partition("Measure:")
        tips.append(Tip(tip_id, _TIP_GAME[tip_id[0]], claim.strip(), measure.strip()))
    return tips


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


def code_fingerprint(tips_path: str | Path | None = None) -> str:
    """sha256 over the package's source files and the tips: what a report depends on.

    >>> len(code_fingerprint()) == 64 and code_fingerprint() == code_fingerprint()
    True
    """
    h = hashlib.sha256()
    pkg = REPO / "simkit"
    for f in sorted(pkg.rglob("*.py")):
        h.update(f.relative_to(REPO).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    tips = Path(tips_path) if tips_path is not None else TIPS_PATH
    if tips.is_file():
        h.update(b"TIPS.md\0" + tips.read_bytes())
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
    tips_path: str | Path | None = None,
    log=sys.stderr,
) -> dict:
    """Run the analyses (all, or those named in ``only``) and write the report into ``out``.

    Returns the manifest that is also written to ``out/manifest.json``.

    Raises
    ------
    ValueError
        For an unknown analysis name in ``only``, two outputs of the same name, a tip id not in
        TIPS.md, or a tip measured twice.
    """
    ctx = ctx or Context()
    discover()
    for name in only or []:
        if name not in ANALYSES:
            raise ValueError(f"unknown analysis {name!r}; known: {', '.join(ANALYSES)}")
    names = [n for n in analysis_order() if only is None or n in only]
    tips = load_tips(tips_path)
    tip_ids = {t.id for t in tips}
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    _remove_previous(out)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written: dict[str, str] = {}
    seconds: dict[str, float] = {}
    sections: dict[str, list[str]] = {g: [] for g in GAME_TITLES}
    measured: dict[str, tuple[str, TipResult]] = {}
    for name in names:
        a = ANALYSES[name]
        if log and not ctx.quiet:
            print(f"simkit report: {name} ...", file=log, flush=True)
        start = time.perf_counter()
        result: AnalysisResult = a.func(ctx)
        seconds[name] = round(time.perf_counter() - start, 2)
        files: list[str] = []
        for tname, df in result.tables.items():
            path = _new_file(out, f"{tname}.csv", written)
            index = not isinstance(df.index, pd.RangeIndex)
            df.to_csv(path, index=index)
            files.append(f"[{tname}.csv]({tname}.csv)")
        figs: list[str] = []
        for fname, fig in result.figures.items():
            path = _new_file(out, f"{fname}.png", written)
            fig.savefig(path, dpi=110, bbox_inches="tight", metadata={"Software": None})
            plt.close(fig)
            figs.append(f"![{fname}]({fname}.png)")
        for tip in result.tips:
            if tip.tip not in tip_ids:
                raise ValueError(f"analysis {name!r} measures tip {tip.tip!r}, which TIPS.md does not list")
            if tip.tip in measured:
                raise ValueError(f"tip {tip.tip} is measured by both {measured[tip.tip][0]!r} and {name!r}")
            measured[tip.tip] = (name, tip)
        lines = [f"### {a.title}", ""]
        if files:
            lines += ["Tables: " + ", ".join(files), ""]
        lines += [f for f in figs for f in (f, "")]
        lines += [f"- {n}" for n in result.notes] + ([""] if result.notes else [])
        sections.setdefault(a.game, []).extend(lines)

    rows = _tip_rows(tips, measured)
    tips_csv = _new_file(out, "tips.csv", written)
    pd.DataFrame(rows).to_csv(tips_csv, index=False)
    report = _new_file(out, "REPORT.md", written)
    report.write_text(_markdown(ctx, sections, rows), encoding="utf-8")

    manifest = {
        "generator": "simkit report",
        "simkit": __version__,
        "seed": ctx.seed,
        "scale": ctx.scale,
        "analyses": names,
        "complete": only is None,
        "code_fingerprint": code_fingerprint(tips_path),
        "seconds": seconds,
        "files": {name: _sha256(out / name) for name in sorted(written)},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def _new_file(out: Path, name: str, written: dict) -> Path:
    if name in written or name == "manifest.json":
        raise ValueError(f"two outputs of the report are both named {name!r}")
    written[name] = name
    return out / name


def _remove_previous(out: Path) -> None:
    """Delete the files a previous report listed in its manifest (and nothing else)."""
    mpath = out / "manifest.json"
    if not mpath.is_file():
        return
    try:
        old = json.loads(mpath.read_text()).get("files", {})
    except ValueError:
        return
    for name in old:
        p = out / name
        if p.parent == out and p.is_file():
            p.unlink()
    mpath.unlink()


def _tip_rows(tips: list[Tip], measured: dict[str, tuple[str, TipResult]]) -> list[dict]:
    rows = []
    for t in tips:
        if t.id in measured:
            analysis_name, r = measured[t.id]
            # The claim is always TIPS.md's wording; the analysis says what it measured.
            rows.append(dict(tip=t.id, game=t.game, claim=t.claim, measure=r.measure,
                             figure=r.figure, se=r.se, verdict=r.verdict, detail=r.detail,
                             table=r.table or "", plot=r.plot or "", analysis=analysis_name))
        else:
            rows.append(dict(tip=t.id, game=t.game, claim=t.claim, measure=t.measure,
                             figure=float("nan"), se=float("nan"), verdict=NOT_MEASURED,
                             detail="", table="", plot="", analysis=""))
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
