"""The evening, for ``simkit report``: who wins the night, how long it lasts, how many chips to
bring, which game is most luck, which limits to agree, and what choosing your game is worth.

Every figure is a Monte Carlo estimate over whole evenings (:func:`simkit.evening`) with its
standard error.  An evening here runs to the game's end rule with an agreed time
(:data:`AGREED`: 150 deals of 2-7, Razz or Diablo, Diablo's running series finished; two
dealer's games each in In-Between), except in the length table, which also plays 2-7 and Razz
to the last player.  The plotting functions are public so that ``notebooks/evening.ipynb``
draws the same pictures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..evenings import SETUPS, evening
from ..evenings.setups import FIELD_KINDS
from ..runner import map_threads
from .registry import AnalysisResult, Context, analysis, pyplot

__all__ = [
    "AGREED",
    "LIMITS",
    "PLAYER_COUNTS",
    "chips_table",
    "choice_table",
    "length_table",
    "limits_table",
    "luck_table",
    "plot_chips",
    "plot_luck",
    "plot_winners",
    "winners_table",
]

GAME = "evening"
#: The agreed time of the report's evenings: deals (In-Between: dealer's games each).
AGREED = {"diablo": 100, "triple-draw": 150, "razz": 150, "in-between": 2}
#: The player counts of the rule documents the tables cover: the fewest, usual, most.
PLAYER_COUNTS = {"diablo": (3, 5, 7), "triple-draw": (2, 4, 6), "razz": (2, 5, 8), "in-between": (3, 6, 8)}
#: The limits each game's table tries: a factor on every forced bet and bet size (In-Between:
#: on the dealer's pot), stacks staying the document's.
LIMITS = (1, 2, 4)
#: The starting stacks of the chips-to-bring curve, in units of the game's biggest bet
#: (In-Between: of the dealer's pot).
STACK_UNITS = (5, 10, 20, 40, 80)
#: Deals covered by the luck curve (In-Between: a quarter as many dealer's games each).
LUCK_DEALS = 400
#: The field players the tips player meets in the luck curves.
LUCK_PAIRINGS = ("tight", "loose-aggressive")


def _unit(game: str, rules: Any) -> int:
    """The game's biggest bet (In-Between: the dealer's pot)."""
    if game == "diablo":
        return int(rules.after[1])
    if game == "in-between":
        return int(rules.pot)
    return int(rules.big_bet)


def scaled_rules(game: str, factor: int, rules: Any = None) -> Any:
    """The game's rules with every forced bet and bet size times ``factor``.

    >>> scaled_rules("triple-draw", 2).big_blind
    4
    """
    s = SETUPS[game]
    r = s.rules(rules)
    if game == "diablo":
        return s.rules(
            r,
            ante=r.ante * factor,
            before=(r.before[0] * factor, r.before[1] * factor),
            after=(r.after[0] * factor, r.after[1] * factor),
        )
    if game == "triple-draw":
        return s.rules(
            r,
            small_blind=r.small_blind * factor,
            big_blind=r.big_blind * factor,
            small_bet=r.small_bet * factor,
            big_bet=r.big_bet * factor,
            ante=r.ante * factor,
        )
    if game == "razz":
        return s.rules(
            r,
            ante=r.ante * factor,
            bring_in=r.bring_in * factor,
            small_bet=r.small_bet * factor,
            big_bet=r.big_bet * factor,
        )
    return s.rules(r, pot=r.pot * factor)


def _run(ctx: Context, roles: tuple, game: str, players: Sequence[str], evenings: int, **kw: Any):
    """Evenings of ``game`` from the analysis's stream ``roles``."""
    deals = kw.pop("deals", AGREED[game])
    return evening(
        game,
        list(players),
        evenings=ctx.trials(evenings, minimum=40),
        deals=deals,
        seed=ctx.stream(game, *roles),
        **ctx.run_options(),
        **kw,
    )


def _runs(ctx: Context, calls: list[tuple]) -> list:
    """:func:`_run` of every ``(roles, game, players, evenings, keywords)``, side by side
    (:func:`~simkit.runner.map_threads`; a run of a few hundred evenings has few chunks)."""
    return map_threads(lambda c: _run(ctx, c[0], c[1], c[2], c[3], **c[4]), calls)


