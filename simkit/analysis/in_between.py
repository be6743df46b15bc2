"""In-Between analyses for ``simkit report``: exact odds and sizing (I1), the post and ruin
(I2), the dealer's pot (I3), the best stake over a dealer's game, counting when the deck goes
through twice, and Red Dog.

Exact figures carry ``se = 0.0``; Monte Carlo figures their standard error.  Each verdict is
computed from the figures by the rule spelled out in its detail (a difference counts when it
exceeds ``Z`` standard errors).  The plotting functions are public so that
``notebooks/in_between.ipynb`` draws the same pictures.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..games.in_between import (
    Rules,
    best_game_stakes,
    evaluate_game_policy,
    odds_table,
    parse_policy,
    red_dog_edge,
    simulate,
    sizing_table,
)
from ..games.in_between.sizing import pass_rule
from ..runner import map_threads
from .registry import AnalysisResult, Context, TipResult, Verdict, Z, analysis, pyplot

__all__ = [
    "Z",
    "counting_table",
    "dealer_pot_table",
    "game_stake_table",
    "i1_verdict",
    "i2_verdict",
    "i3_verdict",
    "plot_counting",
    "plot_dealer_pot",
    "plot_ev_by_spread",
    "plot_game_stakes",
    "plot_ruin",
    "plot_stakes_by_spread",
    "plot_win_rates",
    "policy_table",
    "red_dog_summary",
    "ruin_table",
]

GAME = "in_between"
PLAYERS = 5  # the document's best table is 5 to 8
OTHERS = "half_kelly"  # the other seats in the one-seat studies: players who stake well


# --- I1: odds and stakes by spread (exact) ----------------------------------------------------------


def i1_verdict(sizing: pd.DataFrame) -> TipResult:
    """Tip I1 from the by-spread sizing table (exact).

    Rule: "win very often" at spread 11 means P(between) >= 3/4 with positive EV; "pass or stake
    very little" at 1 or 2 means the Kelly stake is 0 there.  Both true: holds; and if the
    break-even spread lies above 3, with the caveat that every spread up to it should pass.
    """
    posts = sizing[sizing.hand == "posts"].set_index("spread")
    p11, ev11 = float(posts.p_between[11]), float(posts.ev_per_chip[11])
    low_ok = all(posts.kelly_fraction[s] == 0 and posts.ev_per_chip[s] < 0 for s in (1, 2))
    high_ok = p11 >= 0.75 and ev11 > 0
    first = int(posts.index[posts.ev_per_chip > 1e-12].min())
    verdict: Verdict
    if high_ok and low_ok:
        verdict = "holds with a caveat" if first > 3 else "holds"
    else:
        verdict = "does not hold"
    detail = (
        f"Exact, full deck: spread 11 wins {p11:.0%} of third cards, EV {ev11:+.2f} per chip, "
        f"Kelly stake {posts.kelly_fraction[11]:.2f} of own chips; spreads 1 and 2 have EV "
        f"{posts.ev_per_chip[1]:+.2f} and {posts.ev_per_chip[2]:+.2f} per chip (Kelly: stake 0). "
        f"But the post costs double, so the EV per chip is (8 s - 56)/50: it is not positive up "
        f"to spread {first - 1}, and the rule is '{pass_rule(sizing)}', not just at 1 or 2."
    )
    return TipResult(
        "I1",
        "Count the values between: with 11 (Ace and 2) you win very often; with 1 or 2, "
        "pass or stake very little.",
        "EV per chip at spread 11 (exact)",
        ev11,
        0.0,
        verdict,
        detail,
        table="in_between_sizing",
        plot="in_between_ev_by_spread",
    )


def plot_ev_by_spread(sizing: pd.DataFrame):
    """Odds and EV per chip by spread (distinct posts), exact."""
    plt = pyplot()
    posts = sizing[sizing.hand == "posts"]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    ax = axes[0]
    ax.plot(posts.spread, posts.p_between, "o-", label="between (+1)")
    ax.plot(posts.spread, posts.p_outside, "s-", label="outside (-1)")
    ax.plot(posts.spread, posts.p_post, "^-", label="post (-2)")
    ax.set(
        xlabel="spread (values between the posts)",
        ylabel="probability",
        title="Third card, full deck (exact)",
    )
    ax.legend()
    ax = axes[1]
    colors = np.where(posts.ev_per_chip > 1e-12, "tab:green", "tab:red")
    ax.bar(posts.spread, posts.ev_per_chip, color=colors)
    ax.axhline(0, color="k", lw=0.8)
    ax.set(
        xlabel="spread",
        ylabel="expected chips per chip staked",
        title="EV per chip: stake only from spread 8 (exact)",
    )
    fig.tight_layout()
    return fig


def plot_stakes_by_spread(
    sizing: pd.DataFrame, game_start: pd.DataFrame | None = None, chips: int = 100, pot: int = 20
):
    """Kelly and half-Kelly stakes by spread, and the best stake for expected chips over a
    heads-up dealer's game (when given)."""
    plt = pyplot()
    posts = sizing[sizing.hand == "posts"]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    ax = axes[0]
    ax.plot(posts.spread, posts.kelly_fraction, "o-", label="Kelly")
    ax.plot(posts.spread, posts.half_kelly_fraction, "s--", label="half-Kelly")
    ax.set(xlabel="spread", ylabel="fraction of own chips", title="Kelly fraction (post = -2), exact")
    ax.legend()
    ax = axes[1]
    ax.step(posts.spread, posts.kelly_stake, where="mid", label="Kelly stake")
    ax.step(posts.spread, posts.half_kelly_stake, where="mid", label="half-Kelly stake")
    if game_start is not None:
        g = game_start.groupby("spread").best_stake.max()
        ax.plot(g.index, g.values, "k^", label="best for expected chips (game)")
    ax.axhline(pot, color="grey", ls=":", lw=0.8)
    ax.set(xlabel="spread", ylabel="chips", title=f"Stakes with {chips} chips, pot {pot} (exact)")
    ax.legend()
    fig.tight_layout()
    return fig


