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
from ..games.triple_draw.solver import rank_percentiles
from ..games.triple_draw.studies import A5_TARGETS, holding_odds_table
from ..hands import evaluate
from ..runner import map_threads, run
from .registry import AnalysisResult, Context, TipResult, Verdict, Z, analysis, pyplot

GAME = "triple_draw"


@analysis(
    "triple_draw_draw_odds", game=GAME, title="Triple Draw: exact draw odds of kept holdings, 2-7 and A-5"
)
def draw_odds_analysis(ctx: Context) -> AnalysisResult:
    full = ctx.scale >= 0.5
    sizes = (1, 2, 3, 4, 5) if full else (3, 4)
    df, a5 = map_threads(
        lambda task: task(),
        [
            lambda: holding_odds_table("10" if full else "8", sizes),
            lambda: holding_odds_table("8" if full else "6", sizes, targets=A5_TARGETS, family="ace_to_five"),
        ],
    )
    plt = pyplot()
    figures = {}
    for name, table, title in (
        ("triple_draw_draw_odds", df, "2-7"),
        ("triple_draw_draw_odds_a5", a5, "A-5"),
    ):
        fig, axes = plt.subplots(1, 3, figsize=(13, 4), sharey=True)
        for ax, d in zip(axes, (1, 2, 3)):
            sub = table[table.draws == d]
            for target, g in sub.groupby("target", sort=False):
                m = g.groupby("n_kept").probability.mean()
                ax.plot(m.index, m.values, marker="o", label=target)
            ax.set_title(f"{title}: {d} draw{'s' if d > 1 else ''} left (exact)")
            ax.set_xlabel("cards kept (mean over holdings)")
        axes[0].set_ylabel("P(finish at target or better)")
        axes[0].legend()
        fig.tight_layout()
        figures[name] = fig
    return AnalysisResult(
        tables={"triple_draw_draw_odds": df, "triple_draw_draw_odds_a5": a5},
        figures=figures,
        notes=[
            "Exact for 1, 2 and 3 draws (column fraction): every later keep is the one with the "
            "greatest chance of the row's target (best play), the unseen deck the 47 cards not in "
            "the hand, discards never come back. 2-7: straights and flushes count against you; "
            "A-5 (R-T5): aces low, straights and flushes ignored."
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
    opponents = range(1, 6)
    totals = map_threads(
        lambda opp: run(
            EquityJob(opp + 1, "table"), trials, seed=ctx.stream("groups", opp), **ctx.run_options()
        ),
        opponents,
    )
    for opp, tot in zip(opponents, totals, strict=True):
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
    ax.set_ylabel("equity / fair share (±2 SE)")
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
    # the tip says which hands to play: >=3 low cards must beat the fair share and the hands
    # with fewer by more than Z SE (whether those fall below the fair share is not the claim)
    above = all(
        h[0] - h[6] > Z * h[1] and h[0] - h[2] > Z * float(np.hypot(h[1], h[3])) for h in (head, head5)
    )
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
                f"share and the hands with fewer by more than {Z} SE at 1 and 5 opponents, and the 2 "
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


#: Table sizes of T3 (the rule document's 2-6 players).
T3_SEATS = (2, 3, 4, 5, 6)
#: The low cards of T3's hands: K-x-x-x-x against A-x-x-x-x, x four different ranks of these.
T3_LOWS = "2345678"


def t3_hands(sample: int | None = None) -> list[tuple[str, str]]:
    """Every hand K-x-x-x-x with four different low ranks x (2-8) and its twin with an ace
    for the king, as ``(king hand, ace hand)``; ``sample`` keeps every k-th set (fewer sets).

    >>> h = t3_hands()
    >>> len(h), h[0]
    (35, ('Ks 5h 4d 3c 2h', 'As 5h 4d 3c 2h'))
    """
    from itertools import combinations

    out = []
    for xs in combinations(T3_LOWS[::-1], 4):
        low = " ".join(f"{r}{s}" for r, s in zip(xs, "hdch"))
        out.append((f"Ks {low}", f"As {low}"))
    out.sort(key=lambda p: p[0][3:][::-1])
    if sample:
        out = out[::sample]
    return out


def t3_table(ctx: Context) -> pd.DataFrame:
    """Equity of K-x-x-x-x and its A-x-x-x-x twin (:func:`t3_hands`, every other set) against 1-5 random
    opponents drawing by the table strategy, the hand standing pat or drawing by the table
    strategy too; the king and the ace hand of a set share their random stream."""
    trials = ctx.trials(2000, minimum=300)
    sets = t3_hands(2 if ctx.scale >= 0.5 else 7)  # every other set (18 of 35), or 5 of them
    rows = []
    for mode, strategies in (("pat", ("pat",)), ("drawing", ())):
        for n in T3_SEATS:
            for i, (king, ace) in enumerate(sets):
                seed = ctx.stream("t3", mode, n, i)  # one for the king and the ace (common random numbers)
                k, a = (
                    equity(
                        [h],
                        n,
                        strategy="table",
                        strategies=strategies,
                        trials=trials,
                        seed=seed,
                        **ctx.run_options(),
                    )
                    for h in (king, ace)
                )
                rows.append(
                    {
                        "low_cards": king[3:],
                        "players": n,
                        "mode": mode,
                        "equity_king": float(k.equity[0]),
                        "se_king": float(k.se[0]),
                        "equity_ace": float(a.equity[0]),
                        "se_ace": float(a.se[0]),
                        "diff": float(k.equity[0] - a.equity[0]),
                        "diff_se": float(np.hypot(k.se[0], a.se[0])),
                        "beaten_king_exact": _share_beating(king),
                        "beaten_ace_exact": _share_beating(ace),
                        "trials": trials,
                    }
                )
    return pd.DataFrame(rows)


def _pooled_diff(g: pd.DataFrame) -> tuple[float, float]:
    """Mean king-minus-ace difference over the sets of ``g`` and its SE (independent sets)."""
    return float(g["diff"].mean()), float(np.sqrt((g.diff_se**2).sum()) / len(g))


def t3_verdict(t3: pd.DataFrame) -> TipResult:
    """Tip T3 from :func:`t3_table`: per table size, the mean over the sets of K-x-x-x-x
    minus A-x-x-x-x, standing pat and drawing."""
    parts, pat_ok, draw_equal, draw_king = [], True, True, True
    ace_better = 0
    for n, g in t3.groupby("players"):
        p, p_se = _pooled_diff(g[g["mode"] == "pat"])
        d, d_se = _pooled_diff(g[g["mode"] == "drawing"])
        pat_ok &= p > Z * p_se
        draw_equal &= abs(d) <= Z * d_se
        draw_king &= d > Z * d_se
        ace_better += int((g["diff"] < -Z * g.diff_se).sum())
        sig = g[(g["mode"] == "pat") & (g["diff"] > Z * g.diff_se)]
        parts.append(
            f"{n} players: pat {p:+.4f} ± {p_se:.4f} ({len(sig)}/{int((g['mode'] == 'pat').sum())} sets "
            f"clearly), drawing {d:+.4f} ± {d_se:.4f}"
        )
    verdict: Verdict
    if pat_ok and draw_king and not ace_better:
        verdict = "holds"
    elif pat_ok and not ace_better:
        verdict = "holds with a caveat"
    else:
        verdict = "does not hold"
    head = t3[(t3.players == t3.players.min()) & (t3["mode"] == "pat")]
    fig, se = _pooled_diff(head)
    pat_all = t3[t3["mode"] == "pat"]
    worst = pat_all.sort_values("diff").iloc[0]
    best = pat_all.sort_values("diff").iloc[-1]
    nsets = head.low_cards.nunique()
    detail = (
        f"K-x-x-x-x with four different low cards 2-8 ({nsets} of the 35 sets, every other one) against the same hand "
        f"with an ace for the king, against random opponents who draw three times by the table "
        f"strategy; the hand stands pat, or draws by the table strategy (the odd card thrown "
        f"when the table says so); equity of the king hand minus the ace hand, mean over the "
        f"sets (SE from each pair's SEs, taken as independent: conservative): "
        + "; ".join(parts)
        + f". Largest gap standing pat: {best.low_cards} with {best.players} players "
        f"{best['diff']:+.4f} ± {best.diff_se:.4f}; smallest: {worst.low_cards} with "
        f"{worst.players} players {worst['diff']:+.4f} ± {worst.diff_se:.4f}. Exact: "
        f"{head.beaten_ace_exact.mean():.3f} of all hands beat an A-x-x-x-x on average, "
        f"{head.beaten_king_exact.mean():.3f} a K-x-x-x-x. Sets where the ace is better by "
        f"more than {Z} SE standing pat: {ace_better}. Rule: the king is better kept if the mean "
        f"difference standing pat exceeds {Z} SE at every table size and no set favours the "
        f"ace by {Z} SE; holds if the king is also better drawing (by {Z} SE at every size), "
        f"with a caveat if only kept (drawing: "
        f"{'equal within ' + str(Z) + ' SE at every size' if draw_equal else 'not equal everywhere'}"
        f"; an ace is only bad when kept), else does not hold."
    )
    return TipResult(
        "T3",
        "Aces are high: an ace is the worst card, worse than a king.",
        "heads-up equity of K-x-x-x-x minus A-x-x-x-x standing pat (mean over every set of four "
        "different low cards 2-8)",
        fig,
        se,
        verdict,
        detail=detail,
        table="triple_draw_t3",
    )


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
    spots = [(label, h, opp) for label, h in hands.items() for opp in (1, 3)]
    opts = ctx.run_options()
    found = map_threads(
        lambda spot: equity(
            [spot[1]],
            spot[2] + 1,
            strategy="table",
            strategies=("pat",),
            trials=trials,
            seed=t2_stream,
            **opts,
        ),
        spots,
    )
    for (label, h, opp), df in zip(spots, found, strict=True):
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
    t3 = t3_table(ctx)
    tip3 = t3_verdict(t3)
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
    n_plot = ctx.trials(200_000, minimum=2000)
    fields = ("loose", "station")
    spots = [(field, n) for field in fields for n in range(2, 7)]

    def one(task):  # a match of one table, or (n = 0) the running curve of one field
        field, n = task
        if n == 0:
            seats = ["tight"] + [field] * 5
            return play(seats, hands=n_plot, seed=ctx.stream("running", field), keep_per_hand=n_plot)
        return match(
            ["tight"] + [field] * (n - 1),
            hands=hands,
            seed=ctx.stream("match", field, n),
            **ctx.run_options(),
        )

    done = map_threads(one, spots + [(field, 0) for field in fields])
    rows = [
        {
            "players": n,
            "player": "tight",
            "field": field,
            "chips_per_hand": df.chips_per_hand[0],
            "se": df.se[0],
            "hands": hands,
            "field_chips_per_hand": df.chips_per_hand[1:].mean(),
        }
        for (field, n), df in zip(spots, done, strict=False)
    ]
    table = pd.DataFrame(rows)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    for field, color, r in zip(fields, ("C0", "C1"), done[len(spots) :], strict=True):
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


#: Table sizes of T4 (the rule document's 2-6 players).
T4_SEATS = (2, 3, 4, 5, 6)
MIN_SEEN = 30  # a (draw, cards drawn) cell counts when at least this many players reached it


def t4_tables(ctx: Context) -> tuple[pd.DataFrame, pd.DataFrame]:
    """T4's measures: in fields of tight bettors whose standing-pat rules differ
    (:data:`~simkit.games.triple_draw.reading.PAT_RULES`), at every table size, the final hands of
    players still in at the showdown by draw and cards drawn, and the chips the reading is worth
    (seat 0 with ``P_PAT`` as tight plays it against ``P_PAT=0``, the same deals)."""
    from ..games.triple_draw.reading import PAT_RULES, draw_posterior, paired_compare

    hands = ctx.trials(20_000, minimum=2000)
    cells = [(f, name, rule, n) for f, (name, rule) in enumerate(PAT_RULES.items()) for n in T4_SEATS]

    def one(cell):  # the posterior and the paired comparison of one field and table size
        f, name, rule, n = cell
        opts = ctx.run_options()
        post = draw_posterior(["tight"] * n, rule, hands=hands, seed=ctx.stream("t4_posterior", f, n), **opts)
        seed = ctx.stream("t4_reading", f, n)
        c = paired_compare(["tight"] * n, 0, "tight:P_PAT=0", draws=rule, hands=hands, seed=seed, **opts)
        return post.rename(columns={"players": "seen"}).assign(field=name, players=n), c

    frames, rows = [], []
    for (_, name, _, n), (post, c) in zip(cells, map_threads(one, cells), strict=True):
        frames.append(post)
        rows.append(
            {
                "field": name,
                "players": n,
                "reading": c["a"],
                "se_reading": c["se_a"],
                "no_reading": c["b"],
                "se_no_reading": c["se_b"],
                "worth": -c["diff"],
                "worth_se": c["diff_se"],
                "hands": c["hands"],
            }
        )
    t4 = pd.concat(frames, ignore_index=True)
    cols = ["field", "players", "draw", "cards_drawn", "seen"]
    return t4[cols + [c for c in t4.columns if c not in cols]], pd.DataFrame(rows)


def _t4_cell(t: pd.DataFrame, draw: int, drawn: int):
    c = t[(t.draw == draw) & (t.cards_drawn == drawn)]
    return c.iloc[0] if len(c) and c.seen.iloc[0] >= MIN_SEEN else None


def t4_verdict(post: pd.DataFrame, chips: pd.DataFrame) -> TipResult:
    """Tip T4 from :func:`t4_tables`: per field and table size, *early pat* holds when a
    player who stood pat at draw 1 ends 10-low or better more than half the time and wins a
    larger pot share than one who drew two at draw 3 (both by ``Z`` SE), *late two* when one who
    drew two at draw 3 ends 10-low or better less than a quarter of the time (by ``Z`` SE); the
    reading is worth chips when seat 0 with ``P_PAT`` beats itself without by ``Z`` SE."""
    fields = list(dict.fromkeys(post.field))
    parts, good_fields, pays = [], [], []
    all_pay = True
    for name in fields:
        ok_field = True
        cells = []
        for n, t in post[post.field == name].groupby("players"):
            pat1, late2 = _t4_cell(t, 1, 0), _t4_cell(t, 3, 2)
            text = f"{n}p:"
            if pat1 is not None:
                gap_se = float(np.hypot(pat1.se_share, late2.se_share)) if late2 is not None else np.inf
                gap = float(pat1.pot_share - late2.pot_share) if late2 is not None else np.nan
                ok_field &= bool(pat1.p_10_low - Z * pat1.se_10 > 0.5 and gap > Z * gap_se)
                text += f" pat@1 10-low {pat1.p_10_low:.3f}±{pat1.se_10:.3f} (share {pat1.pot_share:.3f})"
            else:
                text += " pat@1 not seen"
            if late2 is not None:
                ok_field &= bool(late2.p_10_low + Z * late2.se_10 < 0.25)
                text += f", two@3 {late2.p_10_low:.3f}±{late2.se_10:.3f} (share {late2.pot_share:.3f})"
            c = chips[(chips.field == name) & (chips.players == n)].iloc[0]
            pay = bool(c.worth > Z * c.worth_se)
            all_pay &= pay
            if pay:
                pays.append(f"{name} {n}p")
            text += f", reading {c.worth:+.3f}±{c.worth_se:.3f} chips"
            cells.append(text)
        if ok_field:
            good_fields.append(name)
        parts.append(f"{name} field: " + "; ".join(cells))
    all_ok = len(good_fields) == len(fields) and all_pay
    verdict: Verdict = "holds" if all_ok else ("holds with a caveat" if good_fields else "does not hold")
    head_name = fields[1] if len(fields) > 1 else fields[0]
    head = post[(post.field == head_name) & (post.players == post.players.max())]
    pat1, late2 = _t4_cell(head, 1, 0), _t4_cell(head, 3, 2)
    if pat1 is not None and late2 is not None:
        gap, gap_se = float(pat1.pot_share - late2.pot_share), float(np.hypot(pat1.se_share, late2.se_share))
    else:
        gap, gap_se = float("nan"), float("nan")
    if not np.isfinite(gap):
        gap, gap_se = 0.0, 0.0
    worth = chips[chips.field == head_name]
    detail = (
        "Full games of tight bettors, every seat with the field's standing-pat rule; players "
        "still in at the showdown, by table size: 10-low or better after standing pat at draw "
        "1 (pat@1) and after drawing two at draw 3 (two@3), with pot shares; the reading in "
        "chips per hand = seat 0 discounting its hand per opponent who stood pat (P_PAT 0.10) "
        "minus the same player without (P_PAT 0), same deals. "
        + " | ".join(parts)
        + f". Rule: per field and table size, pat@1 ends 10-low or better more than half the "
        f"time and wins a larger pot share than two@3, two@3 ends so less than a quarter of the "
        f"time, each by more than {Z} SE (a cell seen fewer than {MIN_SEEN} times is left "
        f"out); holds if so in every field and the reading is worth chips by more than {Z} SE "
        f"in every field and table size; with a caveat if the draws read right in some fields "
        f"only (it depends on the field's standing-pat rule; here: "
        f"{', '.join(good_fields) if good_fields else 'none'}), or in all but the reading "
        f"does not pay everywhere; else does not hold. The reading pays by {Z} SE in: "
        f"{', '.join(pays) if pays else 'none'}. "
        f"In the {fields[0]} field an early pat is a made hand by construction; the reading in "
        f"chips ranges over fields and sizes from {chips.worth.min():+.3f} to "
        f"{chips.worth.max():+.3f} ({head_name} field: {worth.worth.min():+.3f} to "
        f"{worth.worth.max():+.3f})."
    )
    return TipResult(
        "T4",
        "Watch how many cards others draw: who stands pat early probably has a good hand; who "
        "still draws two at the last draw rarely does.",
        f"pot share at the end: stood pat at draw 1 minus drew two at draw 3 ({head_name} field, "
        f"{int(post.players.max())} players)",
        gap,
        gap_se,
        verdict,
        detail=detail,
        table="triple_draw_t4",
    )


@analysis("triple_draw_t4_t5", game=GAME, title="2-7 Triple Draw: reading draws (T4) and sunk costs (T5)")
def reads_and_sunk_costs(ctx: Context) -> AnalysisResult:
    from ..games.triple_draw.jobs import match, play
    from ..games.triple_draw.rules import VARIANTS

    t4, t4_chips = t4_tables(ctx)
    tip4 = t4_verdict(t4, t4_chips)
    # T5: three pot-odds callers and three sunk-cost callers at one table, seats alternating;
    # the variants (R-T5): tight against loose, four players, one stream for every variant
    # (common random numbers).  All side by side.
    n5 = ctx.trials(300_000, minimum=3000)
    t5_seed = ctx.stream("t5")
    vh = ctx.trials(100_000, minimum=2000)
    variants_stream = ctx.stream("variants")

    def one(task):
        if task == "t5":
            seats = ["pot-odds", "sunk-cost", "pot-odds", "sunk-cost", "pot-odds", "sunk-cost"]
            return play(seats, hands=n5, seed=t5_seed, keep_per_hand=n5)
        seats = ["tight", "loose", "loose", "loose"]
        return match(seats, variant=task, hands=vh, seed=variants_stream, **ctx.run_options())

    r, *by_variant = map_threads(one, ["t5", *VARIANTS])
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
    vrows = [
        {
            "variant": v,
            "players": 4,
            "tight_chips_per_hand": df.chips_per_hand[0],
            "se": df.se[0],
            "hands": vh,
        }
        for v, df in zip(VARIANTS, by_variant, strict=True)
    ]
    return AnalysisResult(
        tables={
            "triple_draw_t4": t4,
            "triple_draw_t4_chips": t4_chips,
            "triple_draw_t5": t5,
            "triple_draw_variants": pd.DataFrame(vrows),
        },
        tips=[tip4, tip5],
    )
