"""Razz analyses for ``simkit report``: start-hand equity (R1, R2), upcards (R3), early pairs
(R4), with R2's chips from full games.  Win rates and R5 are in :mod:`simkit.analysis.razz_match`.

Every figure is Monte Carlo with its standard error unless marked exact.  Each tip's verdict
is computed from the figures and their standard errors by the rule spelled out in the tip's
detail (``Z`` standard errors make a difference count).  The plotting functions are public so
that ``notebooks/razz.ipynb`` draws the same pictures; :func:`pyplot`, :func:`run_options` and
``Z`` are shared with :mod:`simkit.analysis.razz_match`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..rng import SeedLike, substream
from ..runner import map_threads
from .registry import AnalysisResult, Context, TipResult, Verdict, Z, analysis, pyplot

__all__ = [
    "by_high_table",
    "plot_by_high",
    "plot_early_pair",
    "plot_start_heatmap",
    "plot_upcards",
    "r1_verdict",
    "r2_verdict",
    "r3_verdict",
    "r3_dead_cards",
    "dead_card_table",
    "r4_verdict",
    "early_pair_chips",
    "fourth_street_classes",
    "r2_chips",
    "plot_king_queen",
]

GAME = "razz"
FOCUS = 4  # opponents in the headline figures: a five-handed table (the document's best size)


def _weighted(d: pd.DataFrame) -> tuple[float, float]:
    """Deal-weighted mean equity of the rows of ``d`` and its standard error."""
    w = d.deals.to_numpy(float)
    m = float((w * d.equity).sum() / w.sum())
    se = float(np.sqrt((w * w * d.se * d.se).sum()) / w.sum())
    return m, se


# --- R1, R2: the start table ------------------------------------------------------------------


def by_high_table(starts: pd.DataFrame) -> pd.DataFrame:
    """Deal-weighted equity by opponents, pairing and highest card (of the start table)."""
    rows = []
    for (k, pairing, high), d in starts.groupby(["opponents", "pairing", "high"], sort=True):
        m, se = _weighted(d)
        rows.append(
            {
                "opponents": k,
                "pairing": pairing,
                "high": high,
                "deals": int(d.deals.sum()),
                "equity": m,
                "se": se,
                "fair": 1.0 / (k + 1),
                "relative": m * (k + 1),
            }
        )
    return pd.DataFrame(rows)


def r1_verdict(starts: pd.DataFrame) -> TipResult:
    """Tip R1 from the start table (:func:`simkit.games.razz.starts.start_table`)."""
    ks = sorted(starts.opponents.unique())
    unp = starts[starts.pairing == "none"]
    low8 = unp[unp.high <= 8]
    beats_fair = bool(((low8.equity - low8.fair) > Z * low8.se).all())
    worst = low8.assign(rel=low8.equity / low8.fair).sort_values("rel").iloc[0]
    # the lower the better: mean equity by highest card never rises by more than Z SE
    reversals = []
    falls = True
    for k in ks:
        g = by_high_table(unp[unp.opponents == k]).set_index("high")
        highs = sorted(g.index)
        for a, b in zip(highs, highs[1:]):
            diff = g.equity[b] - g.equity[a]
            if diff > Z * np.hypot(g.se[a], g.se[b]):
                reversals.append(f"{k} opp.: {b}-high above {a}-high by {diff:.3f}")
        falls &= bool(g.equity[5] - g.equity[8] > Z * np.hypot(g.se[5], g.se[8]))
    # excellent: every unpaired start 5 or lower is in the top 10 % of dealt starts
    excellent = True
    for k in ks:
        d = starts[starts.opponents == k].sort_values("equity", ascending=False)
        cum = d.deals.cumsum() / d.deals.sum()
        p90 = float(d.equity[cum >= 0.10].iloc[0])
        five = d[(d.pairing == "none") & (d.high <= 5)]
        excellent &= bool((five.equity + Z * five.se >= p90).all())
    nine = unp[(unp.high == 9)]
    nine_ok = bool(((nine.equity - nine.fair) > Z * nine.se).all())
    focus = low8[low8.opponents == FOCUS] if FOCUS in ks else low8[low8.opponents == ks[0]]
    m, se = _weighted(focus)
    k0 = int(focus.opponents.iloc[0])
    verdict: Verdict
    if beats_fair and falls and not reversals and excellent:
        verdict = "holds"
    elif beats_fair and excellent:
        verdict = "holds with a caveat"
    else:
        verdict = "does not hold"
    detail = (
        f"All-in equity of every three-card start against {ks[0]}-{ks[-1]} random opponents who "
        f"all stay to the showdown. Every unpaired start 8 or lower beats its fair share "
        f"1/players: {'yes' if beats_fair else 'no'} (weakest: {worst.pattern} with "
        f"{int(worst.opponents)} opponent(s) at {worst.equity:.3f} = {worst.equity / worst.fair:.2f} x "
        f"fair). Mean equity falls with the highest card (5-high above 8-high at every table "
        f"size: {'yes' if falls else 'no'}; rises of more than {Z} SE: "
        f"{'; '.join(reversals) if reversals else 'none'}). Every unpaired start 5 or lower is "
        f"in the top 10% of dealt starts at every table size: {'yes' if excellent else 'no'}. "
        f"Unpaired 9-high starts beat the fair share at every table size too: "
        f"{'yes (the tip is on the safe side)' if nine_ok else 'no'}. Rule: holds if all "
        f"three parts hold (differences beyond {Z} SE); with a caveat if the first and the "
        f"last hold; else does not hold."
    )
    return TipResult(
        "R1",
        "Play three different cards 8 or lower; the lower the better; three cards 5 or lower are excellent.",
        f"deal-weighted equity of unpaired starts 8 or lower vs {k0} random opponents "
        f"(fair {1 / (k0 + 1):.3f})",
        m,
        se,
        verdict,
        detail,
        table="razz_r1_by_high",
        plot="razz_r1_by_high",
    )


def r2_verdict(starts: pd.DataFrame, chips: pd.DataFrame | None = None) -> TipResult:
    """Tip R2 from the start table and, when given, :func:`r2_chips` (folding K/Q starts vs
    playing K/Q with two low cards in full games, per field)."""
    ks = sorted(starts.opponents.unique())
    kq = starts[starts.high >= 12]
    below_all = True
    share_below = {}
    parts = []
    for k in ks:
        d = kq[kq.opponents == k]
        m, se = _weighted(d)
        below_all &= bool(d.fair.iloc[0] - m > Z * se)
        sig_below = d[(d.fair - d.equity) > Z * d.se]
        share_below[k] = float(sig_below.deals.sum() / d.deals.sum())
        parts.append(
            f"{k}: {m:.3f} ± {se:.3f} (fair {1 / (k + 1):.3f}, {share_below[k]:.0%} of deals clearly below)"
        )
    usually = all(v > 0.5 for v in share_below.values())
    best = kq.assign(rel=kq.equity / kq.fair).sort_values("rel", ascending=False).iloc[0]
    focus = kq[kq.opponents == (FOCUS if FOCUS in ks else ks[0])]
    m, se = _weighted(focus)
    k0 = int(focus.opponents.iloc[0])
    chips_ok = True
    chips_mixed = False
    chips_text = ""
    if chips is not None and len(chips):
        parts_c = []
        gains = []
        for field_name, c in chips.groupby("field", sort=False):
            c = c.set_index("kq_policy")
            gain = -float(c["diff"]["play"])  # folding minus playing, same deals
            gain_se = float(c["diff_se"]["play"])
            gains.append(gain > Z * gain_se)
            chips_mixed |= gain > Z * gain_se
            parts_c.append(f"{field_name} field {gain:+.3f} ± {gain_se:.3f}")
        chips_ok = all(gains)
        chips_text = (
            f" In full five-handed games a tips player who folds every K/Q start wins, "
            f"per hand, more than the same player playing a K or Q with two different "
            f"cards 8 or lower (same deals): {'; '.join(parts_c)}."
        )
    verdict: Verdict
    if below_all and usually and chips_ok:
        verdict = "holds"
    elif below_all and (usually or chips_mixed):
        verdict = "holds with a caveat"
    else:
        verdict = "does not hold"
    detail = (
        f"Deal-weighted equity of starts holding a K or Q, by opponents: {'; '.join(parts)}."
        f" Best such start: {best.pattern} at {best.equity:.3f} with {int(best.opponents)} "
        f"opponents ({best.equity / best.fair:.2f} x fair).{chips_text} Rule: holds if the "
        f"mean is below the fair share by more than {Z} SE at every table size, more than "
        f"half of such deals are clearly below it, and (when measured) folding them wins "
        f"chips by more than {Z} SE against every field; with a caveat if the first holds and "
        f"one of the others (in part); else does not hold."
    )
    return TipResult(
        "R2",
        "A King or Queen among your first three cards is usually a reason to fold.",
        f"deal-weighted equity of starts with a K or Q vs {k0} random opponents (fair {1 / (k0 + 1):.3f})",
        m,
        se,
        verdict,
        detail,
        table="razz_r2_chips" if chips is not None else "razz_r2_king_queen",
        plot="razz_r2_king_queen" if chips is not None else "razz_r1_by_high",
    )


def plot_start_heatmap(starts: pd.DataFrame):
    """Heat map: equity / fair share of every start (rows, best first) by opponents, and
    beside it the map of its standard errors (2 SE, in the same units)."""
    plt = pyplot()
    order = starts[starts.opponents == starts.opponents.min()].pattern
    maps = []
    for col in ("equity", "se"):
        wide = starts.pivot_table(index="pattern", columns="opponents", values=col, sort=False).loc[order]
        maps.append(wide.to_numpy() * (wide.columns.to_numpy()[None, :] + 1))
    rel, rel_se = maps
    columns = [str(k) for k in wide.columns]
    fig, axes = plt.subplots(1, 2, figsize=(10, 14), gridspec_kw={"width_ratios": [3, 2]})
    step = max(1, len(order) // 60)
    for ax, values, cmap, vmax, title, label in (
        (axes[0], rel, "RdYlGn", 2.0, "Razz starts: equity / fair share (1 = average)", "equity x players"),
        (axes[1], 2 * rel_se, "Greys", None, "its 2 SE (same units)", "2 SE of equity x players"),
    ):
        im = ax.imshow(values, aspect="auto", cmap=cmap, vmin=0, vmax=vmax)
        ax.set_xticks(range(values.shape[1]), columns)
        ax.set_yticks(range(0, len(order), step), list(order)[::step], fontsize=6)
        ax.set_xlabel("random opponents")
        ax.set_title(title, fontsize=10)
        fig.colorbar(im, ax=ax, shrink=0.5, label=label)
    fig.tight_layout()
    return fig


def plot_by_high(by_high: pd.DataFrame, opponents=(1, 4, 7)):
    """Equity / fair share by highest card, unpaired vs paired vs trips, ±2 SE."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    styles = {"none": "-", "pair": "--", "trips": ":"}
    names = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
    for k in opponents:
        for pairing, g in by_high[by_high.opponents == k].groupby("pairing"):
            ax.errorbar(
                g.high,
                g.relative,
                yerr=2 * g.se * (k + 1),
                ls=styles[pairing],
                marker="o",
                ms=3,
                label=f"{k} opp., {pairing}",
            )
    ax.axhline(1.0, color="grey", lw=0.8)
    ax.axvline(8.5, color="grey", lw=0.8, ls=":")
    ax.set_xticks(range(1, 14), [names.get(v, str(v)) for v in range(1, 14)])
    ax.set_xlabel("highest card of the start (a pair: its highest card)")
    ax.set_ylabel("equity / fair share (±2 SE)")
    ax.set_title("Razz starts by highest card (all-in vs random hands)")
    ax.legend(fontsize=7, ncol=3)
    fig.tight_layout()
    return fig


