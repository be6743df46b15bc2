"""The tip studies of Diablo: opening thresholds, their equilibrium, bluffs, series, variants
(on the engine), and how often a single pair improves (exact, tip D4).

Every figure is a Monte Carlo mean over independent series (fresh stacks of 100, a random
first dealer) with its standard error.  Sweeps over a seat's threshold use the same seed for
every threshold (common random numbers), so their differences are less noisy than the
standard errors suggest.

- :func:`threshold_sweep` seat 0 opens at each level of :data:`OPEN_LEVELS`, the others at a
  fixed level: seat 0's chips per series and per game it opened (tip D1);
- :func:`equilibrium` iterated best response over the opening levels: everybody plays ``T``;
  the best level against ``T`` becomes the new ``T``, until no level beats ``T`` by more
  than two standard errors (a symmetric equilibrium of the parametric strategies);
- :func:`carried_opening` the same sweep for a seat facing a carried Diablo pot of a given
  size (the pot it must replace if it opens and loses), with the best level per pot size
  (:func:`best_carried_levels`) and the player spec that opens by it;
- :func:`bluff_ev` the value of opening a hand below one's threshold, with and without the
  Diablo rule (tip D5);
- :func:`series_table` series length, pot growth and the chips that flow to and from
  openers, by player count and threshold;
- :func:`variants_table` the same for the variants of the rules (:data:`~.rules.VARIANTS`);
- :func:`pair_improvement` how often a single pair improves drawing two (Diablo) or three
  (normal draw), with and without wild deuces, exactly (tip D4; :func:`pattern_distribution`).

``hands`` is the number of series each run plays (every series to its end: the games from a
normal pot up to the first game an opener wins); ``series=`` is accepted as its old name.

Examples
--------
>>> t = threshold_sweep(3, levels=("jacks", "trips"), hands=2000, seed=1, quiet=True)
>>> list(t.level), bool((t.se > 0).all())
(['jacks', 'trips'], True)
>>> t = pair_improvement()
>>> r = t.set_index(["wild", "draw"])
>>> round(float(r.loc[(False, 3), "improve"]), 4)  # the textbook 28.7 % of draw poker
0.2872
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from math import comb

import numpy as np
import pandas as pd

from ... import hands as hand_eval
from ...cards import N_CARDS
from ...checks import is_int
from ...deck import next_combination
from ...hands.kernels import eval5_deuces_wild, eval5_suited
from ...hands.tables import decode
from ...jit import njit
from ...rng import SeedLike
from ...runner import map_threads, run
from .jobs import SeriesJob, summarize
from .rules import VARIANTS, Rules
from .strategies import OPEN_LEVELS, Player, player

__all__ = [
    "CARRIED_LEVELS",
    "CARRIED_POTS",
    "best_carried_levels",
    "bluff_ev",
    "carried_opening",
    "equilibrium",
    "pair_improvement",
    "pattern_distribution",
    "series_table",
    "threshold_sweep",
    "variants_table",
    "VARIANTS",
]


def _hands(hands, run_options: dict) -> int:
    """``hands``, or its old name ``series`` from ``run_options``."""
    old = run_options.pop("series", None)
    if old is not None:
        if hands is not None:
            raise TypeError("give hands or its old name series, not both")
        return old
    return 20_000 if hands is None else hands


def _check_players(n: int) -> None:
    if not is_int(n) or not 3 <= n <= 7:
        raise ValueError(f"Diablo is for 3-7 players, got {n!r}")


def _summaries(jobs: list[SeriesJob], hands: int, seed: SeedLike, run_options: dict) -> list:
    """The :func:`~.jobs.summarize` of ``hands`` series of every job, from ``seed``; the runs
    side by side (:func:`~simkit.runner.map_threads`: most have few chunks)."""
    return map_threads(lambda job: summarize(run(job, hands, seed=seed, **run_options)), jobs)


def _seat0_rows(
    tasks: list[tuple[SeriesJob, dict]], hands: int, seed: SeedLike, run_options: dict
) -> list[dict]:
    """Run every ``(job, key)`` and give seat 0's result after ``key``: ``net`` (chips per
    series) and ``se``, ``open_rate``, ``open_net`` and ``open_net_se``, ``mean_len``."""
    rows = []
    for (_, key), r in zip(
        tasks, _summaries([job for job, _ in tasks], hands, seed, run_options), strict=True
    ):
        s = r.seats.iloc[0]
        rows.append(
            {
                **key,
                "net": s.net_per_series,
                "se": s.se,
                "open_rate": s.opened_per_game,
                "open_net": s.open_net,
                "open_net_se": s.open_net_se,
                "mean_len": r.summary["mean_len"],
            }
        )
    return rows


def threshold_sweep(
    n_players: int,
    levels=OPEN_LEVELS,
    others: str | Player = "trips",
    hands: int | None = None,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Seat 0's result for each opening level against ``n_players - 1`` players at ``others``.

    Returns
    -------
    pandas.DataFrame
        ``players``, ``level``, ``others``, ``net`` (seat 0's chips per series) and ``se``,
        ``open_rate`` (games it opened / all games), ``open_net`` (its chips per game it
        opened, the Diablo payment included) and ``open_net_se``, ``mean_len`` (games per
        series).
    """
    _check_players(n_players)
    hands = _hands(hands, run_options)
    rules = rules or Rules()
    other = player(others)
    tasks = [
        (
            SeriesJob((Player(level),) + (other,) * (n_players - 1), rules),
            {"players": n_players, "level": level, "others": other.open_at},
        )
        for level in levels
    ]
    return pd.DataFrame(_seat0_rows(tasks, hands, seed, run_options))


