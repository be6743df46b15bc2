"""Diablo analyses for ``simkit report``: exact draw tables, showdown equity, the game itself.

- ``diablo_draws`` (exact): the best keep of every hand by deuces held and category as dealt,
  by rank pattern, and a single pair's improvement odds drawing two or three, with and
  without wild cards (tip D4).
- ``diablo_showdown`` (Monte Carlo, everyone drawing by the exact policy, no folding): the
  showdown share of each dealt class against 1-6 opponents (tips D2 in part, D3).

Each tip's verdict is computed from the measured figures and their standard errors; the rule
is spelled out in the tip's detail.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .registry import AnalysisResult, Context, TipResult, analysis

__all__: list[str] = []


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


# --- D4 and the keep tables (exact) -----------------------------------------------------------

def d4_verdict(table: pd.DataFrame) -> TipResult:
    """Tip D4 from the exact pair-improvement table (see :func:`pair_improvement`)."""
    r = table.set_index(["wild", "draw"])["improve"]
    diablo, normal = float(r.loc[(True, 2)]), float(r.loc[(False, 3)])
    wild3, plain2 = float(r.loc[(True, 3)]), float(r.loc[(False, 2)])
    if diablo < normal:
        verdict = "holds"
    else:
        verdict = "does not hold"
    detail = (f"Exact over every natural one-pair hand. Diablo (deuces wild, keep pair + kicker, "
              f"draw 2): {diablo:.4f}; normal draw poker (no wilds, draw 3): {normal:.4f}. "
              f"The two-card limit alone costs {wild3 - diablo:.4f} (wild, draw 3: {wild3:.4f}) "
              f"and {normal - plain2:.4f} without wilds (draw 2: {plain2:.4f}), but the four wild "
              f"deuces more than make up for it. Rule: holds if Diablo's improvement probability "
              f"is below normal draw poker's, else does not hold (exact figures, no SE).")
    return TipResult("D4", "With at most two cards exchanged a single pair improves less often "
                     "than in normal draw poker.",
                     "P(a natural pair improves), deuces wild drawing 2", diablo, 0.0, verdict,
                     detail, table="diablo_pair_improvement", plot="diablo_pair_improvement")


@analysis("diablo_draws", game="diablo", title="Diablo: exact draw odds and the best keeps")
def _draws(ctx: Context) -> AnalysisResult:
    from simkit.games.diablo.improve import pair_improvement
    from simkit.games.diablo.keeps import keep_summary, pattern_table

    plt = _plt()
    imp = pair_improvement()
    summary = keep_summary()
    patterns = pattern_table()
    fig, ax = plt.subplots(figsize=(7, 4), constrained_layout=True)
    labels = [f"{'wild' if w else 'no wild'}, draw {d}" for w, d in zip(imp.wild, imp.draw)]
    cats = ["two_pair", "three_of_a_kind", "full_house", "four_of_a_kind", "five_of_a_kind"]
    left = np.zeros(len(imp))
    for c in cats:
        ax.barh(labels, imp[c], left=left, label=c.replace("_", " "))
        left += imp[c].to_numpy()
    ax.set_xlabel("probability (exact)")
    ax.set_title("A single pair: how it improves (D4)")
    ax.legend(fontsize=7, loc="lower right")
    notes = [
        "Best keeps: every one of the 2,598,960 hands, exactly (inclusion-exclusion over the "
        "discards); objective: showdown share against two random five-card hands.",
        "Pair improvement: exact enumeration over every rank pattern of a natural pair "
        "(every replacement set of the 47 unseen cards).",
    ]
    return AnalysisResult(
        tables={"diablo_pair_improvement": imp, "diablo_keep_summary": summary,
                "diablo_keeps_by_pattern": patterns},
        figures={"diablo_pair_improvement": fig},
        tips=[d4_verdict(imp)], notes=notes)


# --- D3 (showdown equity, Monte Carlo) ---------------------------------------------------------

def d3_verdict(by_class: pd.DataFrame) -> TipResult:
    """Tip D3 from the showdown table: natural two pair against 1-6 opponents."""
    t = by_class[(by_class.pat_category == "two_pair") & (by_class.deuces == 0)]
    t = t.sort_values("opponents")
    below = (t.win + 2 * t.win_se < t.fair).to_numpy()
    above = (t.win - 2 * t.win_se > t.fair).to_numpy()
    if below.all():
        verdict = "holds"
    elif below.any():
        verdict = "holds with a caveat"
    else:
        verdict = "does not hold"
    first = int(t.opponents.to_numpy()[below][0]) if below.any() else None
    parts = [f"{n} opp: {w:.3f}±{s:.3f} (fair {f:.3f})"
             for n, w, s, f in zip(t.opponents, t.win, t.win_se, t.fair)]
    stand = t[t.opponents == 1].iloc[0]
    detail = (f"Natural two pair (no deuce), everyone drawing by the exact policy, nobody "
              f"folding; showdown share by opponents: {'; '.join(parts)}. Its final hand stands "
              f"at the {stand.win:.3f} percentile of others' final hands. Rule: weak = share "
              f"more than 2 SE below the fair share 1/(n+1); holds if weak against every n, "
              f"holds with a caveat if weak only from some n on"
              + (f" (here from {first} opponents)" if first else "")
              + ", else does not hold.")
    return TipResult("D3", "Two pair without a 2 is weak here.",
                     "percentile of natural two pair's final hand among final hands "
                     "(= showdown share against one opponent)",
                     float(stand.win), float(stand.win_se), verdict, detail,
                     table="diablo_showdown_by_class", plot="diablo_showdown")


@analysis("diablo_showdown", game="diablo", title="Diablo: showdown equity of dealt hands")
def _showdown(ctx: Context) -> AnalysisResult:
    from simkit.games.diablo.showdown import ShowdownJob, tabulate
    from simkit.runner import run

    plt = _plt()
    trials = ctx.trials(1_000_000)
    tot = run(ShowdownJob(), trials, seed=ctx.seed, workers=ctx.workers,
              scheduler=ctx.scheduler, quiet=ctx.quiet)
    by_class = tabulate(tot, "class")
    by_deuces = tabulate(tot, "deuces")
    fig, axes = plt.subplots(1, 2, figsize=(11, 4), constrained_layout=True)
    ax = axes[0]
    for (cat, d), label in [(("one_pair", 0), "natural pair"), (("two_pair", 0), "natural two pair"),
                            (("one_pair", 1), "pair made with a deuce"),
                            (("three_of_a_kind", 0), "natural trips"),
                            (("three_of_a_kind", 1), "trips with one deuce")]:
        t = by_class[(by_class.pat_category == cat) & (by_class.deuces == d)]
        ax.errorbar(t.opponents, t.win, yerr=2 * t.win_se, marker="o", ms=3, capsize=2, label=label)
    ax.plot(np.arange(1, 7), 1 / np.arange(2, 8), "k--", lw=1, label="fair share 1/(n+1)")
    ax.set_xlabel("opponents (all drawing, nobody folds)")
    ax.set_ylabel("showdown share (±2 SE)")
    ax.set_title("Dealt hand vs opponents (D3)")
    ax.legend(fontsize=7)
    ax = axes[1]
    for d in range(5):
        t = by_deuces[by_deuces.deuces == d]
        if len(t):
            ax.errorbar(t.opponents, t.win, yerr=2 * t.win_se, marker="o", ms=3, capsize=2,
                        label=f"{d} deuce{'s' if d != 1 else ''}")
    ax.plot(np.arange(1, 7), 1 / np.arange(2, 8), "k--", lw=1, label="fair share")
    ax.set_xlabel("opponents")
    ax.set_title("By deuces held (D2)")
    ax.legend(fontsize=7)
    notes = [f"{trials:,} deals of 7 hands; the hero's class is its category as dealt and the "
             "deuces it holds; every player draws by the exact best-keep policy; nobody folds, so "
             "this is showdown equity, not the game's chip result (see diablo_game)."]
    return AnalysisResult(
        tables={"diablo_showdown_by_class": by_class, "diablo_showdown_by_deuces": by_deuces},
        figures={"diablo_showdown": fig},
        tips=[d3_verdict(by_class)], notes=notes)