#: Fields for the chips part of R2: the other four seats of a five-handed table.
R2_FIELDS = {
    "mixed": ["tight", "loose-aggressive", "check-call", "tips"],
    "tight": ["tight", "tight", "tight", "tight"],
    "tips": ["tips", "tips", "tips", "tips"],
}


def r2_chips(hands: int, seed: SeedLike, **opts) -> pd.DataFrame:
    """Chips per hand of a tips player who folds every K/Q start vs the same player playing a
    K or Q with two different cards 8 or lower, on the same deals, against each field."""
    from ..games.razz.jobs import compare

    rows = []
    for i, (name, field) in enumerate(R2_FIELDS.items()):
        t = compare(
            ["tips"] + field,
            0,
            {"fold": "tips", "play": ("tips", {"T_KQ": 0})},
            hands,
            seed=substream(seed, i),
            **opts,
        )
        for _, r in t.iterrows():
            rows.append(
                {
                    "field": name,
                    "kq_policy": r.label,
                    "chips": r.chips_per_hand,
                    "se": r.se,
                    "diff": r["diff"],
                    "diff_se": r.diff_se,
                    "players": 5,
                    "hands": t.attrs["hands"],
                }
            )
    return pd.DataFrame(rows)


def plot_king_queen(starts: pd.DataFrame, chips: pd.DataFrame):
    """Equity / fair of K/Q starts vs the rest by opponents, and the chips of folding them."""
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    ax = axes[0]
    for label, mask in (("K or Q among the three", starts.high >= 12), ("no K or Q", starts.high < 12)):
        ks, rel, err = [], [], []
        for k, d in starts[mask].groupby("opponents"):
            m, se = _weighted(d)
            ks.append(k)
            rel.append(m * (k + 1))
            err.append(2 * se * (k + 1))
        ax.errorbar(ks, rel, yerr=err, marker="o", label=label)
    ax.axhline(1.0, color="grey", lw=0.8)
    ax.set_xlabel("random opponents")
    ax.set_ylabel("equity / fair share (deal-weighted, ±2 SE)")
    ax.legend(fontsize=8)
    ax.set_title("All-in equity of starts")
    ax = axes[1]
    fields = list(dict.fromkeys(chips.field))
    x = np.arange(len(fields))
    for i, pol in enumerate(("fold", "play")):
        g = chips[chips.kq_policy == pol].set_index("field").loc[fields]
        ax.bar(x + (i - 0.5) * 0.4, g.chips, 0.4, yerr=2 * g.se, label=f"{pol} K/Q + two low")
    ax.set_xticks(x, [f"{f} field" for f in fields])
    ax.set_ylabel("tips player's chips per hand (5 players, ±2 SE)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.legend(fontsize=8)
    ax.set_title("Full games, same deals")
    fig.tight_layout()
    return fig


@analysis("razz_starts", game=GAME, title="Razz: equity of all 455 three-card starts (R1, R2)")
def starts_analysis(ctx: Context) -> AnalysisResult:
    from ..games.razz.starts import start_table

    trials = ctx.trials(20_000, minimum=200)
    starts = start_table(trials=trials, seed=ctx.stream("starts"), **ctx.run_options())
    by_high = by_high_table(starts)
    # sized to R2's chips rule: at 200,000 hands folding K/Q gains 8 SE or more in every field
    # (the rule needs Z = 3); the start table's cells keep their size
    hands = ctx.trials(200_000, minimum=2000)
    chips = r2_chips(hands, ctx.stream("r2_chips"), **ctx.run_options())
    kq = by_high_table(starts[starts.high >= 12])
    r1 = r1_verdict(starts)
    r2 = r2_verdict(starts, chips)
    figs = {
        "razz_starts_heatmap": plot_start_heatmap(starts),
        "razz_r1_by_high": plot_by_high(by_high),
        "razz_r2_king_queen": plot_king_queen(starts, chips),
    }
    notes = [
        f"{trials:,} showdowns per start and opponent count (455 x 7 cells); opponents are "
        "random hands that never fold; eight players share a community seventh card (R-Z4).",
        f"R2 chips: {hands:,} five-handed hands per field, both policies on the same deals.",
    ]
    return AnalysisResult(
        tables={
            "razz_starts": starts,
            "razz_r1_by_high": by_high,
            "razz_r2_king_queen": kq,
            "razz_r2_chips": chips,
        },
        figures=figs,
        tips=[r1, r2],
        notes=notes,
    )


# --- R3: upcards and dead cards ---------------------------------------------------------------


#: Common starts of R3: unpaired three-card starts 8 or lower, from the best to the weakest.
R3_STARTS = ("As 2d / 3c", "As 2d / 4c", "2s 4d / 6c", "As 5d / 8c", "3s 5d / 7c", "4s 6d / 8c")
#: Opponents of R3 (the rule document's 2-8 players).
R3_OPPONENTS = (1, 2, 3, 4, 5, 6, 7)
R3_HIGH_DEAD = "Kh Qh Jh"


def r3_dead_cards(start: str) -> str:
    """Three dead cards ``start`` needs: the three lowest ranks (A up) it does not hold.

    >>> r3_dead_cards("As 2d / 4c")
    '3h 5h 6h'
    """
    from ..games.razz.rules import parse_hand
    from ..games.razz.starts import razz_value

    held = {razz_value(int(c) >> 2) for c in parse_hand(start).known}
    return " ".join([f"{'A' if v == 1 else v}h" for v in range(1, 9) if v not in held][:3])


def dead_card_table(trials: int, stream, **opts) -> pd.DataFrame:
    """Equity of each start of :data:`R3_STARTS` against 1-7 random opponents with no dead
    card, with three dead cards it needs (:func:`r3_dead_cards`) and with three dead high cards
    (K, Q, J); ``stream(i, k)`` gives the seed of start ``i`` with ``k`` opponents, one seed for
    its three runs (common random numbers)."""
    from ..games.razz.equity import equity

    spots = [(i, start, k) for i, start in enumerate(R3_STARTS) for k in R3_OPPONENTS]

    def effects(spot) -> dict:  # the three runs of one start and table size, one seed
        i, start, k = spot
        seed = stream(i, k)
        hands = [start] + ["? ? ?"] * k
        res = {
            kind: equity(hands, dead, trials=trials, seed=seed, exact=False, **opts)
            for kind, dead in (("none", None), ("needed", r3_dead_cards(start)), ("high", R3_HIGH_DEAD))
        }
        return {kind: (float(r.equity[0]), float(r.se[0])) for kind, r in res.items()}

    rows = [
        {
            "start": start,
            "opponents": k,
            "needed_dead": r3_dead_cards(start),
            "high_dead": R3_HIGH_DEAD,
            "equity": e["none"][0],
            "se": e["none"][1],
            "needed_effect": e["needed"][0] - e["none"][0],
            "needed_se": float(np.hypot(e["needed"][1], e["none"][1])),
            "high_effect": e["high"][0] - e["none"][0],
            "high_se": float(np.hypot(e["high"][1], e["none"][1])),
            "gap": e["high"][0] - e["needed"][0],
            "gap_se": float(np.hypot(e["high"][1], e["needed"][1])),
            "fair": 1.0 / (k + 1),
            "trials": trials,
        }
        for (_, start, k), e in zip(spots, map_threads(effects, spots), strict=True)
    ]
    return pd.DataFrame(rows)


def r3_verdict(up: pd.DataFrame, dead: pd.DataFrame, start: str) -> TipResult:
    """Tip R3 from :func:`~simkit.games.razz.studies.upcard_effect` (one start) and
    :func:`dead_card_table` (the common starts, every table size)."""
    need = up[up.series == "needed"].sort_values("low_upcards")
    dup = up[up.series == "duplicate"].sort_values("low_upcards")
    k = int(need.low_upcards.max())
    drop = float(need.equity.iloc[0] - need.equity.iloc[-1])
    drop_se = float(np.hypot(need.se.iloc[0], need.se.iloc[-1]))
    rises = [
        int(b.low_upcards)
        for (_, a), (_, b) in zip(need.iterrows(), need.iloc[1:].iterrows())
        if b.equity - a.equity > Z * np.hypot(a.se, b.se)
    ]
    dup_better = float(dup.equity.iloc[-1] - need.equity.iloc[-1])
    dup_se = float(np.hypot(dup.se.iloc[-1], need.se.iloc[-1]))
    upcards_ok = drop > Z * drop_se and not rises
    by_k = []
    for kk, g in dead.groupby("opponents"):
        m = len(g)
        gap, gap_se = float(g.gap.mean()), float(np.sqrt((g.gap_se**2).sum()) / m)
        ne, ne_se = float(g.needed_effect.mean()), float(np.sqrt((g.needed_se**2).sum()) / m)
        he, he_se = float(g.high_effect.mean()), float(np.sqrt((g.high_se**2).sum()) / m)
        by_k.append(
            f"{kk} opp.: needed {ne:+.4f}±{ne_se:.4f}, high {he:+.4f}±{he_se:.4f}, gap {gap:+.4f}±{gap_se:.4f}"
        )
    by_start, tip_side, other_side = [], [], []
    for st, g in dead.groupby("start", sort=False):
        m = len(g)
        gap, gap_se = float(g.gap.mean()), float(np.sqrt((g.gap_se**2).sum()) / m)
        pos = int((g.gap > Z * g.gap_se).sum())
        neg = int((g.gap < -Z * g.gap_se).sum())
        by_start.append(f"{st}: {gap:+.4f}±{gap_se:.4f} ({pos} sizes for, {neg} against)")
        if pos == m:
            tip_side.append(st)
        if neg:
            other_side.append(st)
    all_cells = bool((dead.gap > Z * dead.gap_se).all())
    high_down = int((dead.high_effect < -Z * dead.high_se).sum())
    high_up = int((dead.high_effect > Z * dead.high_se).sum())
    verdict: Verdict
    if upcards_ok and all_cells:
        verdict = "holds"
    elif upcards_ok:
        verdict = "holds with a caveat"
    else:
        verdict = "does not hold"
    focus = dead[dead.opponents == 4] if (dead.opponents == 4).any() else dead
    fig = float(focus.gap.mean())
    fig_se = float(np.sqrt((focus.gap_se**2).sum()) / len(focus))
    detail = (
        f"Upcards: {start} against {k} opponents showing one upcard each, all high "
        f"{need.equity.iloc[0]:.3f} ± {need.se.iloc[0]:.3f}, all low cards it needs "
        f"{need.equity.iloc[-1]:.3f} ± {need.se.iloc[-1]:.3f} (drop {drop:.3f} ± {drop_se:.3f}, "
        f"significant rises: {rises if rises else 'none'}); low upcards of its own ranks instead: "
        f"{dup_better:+.3f} ± {dup_se:.3f}. Dead cards (folded): {len(R3_STARTS)} common starts "
        f"against 1-7 random opponents, with three dead cards the start needs (its three lowest "
        f"missing ranks) or three dead high cards ({R3_HIGH_DEAD}); equity change from no dead "
        f"card (common random numbers; SE as if independent), mean over the starts: "
        + "; ".join(by_k)
        + ". Gap (high dead minus needed dead) by start, mean over 1-7 opponents: "
        + "; ".join(by_start)
        + f". Dead high cards lower the equity by more than {Z} SE in {high_down} of {len(dead)} "
        f"cells and raise it in {high_up} (the deck left is lower for the opponents too). "
        f"Rule: holds if the upcard drop exceeds {Z} SE with no significant rise and, in every "
        f"cell (start, opponents), dead high cards leave more equity than dead needed ones by "
        f"more than {Z} SE; with a caveat if the upcard part holds and the dead-card comparison "
        f"only for some starts (for at every size: {', '.join(tip_side) if tip_side else 'none'}; "
        f"against somewhere: {', '.join(other_side) if other_side else 'none'}); does not hold "
        f"if the upcard part fails."
    )
    return TipResult(
        "R3",
        "Watch the upcards: if the small cards you need lie with others your chances sink; "
        "high cards with opponents are good news.",
        f"equity with three dead high cards minus with three dead cards the start needs (mean "
        f"over {len(R3_STARTS)} common starts, {int(focus.opponents.iloc[0])} opponents)",
        fig,
        fig_se,
        verdict,
        detail,
        table="razz_r3_dead_cards",
        plot="razz_r3_upcards",
    )


def plot_upcards(up: pd.DataFrame, dead: pd.DataFrame | None = None, start: str = ""):
    """Equity as the opponents' upcards go from high to low (±2 SE), and dead-card values."""
    plt = pyplot()
    n = 2 if dead is not None else 1
    fig, axes = plt.subplots(1, n, figsize=(6 * n, 4))
    axes = np.atleast_1d(axes)
    ax = axes[0]
    for series, g in up.groupby("series", sort=False):
        label = "low upcards the start needs" if series == "needed" else "low upcards of its own ranks"
        ax.errorbar(g.low_upcards, g.equity, yerr=2 * g.se, marker="o", label=label)
    ax.axhline(float(up.fair.iloc[0]), color="grey", lw=0.8, label="fair share")
    ax.set_xlabel("opponents showing a low upcard (the rest show K, Q, J, T, 9)")
    ax.set_ylabel(f"equity of {start} (±2 SE)")
    ax.legend(fontsize=8)
    ax.set_title("Upcards from high to low (R3)")
    if dead is not None:
        ax = axes[1]
        for col, label in (("needed_effect", "three needed low cards dead"), ("high_effect", "K, Q, J dead")):
            se = dead[col.replace("effect", "se")]
            g = dead.assign(v=dead[col], s2=se**2).groupby("opponents")
            m = g.v.mean()
            err = 2 * np.sqrt(g.s2.sum()) / g.size()
            ax.errorbar(m.index, m.values, yerr=err.values, marker="o", capsize=2, label=label)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("random opponents")
        ax.set_ylabel("equity change (mean over the starts, ±2 SE)")
        ax.set_title("Dead cards: needed low vs high (R3)")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


@analysis("razz_upcards", game=GAME, title="Razz: upcards and dead cards (R3)")
def upcards_analysis(ctx: Context) -> AnalysisResult:
    from ..games.razz.studies import upcard_effect

    start = "As 2d / 4c"
    trials = ctx.trials(200_000, minimum=2000)
    up = upcard_effect(start, opponents=4, trials=trials, seed=ctx.stream("upcards"), **ctx.run_options())
    dead_trials = ctx.trials(40_000, minimum=2000)
    dead = dead_card_table(dead_trials, lambda i, k: ctx.stream("dead_cards", i, k), **ctx.run_options())
    tip = r3_verdict(up, dead, start)
    return AnalysisResult(
        tables={"razz_r3_upcards": up, "razz_r3_dead_cards": dead},
        figures={"razz_r3_upcards": plot_upcards(up, dead, start)},
        tips=[tip],
        notes=[
            f"{trials:,} deals per upcard scenario; {dead_trials:,} per start, opponent count "
            "and dead-card set."
        ],
    )


# --- R4: early pairs --------------------------------------------------------------------------


#: Fields of R4's chips: every seat plays this strategy.
R4_FIELDS = ("tips", "tight")
#: Table sizes of R4's chips (the rule document's 2-8 players).
R4_PLAYERS = (2, 3, 4, 5, 6, 7, 8)


def fourth_street_classes(cards: np.ndarray) -> np.ndarray:
    """Per hand and seat of ``cards`` (hands, seats, 7; -1 never dealt): -1, or the class of
    the fourth card after three different cards 8 or lower (0 paired, 1 smooth, 2 brick).

    >>> from simkit.cards import parse_cards
    >>> c = np.full((1, 3, 7), -1)
    >>> c[0, 0, :4] = parse_cards("As 2d 4c 4h"); c[0, 1, :4] = parse_cards("As 2d 4c 7h")
    >>> c[0, 2, :4] = parse_cards("As 2d 4c Kh")
    >>> fourth_street_classes(c).tolist()
    [[0, 1, 2]]
    """
    rank = np.where(cards >= 0, cards >> 2, -1)
    v = np.where(rank == 12, 1, rank + 2)
    v0, v1, v2, v3 = v[..., 0], v[..., 1], v[..., 2], v[..., 3]
    start = (cards[..., 2] >= 0) & (v0 <= 8) & (v1 <= 8) & (v2 <= 8) & (v0 != v1) & (v0 != v2) & (v1 != v2)
    seen = start & (cards[..., 3] >= 0)
    paired = (v3 == v0) | (v3 == v1) | (v3 == v2)
    cls = np.where(paired, 0, np.where(v3 <= 8, 1, 2))
    return np.where(seen, cls, -1)


def early_pair_chips(hands: int, stream, **opts) -> pd.DataFrame:
    """Chips per hand of players who reach fourth street after three different cards 8 or
    lower, by fourth card, in full games where every seat plays one strategy of
    :data:`R4_FIELDS`, at every table size of :data:`R4_PLAYERS`; ``stream(f, n)`` seeds
    field ``f`` with ``n`` players.  The standard error is the ratio estimator's with the hand
    as the unit (seats of one hand are not independent)."""
    from ..games.razz.jobs import play_hands

    spots = [(f, field, n) for f, field in enumerate(R4_FIELDS) for n in R4_PLAYERS]
    played = map_threads(
        lambda spot: play_hands([spot[1]] * spot[2], hands, seed=stream(spot[0], spot[2])), spots
    )
    rows = []
    for (_, field, n), r in zip(spots, played, strict=True):
        cls = fourth_street_classes(r.cards)
        for c, name in enumerate(("paired", "smooth", "brick")):
            mask = cls == c
            m_h = mask.sum(axis=1).astype(float)
            y_h = np.where(mask, r.net, 0).sum(axis=1).astype(float)
            seen = m_h.sum()
            mean = y_h.sum() / seen if seen else np.nan
            se = float(np.sqrt(((y_h - mean * m_h) ** 2).sum()) / seen) if seen else np.nan
            rows.append(
                {
                    "field": field,
                    "players": n,
                    "fourth_card": name,
                    "seen": int(seen),
                    "chips": float(mean),
                    "se": se,
                    "hands": hands,
                }
            )
    return pd.DataFrame(rows)


def r4_verdict(table: pd.DataFrame, chips: pd.DataFrame | None = None) -> TipResult:
    """Tip R4 from the early-pair table (one block of rows per opponent count) and, when
    given, :func:`early_pair_chips` (full games with betting)."""
    no_disaster, costly, parts = True, True, []
    eq_no_worse = []
    for k, g in table.groupby("opponents"):
        g = g.set_index("fourth_card")
        p, s, b = g.loc["paired"], g.loc["smooth"], g.loc["brick"]
        fair = 1.0 / (k + 1)
        no_disaster &= bool(p.equity - fair > Z * p.se)
        if p.equity - b.equity >= -Z * np.hypot(p.se, b.se):
            eq_no_worse.append(f"{k} opp.")
        if chips is None:
            costly &= bool(s.equity - p.equity > Z * np.hypot(s.se, p.se))
        parts.append(
            f"{k} opp.: paired {p.equity:.3f} ± {p.se:.3f}, brick {b.equity:.3f} ± {b.se:.3f}, "
            f"smooth {s.equity:.3f} (fair {fair:.3f})"
        )
    chips_text = ""
    if chips is not None and len(chips):
        cparts, chip_no_worse = [], []
        for (field, n), g in chips.groupby(["field", "players"], sort=False):
            g = g.set_index("fourth_card")
            p, s, b = g.loc["paired"], g.loc["smooth"], g.loc["brick"]
            d_s, d_s_se = p.chips - s.chips, float(np.hypot(p.se, s.se))
            d_b, d_b_se = p.chips - b.chips, float(np.hypot(p.se, b.se))
            costly &= bool(d_s < -Z * d_s_se)
            if d_b >= -Z * d_b_se:
                chip_no_worse.append(f"{field} {n}p ({d_b:+.2f}±{d_b_se:.2f})")
            cparts.append(
                f"{field} {n}p: paired {p.chips:+.2f}±{p.se:.2f}, brick {b.chips:+.2f}±{b.se:.2f}, "
                f"smooth {s.chips:+.2f}±{s.se:.2f}"
            )
        chips_text = (
            " Chips per hand in full games with betting (every seat the field's strategy; the "
            "player reached fourth street with three different cards 8 or lower): "
            + "; ".join(cparts)
            + ". A paired fourth card is no worse than a high one (brick) in chips, within "
            f"{Z} SE or better, at: {'; '.join(chip_no_worse) if chip_no_worse else 'nowhere'}."
        )
    head = table[(table.opponents == table.opponents.min()) & (table.fourth_card == "paired")].iloc[0]
    verdict: Verdict = (
        "holds"
        if no_disaster and costly
        else "holds with a caveat"
        if no_disaster or costly
        else "does not hold"
    )
    smooth8 = float(
        table[(table.opponents == head.opponents) & (table.fourth_card == "smooth")].p_8_low.iloc[0]
    )
    detail = (
        f"Fourth street after three different cards 8 or lower; all-in equity, all hands "
        f"staying to the showdown against random opponents. A paired fourth card still ends "
        f"8-low or better {head.p_8_low:.1%} ± {head.p_8_low_se:.1%} of the time (smooth "
        f"{smooth8:.1%}). Equity: {'; '.join(parts)}. In equity a paired fourth card is no "
        f"worse than a brick (within {Z} SE or better) at: "
        f"{', '.join(eq_no_worse) if eq_no_worse else 'no table size'}.{chips_text} Rule: 'no "
        f"disaster' if the paired hand keeps more than its fair share of equity by more than "
        f"{Z} SE at every table size; 'don't pay much' if it is worth clearly less (> {Z} SE) "
        f"than a smooth fourth card "
        + ("in chips in every field and table size" if chips is not None else "in equity")
        + "; holds if both, with a caveat if one, else does not hold."
    )
    return TipResult(
        "R4",
        "An early pair is no disaster, more cards come; but don't pay much to find out.",
        f"equity of a start paired on 4th street vs {int(head.opponents)} random opponent(s) "
        f"(fair {1 / (head.opponents + 1):.3f})",
        float(head.equity),
        float(head.se),
        verdict,
        detail,
        table="razz_r4_early_pair",
        plot="razz_r4_early_pair",
    )


def plot_early_pair(table: pd.DataFrame):
    """Equity / fair and P(8-low or better) by fourth card class and opponents, ±2 SE."""
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    ks = sorted(table.opponents.unique())
    width = 0.8 / 3
    for i, cls in enumerate(("smooth", "brick", "paired")):
        g = table[table.fourth_card == cls].set_index("opponents").loc[ks]
        x = np.arange(len(ks)) + (i - 1) * width
        axes[0].bar(x, g.equity * (g.index + 1), width, yerr=2 * g.se * (g.index + 1), label=cls)
        axes[1].bar(x, g.p_8_low, width, yerr=2 * g.p_8_low_se, label=cls)
    for ax in axes:
        ax.set_xticks(range(len(ks)), [str(k) for k in ks])
        ax.set_xlabel("random opponents")
        ax.legend(fontsize=8)
    axes[0].axhline(1.0, color="grey", lw=0.8)
    axes[0].set_ylabel("equity / fair share (±2 SE)")
    axes[1].set_ylabel("P(8-low or better at the end, ±2 SE)")
    fig.suptitle("Fourth street after three different low cards (R4)")
    fig.tight_layout()
    return fig


@analysis("razz_early_pair", game=GAME, title="Razz: an early pair (R4)")
def early_pair_analysis(ctx: Context) -> AnalysisResult:
    from ..games.razz.studies import EarlyPairJob, early_pair_table, low_odds
    from ..runner import run

    trials = ctx.trials(600_000, minimum=5000)
    frames = []
    for k in (1, 3, 5, 7):
        tot = run(EarlyPairJob(k), trials, seed=ctx.stream("early_pair", k), **ctx.run_options())
        frames.append(early_pair_table(tot).assign(opponents=k))
    table = pd.concat(frames, ignore_index=True)
    chip_hands = ctx.trials(30_000, minimum=2000)
    chips = early_pair_chips(chip_hands, lambda f, n: ctx.stream("chips", f, n))
    exact = []
    for hand in ("As 2d 4c 4h", "As 2d 4c Kh", "As 2d 4c 7h", "2s 5d 7c 7h", "2s 5d 7c Qh"):
        lo = low_odds(hand).set_index("low")
        exact.append(
            {
                "hand": hand,
                "p_7_low": lo.p["7"],
                "p_8_low": lo.p["8"],
                "p_9_low": lo.p["9"],
                "p_paired": lo.attrs["p_paired"],
            }
        )
    return AnalysisResult(
        tables={
            "razz_r4_early_pair": table,
            "razz_r4_chips": chips,
            "razz_r4_low_odds": pd.DataFrame(exact),
        },
        figures={"razz_r4_early_pair": plot_early_pair(table)},
        tips=[r4_verdict(table, chips)],
        notes=[
            f"{trials:,} accepted fourth-street deals per opponent count; the low odds of "
            "the example hands are exact (every completion enumerated).",
            f"Chips: {chip_hands:,} full hands per field and table size, every hand from fresh stacks.",
        ],
    )