def winners_table(ctx: Context, games: Sequence[str] = tuple(SETUPS), evenings: int = 500) -> pd.DataFrame:
    """The tips player's chance of winning the evening against a field of each kind, by game
    and player count; ``fair`` is 1 / players."""
    spots = [(game, n, kind) for game in games for n in PLAYER_COUNTS[game] for kind in FIELD_KINDS]
    calls: list[tuple] = [
        ((n, kind), game, [SETUPS[game].tips] + [SETUPS[game].typical[kind]] * (n - 1), evenings, {})
        for game, n, kind in spots
    ]
    rows = []
    for (game, n, kind), ev in zip(spots, _runs(ctx, calls), strict=True):
        s = SETUPS[game]
        seat = ev.seats.iloc[0]
        rows.append(
            {
                "game": game,
                "players": n,
                "field": kind,
                "tips": s.tips,
                "opponents": s.typical[kind],
                "win": seat["win"],
                "win_se": seat["win_se"],
                "fair": 1 / n,
                "final_chips": seat["final_chips"],
                "final_chips_se": seat["final_chips_se"],
                "broke": seat["broke"],
                "broke_se": seat["broke_se"],
                "mean_deals": ev.summary["mean_deals"],
            }
        )
    return pd.DataFrame(rows)


def length_table(ctx: Context, games: Sequence[str] = tuple(SETUPS), evenings: int = 400) -> pd.DataFrame:
    """How long an evening lasts in deals, by game and player count (default players): to the
    game's end rule with the agreed time, and for 2-7 and Razz also to the last player."""
    spots = []
    for game in games:
        ends = [("agreed time", AGREED[game])]
        if game in ("triple-draw", "razz"):
            ends.append(("last player", 0))
        spots += [(game, n, end, deals) for n in PLAYER_COUNTS[game] for end, deals in ends]
    calls = [
        (
            (n, end),
            game,
            SETUPS[game].default_players(n),
            evenings // (4 if deals == 0 else 1),
            {"deals": deals},
        )
        for game, n, end, deals in spots
    ]
    rows = []
    for (game, n, end, deals), ev in zip(spots, _runs(ctx, calls), strict=True):
        sm = ev.summary
        q = np.repeat(ev.lengths["deals"].to_numpy(), ev.lengths["evenings"].to_numpy())
        rows.append(
            {
                "game": game,
                "players": n,
                "end": end,
                "agreed": deals,
                "mean_deals": sm["mean_deals"],
                "mean_deals_se": sm["mean_deals_se"],
                "median_deals": sm["median_deals"],
                "q10_deals": float(np.quantile(q, 0.1)),
                "q90_deals": float(np.quantile(q, 0.9)),
                "overtime": sm.get("overtime", 0.0),
                "overtime_se": sm.get("overtime_se", 0.0),
            }
        )
    return pd.DataFrame(rows)


def chips_table(ctx: Context, games: Sequence[str] = tuple(SETUPS), evenings: int = 1000) -> pd.DataFrame:
    """How many chips to bring: the chance that someone, and that the tips player, goes broke
    before the agreed time, by starting stack in units of the game's biggest bet (default
    players, usual count)."""
    spots = [(game, _unit(game, SETUPS[game].rules()), k) for game in games for k in STACK_UNITS]
    calls: list[tuple] = [
        ((k,), game, SETUPS[game].default_players(), evenings, {"stacks": k * unit})
        for game, unit, k in spots
    ]
    rows = []
    for (game, unit, k), ev in zip(spots, _runs(ctx, calls), strict=True):
        seat = ev.seats.iloc[0]
        rows.append(
            {
                "game": game,
                "stack_units": k,
                "stacks": k * unit,
                "unit": unit,
                "anyone_broke": ev.summary["anyone_broke"],
                "anyone_broke_se": ev.summary["anyone_broke_se"],
                "tips_broke": seat["broke"],
                "tips_broke_se": seat["broke_se"],
                "mean_deals": ev.summary["mean_deals"],
                "mean_deals_se": ev.summary["mean_deals_se"],
            }
        )
    return pd.DataFrame(rows)


def luck_table(ctx: Context, games: Sequence[str] = tuple(SETUPS), evenings: int = 1000) -> pd.DataFrame:
    """Which game is most luck: at a table of two tips players and two players of one kind of
    the typical field (``pairing``: tight, and loose-aggressive), the chance that a player of
    the stronger strategy (the one ahead at the last deal, ``strong``) leads had the evening
    ended after each deal (one scale for all games: 0.5 is pure luck); stacks of 40 biggest
    bets."""
    rows = []
    for game in games:
        s = SETUPS[game]
        deals = LUCK_DEALS if game != "in-between" else LUCK_DEALS // 4
        for pairing in LUCK_PAIRINGS:
            strong, weak = s.tips, s.typical[pairing]
            ev = _run(
                ctx,
                ("luck", pairing),
                game,
                [strong, weak, strong, weak],
                evenings,
                deals=deals,
                band_deals=LUCK_DEALS,
                stacks=40 * _unit(game, s.rules()),
            )
            tr = ev.trajectories
            lead = tr[tr["strategy"] == strong].groupby("deal")["lead"].sum()
            if lead.iloc[-1] < 0.5:  # the field player is the stronger one here
                strong, weak, lead = weak, strong, 1 - lead
            n = ev.evenings
            for d, p in lead.items():
                rows.append(
                    {
                        "game": game,
                        "pairing": pairing,
                        "deal": int(d),
                        "stronger_wins": p,
                        "stronger_wins_se": float(np.sqrt(max(p * (1 - p), 0) / n)),
                        "strong": strong,
                        "weak": weak,
                    }
                )
    return pd.DataFrame(rows)