@analysis("in_between_odds", game=GAME, title="In-Between: exact odds and stake sizing (I1)")
def _odds(ctx: Context) -> AnalysisResult:
    sizing = sizing_table(chips=100, pot=20)
    game = best_game_stakes(100, 20, 3)
    res = AnalysisResult(
        tables={
            "in_between_odds": odds_table(),
            "in_between_odds_low_ace": odds_table(low_ace=True).query("low == 1"),
            "in_between_sizing": sizing,
            "in_between_sizing_by_pair": sizing_table(by="pair", chips=100, pot=20),
        },
        figures={
            "in_between_ev_by_spread": plot_ev_by_spread(sizing),
            "in_between_stakes_by_spread": plot_stakes_by_spread(sizing, game.start),
        },
        tips=[i1_verdict(sizing)],
        notes=[
            f"Pass rule (exact, full deck): {pass_rule(sizing)}. The post costs double, so the "
            "expected value per chip of spread s with distinct posts is (8 s - 56)/50.",
            "Kelly maximises the expected log of one's chips; the stake is floor(f x chips) "
            "capped by the pot (R-I2).",
        ],
    )
    return res


# --- best stake for expected chips over the dealer's game ---------------------------------------------


def game_stake_table(ctx: Context, fractions=(0.1, 0.25, 0.5, 0.75, 1.0)) -> pd.DataFrame:
    """Seat 1 (first after the dealer) of a 5-seat dealer's game tries stake rules; the others
    stake half-Kelly.  Mean net chips over the dealer's game with standard errors."""
    hands = ctx.trials(200_000)
    stake_rules = [f"pot_fraction:{f}@8" for f in fractions] + [
        "pot_fraction:1@7",
        "pot_fraction:1@9",
        "pay_twice:1@8",
        "kelly",
        "half_kelly",
    ]
    rows = []
    for i, rule in enumerate(stake_rules):
        pols = [OTHERS, rule] + [OTHERS] * (PLAYERS - 2)
        r = simulate(pols, hands=hands, seed=ctx.stream("stakes", i), **ctx.run_options())
        s = r.seats.iloc[1]
        rows.append(
            {
                "rule": parse_policy(rule).label,
                "net_mean": s.net_mean,
                "net_se": s.net_se,
                "bust_rate": s.bust_rate,
                "mean_stake": s.mean_stake,
                "stake_rate": s.stake_rate,
            }
        )
    return pd.DataFrame(rows)


