"""Razz full games for ``simkit report``: strategy win rates, the variants, and tip R5.

- ``razz_win_rates``: a five-handed table of the shared strategies and the tips player,
  chips per hand per seat with standard errors; the same table in every variant (R-Z6).
- ``razz_r5``: calling by pot odds vs also calling "because I'm in" (the habit R5 warns
  against), for a tips player and a tight threshold player, on the same deals.

Every figure carries its standard error; the verdict rule is in the tip's detail.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..rng import SeedLike, substream
from ..runner import map_threads
from .registry import AnalysisResult, Context, TipResult, Verdict, Z, analysis, pyplot

__all__ = ["LINEUP", "plot_running", "plot_win_rates", "r5_verdict", "sunk_cost_table", "variant_table"]

#: The five-handed table of the win-rate analysis.
LINEUP = ["tips", "tight", "loose-aggressive", "check-call", "random"]
#: The field of R5: the hero sits in seat 0.
R5_FIELD = ["tight", "loose-aggressive", "check-call", "tips"]
SUNK = 0.15  # the habit: call whenever the own chips are at least 15 % of the pot


def plot_win_rates(table: pd.DataFrame, title: str = ""):
    """Chips per hand per seat, ±2 SE."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    labels = [f"{r.strategy}\n(seat {r.seat})" for r in table.itertuples()]
    colors = ["tab:green" if v > 0 else "tab:red" for v in table.chips_per_hand]
    ax.bar(labels, table.chips_per_hand, yerr=2 * table.se, color=colors, capsize=4)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_ylabel("chips per hand (±2 SE)")
    ax.set_title(title or f"Razz win rates, {table.attrs.get('hands', 0):,} hands")
    ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    return fig


