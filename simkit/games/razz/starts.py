"""Every three-card Razz start by rank pattern, against 1 to 7 random opponents.

Suits never matter in A-5 low (R-Z1, R-C2): a start is its multiset of three ranks, 455 of them
(286 of three different ranks, 156 with a pair, 13 trips).  Each is played all-in to the
showdown against ``k`` opponents dealt at random (all stay; R-Z4's community card when eight
play).  The table gives the start's equity (expected share of the pot, R-Z1 ties split) with
its standard error, and how many of the 22,100 three-card deals have the pattern.

Patterns are written as Razz players say them, highest card first, ace low: ``3-2-A``,
``K-K-7``.

Examples
--------
>>> pats = patterns()
>>> len(pats), int(pats.deals.sum()), pats.iloc[0].pattern
(455, 22100, '3-2-A')
>>> t = start_table(opponents=(1,), trials=2000, seed=1, quiet=True)
>>> row = t[t.pattern == "3-2-A"].iloc[0]
>>> bool(row.equity > 0.7), bool(row.se > 0)
(True, True)
>>> h = start_table(opponents=(1,), variant="stud-hilo", trials=200, seed=1, quiet=True)
>>> h.columns.tolist()[-6:]
['high_share', 'high_share_se', 'low_share', 'low_share_se', 'quartered', 'quartered_se']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np
import pandas as pd

from ...cards import CARD_DTYPE, N_CARDS
from ...checks import is_int
from ...deck import shuffle_prefix
from ...jit import lean, njit
from ...memory import private_zeros
from ...rng import SeedLike, draw_below, stream_state
from .equity import SPLIT_SUMS, _deal_from, _equity_mc, summarize, worst_se
from .rules import V_HILO, Rules, as_rules, variant_code
from .showdown import UNITS, _hand_values, _pot_shares, tables

__all__ = ["StartsJob", "patterns", "pattern_name", "razz_value", "start_table"]

#: Razz value of each card rank index (0 = deuce … 12 = ace): A = 1, 2 … K = 13.
RAZZ_VALUE = np.array([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1], dtype=np.int64)
_VALUE_CHARS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}


def razz_value(rank: int) -> int:
    """Razz value of a card rank index: A = 1, 2 = 2 … K = 13.

    >>> razz_value(12), razz_value(0), razz_value(11)
    (1, 2, 13)
    """
    return int(RAZZ_VALUE[rank])


def pattern_name(values: Sequence[int]) -> str:
    """``"K-7-A"`` for Razz values ``(1, 7, 13)`` in any order.

    >>> pattern_name([1, 2, 3])
    '3-2-A'
    """
    return "-".join(_VALUE_CHARS.get(v, str(v)) for v in sorted(values, reverse=True))


@cache
def patterns() -> pd.DataFrame:
    """The 455 rank patterns, best-looking first (by highest card, then the next …, pairs
    after no pair): ``pattern``, ``high`` (highest Razz value), ``pairing`` (``none``,
    ``pair``, ``trips``), ``deals`` (three-card deals with the pattern), ``cards`` (one
    representative start as card integers)."""
    rows = []
    for vals in combinations_with_replacement(range(1, 14), 3):
        distinct = len(set(vals))
        pairing = {3: "none", 2: "pair", 1: "trips"}[distinct]
        deals = {3: 64, 2: 24, 1: 4}[distinct]
        # one representative: suits c, d, h in order (suits never matter in A-5)
        cards = [4 * (12 if v == 1 else v - 2) + s for s, v in enumerate(vals)]
        desc = tuple(sorted(vals, reverse=True))
        rows.append(
            {
                "pattern": pattern_name(vals),
                "high": desc[0],
                "pairing": pairing,
                "deals": deals,
                "cards": tuple(cards),
                "_key": (3 - distinct, desc),
            }
        )
    df = pd.DataFrame(rows).sort_values("_key", kind="stable").drop(columns="_key")
    return df.reset_index(drop=True)


@njit(cache=True, inline="always")
def _random_suits(start, out, state):
    """``out[:3]``: the ranks of ``start`` in suits drawn uniformly from the deals of its rank
    pattern (each card's suit uniform, redrawn while it repeats an earlier card)."""
    for i in range(3):
        rank = start[i] // 4
        while True:
            c = 4 * rank + draw_below(state, 4)
            if (i < 1 or c != out[0]) and (i < 2 or c != out[1]):
                break
        out[i] = c


@njit(cache=True, inline="always")
def _community(n):
    """Whether ``n`` hands of seven cards need R-Z4's community card (eight players)."""
    return 3 + 6 * (n - 1) + n > 49


@njit(cache=True)
def _shared_showdowns(start, live, opponents, n_big, variant, T, T8, trials, state, share, share_sq, scoop):
    """``trials`` deals of ``n_big`` hands (the start is hand 0, seven cards each); every table
    size of ``opponents`` up to ``n_big`` hands is played out among the first hands of each deal
    (common random numbers: the first ``n`` hands of a deal are a random deal of ``n``), so a
    deal's cards are dealt and evaluated once for all of them.  Adds the start's pot shares
    (in UNITS), their squares and its scoops to ``share[j]``, ``share_sq[j]``, ``scoop[j]``."""
    hands = np.full((n_big, 7), -1, start.dtype)
    for i in range(3):
        hands[0, i] = start[i]
    n_known = np.zeros(n_big, np.int64)
    n_known[0] = 3
    n_draw = 7 - n_known
    takes = np.zeros(n_big, np.bool_)
    deck = live.copy()
    m = 7 * n_big - 3
    scratch = np.zeros((3, n_big), np.int64)  # hi, lo, sh
    _shared_deals(
        hands, deck, m, n_known, n_draw, takes, opponents, n_big, variant, T, T8, trials, state,
        share, share_sq, scoop, scratch,
    )  # fmt: skip


@lean()
def _shared_deals(
    hands, deck, m, n_known, n_draw, takes, opponents, n_big, variant, T, T8, trials, state,
    share, share_sq, scoop, scratch,
):  # fmt: skip
    """The deal loop of :func:`_shared_showdowns` on the arrays it allocated, compiled without
    reference counting (as Razz's equity loop, :func:`.equity._mc_deals`)."""
    hi, lo, sh = scratch[0], scratch[1], scratch[2]
    for _ in range(trials):
        shuffle_prefix(deck, m, state)
        _deal_from(deck, hands, n_known, n_draw, takes, False, n_big)
        _hand_values(hands, n_big, variant, T, T8, hi, lo)
        for j in range(opponents.shape[0]):
            n = opponents[j] + 1
            if n <= n_big:
                _pot_shares(hi, lo, n, variant, sh)
                s = sh[0]
                share[j] += s
                share_sq[j] += s * s
                if s == UNITS:
                    scoop[j] += 1


@njit(cache=True, nogil=True)
def _starts_mc(starts, opponents, variant, T, T8, trials, state, share, share_sq, scoop, split):
    """``trials`` showdowns for every start (row of ``starts``) and opponent count.

    The start is hand 0; opponents get seven random cards; with eight hands the deck runs
    short and the seventh card is a community card (R-Z4).  The table sizes without it share
    their deals (:func:`_shared_showdowns`).  In Stud Hi-Lo, where suits matter, each showdown
    deals the start's ranks in suits drawn uniformly from the pattern's deals
    (:func:`_random_suits`), every table size apart; ``split`` takes its high and low sums.
    """
    n_big = 0  # the most hands of a table size without the community card
    for j in range(opponents.shape[0]):
        if not _community(opponents[j] + 1):
            n_big = max(n_big, opponents[j] + 1)
    for p in range(starts.shape[0]):
        live = np.empty(49, starts.dtype)
        k = 0
        for c in range(N_CARDS):
            if c != starts[p, 0] and c != starts[p, 1] and c != starts[p, 2]:
                live[k] = c
                k += 1
        if variant != V_HILO and n_big > 0:
            _shared_showdowns(
                starts[p],
                live,
                opponents,
                n_big,
                variant,
                T,
                T8,
                trials,
                state,
                share[p],
                share_sq[p],
                scoop[p],
            )
        for j in range(opponents.shape[0]):
            n = opponents[j] + 1
            if variant != V_HILO and not _community(n):
                continue  # played in the shared deals
            base = np.full((n, 7), -1, starts.dtype)
            base[0, 0] = starts[p, 0]
            base[0, 1] = starts[p, 1]
            base[0, 2] = starts[p, 2]
            n_known = np.zeros(n, np.int64)
            n_known[0] = 3
            n_draw = np.empty(n, np.int64)
            takes = np.zeros(n, np.bool_)
            community = _community(n)  # R-Z4: eight players
            for i in range(n):
                n_draw[i] = 7 - n_known[i]
                if community:
                    n_draw[i] -= 1
                    takes[i] = True
            s = np.zeros(n, np.int64)
            sq = np.zeros(n, np.int64)
            sc = np.zeros(n, np.int64)
            sp = np.zeros((n, split.shape[2]), np.int64)
            # Stud Hi-Lo: suits matter, so each showdown deals the pattern in random suits
            rounds, per_round = (trials, 1) if variant == V_HILO else (1, trials)
            for _ in range(rounds):
                if variant == V_HILO:
                    _random_suits(starts[p], base[0], state)
                    k = 0
                    for c in range(N_CARDS):
                        if c != base[0, 0] and c != base[0, 1] and c != base[0, 2]:
                            live[k] = c
                            k += 1
                _equity_mc(
                    base, n_known, n_draw, takes, live, variant, T, T8, per_round, state, s, sq, sc, sp,
                    None, None, None,
                )  # fmt: skip
            share[p, j] += s[0]
            share_sq[p, j] += sq[0]
            scoop[p, j] += sc[0]
            for c in range(split.shape[2]):
                split[p, j, c] += sp[0, c]


@dataclass(frozen=True)
class StartsJob:
    """Monte Carlo job: trials = showdowns per (start, opponent count) cell."""

    opponents: tuple = (1, 2, 3, 4, 5, 6, 7)
    variant: str = "razz"
    name: str = "razz_starts"
    chunk_size: int = 2000

    def params(self) -> dict:
        return asdict(self)

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        starts = np.array(patterns().cards.tolist(), dtype=CARD_DTYPE)
        opp = np.array(self.opponents, dtype=np.int64)
        shape = (starts.shape[0], opp.size)
        share, share_sq, scoop = (private_zeros(shape, np.int64) for _ in range(3))
        split = private_zeros((*shape, len(SPLIT_SUMS)), np.int64)
        T, T8 = tables(self.variant)
        _starts_mc(
            starts,
            opp,
            variant_code(self.variant),
            T,
            T8,
            trials,
            stream_state(seed),
            share,
            share_sq,
            scoop,
            split,
        )
        out = {"share": share, "share_sq": share_sq, "scoop": scoop}
        if self.variant == "stud-hilo":
            out["split"] = split
        return out

    def worst_se(self, totals: dict[str, Any]) -> float:
        """The largest SE of the table: every start's equity and scoop chance against every
        opponent count (in Stud Hi-Lo also the high and low shares and quartering chance)."""
        return worst_se(totals)


def start_table(
    opponents: Sequence[int] = (1, 2, 3, 4, 5, 6, 7),
    *,
    rules: Rules | None = None,
    variant: str | None = None,
    trials: int = 20_000,
    seed: SeedLike = 0,
    **run_options,
) -> pd.DataFrame:
    """Equity of every start against each number of random opponents (long format).

    Parameters
    ----------
    opponents
        Opponent counts, each 1..7.
    rules
        The table's :class:`~.rules.Rules`, of variant ``razz`` or ``private`` (A-5 low, where
        suits do not matter), or ``stud-hilo``, where each showdown deals the start in suits
        drawn at random from its pattern's deals (the row is the pattern's average over its
        suits); ``variant=`` is a shorthand.
    trials
        Showdowns per start and opponent count.
    seed, run_options
        Seed and :func:`simkit.runner.run` options.

    Returns
    -------
    pandas.DataFrame
        ``pattern, high, pairing, deals, opponents, equity, se, scoop, scoop_se, fair``
        (``fair`` = 1 / players, the equity of an average start); in Stud Hi-Lo also
        ``high_share, high_share_se, low_share, low_share_se, quartered, quartered_se`` (see
        :func:`~simkit.games.razz.equity.summarize`).

    Examples
    --------
    >>> start_table(opponents=(8,))
    Traceback (most recent call last):
    ...
    ValueError: opponents must each be 1..7, got (8,)
    """
    from ...runner import run

    variant = as_rules(rules, variant).variant
    if variant not in ("razz", "private", "stud-hilo"):
        raise ValueError(
            f"the start table is for A-5 low (razz, private) and Stud Hi-Lo, got {variant!r}: "
            "suits matter in the other variants"
        )
    given = opponents
    opponents = tuple(opponents) if isinstance(opponents, (tuple, list, range, np.ndarray)) else ()
    if not opponents or any(not is_int(k) or not 1 <= k <= 7 for k in opponents):
        raise ValueError(f"opponents must each be 1..7, got {given!r}")
    opponents = tuple(int(k) for k in opponents)
    run_options.setdefault("quiet", True)
    totals = run(StartsJob(opponents, variant), trials, seed=seed, **run_options)
    s = summarize(totals, exact=False)
    pats = patterns().drop(columns="cards")
    frames = []
    for j, k in enumerate(opponents):
        f = pats.copy()
        f["opponents"] = k
        for key in ("equity", "se", "scoop", "scoop_se"):
            f[key] = s[key][:, j]
        f["fair"] = 1.0 / (k + 1)
        for key in [k for k in s if k.startswith(("high_share", "low_share", "quartered"))]:
            f[key] = s[key][:, j]
        frames.append(f)
    out = pd.concat(frames, ignore_index=True)
    out.attrs.update(trials=int(totals["trials"]), variant=variant)
    return out