def equilibrium(
    n_players: int,
    start: str = "trips",
    levels=OPEN_LEVELS,
    hands: int | None = None,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    max_iter: int = 6,
    sweeps: dict | None = None,
    **run_options,
) -> pd.DataFrame:
    """Iterated best response over the opening levels (module docstring).

    ``sweeps`` may hold sweeps already made, keyed by the others' level (they are reused
    and new ones are added).  Returns one row per iteration: ``others`` (the level everybody
    plays), ``best`` (the best reply), ``gain`` (its chips per series over playing
    ``others`` too) and ``gain_se``, ``stable`` (no reply gains more than 2 SE) and, in the
    last row, ``result``: ``"equilibrium"``, ``"cycle"`` or ``"no convergence"``.
    """
    _check_players(n_players)
    hands = _hands(hands, run_options)
    if start not in levels:
        raise ValueError(f"start level {start!r} is not among the levels {list(levels)}")
    sweeps = {} if sweeps is None else sweeps
    current, seen, rows = start, [], []
    result = "no convergence"
    for it in range(max_iter):
        if current not in sweeps:
            sweeps[current] = threshold_sweep(n_players, levels, current, hands, rules, seed, **run_options)
        t = sweeps[current].set_index("level")
        best = t["net"].idxmax()
        gain = float(t.loc[best, "net"] - t.loc[current, "net"])
        gain_se = float(np.hypot(t.loc[best, "se"], t.loc[current, "se"]))
        stable = best == current or gain <= 2.0 * gain_se
        rows.append(
            {
                "players": n_players,
                "iteration": it,
                "others": current,
                "best": best,
                "gain": gain,
                "gain_se": gain_se,
                "stable": stable,
            }
        )
        seen.append(current)
        if stable:
            result = "equilibrium"
            break
        if best in seen:
            result = "cycle"
            break
        current = best
    df = pd.DataFrame(rows)
    df["result"] = ""
    df.loc[df.index[-1], "result"] = result
    return df


#: The carried Diablo pots of :func:`carried_opening`, in chips (0: a normal pot, tip D1).
CARRIED_POTS = (0, 10, 20, 40, 80)
#: The opening levels it compares ("never": let the others open the pot).
CARRIED_LEVELS = ("pair", "two_pair", "trips", "straight", "flush", "full_house", "never")