def plot_game_stakes(sweep: pd.DataFrame):
    """Mean net chips over a dealer's game by stake rule (±2 SE)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    y = np.arange(len(sweep))
    ax.errorbar(sweep.net_mean, y, xerr=2 * sweep.net_se, fmt="o")
    ax.set_yticks(y, sweep.rule)
    ax.axvline(0, color="k", lw=0.8)
    ax.set(
        xlabel="mean net chips per dealer's game (±2 SE)", title=f"Seat 1 of {PLAYERS}, the others {OTHERS}"
    )
    fig.tight_layout()
    return fig


@analysis(
    "in_between_game_stakes",
    game=GAME,
    title="In-Between: the best stake for expected chips over a dealer's game",
)
def _game_stakes(ctx: Context) -> AnalysisResult:
    exact = best_game_stakes(100, 20, 3)
    comp = pd.DataFrame(
        [
            {"policy": "best (dynamic programming)", "expected_net": exact.value - 100, "se": 0.0},
            *(
                {"policy": p, "expected_net": evaluate_game_policy(parse_policy(p)) - 100, "se": 0.0}
                for p in ("kelly", "half_kelly", "pot_fraction:1@8", "pot_fraction:0.5@8")
            ),
        ]
    )
    sweep = game_stake_table(ctx)
    best = sweep.loc[sweep.net_mean.idxmax()]
    start = exact.start.groupby("spread").best_stake.max()
    first = int(start[start > 0].index.min())
    return AnalysisResult(
        tables={
            "in_between_game_exact": comp,
            "in_between_game_best_stakes": exact.by_pot,
            "in_between_game_sweep": sweep,
        },
        figures={"in_between_game_sweep": plot_game_stakes(sweep)},
        notes=[
            f"Heads-up, exact (pot 20, 100 chips, 3 rounds): the best stakes are worth "
            f"{exact.value - 100:+.3f} chips over the dealer's game; at the first decision they "
            f"stake {int(start.max())} (the pot) from spread {first} on, nothing below.",
            f"{PLAYERS} seats, simulated: of the rules tried for seat 1, {best.rule} does best "
            f"with {best.net_mean:+.3f} ± {best.net_se:.3f} chips per dealer's game.",
        ],
    )


# --- I2: the post and ruin ----------------------------------------------------------------------------------


def ruin_table(ctx: Context, chips_list=(100, 50)) -> pd.DataFrame:
    """Seat 1 of 5 over a session in which everyone deals twice, with stake rules that respect
    or ignore "never more than you can pay twice"; the others stake half-Kelly."""
    hands = ctx.trials(100_000)
    stake_rules = ["pot_fraction:1@8", "pay_twice:1@8", "kelly", "half_kelly"]
    spots = [(chips, i, rule) for chips in chips_list for i, rule in enumerate(stake_rules)]

    def one(spot):
        chips, i, rule = spot
        pols = [OTHERS, rule] + [OTHERS] * (PLAYERS - 2)
        seed = ctx.stream("ruin", i, chips)
        r = simulate(
            pols, hands=hands, deals=2 * PLAYERS, rules=Rules(stacks=chips), seed=seed, **ctx.run_options()
        )
        return r.seats.iloc[1]

    rows = [
        {
            "chips": chips,
            "rule": parse_policy(rule).label,
            "ignores_post": rule.startswith("pot_fraction"),
            "ruin_rate": s.bust_rate,
            "ruin_se": s.bust_se,
            "net_mean": s.net_mean,
            "net_se": s.net_se,
            "p_post": s.p_post,
        }
        for (chips, _, rule), s in zip(spots, map_threads(one, spots), strict=True)
    ]
    return pd.DataFrame(rows)


def i2_verdict(post_by_spread: pd.DataFrame, ruin: pd.DataFrame) -> TipResult:
    """Tip I2: the post odds by spread (exact) and ruin with and without the pay-twice cap.

    Rule: holds when the post stays likely at wide spreads (>= 5 % at spread 11) and the capped
    rule is ruined less often than the uncapped one by more than Z SE at every bankroll; with
    a caveat when the uncapped rule nevertheless ends with more chips on average (R-I2 caps
    the loss at what one owns).
    """
    p11 = float(post_by_spread.loc[post_by_spread.spread == 11, "p_post"].item())
    cmp = []
    for chips, g in ruin.groupby("chips"):
        a = g[g.rule == "pot_fraction:1"].iloc[0]
        b = g[g.rule == "pay_twice:1"].iloc[0]
        d = a.ruin_rate - b.ruin_rate
        se = float(np.hypot(a.ruin_se, b.ruin_se))
        dn = a.net_mean - b.net_mean
        dn_se = float(np.hypot(a.net_se, b.net_se))
        cmp.append((chips, d, se, dn, dn_se, a, b))
    less_ruin = all(d > Z * se for _, d, se, *_ in cmp)
    more_chips_uncapped = any(dn > Z * dn_se for _, _, _, dn, dn_se, _, _ in cmp)
    verdict: Verdict
    if p11 >= 0.05 and less_ruin:
        verdict = "holds with a caveat" if more_chips_uncapped else "holds"
    else:
        verdict = "does not hold"
    chips0, d0, se0, dn0, dnse0, a0, b0 = cmp[-1]
    detail = (
        f"Exact: the post comes {p11:.0%} of the time at every spread from 1 to 11 (6 of 50 "
        f"cards), so a wide spread does not protect. Simulated ({PLAYERS} seats, everyone deals "
        f"twice, others half-Kelly): "
        + "; ".join(
            f"with {c} chips staking the pot is ruined {a.ruin_rate:.2%} ± {a.ruin_se:.2%} vs "
            f"{b.ruin_rate:.2%} ± {b.ruin_se:.2%} never staking more than half one's chips, net "
            f"{a.net_mean:+.2f} vs {b.net_mean:+.2f} chips"
            for c, _, _, _, _, a, b in cmp
        )
        + (
            ". The cap lowers ruin, but costs expected chips: a player who cannot pay double pays "
            "only what they own (R-I2), so ignoring the cap is cheaper than it looks."
            if more_chips_uncapped
            else "."
        )
    )
    return TipResult(
        "I2",
        "Even with a wide spread you can hit the post: never stake more than you can pay twice.",
        f"ruin-rate reduction from the pay-twice cap ({chips0} chips, {PLAYERS} seats, each deals twice)",
        float(d0),
        float(se0),
        verdict,
        detail,
        table="in_between_ruin",
        plot="in_between_ruin",
    )


def plot_ruin(ruin: pd.DataFrame, post_by_spread: pd.DataFrame | None = None):
    """Ruin rate and mean net by stake rule and bankroll (±2 SE); post odds by spread."""
    plt = pyplot()
    n = 3 if post_by_spread is not None else 2
    fig, axes = plt.subplots(1, n, figsize=(5 * n, 4))
    if post_by_spread is not None:
        ax = axes[0]
        ax.bar(post_by_spread.spread, post_by_spread.p_post)
        ax.set(xlabel="spread", ylabel="P(post)", title="The post, exact (full deck)")
        axes = axes[1:]
    for ax, col, se, label in (
        (axes[0], "ruin_rate", "ruin_se", "ruin rate"),
        (axes[1], "net_mean", "net_se", "mean net chips"),
    ):
        for j, (chips, g) in enumerate(ruin.groupby("chips")):
            x = np.arange(len(g)) + 0.2 * j
            ax.errorbar(x, g[col], yerr=2 * g[se], fmt="o", label=f"{chips} chips")
            ax.set_xticks(np.arange(len(g)), g.rule, rotation=20)
        ax.set(ylabel=label, title=f"{label} (±2 SE)")
        ax.legend()
    fig.tight_layout()
    return fig


@analysis("in_between_post", game=GAME, title="In-Between: the post and ruin (I2)")
def _post(ctx: Context) -> AnalysisResult:
    sizing = sizing_table()
    post = sizing[sizing.hand == "posts"][["spread", "p_post", "p_between", "p_outside"]]
    ruin = ruin_table(ctx)
    tip = i2_verdict(post, ruin)
    return AnalysisResult(
        tables={"in_between_post_by_spread": post.reset_index(drop=True), "in_between_ruin": ruin},
        figures={"in_between_ruin": plot_ruin(ruin, post)},
        tips=[tip],
    )


# --- I3: the dealer's pot ----------------------------------------------------------------------------------


def dealer_pot_table(ctx: Context, pots=(5, 10, 20, 40, 80), players=("half_kelly", "kelly")) -> pd.DataFrame:
    """The dealer's result per dealer's game by opening pot, against 4 players who stake well."""
    hands = ctx.trials(200_000)
    rows = []
    for j, pol in enumerate(players):
        for i, pot in enumerate(pots):
            r = simulate(
                pol,
                seats=PLAYERS,
                rules=Rules(pot=pot),
                hands=hands,
                seed=ctx.stream("dealer_pot", j, i),
                **ctx.run_options(),
            )
            d = r.dealer
            rows.append(
                {
                    "players_stake": parse_policy(pol).label,
                    "pot": pot,
                    "dealer_net": d["net_mean"],
                    "dealer_se": d["net_se"],
                    "loss_per_pot_chip": -d["net_mean"] / pot,
                    "p_dealer_loses": d["p_loses"],
                    "p_whole_pot": d["whole_pot_rate"],
                    "p_whole_pot_se": d["whole_pot_se"],
                }
            )
    return pd.DataFrame(rows)


def i3_verdict(table: pd.DataFrame) -> TipResult:
    """Tip I3: holds when, against every staking rule tried, the dealer's expected loss grows
    with the opening pot (each step up by more than Z SE, or level within Z SE once the pot
    no longer binds) and is larger at the largest pot than at the smallest."""
    ok = True
    parts = []
    for pol, g in table.groupby("players_stake", sort=False):
        g = g.sort_values("pot")
        loss = -g.dealer_net.to_numpy()
        se = g.dealer_se.to_numpy()
        steps = np.diff(loss)
        step_se = np.hypot(se[1:], se[:-1])
        ok &= bool((steps > -Z * step_se).all() and loss[-1] - loss[0] > Z * np.hypot(se[0], se[-1]))
        parts.append(
            f"players staking {pol}: the dealer loses "
            + ", ".join(f"{x:.2f}" for x in loss)
            + f" chips at pots {', '.join(map(str, g.pot))}"
        )
    ref = table[(table.players_stake == table.players_stake.iloc[0])].sort_values("pot")
    small, big = ref.iloc[0], ref.iloc[-1]
    verdict: Verdict = "holds" if ok else "does not hold"
    detail = (
        "Simulated, " + f"{PLAYERS} seats, 3 rounds: " + "; ".join(parts) + ". Players who "
        "stake well only take positive-EV bets, so the dealer loses on average; a stake "
        "can never exceed the pot (R-I2), so a small pot caps every single loss and the "
        "total. Per pot chip the small pot costs more, though "
        f"({small.loss_per_pot_chip:.2f} vs {big.loss_per_pot_chip:.2f} at pot {big.pot})."
    )
    return TipResult(
        "I3",
        "As dealer, a small pot limits how much one player can take from you at once.",
        f"dealer's mean loss per dealer's game at pot {int(big.pot)} minus at pot {int(small.pot)} "
        f"(players {ref.players_stake.iloc[0]})",
        float(-big.dealer_net + small.dealer_net),
        float(np.hypot(big.dealer_se, small.dealer_se)),
        verdict,
        detail,
        table="in_between_dealer_pot",
        plot="in_between_dealer_pot",
    )


def plot_dealer_pot(table: pd.DataFrame):
    """The dealer's mean result and the chance of a whole-pot win by opening pot (±2 SE)."""
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for pol, g in table.groupby("players_stake", sort=False):
        axes[0].errorbar(g.pot, g.dealer_net, yerr=2 * g.dealer_se, fmt="o-", label=f"players {pol}")
        axes[1].errorbar(g.pot, g.p_whole_pot, yerr=2 * g.p_whole_pot_se, fmt="o-", label=f"players {pol}")
    axes[0].axhline(0, color="k", lw=0.8)
    axes[0].set(
        xscale="log",
        xlabel="dealer's opening pot",
        ylabel="dealer's net chips (±2 SE)",
        title="The dealer's result per dealer's game",
    )
    axes[1].set(
        xscale="log",
        xlabel="dealer's opening pot",
        ylabel="probability (±2 SE)",
        title="A whole-pot win ends the game",
    )
    for ax in axes:
        ax.legend()
    fig.tight_layout()
    return fig