def plot_running(net: np.ndarray, names):
    """Running mean chips per hand of each seat with a ±2 SE band (per-hand ``net``)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    k = np.arange(1, net.shape[0] + 1)
    for s, name in enumerate(names):
        x = net[:, s].astype(float)
        mean = np.cumsum(x) / k
        var = np.maximum(np.cumsum(x * x) / k - mean * mean, 0) * k / np.maximum(k - 1, 1)
        se = np.sqrt(var / k)
        ax.plot(k, mean, label=name)
        ax.fill_between(k, mean - 2 * se, mean + 2 * se, alpha=0.2)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("hands")
    ax.set_ylabel("chips per hand so far (±2 SE)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def variant_table(hands: int, seed: SeedLike, **opts) -> pd.DataFrame:
    """The win-rate table in every variant (tips only where it plays: A-5 low games)."""
    from ..games.razz.jobs import match
    from ..games.razz.rules import VARIANTS

    def one(i: int) -> pd.DataFrame:
        v, rules = list(VARIANTS.items())[i]
        lineup = (
            LINEUP
            if v in ("razz", "private", "ace-to-six")
            else ["tight", "tight", "loose-aggressive", "check-call", "random"]
        )
        t = match(lineup, hands, rules=rules, seed=substream(seed, i), **opts)
        return t.assign(variant=v, showdown_rate=t.attrs["showdown_rate"], hands=t.attrs["hands"])

    return pd.concat(map_threads(one, range(len(VARIANTS))), ignore_index=True)


@analysis("razz_win_rates", game="razz", title="Razz: strategy win rates and variants")
def win_rates_analysis(ctx: Context) -> AnalysisResult:
    from ..games.razz.jobs import match, play_hands

    # no tip reads this table: 500,000 hands give each seat an SE of about 0.1 chips per hand,
    # against gaps of 3 chips and more between the strategies
    hands = ctx.trials(500_000, minimum=5000)
    table = match(LINEUP, hands, seed=ctx.stream("table"), **ctx.run_options())
    table = table.assign(hands=table.attrs["hands"])
    n_run = ctx.trials(100_000, minimum=2000)
    run = play_hands(LINEUP, n_run, seed=ctx.stream("running"))
    variants = variant_table(ctx.trials(200_000, minimum=2000), ctx.stream("variants"), **ctx.run_options())
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9, 4))
    vs = list(dict.fromkeys(variants.variant))
    names = list(dict.fromkeys(variants.strategy))
    width = 0.8 / len(names)
    for i, name in enumerate(names):
        vals = []
        errs = []
        for v in vs:
            g = variants[(variants.variant == v) & (variants.strategy == name)]
            vals.append(g.chips_per_hand.mean() if len(g) else np.nan)
            errs.append(2 * float(np.sqrt((g.se**2).sum()) / max(len(g), 1)) if len(g) else 0)
        ax.bar(np.arange(len(vs)) + (i - (len(names) - 1) / 2) * width, vals, width, yerr=errs, label=name)
    ax.set_xticks(range(len(vs)), vs)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_ylabel("chips per hand (±2 SE)")
    ax.legend(fontsize=8, ncol=len(names), loc="upper center", bbox_to_anchor=(0.5, -0.08))
    ax.set_title("Five-handed win rates in every variant (R-Z6)")
    fig.tight_layout()
    return AnalysisResult(
        tables={"razz_win_rates": table, "razz_variants": variants},
        figures={
            "razz_win_rates": plot_win_rates(table),
            "razz_win_rates_running": plot_running(run.net, LINEUP),
            "razz_variants": fig,
        },
        notes=[
            f"{hands:,} five-handed hands, every hand from 200 chips each (R-Z5), the dealer "
            f"drawn at random; showdown rate {table.attrs['showdown_rate']:.3f}; chip "
            f"conservation checked in every hand (0 failures).",
            "Variants: the tips player plays only the A-5 low games; in stud high and Hi-Lo a "
            "second tight seat takes its place.",
        ],
    )


# --- R5 ---------------------------------------------------------------------------------------


def sunk_cost_table(hands: int, seed: SeedLike, **opts) -> pd.DataFrame:
    """Hero (seat 0) calling by pot odds vs the same hero also calling whenever its own chips
    are at least 15 % of the pot, same deals, for a tips and a tight hero."""
    from ..games.razz.jobs import compare

    rows = []
    for i, (hero, sunk) in enumerate(
        (("tips", ("tips", {"T_SUNK": SUNK})), ("tight", ("tight", {"P_SUNK": SUNK})))
    ):
        t = compare(
            [hero] + R5_FIELD,
            0,
            {"pot odds": hero, "pot odds + chips in": sunk},
            hands,
            seed=substream(seed, i),
            **opts,
        )
        for _, r in t.iterrows():
            rows.append(
                {
                    "hero": hero,
                    "calls": r.label,
                    "chips_per_hand": r.chips_per_hand,
                    "se": r.se,
                    "diff": r["diff"],
                    "diff_se": r.diff_se,
                    "vpip": r.vpip,
                    "hands": t.attrs["hands"],
                }
            )
    return pd.DataFrame(rows)


def r5_verdict(table: pd.DataFrame) -> TipResult:
    """Tip R5 from :func:`sunk_cost_table`."""
    rows = table[table.calls != "pot odds"].set_index("hero")
    loses = {h: bool(-r["diff"] > Z * r.diff_se) for h, r in rows.iterrows()}
    gains = {h: bool(r["diff"] > Z * r.diff_se) for h, r in rows.iterrows()}
    head = rows.loc["tips"]
    verdict: Verdict = (
        "holds" if all(loses.values()) else "does not hold" if all(gains.values()) else "holds with a caveat"
    )
    parts = "; ".join(f"{h} hero {-r['diff']:+.3f} ± {r.diff_se:.3f}" for h, r in rows.iterrows())
    detail = (
        f"Five-handed full games (field: {', '.join(R5_FIELD)}), the hero in seat 0 plays "
        f"each hand twice on the same deals: calling by pot odds only, and also calling "
        f"whenever its own chips are at least {SUNK:.0%} of the pot. Chips per hand won by "
        f"not having the habit: {parts} ({int(head.hands):,} hands). Rule: holds if the "
        f"pot-odds caller is ahead by more than {Z} SE for both heroes, does not hold if "
        f"behind for both, else a caveat."
    )
    return TipResult(
        "R5",
        "Don't call just because you already have chips in the pot.",
        "chips per hand: pot-odds caller minus the same player with the chips-in "
        "habit (tips hero, same deals)",
        float(-head["diff"]),
        float(head.diff_se),
        verdict,
        detail,
        table="razz_r5",
        plot="razz_r5",
    )


@analysis("razz_r5", game="razz", title="Razz: calling because chips are in the pot (R5)")
def r5_analysis(ctx: Context) -> AnalysisResult:
    # sized to its verdict: at 100,000 hands the habit's cost is about 20 SE (tips hero) and
    # 50 SE (tight hero), where the rule needs Z = 3
    hands = ctx.trials(100_000, minimum=3000)
    table = sunk_cost_table(hands, ctx.stream("sunk_cost"), **ctx.run_options())
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    heroes = list(dict.fromkeys(table.hero))
    for i, calls in enumerate(("pot odds", "pot odds + chips in")):
        g = table[table.calls == calls].set_index("hero").loc[heroes]
        ax.bar(
            np.arange(len(heroes)) + (i - 0.5) * 0.4,
            g.chips_per_hand,
            0.4,
            yerr=2 * g.se,
            label=calls,
            capsize=3,
        )
    ax.set_xticks(range(len(heroes)), [f"{h} hero" for h in heroes])
    ax.set_ylabel("chips per hand (±2 SE)")
    ax.axhline(0, color="grey", lw=0.8)
    ax.legend(fontsize=8)
    ax.set_title("Calling by pot odds vs 'I'm in anyway' (same deals)")
    fig.tight_layout()
    return AnalysisResult(tables={"razz_r5": table}, figures={"razz_r5": fig}, tips=[r5_verdict(table)])