def luck_summary(luck: pd.DataFrame) -> pd.DataFrame:
    """Per game and pairing the stronger strategy's chance after 50, 100 and the last deal, and
    the first deal from which it wins three evenings in four (NaN: not within the deals
    played); luckiest first."""
    rows = []
    for (game, pairing), g in luck.groupby(["game", "pairing"], sort=False):
        g = g.sort_values("deal")
        three = g[g["stronger_wins"] >= 0.75]["deal"]
        row = {
            "game": game,
            "pairing": pairing,
            "strong": g["strong"].iloc[0],
            "weak": g["weak"].iloc[0],
            "deals_to_three_in_four": float(three.iloc[0]) if len(three) else float("nan"),
        }
        for d in (50, 100, int(g["deal"].max())):
            r = g[g["deal"] == d]
            if len(r):
                row[f"after_{d}"] = float(r["stronger_wins"].iloc[0])
                row[f"after_{d}_se"] = float(r["stronger_wins_se"].iloc[0])
        rows.append(row)
    out = pd.DataFrame(rows)
    return out.sort_values(
        ["pairing", "deals_to_three_in_four"], na_position="first", ascending=[False, False]
    )


def limits_table(ctx: Context, games: Sequence[str] = tuple(SETUPS), evenings: int = 1000) -> pd.DataFrame:
    """Which limits to agree: the evening's length, broke rate and the tips player's chance of
    winning as the forced bets and bets (In-Between: the pot) grow, stacks the document's."""
    spots = [(game, f) for game in games for f in LIMITS]
    calls: list[tuple] = [
        ((f,), game, SETUPS[game].default_players(), evenings, {"rules": scaled_rules(game, f)})
        for game, f in spots
    ]
    rows = []
    for (game, f), ev in zip(spots, _runs(ctx, calls), strict=True):
        seat = ev.seats.iloc[0]
        rows.append(
            {
                "game": game,
                "limits": f"x{f}",
                "factor": f,
                "mean_deals": ev.summary["mean_deals"],
                "mean_deals_se": ev.summary["mean_deals_se"],
                "anyone_broke": ev.summary["anyone_broke"],
                "anyone_broke_se": ev.summary["anyone_broke_se"],
                "tips_win": seat["win"],
                "tips_win_se": seat["win_se"],
            }
        )
    return pd.DataFrame(rows)


def choice_table(ctx: Context, evenings: int = 1000) -> pd.DataFrame:
    """What choosing your game is worth in a Dealer's Choice evening: the tips player choosing
    by each policy (``best``: the game of its largest measured edge; ``random``; always one
    favourite) against a field choosing at random, 100 deals agreed, 200 chips each."""
    from ..evenings.dealers_choice import dealers_choice

    field = ["tight@random", "loose-aggressive@random", "passive@random", "tight@random"]
    rows = []
    for choice in ("best", "random", *SETUPS):
        ev = dealers_choice(
            [f"tips@{choice}", *field],
            evenings=ctx.trials(evenings, minimum=40),
            seed=ctx.stream("choice", choice),
            **ctx.run_options(),
        )
        seat = ev.seats.iloc[0]
        rows.append(
            {
                "choice": choice,
                "win": seat["win"],
                "win_se": seat["win_se"],
                "final_chips": seat["final_chips"],
                "final_chips_se": seat["final_chips_se"],
                "broke": seat["broke"],
                "broke_se": seat["broke_se"],
                **{f"share_{g}": ev.summary[f"share_{g}"] for g in SETUPS},
            }
        )
    return pd.DataFrame(rows)