def carried_opening(
    n_players: int,
    pots=CARRIED_POTS,
    levels=CARRIED_LEVELS,
    others: str | Player = "trips",
    hands: int | None = None,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Seat 0's chips by the level it opens a carried Diablo pot with, for each pot size.

    Each series starts with a Diablo pot of ``pot`` chips in the middle (paid before by an
    opener who lost, not from the stacks; 0: a normal pot with antes, as in
    :func:`threshold_sweep`), fresh stacks and a random first dealer, and is played to its
    end.  Seat 0 opens at ``level``, the ``n_players - 1`` others play ``others`` whatever the
    pot.  Every deal of a series that starts with a Diablo pot is played for a Diablo pot (a
    void deal leaves it, a losing opener pays the next), so ``level`` is the level of the
    player spec ``{others}:open_carried={pot}@{level}`` in such a series.  Every run uses
    ``seed`` (common random numbers across levels and pots).

    Returns
    -------
    pandas.DataFrame
        One row per pot and level: ``players``, ``pot``, ``level``, ``others``, ``net``
        (seat 0's chips per series, its share of the carried pot included) and ``se``,
        ``gain`` (``net`` minus ``net`` at the others' level, NaN if that level is not among
        ``levels``) and ``gain_se`` (both SEs combined, which overstates the error of common
        random numbers), ``open_rate`` (games it opened / all games), ``open_net`` (its chips
        per game it opened, Diablo payment included) and ``open_net_se``, ``mean_len`` (games
        per series).

    >>> t = carried_opening(3, pots=(0, 20), levels=("pair", "trips"), hands=2000, seed=1, quiet=True)
    >>> t.shape, t.pot.unique().tolist(), bool((t.se > 0).all())
    ((4, 12), [0, 20], True)
    >>> best_carried_levels(t).columns.tolist()
    ['players', 'pot', 'best', 'net', 'se', 'gain', 'gain_se', 'clear']
    """
    _check_players(n_players)
    hands = _hands(hands, run_options)
    rules = rules or Rules()
    other = player(others)
    for pot in pots:
        if not is_int(pot) or pot < 0:
            raise ValueError(f"a carried pot must be a whole number of chips >= 0, got {pot!r}")
    tasks = [
        (
            SeriesJob((Player(level),) + (other,) * (n_players - 1), rules, carried=int(pot)),
            {"players": n_players, "pot": int(pot), "level": level, "others": other.open_at},
        )
        for pot in pots
        for level in levels
    ]
    df = pd.DataFrame(_seat0_rows(tasks, hands, seed, run_options))
    ref = df[df.level == other.open_at].drop_duplicates("pot").set_index("pot")
    df.insert(6, "gain", df.net - df.pot.map(ref.net))
    df.insert(7, "gain_se", np.hypot(df.se, df.pot.map(ref.se)))
    return df


def best_carried_levels(table: pd.DataFrame) -> pd.DataFrame:
    """The best level per player count and carried pot of a :func:`carried_opening` table:
    ``best``, its ``net`` and ``se``, its ``gain`` over the others' level and ``gain_se``,
    and ``clear`` (the gain is more than 2 SE; else the best is not told apart from the
    others' level)."""
    rows = []
    for (n, pot), t in table.groupby(["players", "pot"], sort=False):
        b = t.loc[t.net.idxmax()]
        rows.append(
            {
                "players": n,
                "pot": pot,
                "best": b.level,
                "net": b.net,
                "se": b.se,
                "gain": b.gain,
                "gain_se": b.gain_se,
                "clear": bool(b.gain > 2 * b.gain_se),
            }
        )
    return pd.DataFrame(rows)


def bluff_ev(
    n_players: int,
    level: str = "trips",
    hands: int | None = None,
    diablo: bool = True,
    seed: SeedLike = 0,
    rules: Rules | None = None,
    **run_options,
) -> dict:
    """Chips per occasion of opening a hand below one's threshold instead of checking.

    Everybody plays ``level``; seat 0, the first time in a series it may open with a hand it
    would not open, opens anyway (a bluff) in one run and checks in another (same seed);
    the difference of its series results is the bluff's value.  ``rules`` (default R-D6)
    give the other settings; ``diablo`` switches the Diablo rule.
    """
    _check_players(n_players)
    hands = _hands(hands, run_options)
    rules = replace(rules or Rules(), diablo=diablo)
    out = {}
    jobs = [SeriesJob((Player(level),) * n_players, rules, force=(0, mode)) for mode in (1, 2)]
    for name, r in zip(("bluff", "check"), _summaries(jobs, hands, seed, run_options), strict=True):
        s = r.summary
        out[name], out[f"{name}_se"], out[f"{name}_n"] = (
            s["mean_forced_net"],
            s["se_forced_net"],
            s["forced"],
        )
    out["ev"] = out["bluff"] - out["check"]
    out["ev_se"] = float(np.hypot(out["bluff_se"], out["check_se"]))
    out.update(players=n_players, diablo=diablo, level=level)
    return out


def _series_row(r, **key) -> dict:
    s = r.summary
    lh = r.lengths.set_index("games")["series"]
    n = max(int(s["series"]), 1)
    # shares of independent series: binomial SEs
    tails = {f"len_{k}plus": lh[lh.index >= k].sum() / n for k in (2, 3, 5)}
    tails.update({f"final_pot_{k}plus": _pot_tail(r, k) for k in (64, 128)})
    se = {k: float(np.sqrt(p * (1 - p) / n)) for k, p in tails.items()}
    return {
        **key,
        "series": int(s["series"]),
        "games": int(s["games"]),
        "mean_len": s["mean_len"],
        "se_len": s["se_len"],
        "p_len_2plus": tails["len_2plus"],
        "se_len_2plus": se["len_2plus"],
        "p_len_3plus": tails["len_3plus"],
        "se_len_3plus": se["len_3plus"],
        "p_len_5plus": tails["len_5plus"],
        "se_len_5plus": se["len_5plus"],
        "longest": int(s["max_len"]),
        "mean_final_pot": s["mean_final_pot"],
        "se_final_pot": s["se_final_pot"],
        "mean_growth": s["mean_growth"],
        "se_growth": s["se_growth"],
        "p_final_pot_64plus": tails["final_pot_64plus"],
        "se_final_pot_64plus": se["final_pot_64plus"],
        "p_final_pot_128plus": tails["final_pot_128plus"],
        "se_final_pot_128plus": se["final_pot_128plus"],
        "largest_pot": int(s["max_pot"]),
        "opener_win_rate": s["opener_win_rate"],
        "se_opener_win_rate": s["se_opener_win_rate"],
        "opener_net": s["mean_opener_net"],
        "se_opener_net": s["se_opener_net"],
        "penalty_per_game": s["penalty_chips"] / max(int(s["games"]), 1),
        "carried_to_openers": s["dead_to_opener"] / max(s["dead_to_opener"] + s["dead_to_others"], 1e-12),
        "void_rate": s["void_rate"],
        "busts_per_series": s["busts"] / n,
        "last_player_takes": int(s["last_player_takes"]),
        "chip_errors": int(s["chip_errors"]),
    }


def _pot_tail(r, at: int) -> float:
    """Share of series whose final pot is at least ``at`` (a power of two)."""
    fp = r.final_pots
    total = max(int(fp.series.sum()), 1)
    return float(fp.loc[fp["from"] >= at, "series"].sum() / total)


def series_table(
    player_counts=(3, 4, 5, 6, 7),
    levels=("jacks", "two_pair", "trips", "straight"),
    hands: int | None = None,
    rules: Rules | None = None,
    seed: SeedLike = 0,
    keep: dict | None = None,
    **run_options,
) -> pd.DataFrame:
    """Series length, pot growth and chip flow, everybody at one level, by player count.

    Columns (means and shares with ``se_*``): ``mean_len`` games per series, ``p_len_2plus`` …
    the tail, ``longest`` (the longest series seen); ``mean_final_pot`` (the pot the winning
    opener takes), ``mean_growth`` (final pot / first pot), ``p_final_pot_64plus`` and
    ``p_final_pot_128plus`` (the tail), ``largest_pot`` (the largest seen); ``opener_win_rate``, ``opener_net`` (the
    opener's chips per game, payment included), ``penalty_per_game``, ``carried_to_openers``
    (share of carried Diablo pots won by that game's opener), ``void_rate``.  ``keep`` (a
    dict) receives each run's :class:`~.jobs.SeriesResult` under ``(players, level)``.
    """
    hands = _hands(hands, run_options)
    rules = rules or Rules()
    for n in player_counts:
        _check_players(n)
    spots = [(n, level) for n in player_counts for level in levels]
    jobs = [SeriesJob((Player(level),) * n, rules) for n, level in spots]
    rows = []
    for (n, level), r in zip(spots, _summaries(jobs, hands, seed, run_options), strict=True):
        if keep is not None:
            keep[(n, level)] = r
        rows.append(_series_row(r, players=n, level=level))
    return pd.DataFrame(rows)


def variants_table(
    n_players: int = 5,
    level: str = "pair",
    hands: int | None = None,
    seed: SeedLike = 0,
    variants: dict | None = None,
    **run_options,
) -> pd.DataFrame:
    """:func:`series_table` columns for every variant, everybody opening at ``level``, plus
    seat 0's chips per series when it alone opens at ``trips`` (``tight_net``, ``tight_se``).

    The default level is a pair, so that jacks or better binds.  Dealer's choice only
    changes who deals after a series, so it is compared over sessions of 20 chained series.
    """
    _check_players(n_players)
    hands = _hands(hands, run_options)
    chosen = variants or VARIANTS
    jobs = []
    for rules in chosen.values():  # everybody at level, then seat 0 alone at trips
        jobs.append(SeriesJob((Player(level),) * n_players, rules))
        jobs.append(SeriesJob((Player("trips"),) + (Player(level),) * (n_players - 1), rules))
    done = _summaries(jobs, hands, seed, run_options)
    rows = []
    for name, r, t in zip(chosen, done[0::2], done[1::2], strict=True):
        row = _series_row(r, variant=name, players=n_players, level=level)
        row["tight_net"] = t.seats.iloc[0].net_per_series
        row["tight_se"] = t.seats.iloc[0].se
        rows.append(row)
    return pd.DataFrame(rows)


# --- D4: a single pair's improvement, exactly ------------------------------------------------
#
# How often a single pair improves: drawing two (Diablo) or three (normal draw), with and
# without wild deuces, exactly (tip D4).
#
# The hands are every five-card hand that is exactly one natural pair and three odd cards of
# other ranks; with wild deuces, hands holding a deuce are left out (a deuce would make trips).
# Keeping the pair and drawing three, or the pair and the highest odd card and drawing two,
# no flush and no straight can be made (the pair holds two suits and repeats a rank), so the
# outcome depends on the ranks alone: every hand of a rank pattern (pair rank, odd ranks) has
# the same distribution, and all patterns have equally many hands (6 * 4 ** 3).  More: every
# pattern has the same distribution.  A relabelling of the ranks (the deuce left in place where
# deuces are wild) maps one pattern's hand and unseen cards onto another's and keeps the
# category of every final hand, which is a pair, two pair, trips, a full house, four or five of
# a kind: only how many cards share a rank counts.  So one representative pattern per row, with
# every replacement set of the 47 unseen cards enumerated, gives the exact probabilities, and
# the counts of all patterns are that many times its counts (``pair_improvement``; the tests
# check the equality on patterns across the ranks, and on every pattern in a slow test).

_CATS = hand_eval.codes.CATEGORIES


@njit(cache=True)
def _category_hist(kept, n_kept, n_draw, unseen, wild, T, cat_of, hist):
    """Add the final-category counts of ``kept`` plus each ``n_draw``-subset of ``unseen``."""
    c = np.zeros(5, dtype=np.int64)
    for i in range(n_kept):
        c[i] = kept[i]
    n = unseen.shape[0]
    idx = np.arange(n_draw)
    while True:
        for j in range(n_draw):
            c[n_kept + j] = unseen[idx[j]]
        if wild:
            v = eval5_deuces_wild(c[0], c[1], c[2], c[3], c[4], T)
        else:
            v = eval5_suited(c[0], c[1], c[2], c[3], c[4], T)
        hist[cat_of[v]] += 1
        if not next_combination(idx, n_draw, n):
            return


@cache
def _cat_of(family: str) -> np.ndarray:
    n = hand_eval.strength_codes(family).size
    return np.array([decode(s, family)[0] for s in range(n)], dtype=np.int64)


def pattern_distribution(
    pair_rank: int, odd_ranks, wild: bool, draw: int, suits=(0, 1, 2, 3, 0)
) -> np.ndarray:
    """Exact final-category counts (10 entries, index = category) of one natural pair.

    The hand is the pair of ``pair_rank`` in suits ``suits[0:2]`` and the odd cards of
    ``odd_ranks`` (highest first) in ``suits[2:5]``; ``draw`` 3 keeps the pair, 2 keeps the
    pair and the highest odd card.  Ranks 0 = deuce … 12 = ace.

    >>> pattern_distribution(7, [12, 5, 3], wild=False, draw=3).sum()
    np.int64(16215)
    """
    odd = sorted((int(r) for r in odd_ranks), reverse=True)
    if len(odd) != 3 or len({pair_rank, *odd}) != 4 or not all(0 <= r <= 12 for r in [pair_rank, *odd]):
        raise ValueError(
            f"need a pair rank and three other distinct ranks 0..12, got {pair_rank}, {odd_ranks}"
        )
    if wild and 0 in (pair_rank, *odd):
        raise ValueError("with wild deuces a natural pair hand holds no deuce")
    if draw not in (2, 3):
        raise ValueError(f"draw must be 2 or 3, got {draw!r}")
    family = "deuces_wild" if wild else "high"
    pair = [4 * pair_rank + suits[0], 4 * pair_rank + suits[1]]
    odds = [4 * r + s for r, s in zip(odd, suits[2:])]
    hand = pair + odds
    kept = pair + (odds[:1] if draw == 2 else [])
    unseen = np.array([c for c in range(N_CARDS) if c not in hand], dtype=np.int64)
    hist = np.zeros(10, dtype=np.int64)
    _category_hist(
        np.array(kept, dtype=np.int64),
        len(kept),
        draw,
        unseen,
        wild,
        hand_eval.kernel_tables(family),
        _cat_of(family),
        hist,
    )
    return hist


@cache
def pair_improvement() -> pd.DataFrame:
    """Exact final-category distribution of a single pair, by wild/no wild and draw 2/3.

    Returns
    -------
    pandas.DataFrame
        Rows ``wild`` (deuces wild or not), ``draw`` (2: keep the pair and the highest odd
        card; 3: keep the pair), ``patterns``, ``hands``, ``improve`` (final category better
        than one pair) and one column per category (probabilities, best first).
    """
    rows = []
    for wild in (True, False):
        ranks = list(range(1, 13) if wild else range(13))
        patterns = len(ranks) * comb(len(ranks) - 1, 3)
        for n_draw in (2, 3):
            # Every pattern has the same counts (the comment above): one stands for all.
            hist = patterns * pattern_distribution(ranks[0], ranks[1:4], wild, n_draw)
            total = hist.sum()
            row = {
                "wild": wild,
                "draw": n_draw,
                "patterns": patterns,
                "hands": patterns * 6 * 4**3,
                "improve": hist[2:].sum() / total,
            }
            for c in range(9, -1, -1):
                row[_CATS[c]] = hist[c] / total
            rows.append(row)
    return pd.DataFrame(rows)