@analysis("in_between_dealer", game=GAME, title="In-Between: the dealer's pot (I3)")
def _dealer(ctx: Context) -> AnalysisResult:
    table = dealer_pot_table(ctx)
    return AnalysisResult(
        tables={"in_between_dealer_pot": table},
        figures={"in_between_dealer_pot": plot_dealer_pot(table)},
        tips=[i3_verdict(table)],
    )


# --- variants: counting, the other variants, Red Dog ------------------------------------------------------


def counting_table(ctx: Context) -> pd.DataFrame:
    """Twice through the deck: seat 1 with and without counting the seen cards."""
    hands = ctx.trials(200_000)
    rows = []
    for i, rule in enumerate(("kelly", "kelly+count", "half_kelly", "half_kelly+count")):
        stream = ctx.stream("counting", i)  # one for open and hidden cards (common random numbers)
        for hidden in (False, True):
            pols = [OTHERS, rule] + [OTHERS] * (PLAYERS - 2)
            r = simulate(
                pols,
                hands=hands,
                rules=Rules(two_pass=True, hidden=hidden),
                seed=stream,
                **ctx.run_options(),
            )
            s = r.seats.iloc[1]
            rows.append(
                {
                    "rule": rule,
                    "counting": rule.endswith("+count"),
                    "hidden": hidden,
                    "net_mean": s.net_mean,
                    "net_se": s.net_se,
                    "stake_rate": s.stake_rate,
                }
            )
    return pd.DataFrame(rows)


