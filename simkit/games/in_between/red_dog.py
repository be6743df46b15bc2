"""Red Dog, the casino version (R-I4): exact house edge for any number of decks.

Rules (``in_between.de.txt``, "Casino-Version"): everyone antes one unit; two cards are turned
for all.  Consecutive ranks push.  A pair turns a third card: the same rank again pays 11 to 1,
anything else pushes.  Otherwise the spread is announced, a player may raise up to the ante
(doubling the bet), and the third card wins when strictly between, paying by the spread
(1: 5 to 1, 2: 4 to 1, 3: 2 to 1, 4 or more: 1 to 1) on the whole bet; anything else, a post
included, loses the bet.  Aces are high; the three cards are drawn without replacement from a
fresh shoe of ``decks`` decks.

The house edge is the player's expected loss per unit of ante, counted exactly with fractions.
The best raise rule raises exactly when the raised unit has positive expectation, which depends
only on the spread: between-probability ``4 N s / (52 N - 2)`` for spread ``s`` and ``N`` decks.

Examples
--------
>>> e = red_dog_edge(6)
>>> e["raise_rule"], round(e["house_edge_best_raise"], 5)
('raise on spread 7 or more', 0.02798)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pandas as pd

from ...cards import N_CARDS
from ...checks import INT_LIMIT, int_in_range, is_int
from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, draw_below, stream_state
from ...runner import run, stats

__all__ = [
    "TRIPS_PAYS",
    "best_raise_from",
    "payout",
    "red_dog_edge",
    "red_dog_table",
    "RedDogJob",
    "simulate_red_dog",
]

#: A pair followed by the same rank pays 11 to 1.
TRIPS_PAYS = 11


def payout(spread: int) -> int:
    """What a win pays per unit bet at ``spread`` (1: 5, 2: 4, 3: 2, 4+: 1).

    >>> [payout(s) for s in (1, 2, 3, 4, 11)]
    [5, 4, 2, 1, 1]
    """
    if not 1 <= spread <= 11:
        raise ValueError(f"spread must be 1..11, got {spread}")
    return {1: 5, 2: 4, 3: 2}.get(spread, 1)


@njit(cache=True, nogil=True, inline="always")
def _pays(spread):
    """:func:`payout` in compiled code (``spread`` 1..11)."""
    if spread == 1:
        return 5
    if spread == 2:
        return 4
    if spread == 3:
        return 2
    return 1


def _check_decks(decks) -> int:
    if not is_int(decks) or not 1 <= decks <= 64:
        raise ValueError(f"decks must be an integer in 1..64, got {decks!r}")
    return int(decks)


def _exact(decks: int) -> list[dict]:
    """One row per two-card outcome class, with exact fractions."""
    n = _check_decks(decks)
    total = N_CARDS * n
    per_rank = 4 * n
    rows: list[dict[str, Any]] = []
    p_pair = 13 * Fraction(per_rank, total) * Fraction(per_rank - 1, total - 1)
    p_trips = Fraction(per_rank - 2, total - 2)
    rows.append(
        {
            "hand": "pair",
            "spread": 0,
            "p_hand": p_pair,
            "p_win": p_trips,
            "pays": TRIPS_PAYS,
            "ev_bet": p_trips * TRIPS_PAYS,
            "can_raise": False,
        }
    )
    for s in range(12):
        # ordered rank pairs with |a - b| - 1 == s: 2 * (12 - s) of them
        p = 2 * (12 - s) * Fraction(per_rank, total) * Fraction(per_rank, total - 1)
        if s == 0:
            rows.append(
                {
                    "hand": "consecutive",
                    "spread": 0,
                    "p_hand": p,
                    "p_win": Fraction(0),
                    "pays": 0,
                    "ev_bet": Fraction(0),
                    "can_raise": False,
                }
            )
            continue
        p_win = Fraction(per_rank * s, total - 2)
        ev = p_win * payout(s) - (1 - p_win)
        rows.append(
            {
                "hand": "spread",
                "spread": s,
                "p_hand": p,
                "p_win": p_win,
                "pays": payout(s),
                "ev_bet": ev,
                "can_raise": True,
            }
        )
    assert sum(r["p_hand"] for r in rows) == 1
    return rows


def red_dog_table(decks: int = 1) -> pd.DataFrame:
    """Per two-card outcome: its probability, the win probability of the third card, the
    payout, the EV per unit bet and whether the best rule raises.

    >>> t = red_dog_table(1)
    >>> t[t.raise_bet].spread.tolist()
    [7, 8, 9, 10, 11]
    >>> round(float(t.p_hand.sum()), 12)
    1.0
    """
    rows = _exact(decks)
    return pd.DataFrame(
        {
            "hand": [r["hand"] for r in rows],
            "spread": [r["spread"] for r in rows],
            "p_hand": [float(r["p_hand"]) for r in rows],
            "p_win": [float(r["p_win"]) for r in rows],
            "pays": [r["pays"] for r in rows],
            "ev_per_unit": [float(r["ev_bet"]) for r in rows],
            "raise_bet": [bool(r["can_raise"] and r["ev_bet"] > 0) for r in rows],
        }
    )


def _rule_text(spreads: list[int]) -> str:
    if not spreads:
        return "never raise"
    lo = min(spreads)
    if spreads == list(range(lo, 12)):
        return f"raise on spread {lo} or more"
    return "raise on spread " + ", ".join(map(str, spreads))


def red_dog_edge(decks: int = 1) -> dict:
    """The exact house edge of Red Dog with ``decks`` decks, with the best raise rule and
    without raising.

    Returns
    -------
    dict
        ``decks``, ``house_edge_best_raise``, ``house_edge_no_raise`` (fractions of the ante;
        positive: the house wins), ``raise_rule`` (text), ``raise_spreads``, and the exact
        values as strings ``*_exact``.

    Examples
    --------
    >>> e = red_dog_edge(1)
    >>> e["raise_spreads"], e["house_edge_no_raise"] > e["house_edge_best_raise"] > 0
    ([7, 8, 9, 10, 11], True)
    >>> red_dog_edge(0)
    Traceback (most recent call last):
    ...
    ValueError: decks must be an integer in 1..64, got 0
    """
    rows = _exact(decks)
    ev_plain = sum(r["p_hand"] * r["ev_bet"] for r in rows)
    raise_spreads = [r["spread"] for r in rows if r["can_raise"] and r["ev_bet"] > 0]
    ev_best = sum(r["p_hand"] * r["ev_bet"] * (2 if r["can_raise"] and r["ev_bet"] > 0 else 1) for r in rows)
    return {
        "decks": int(decks),
        "house_edge_best_raise": float(-ev_best),
        "house_edge_no_raise": float(-ev_plain),
        "raise_rule": _rule_text(raise_spreads),
        "raise_spreads": raise_spreads,
        "house_edge_best_raise_exact": str(-ev_best),
        "house_edge_no_raise_exact": str(-ev_plain),
    }


@cache
def best_raise_from(decks: int = 1) -> int:
    """The least spread at which the best raise rule raises (the raised unit has positive
    expectation, :func:`red_dog_edge`); 12 when it never raises.  Worked out once per number
    of decks (every table's rules vector holds it, and an evening job builds one per chunk).

    >>> best_raise_from(1), best_raise_from(6)
    (7, 7)
    """
    return int(min(red_dog_edge(decks)["raise_spreads"], default=12))


@njit(cache=True, nogil=True, inline="always")
def _draw_rank(counts, total, state):
    """Draw one card from a shoe given by rank counts; remove it; return its rank."""
    x = draw_below(state, total)
    r = 0
    while x >= counts[r]:
        x -= counts[r]
        r += 1
    counts[r] -= 1
    return r


@njit(cache=True, nogil=True)
def _red_dog_kernel(hands, decks, raise_from, state, out):
    """Play ``hands`` hands from fresh shoes; ``out`` = [sum, sum of squares] of the result
    per unit of ante."""
    counts = np.empty(13, dtype=np.int64)
    total = 0.0
    total_sq = 0.0
    for _ in range(hands):
        for r in range(13):
            counts[r] = 4 * decks
        n = N_CARDS * decks
        a = _draw_rank(counts, n, state)
        b = _draw_rank(counts, n - 1, state)
        lo = a if a < b else b
        hi = a if a > b else b
        res = 0.0
        if lo == hi:
            c = _draw_rank(counts, n - 2, state)
            if c == lo:
                res = 11.0
        elif hi - lo > 1:
            s = hi - lo - 1
            bet = 2.0 if s >= raise_from else 1.0
            c = _draw_rank(counts, n - 2, state)
            if lo < c < hi:
                res = bet * _pays(s)
            else:
                res = -bet
        total += res
        total_sq += float(res) * float(res)
    out[0] += total
    out[1] += total_sq


@dataclass(frozen=True)
class RedDogJob:
    """The Monte Carlo job (:mod:`simkit.runner`) of :func:`simulate_red_dog`: hands of Red
    Dog from fresh shoes of ``decks`` decks, raising from spread ``raise_from`` (12: never); a
    chunk sums the player's result per unit of ante and its square."""

    decks: int
    raise_from: int
    name: str = "in_between_red_dog"

    def params(self) -> dict:
        return asdict(self)

    def worst_se(self, totals: dict) -> float:
        """The SE of the mean result."""
        return stats.worst(stats.mean_se(totals["result"], totals["result_sq"], int(totals["trials"]))[1])

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        out = private_zeros(2)
        _red_dog_kernel(trials, self.decks, self.raise_from, stream_state(seed), out)
        return {"result": out[:1], "result_sq": out[1:]}


def simulate_red_dog(
    hands: int, *, decks: int = 1, raise_from: int = 7, seed: SeedLike = 0, **run_options
) -> tuple[float, float]:
    """Monte Carlo Red Dog: the player's mean result per unit ante and its standard error,
    raising on spread ``raise_from`` or more (12: never).  A runner job (:class:`RedDogJob`):
    ``run_options`` are those of :func:`simkit.runner.run` (``threads``, ``target_se`` ...).

    >>> m, se = simulate_red_dog(200_000, decks=6, seed=3)
    >>> abs(m + red_dog_edge(6)["house_edge_best_raise"]) < 4 * se
    True
    """
    decks = _check_decks(decks)
    int_in_range(hands, "hands", 2, INT_LIMIT)
    int_in_range(raise_from, "raise_from", 1, 12)
    totals = run(RedDogJob(decks, int(raise_from)), hands, seed=seed, **{"quiet": True, **run_options})
    mean, se = stats.mean_se(totals["result"], totals["result_sq"], int(totals["trials"]))
    return float(mean[0]), float(se[0])
