"""2-7 Triple Draw analyses for ``simkit report``: draw odds, starting-hand equity, tips T1-T5.

Each tip verdict is decided by code from the measured figures and their standard errors (the
rule is stated in the tip's detail).  Sizes scale with ``ctx.scale``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..cards import parse_cards
from ..games.triple_draw.equity import group_frame
from ..games.triple_draw.jobs import EquityJob, equity
from ..games.triple_draw.solver import draw_odds, rank_percentiles
from ..games.triple_draw.studies import holding_odds_table
from ..hands import evaluate
from ..runner import run
from .registry import AnalysisResult, Context, TipResult, Verdict, Z, analysis, pyplot

GAME = "triple_draw"


@analysis("triple_draw_draw_odds", game=GAME, title="2-7 Triple Draw: draw odds of kept holdings")
def draw_odds_analysis(ctx: Context) -> AnalysisResult:
    trials = ctx.trials(300, minimum=100)
    sizes = (1, 2, 3, 4, 5) if ctx.scale >= 0.5 else (3, 4)
    df = holding_odds_table("10" if ctx.scale >= 0.5 else "8", sizes, trials=trials, seed=ctx.stream("odds"))
    plt = pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
    for ax, d in zip(axes, (1, 2, 3)):
        sub = df[df.draws == d]
        for target, g in sub.groupby("target", sort=False):
            m = g.groupby("n_kept").probability.mean()
            ax.plot(m.index, m.values, marker="o", label=target)
        ax.set_title(f"{d} draw{'s' if d > 1 else ''} left")
        ax.set_xlabel("cards kept (mean over holdings)")
    axes[0].set_ylabel("P(finish at target or better)")
    axes[0].legend()
    fig.tight_layout()
    return AnalysisResult(
        tables={"triple_draw_draw_odds": df},
        figures={"triple_draw_draw_odds": fig},
        notes=[
            "One draw exact; two draws exact when at most two cards are drawn "
            "first, else Monte Carlo (column exact); three draws Monte Carlo."
        ],
    )


def _pooled(tot: dict, mask: np.ndarray) -> tuple[float, float, int]:
    n = int(tot["group_n"][mask].sum())
    s = float(tot["group_eq"][mask].sum())
    ss = float(tot["group_eq_sq"][mask].sum())
    mean = s / n
    var = (ss - n * mean * mean) / (n - 1)
    return mean, float(np.sqrt(max(var, 0.0) / n)), n


_G = np.arange(96)
_LOW7, _DEUCE, _ACE, _PAIR = _G // 16, (_G // 8) % 2, (_G // 4) % 2, (_G // 2) % 2


@analysis("triple_draw_equity", game=GAME, title="2-7 Triple Draw: equity of starting hands (T1)")
def equity_analysis(ctx: Context) -> AnalysisResult:
    trials = ctx.trials(150_000, minimum=2000)
    frames, rows = [], []
    for opp in range(1, 6):
        tot = run(EquityJob(opp + 1, "table"), trials, seed=ctx.stream("groups", opp), **ctx.run_options())
        g = group_frame(tot)
        g.insert(0, "opponents", opp)
        frames.append(g)
        for low7 in range(6):
            for deuce in (0, 1):
                mask = (_LOW7 == low7) & (_DEUCE == deuce)
                if tot["group_n"][mask].sum() > 1:
                    eq, se, n = _pooled(tot, mask)
                    rows.append(
                        {
                            "opponents": opp,
                            "low7": low7,
                            "deuce": deuce,
                            "hands": n,
                            "equity": eq,
                            "se": se,
                            "fair_share": 1 / (opp + 1),
                        }
                    )
        if opp == 1:
            tot1 = tot
        if opp == 5:
            tot5 = tot
    groups = pd.concat(frames, ignore_index=True)
    t1 = pd.DataFrame(rows)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    for (opp, deuce), g in t1.groupby(["opponents", "deuce"]):
        if opp in (1, 3, 5):
            ax.errorbar(
                g.low7,
                g.equity / g.fair_share,
                yerr=2 * g.se / g.fair_share,
                marker="o",
                ls="-" if deuce else "--",
                label=f"{opp} opp., {'with' if deuce else 'no'} 2",
            )
    ax.axhline(1.0, color="grey", lw=0.8)
    ax.set_xlabel("different cards 7 or lower in the starting hand")
    ax.set_ylabel("equity / fair share")
    ax.legend(fontsize=7)
    fig.tight_layout()
    tips = []
    for tot, opp in ((tot1, 1), (tot5, 5)):
        fair = 1 / (opp + 1)
        hi, hi_se, _ = _pooled(tot, _LOW7 >= 3)
        lo, lo_se, _ = _pooled(tot, _LOW7 < 3)
        w2, w2_se, _ = _pooled(tot, (_LOW7 >= 3) & (_DEUCE == 1))
        n2, n2_se, _ = _pooled(tot, (_LOW7 >= 3) & (_DEUCE == 0))
        diff, diff_se = w2 - n2, float(np.hypot(w2_se, n2_se))
        if opp == 1:
            head = (hi, hi_se, lo, lo_se, diff, diff_se, fair)
        else:
            head5 = (hi, hi_se, lo, lo_se, diff, diff_se, fair)
    hi, hi_se, lo, lo_se, diff, diff_se, fair = head
    above = all(h[0] - h[6] > Z * h[1] and h[6] - h[2] > Z * h[3] for h in (head, head5))
    deuce_helps = all(h[4] > Z * h[5] for h in (head, head5))
    verdict: Verdict = (
        "holds" if above and deuce_helps else ("holds with a caveat" if above else "does not hold")
    )
    tips.append(
        TipResult(
            "T1",
            "The 7 is the magic card: play three or more different cards 7 or lower, above all with the 2.",
            "equity of starting hands with >= 3 different cards <= 7, heads-up",
            hi,
            hi_se,
            verdict,
            detail=(
                f"Heads-up: >=3 low cards {hi:.3f} ± {hi_se:.3f}, fewer {lo:.3f} ± {lo_se:.3f} "
                f"(fair {fair:.3f}); with a 2 vs without (>=3 low) {diff:+.3f} ± {diff_se:.3f}. "
                f"Five opponents: {head5[0]:.3f} ± {head5[1]:.3f} vs {head5[2]:.3f} (fair {head5[6]:.3f}), "
                f"2 bonus {head5[4]:+.3f} ± {head5[5]:.3f}. Rule: holds if >=3 low cards beat the fair "
                f"share and fewer fall below it by more than {Z} SE at 1 and 5 opponents, and the 2 "
                f"adds equity by more than {Z} SE; caveat if only the first part holds. Every seat "
                f"draws by the rank-model table strategy, no betting."
            ),
            table="triple_draw_t1",
            plot="triple_draw_t1",
        )
    )
    return AnalysisResult(
        tables={"triple_draw_equity_groups": groups, "triple_draw_t1": t1},
        figures={"triple_draw_t1": fig},
        tips=tips,
    )


def _share_beating(hand: str) -> float:
    """Exact share of all other five-card hands that beat ``hand`` (ties count half)."""
    s = int(evaluate(parse_cards(hand)[None, :], "deuce_to_seven")[0])
    return 1.0 - float(rank_percentiles("deuce_to_seven")[s])


@analysis("triple_draw_t2_t3", game=GAME, title="2-7 Triple Draw: straights, flushes and aces (T2, T3)")
def straights_aces(ctx: Context) -> AnalysisResult:
    trials = ctx.trials(40_000, minimum=2000)
    hands = {
        "6-5-4-3-2 straight": "6s 5h 4d 3c 2s",
        "7-6-5-4-3 straight": "7s 6h 5d 4c 3s",
        "7-6-5-4-2 flush": "7s 6s 5s 4s 2s",
        "8-6-5-4-2 (made 8)": "8s 6h 5d 4c 2s",
        "K-Q-J-9-8 (K-high)": "Ks Qh Jd 9c 8s",
    }
    rows = []
    t2_stream = ctx.stream("t2")  # one for every hand (common random numbers)
    for label, h in hands.items():
        for opp in (1, 3):
            df = equity(
                [h],
                opp + 1,
                strategy="table",
                strategies=("pat",),
                trials=trials,
                seed=t2_stream,
                **ctx.run_options(),
            )
            rows.append(
                {
                    "hand": label,
                    "cards": h,
                    "beaten_by_share": _share_beating(h),
                    "opponents": opp,
                    "showdown_win_pat": df.equity[0],
                    "se": df.se[0],
                }
            )
    t2 = pd.DataFrame(rows)
    s6 = t2[(t2.hand == "6-5-4-3-2 straight") & (t2.opponents == 1)].iloc[0]
    s7 = t2[(t2.hand == "7-6-5-4-3 straight") & (t2.opponents == 1)].iloc[0]
    fl = t2[(t2.hand == "7-6-5-4-2 flush") & (t2.opponents == 1)].iloc[0]
    worst = max(
        s6.showdown_win_pat + Z * s6.se, s7.showdown_win_pat + Z * s7.se, fl.showdown_win_pat + Z * fl.se
    )
    share = min(s6.beaten_by_share, s7.beaten_by_share, fl.beaten_by_share)
    v2: Verdict = "holds" if share > 0.5 and worst < 0.5 else "does not hold"
    tip2 = TipResult(
        "T2",
        "6-5-4-3-2 and 7-6-5-4-3 look great but are straights and lose to almost everything; "
        "the same for five of one suit.",
        "share of all hands that beat 6-5-4-3-2 (exact)",
        float(s6.beaten_by_share),
        0.0,
        v2,
        detail=(
            f"Exact: {s6.beaten_by_share:.3f} of all hands beat 6-5-4-3-2, "
            f"{s7.beaten_by_share:.3f} beat 7-6-5-4-3, {fl.beaten_by_share:.3f} beat the 7-6-5-4-2 "
            f"flush. Standing pat heads-up against a player drawing three times: "
            f"{s6.showdown_win_pat:.3f} ± {s6.se:.3f}, {s7.showdown_win_pat:.3f} ± {s7.se:.3f}, "
            f"{fl.showdown_win_pat:.3f} ± {fl.se:.3f} of the pot. Rule: holds if more than half "
            f"of all hands beat each and each wins less than half the pot heads-up by {Z} SE."
        ),
        table="triple_draw_t2",
    )
    # T3: an ace against a king as the odd card
    rows = []
    t3_stream = ctx.stream("t3")  # one for the ace and the king (common random numbers)
    for label, h in (("ace", "As 7h 5d 3c 2s"), ("king", "Ks 7h 5d 3c 2s")):
        df = equity([h], 2, strategy="table", trials=trials, seed=t3_stream, **ctx.run_options())
        pat = equity(
            [h],
            2,
            strategy="table",
            strategies=("pat",),
            trials=trials,
            seed=t3_stream,
            **ctx.run_options(),
        )
        odds = draw_odds(h, " ".join(h.split()[1:]), 1, ["7", "8"])
        rows.append(
            {
                "odd_card": label,
                "hand": h,
                "beaten_by_share": _share_beating(h),
                "equity_drawing": df.equity[0],
                "se_drawing": df.se[0],
                "equity_pat": pat.equity[0],
                "se_pat": pat.se[0],
                "p7_one_draw_exact": odds.probability[0],
                "p8_one_draw_exact": odds.probability[1],
            }
        )
    t3 = pd.DataFrame(rows)
    a, k = t3.iloc[0], t3.iloc[1]
    d_pat = k.equity_pat - a.equity_pat
    d_pat_se = float(np.hypot(a.se_pat, k.se_pat))
    d_draw = k.equity_drawing - a.equity_drawing
    d_draw_se = float(np.hypot(a.se_drawing, k.se_drawing))
    v3: Verdict
    if d_pat > Z * d_pat_se and abs(d_draw) <= Z * d_draw_se:
        v3 = "holds with a caveat"
    elif d_pat > Z * d_pat_se:
        v3 = "holds"
    else:
        v3 = "does not hold"
    tip3 = TipResult(
        "T3",
        "Aces are high: an ace is the worst card, worse than a king.",
        "heads-up equity of K-7-5-3-2 minus A-7-5-3-2, standing pat",
        float(d_pat),
        d_pat_se,
        v3,
        detail=(
            f"Exact: {a.beaten_by_share:.3f} of all hands beat A-7-5-3-2, {k.beaten_by_share:.3f} "
            f"beat K-7-5-3-2. Standing pat heads-up: king {k.equity_pat:.3f}, ace "
            f"{a.equity_pat:.3f} (difference {d_pat:+.3f} ± {d_pat_se:.3f}); drawing (the odd card "
            f"thrown): difference {d_draw:+.3f} ± {d_draw_se:.3f}; one-draw odds after throwing it "
            f"are identical ({a.p8_one_draw_exact:.4f} for 8-low). Rule: holds if the king is "
            f"better standing pat by {Z} SE; caveat when, thrown away, the two are equal within "
            f"{Z} SE (an ace is only bad when kept)."
        ),
        table="triple_draw_t3",
    )
    return AnalysisResult(tables={"triple_draw_t2": t2, "triple_draw_t3": t3}, tips=[tip2, tip3])


# --- full games: win rates, T4, T5, variants --------------------------------------------------


def _running(per_hand: np.ndarray):
    """Running mean and standard error of a per-hand series."""
    x = per_hand.astype(np.float64)
    k = np.arange(1, x.size + 1)
    mean = np.cumsum(x) / k
    var = np.maximum(np.cumsum(x * x) / k - mean * mean, 0.0) * k / np.maximum(k - 1, 1)
    return k, mean, np.sqrt(var / k)


@analysis("triple_draw_win_rates", game=GAME, title="2-7 Triple Draw: strategy win rates")
def win_rates(ctx: Context) -> AnalysisResult:
    from ..games.triple_draw.jobs import match, play

    hands = ctx.trials(150_000, minimum=2000)
    rows = []
    for field in ("loose", "station"):
        for n in range(2, 7):
            df = match(
                ["tight"] + [field] * (n - 1),
                hands=hands,
                seed=ctx.stream("match", field, n),
                **ctx.run_options(),
            )
            rows.append(
                {
                    "players": n,
                    "player": "tight",
                    "field": field,
                    "chips_per_hand": df.chips_per_hand[0],
                    "se": df.se[0],
                    "hands": hands,
                    "field_chips_per_hand": df.chips_per_hand[1:].mean(),
                }
            )
    table = pd.DataFrame(rows)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    n_plot = ctx.trials(200_000, minimum=2000)
    for field, color in (("loose", "C0"), ("station", "C1")):
        r = play(
            ["tight"] + [field] * 5, hands=n_plot, seed=ctx.stream("running", field), keep_per_hand=n_plot
        )
        k, mean, se = _running(r.per_hand[:, 0])
        ax.plot(k, mean, color=color, label=f"tight vs 5 {field}")
        ax.fill_between(k[100:], (mean - 2 * se)[100:], (mean + 2 * se)[100:], color=color, alpha=0.2)
    ax.set_xscale("log")
    ax.axhline(0.0, color="grey", lw=0.8)
    ax.set_xlabel("hands played")
    ax.set_ylabel("chips per hand (± 2 SE)")
    ax.legend()
    fig.tight_layout()
    return AnalysisResult(
        tables={"triple_draw_win_rates": table}, figures={"triple_draw_win_rate_curve": fig}
    )


@analysis("triple_draw_t4_t5", game=GAME, title="2-7 Triple Draw: reading draws (T4) and sunk costs (T5)")
def reads_and_sunk_costs(ctx: Context) -> AnalysisResult:
    from ..games.triple_draw.jobs import match, match_totals, play
    from ..games.triple_draw.rules import VARIANTS

    hands = ctx.trials(300_000, minimum=3000)
    tot = match_totals(
        ["tight", "loose", "station", "tight-rule", "check-call", "loose"],
        hands=hands,
        seed=ctx.stream("t4"),
        **ctx.run_options(),
    )
    ds = tot["dstats"].reshape(3, 6, 4)
    rows = []
    for d in range(3):
        for c in range(6):
            n = ds[d, c, 0]
            if n > 0:
                p8, se8 = ds[d, c, 1] / n, np.sqrt(ds[d, c, 1] / n * (1 - ds[d, c, 1] / n) / n)
                p10, se10 = ds[d, c, 2] / n, np.sqrt(ds[d, c, 2] / n * (1 - ds[d, c, 2] / n) / n)
                rows.append(
                    {
                        "draw": d + 1,
                        "cards_drawn": c,
                        "players": int(n),
                        "p_8_low": p8,
                        "se_8": se8,
                        "p_10_low": p10,
                        "se_10": se10,
                        "pot_share": ds[d, c, 3] / n,
                    }
                )
    t4 = pd.DataFrame(rows)
    pat1 = t4[(t4.draw == 1) & (t4.cards_drawn == 0)].iloc[0]
    late2 = t4[(t4.draw == 3) & (t4.cards_drawn == 2)].iloc[0]
    # pot share lies in [0, 1]: its standard error is at most sqrt(share (1 - share) / n)
    se_a = float(np.sqrt(pat1.pot_share * (1 - pat1.pot_share) / pat1.players))
    se_b = float(np.sqrt(late2.pot_share * (1 - late2.pot_share) / late2.players))
    gap, gap_se = float(pat1.pot_share - late2.pot_share), float(np.hypot(se_a, se_b))
    good = pat1.p_10_low - Z * pat1.se_10 > 0.5 and gap > Z * gap_se
    rare = late2.p_10_low + Z * late2.se_10 < 0.25
    # both sides holding still leaves the stated caveat: the reading depends on the field
    v4: Verdict = "holds with a caveat" if good or rare else "does not hold"
    tip4 = TipResult(
        "T4",
        "Watch how many cards others draw: who stands pat early probably has a good hand; who "
        "still draws two at the last draw rarely does.",
        "pot share at the end: stood pat at draw 1 minus drew two at draw 3",
        gap,
        gap_se,
        v4,
        detail=(
            f"Players still in at the end of 6-handed games (mixed field): stood pat at draw 1 "
            f"-> 10-low or better {pat1.p_10_low:.3f} (8-low {pat1.p_8_low:.3f} ± {pat1.se_8:.3f}), "
            f"pot share {pat1.pot_share:.3f}; drew two at draw 3 -> 10-low or better "
            f"{late2.p_10_low:.3f} ± {late2.se_10:.3f} (8-low {late2.p_8_low:.3f}), pot share "
            f"{late2.pot_share:.3f}. Rule: holds if the early pat player finishes 10-low or better "
            f"more than half the time and wins a larger pot share by {Z} SE (SE bounded by the "
            f"binomial), and the late two-card drawer finishes 10-low or better less than a "
            f"quarter of the time by {Z} SE; a caveat in any case: "
            f"the figures depend on the field (these players stand pat on 9- or 10-low, so an "
            f"early pat is a made hand by construction)."
        ),
        table="triple_draw_t4",
    )
    # T5: three pot-odds callers and three sunk-cost callers at one table, seats alternating
    n5 = ctx.trials(300_000, minimum=3000)
    r = play(
        ["pot-odds", "sunk-cost", "pot-odds", "sunk-cost", "pot-odds", "sunk-cost"],
        hands=n5,
        seed=ctx.stream("t5"),
        keep_per_hand=n5,
    )
    diff = (r.per_hand[:, 0::2].sum(axis=1) - r.per_hand[:, 1::2].sum(axis=1)) / 3.0
    d_mean, d_se = float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(diff.size))
    t5 = r.table()
    t5["calls"] = ["pot odds", "pot odds or chips in"] * 3
    v5: Verdict = (
        "holds" if d_mean > Z * d_se else ("does not hold" if d_mean < -Z * d_se else "holds with a caveat")
    )
    tip5 = TipResult(
        "T5",
        "Don't call just because you already have chips in the pot.",
        "chips per hand: pot-odds caller minus sunk-cost caller (same table)",
        d_mean,
        d_se,
        v5,
        detail=(
            f"Six-handed, three tight players who call by pot odds only against three identical "
            f"players who also call whenever their own chips are 15% of the pot or more: "
            f"{d_mean:+.3f} ± {d_se:.3f} chips per hand per player ({n5} hands). Rule: holds if the "
            f"pot-odds caller is ahead by more than {Z} SE, does not hold if behind by more than "
            f"{Z} SE, else a caveat (no measurable difference)."
        ),
        table="triple_draw_t5",
    )
    # variants (R-T5): tight against loose, four players
    vrows = []
    vh = ctx.trials(100_000, minimum=2000)
    variants_stream = ctx.stream("variants")  # one for every variant (common random numbers)
    for v in VARIANTS:
        df = match(
            ["tight", "loose", "loose", "loose"],
            variant=v,
            hands=vh,
            seed=variants_stream,
            **ctx.run_options(),
        )
        vrows.append(
            {
                "variant": v,
                "players": 4,
                "tight_chips_per_hand": df.chips_per_hand[0],
                "se": df.se[0],
                "hands": vh,
            }
        )
    return AnalysisResult(
        tables={"triple_draw_t4": t4, "triple_draw_t5": t5, "triple_draw_variants": pd.DataFrame(vrows)},
        tips=[tip4, tip5],
    )
