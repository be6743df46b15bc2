"""Strategy matches: chips per hand per seat with standard errors, and paired comparisons.

:func:`match` plays one table of strategies for many hands (every hand from the same stacks,
the dealer drawn at random each hand, so no seat is favoured) and reports each seat's chips
per hand with its standard error, how often it wins chips and how often it puts chips in
voluntarily on third street.

:func:`compare` plays several alternatives for one seat on the **same deals** (the engine
deals every seat's cards independently of who folds, and seeds the strategies' random
stream per hand), so the difference between two alternatives has a much smaller standard
error than two separate matches.

Examples
--------
>>> t = match(["tips", "tight", "check-call"], 3000, seed=1)
>>> t.columns.tolist()[:4], int(t.attrs["hands"])
(['seat', 'strategy', 'chips_per_hand', 'se'], 3000)
>>> abs(float(t.chips_per_hand.sum())) < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from ...runner import run
from ...runner.stats import mean_se
from .engine import MatchJob, _specs_tuple
from .rules import check_variant
from .strategies import razz_strategy_table

__all__ = ["compare", "match", "strategy_name"]


def strategy_name(spec) -> str:
    """``"tips"`` or ``"tips(T_KQ=0)"`` for a strategy spec."""
    if isinstance(spec, tuple):
        name, over = spec
        if over:
            return f"{name}(" + ", ".join(f"{k}={v:g}" for k, v in dict(over).items()) + ")"
        return name
    return str(spec)


def _check(strategies: Sequence, variant: str) -> None:
    check_variant(variant)
    if not 2 <= len(strategies) <= 8:
        raise ValueError(f"a Razz table has 2 to 8 seats, got {len(strategies)}")
    razz_strategy_table(list(strategies), variant=variant)


def match(strategies: Sequence, hands: int, *, variant: str = "razz", stacks: int = 200,
          seed: int = 0, **run_options) -> pd.DataFrame:
    """Chips per hand of every seat of one table, with standard errors.

    Parameters
    ----------
    strategies
        One strategy spec per seat (2-8), see :func:`~simkit.games.razz.engine.play_hands`.
    hands
        Hands to play (Monte Carlo trials).
    variant, stacks, seed
        Variant (R-Z6), chips every seat starts each hand with, seed.
    run_options
        :func:`simkit.runner.run` options (``workers``, ``threads``, ``quiet`` …).

    Returns
    -------
    pandas.DataFrame
        ``seat, strategy, chips_per_hand, se, win_rate, vpip``; ``attrs``: ``hands``,
        ``showdown_rate``, ``community_hands``, ``errors`` (always 0).
    """
    _check(strategies, variant)
    job = MatchJob((_specs_tuple(strategies),), variant, (int(stacks),) * len(strategies))
    run_options.setdefault("quiet", True)
    t = run(job, hands, seed=seed, **run_options)
    n = int(t["trials"])
    if int(t["errors"][0]):
        raise RuntimeError(f"{int(t['errors'][0])} hands lost chips or chose illegal actions")
    m, se = mean_se(t["net"][0], t["net_sq"][0], n)
    df = pd.DataFrame({"seat": np.arange(len(strategies)),
                       "strategy": [strategy_name(s) for s in strategies],
                       "chips_per_hand": m, "se": se, "win_rate": t["won"][0] / n,
                       "vpip": t["vpip"][0] / n})
    df.attrs.update(hands=n, showdown_rate=float(t["showdowns"][0] / n),
                    community_hands=int(t["community"][0]), errors=0, variant=variant)
    return df


def compare(field: Sequence, seat: int, alternatives: Mapping[str, object], hands: int, *,
            variant: str = "razz", stacks: int = 200, seed: int = 0,
            **run_options) -> pd.DataFrame:
    """Several strategies for ``seat`` against the same ``field``, on the same deals.

    ``field`` gives every seat's strategy (the entry at ``seat`` is replaced);
    ``alternatives`` maps a label to a strategy spec.  Returns one row per alternative:
    ``label, strategy, chips_per_hand, se, diff`` (chips per hand minus the first
    alternative's, hand by hand) and ``diff_se``.

    >>> t = compare(["tips", "tight", "check-call"], 0,
    ...             {"fold K/Q": "tips", "play K/Q": ("tips", {"T_KQ": 0})}, 2000, seed=2)
    >>> t.label.tolist(), float(t["diff"].iloc[0])
    (['fold K/Q', 'play K/Q'], 0.0)
    """
    if not 0 <= seat < len(field):
        raise ValueError(f"seat must be 0..{len(field) - 1}, got {seat}")
    if not alternatives:
        raise ValueError("give at least one alternative")
    configs = []
    for spec in alternatives.values():
        table = list(field)
        table[seat] = spec
        _check(table, variant)
        configs.append(_specs_tuple(table))
    job = MatchJob(tuple(configs), variant, (int(stacks),) * len(field))
    run_options.setdefault("quiet", True)
    t = run(job, hands, seed=seed, **run_options)
    n = int(t["trials"])
    if int(t["errors"].sum()):
        raise RuntimeError("hands lost chips or chose illegal actions")
    rows = []
    for c, (label, spec) in enumerate(alternatives.items()):
        m, se = mean_se(t["net"][c, seat], t["net_sq"][c, seat], n)
        d, dse = mean_se(t["diff"][c, seat], t["diff_sq"][c, seat], n)
        rows.append({"label": label, "strategy": strategy_name(spec), "chips_per_hand": m,
                     "se": se, "diff": d if c else 0.0, "diff_se": dse if c else 0.0,
                     "vpip": t["vpip"][c, seat] / n})
    df = pd.DataFrame(rows)
    df.attrs.update(hands=n, seat=seat, field=[strategy_name(s) for s in field],
                    variant=variant)
    return df