def plot_counting(table: pd.DataFrame):
    """Mean net with and without counting, twice through the deck (±2 SE)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    labels = [f"{r.rule}{' (hidden)' if r.hidden else ''}" for r in table.itertuples()]
    y = np.arange(len(table))
    ax.errorbar(table.net_mean, y, xerr=2 * table.net_se, fmt="o")
    ax.set_yticks(y, labels)
    ax.set(
        xlabel="mean net chips per dealer's game (±2 SE)",
        title="Twice through the deck: what counting is worth",
    )
    fig.tight_layout()
    return fig


def policy_table(ctx: Context) -> pd.DataFrame:
    """Every variant: the dealer's result and the players' against 4 half-Kelly players."""
    hands = ctx.trials(100_000)
    variants = {
        "standard": Rules(),
        "low ace": Rules(low_ace=True),
        "twice through the deck": Rules(two_pass=True),
        "hidden cards": Rules(hidden=True),
        "minimum stake 1": Rules(min_stake=True),
        "pairs: split": Rules(pairs="split"),
        "three posts": Rules(three_posts=True),
        "ante 1 for everyone": Rules(ante_all=True, rounds=10),
        "ante 1, ante back on pairs": Rules(ante_all=True, pairs="ante_back", rounds=10),
    }
    rows = []
    for i, (name, v) in enumerate(variants.items()):
        r = simulate(
            OTHERS, seats=PLAYERS, hands=hands, rules=v, seed=ctx.stream("variant", i), **ctx.run_options()
        )
        row = {
            "variant": name,
            "decisions_per_game": r.decisions / r.dealer["games"],
            "whole_pot_rate": r.dealer["whole_pot_rate"],
            "conservation_errors": r.conservation_errors,
        }
        if "net_mean" in r.dealer:
            row.update(dealer_net=r.dealer["net_mean"], dealer_se=r.dealer["net_se"])
        rows.append(row)
    return pd.DataFrame(rows)


def red_dog_summary(decks=(1, 2, 4, 6, 8)) -> pd.DataFrame:
    """The exact Red Dog house edge by number of decks."""
    return pd.DataFrame(
        [
            {k: v for k, v in red_dog_edge(d).items() if not k.endswith("_exact") and k != "raise_spreads"}
            for d in decks
        ]
    )


def plot_win_rates(results: dict):
    """Mean net chips and the share of stakes won (±2 SE), by seat, for named simulation
    results (``{label: DealerGameResult}``)."""
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for k, (label, r) in enumerate(results.items()):
        s = r.seats.iloc[1:]
        x = s.seat + 0.15 * k
        axes[0].errorbar(x, s.net_mean, yerr=2 * s.net_se, fmt="o", label=label)
        axes[1].bar(x, s.p_between, width=0.15, yerr=2 * s.p_between_se, capsize=2, label=label)
    axes[0].axhline(0, color="k", lw=0.8)
    axes[0].set(xlabel="seat (0 deals)", ylabel="mean net chips (±2 SE)", title="Result per dealer's game")
    axes[1].set(xlabel="seat (0 deals)", ylabel="share of stakes won (±2 SE)", title="Win rate of stakes")
    for ax in axes:
        ax.legend()
    fig.tight_layout()
    return fig


@analysis(
    "in_between_variants", game=GAME, title="In-Between: variants, counting twice through the deck, Red Dog"
)
def _variants(ctx: Context) -> AnalysisResult:
    counting = counting_table(ctx)
    open_ = counting[~counting.hidden].set_index("rule")
    gain = open_.net_mean["kelly+count"] - open_.net_mean["kelly"]
    gain_se = float(np.hypot(open_.net_se["kelly+count"], open_.net_se["kelly"]))
    rd = red_dog_summary()
    return AnalysisResult(
        tables={
            "in_between_counting": counting,
            "in_between_variant_summary": policy_table(ctx),
            "in_between_red_dog": rd,
        },
        figures={"in_between_counting": plot_counting(counting)},
        notes=[
            f"Twice through the deck, counting the seen cards is worth {gain:+.3f} ± {gain_se:.3f} "
            "chips per dealer's game to a Kelly staker (seat 1 of 5, others half-Kelly).",
            "Red Dog (exact): house edge with the best raise rule ("
            + rd.raise_rule.iloc[0]
            + ") "
            + ", ".join(
                f"{r.decks} deck{'s' if r.decks > 1 else ''} {r.house_edge_best_raise:.3%}"
                for r in rd.itertuples()
            )
            + "; without raising "
            + ", ".join(f"{r.house_edge_no_raise:.3%}" for r in rd.itertuples())
            + ".",
        ],
    )