def plot_winners(table: pd.DataFrame):
    """The tips player's chance of winning the evening, per game and field, with 2-SE bars."""
    plt = pyplot()
    games = list(dict.fromkeys(table["game"]))
    fig, axes = plt.subplots(1, len(games), figsize=(4 * len(games), 3.5), squeeze=False)
    for ax, game in zip(axes[0], games, strict=True):
        g = table[table["game"] == game]
        for i, kind in enumerate(FIELD_KINDS):
            k = g[g["field"] == kind]
            ax.errorbar(
                k["players"] + (i - 1) * 0.12,
                k["win"],
                yerr=2 * k["win_se"],
                marker="o",
                capsize=3,
                label=kind,
            )
        ax.plot(g["players"], g["fair"], "k--", lw=0.8, label="fair share")
        ax.set_title(game)
        ax.set_xlabel("players")
    axes[0][0].set_ylabel("P(tips player wins the evening) (±2 SE)")
    axes[0][-1].legend(fontsize="small")
    fig.suptitle("The tips player's chance of winning the evening (±2 SE)")
    fig.tight_layout()
    return fig


def plot_luck(luck: pd.DataFrame):
    """The stronger strategy's chance of winning against the evening's length, all games, one
    panel per pairing, with a ±2 SE band."""
    plt = pyplot()
    pairings = list(dict.fromkeys(luck["pairing"]))
    fig, axes = plt.subplots(1, len(pairings), figsize=(6 * len(pairings), 4), squeeze=False, sharey=True)
    for ax, pairing in zip(axes[0], pairings, strict=True):
        for game, g in luck[luck["pairing"] == pairing].groupby("game", sort=False):
            ax.plot(g["deal"], g["stronger_wins"], label=game)
            ax.fill_between(
                g["deal"],
                g["stronger_wins"] - 2 * g["stronger_wins_se"],
                g["stronger_wins"] + 2 * g["stronger_wins_se"],
                alpha=0.2,
            )
        ax.axhline(0.75, color="grey", lw=0.8, ls=":", label="three in four")
        ax.axhline(0.5, color="k", lw=0.8, ls="--", label="pure luck")
        ax.set_xlabel("deals played (the evening's length)")
        ax.set_title(f"tips players against {pairing} players")
    axes[0][0].set_ylabel("P(a player of the stronger strategy wins) (±2 SE band)")
    axes[0][-1].legend(fontsize="small")
    fig.suptitle("Which game is most luck (bands: ±2 SE)")
    fig.tight_layout()
    return fig


def plot_chips(chips: pd.DataFrame):
    """The chance that someone goes broke before the agreed time, by the stack brought (±2 SE)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    for game, g in chips.groupby("game", sort=False):
        ax.errorbar(
            g["stack_units"],
            g["anyone_broke"],
            yerr=2 * g["anyone_broke_se"],
            marker="o",
            capsize=3,
            label=game,
        )
    ax.set_xscale("log")
    ax.set_xlabel("chips brought, in biggest bets (In-Between: dealer's pots)")
    ax.set_ylabel("P(someone goes broke) (±2 SE)")
    ax.set_title("How many chips to bring")
    ax.legend(fontsize="small")
    return fig


@analysis("evening_winners", game=GAME, title="Who wins the evening")
def _winners(ctx: Context) -> AnalysisResult:
    table = winners_table(ctx)
    return AnalysisResult(
        tables={"evening_winners": table},
        figures={"evening_winners": plot_winners(table)},
        notes=[
            "The tips player in seat 0 against a field of one kind; the first dealer is drawn at "
            "random every evening."
        ],
    )


@analysis("evening_length", game=GAME, title="How long an evening lasts")
def _length(ctx: Context) -> AnalysisResult:
    return AnalysisResult(tables={"evening_length": length_table(ctx)})


@analysis("evening_chips", game=GAME, title="How many chips to bring")
def _chips(ctx: Context) -> AnalysisResult:
    table = chips_table(ctx)
    return AnalysisResult(tables={"evening_chips": table}, figures={"evening_chips": plot_chips(table)})


@analysis("evening_luck", game=GAME, title="Which game is most luck")
def _luck(ctx: Context) -> AnalysisResult:
    luck = luck_table(ctx)
    return AnalysisResult(
        tables={"evening_luck": luck, "evening_luck_summary": luck_summary(luck)},
        figures={"evening_luck": plot_luck(luck)},
    )


@analysis("evening_choice", game=GAME, title="What choosing your game is worth (Dealer's Choice)")
def _choice(ctx: Context) -> AnalysisResult:
    return AnalysisResult(tables={"evening_choice": choice_table(ctx)})


@analysis("evening_limits", game=GAME, title="Which limits to agree")
def _limits(ctx: Context) -> AnalysisResult:
    return AnalysisResult(tables={"evening_limits": limits_table(ctx)})
