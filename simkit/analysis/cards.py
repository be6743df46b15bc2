"""The foundation: exact hand-category tables of every family, and the runner's reference job.

- :func:`exact_table`: how many of all 5- or 7-card hands fall in each category of a family
  (:func:`simkit.category_counts`, by enumeration).
- :class:`SampleJob` and :func:`sample`: the same frequencies estimated from random hands
  through :func:`simkit.runner.run`, each with its standard error and its z-score against the
  exact value; ``simkit sample`` prints it and must agree with ``simkit enumerate``.
- Two analyses for ``simkit report``: ``cards_exact`` (every table, one plot) and
  ``cards_sample_check`` (the sampler against the exact counts).

The sampler deals and evaluates in one compiled pass (:func:`_sample_kernel`) that releases
the GIL, so the runner's threads use every core and no hand array is ever stored.

Examples
--------
>>> t = exact_table("high", 5)
>>> t.loc[t.category == "flush", "count"].item()
5108
>>> s = sample("high", 5, 20_000, seed=1, quiet=True)
>>> list(s.columns)
['category', 'count', 'frequency', 'se', 'exact', 'z']
>>> int(s["count"].sum())
20000
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import pandas as pd

from simkit import hands
from simkit.deck import shuffle_prefix
from simkit.hands.codes import FAMILIES, FAMILY_CARDS
from simkit.hands.kernels import (
    ACE_TO_FIVE,
    ACE_TO_SIX,
    DEUCES_WILD,
    EIGHT_OR_BETTER,
    HIGH,
    eval5_deuces_wild,
    eval5_plain,
    eval5_suited,
    eval7_ace_to_six,
    eval7_high,
    eval7_plain,
)
from simkit.memory import private_zeros
from simkit.rng import stream_state
from simkit.runner import run, stats

from ..cards import N_CARDS
from ..jit import njit
from .registry import AnalysisResult, Context, analysis, pyplot

__all__ = ["SampleJob", "exact_table", "sample", "sample_table"]


@cache
def _exact(family: str, n_cards: int) -> pd.DataFrame:
    return hands.category_counts(family, n_cards)


def exact_table(family: str, n_cards: int) -> pd.DataFrame:
    """Every category of ``family`` with its exact count among all ``n_cards``-card hands.

    Columns ``category, count, probability``, best category first (categories no hand of
    this size reaches are left out).

    >>> exact_table("high", 6)
    Traceback (most recent call last):
    ...
    ValueError: family 'high' evaluates 5 or 7-card hands, not 6
    """
    hands.check_family(family, n_cards)
    return _exact(family, n_cards).copy()


@cache
def _categories(family: str) -> tuple[list[str], np.ndarray]:
    """The categories of ``family``, best first, and the category index of every strength."""
    names = hands.family_categories(family)[::-1]
    n_strengths = hands.strength_codes(family).size
    of_strength = hands.category_names(np.arange(n_strengths), family)
    index = {name: i for i, name in enumerate(names)}
    return names, np.array([index[n] for n in of_strength], dtype=np.int64)


@njit(cache=True, nogil=True)
def _sample_kernel(n, n_cards, family, T, category_of, state, counts):
    """Deal ``n`` random hands of ``n_cards`` cards and add 1 to ``counts`` at each category.

    Every hand is a fresh uniform draw from the full deck: ``shuffle_prefix`` works from any
    deck order, so one deck array serves every hand.
    """
    deck = np.arange(N_CARDS, dtype=np.int8)
    for _ in range(n):
        shuffle_prefix(deck, n_cards, state)
        if n_cards == 5:
            if family == DEUCES_WILD:
                v = eval5_deuces_wild(deck[0], deck[1], deck[2], deck[3], deck[4], T)
            elif family == ACE_TO_FIVE or family == EIGHT_OR_BETTER:
                v = eval5_plain(deck[0], deck[1], deck[2], deck[3], deck[4], T)
            else:
                v = eval5_suited(deck[0], deck[1], deck[2], deck[3], deck[4], T)
        elif family == HIGH:
            v = eval7_high(deck[0], deck[1], deck[2], deck[3], deck[4], deck[5], deck[6], T)
        elif family == ACE_TO_SIX:
            v = eval7_ace_to_six(deck[0], deck[1], deck[2], deck[3], deck[4], deck[5], deck[6], T)
        else:
            v = eval7_plain(deck[0], deck[1], deck[2], deck[3], deck[4], deck[5], deck[6], T)
        counts[category_of[v]] += 1


@dataclass(frozen=True)
class SampleJob:
    """Deal random ``n_cards``-card hands and count them by category of ``family``.

    >>> job = SampleJob("ace_to_five", 7)
    >>> job.params()
    {'family': 'ace_to_five', 'cards': 7}
    >>> int(job.run_chunk(1000, np.random.SeedSequence(0))["counts"].sum())
    1000
    >>> SampleJob("high", 6)
    Traceback (most recent call last):
    ...
    ValueError: family 'high' evaluates 5 or 7-card hands, not 6
    """

    family: str
    n_cards: int
    name: str = "sample"
    #: Trials per chunk: about 30 ms of one core, so scheduling costs stay small on a cluster.
    chunk_size: int = 1 << 20

    def __post_init__(self) -> None:
        hands.check_family(self.family, self.n_cards)

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the sampled category frequencies."""
        return stats.worst(stats.proportion(totals["counts"], totals["trials"])[1])

    def params(self) -> dict:
        return {"family": self.family, "cards": self.n_cards}

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        names, category_of = _categories(self.family)
        counts = private_zeros(len(names), np.int64)
        _sample_kernel(
            trials,
            self.n_cards,
            FAMILIES.index(self.family),
            hands.kernel_tables(self.family),
            category_of,
            stream_state(seed),
            counts,
        )
        return {"counts": counts}


def sample_table(totals: dict, family: str, n_cards: int) -> pd.DataFrame:
    """Sampled category frequencies with standard errors, exact probabilities and z-scores.

    One row per category that the exact table lists, best first.
    """
    names, _ = _categories(family)
    counts = pd.Series(totals["counts"], index=names)
    exact = exact_table(family, n_cards).set_index("category")["probability"]
    extra = counts.index.difference(exact.index)
    if counts[extra].any():  # a category no hand of this size can make was sampled
        raise RuntimeError(f"sampled impossible categories: {list(counts[extra][counts[extra] > 0].index)}")
    n = int(totals["trials"])
    count = counts.reindex(exact.index).to_numpy()
    freq, se = stats.proportion(count, n)
    # A category never (or always) seen has a sampled SE of 0: its z uses the SE that the
    # exact probability implies, so a z-score is always finite.
    _, exact_se = stats.proportion(exact.to_numpy() * n, n)
    z_se = np.where(se > 0, se, exact_se)
    return pd.DataFrame(
        {
            "category": exact.index,
            "count": count,
            "frequency": freq,
            "se": se,
            "exact": exact.to_numpy(),
            "z": stats.z_score(freq, z_se, exact.to_numpy()),
        }
    )


def sample(family: str, n_cards: int, trials: int, **run_options) -> pd.DataFrame:
    """Estimate the category frequencies of ``family`` from ``trials`` random hands.

    ``run_options`` are those of :func:`simkit.runner.run` (seed, workers, checkpoint, ...).
    """
    totals = run(SampleJob(family, n_cards), trials, **run_options)
    return sample_table(totals, family, n_cards)


@analysis("cards_exact", game="cards", title="Hand categories of every family (exact)")
def _exact_analysis(ctx: Context) -> AnalysisResult:
    plt = pyplot()
    pairs = [(f, k) for f in FAMILIES for k in FAMILY_CARDS[f]]
    tables = []
    for family, n_cards in pairs:
        t = exact_table(family, n_cards)
        tables.append(t.assign(family=family, cards=n_cards)[["family", "cards", *t.columns]])
    df = pd.concat(tables, ignore_index=True)
    fig, axes = plt.subplots(2, 5, figsize=(20, 8), constrained_layout=True)
    for ax, (family, n_cards) in zip(axes.ravel(), pairs):
        t = df[(df.family == family) & (df.cards == n_cards)]
        ax.barh(t["category"], t["probability"], color="tab:blue")
        ax.set_xscale("log")
        ax.invert_yaxis()
        ax.set_title(f"{family}, {n_cards} cards")
        ax.tick_params(axis="y", labelsize=7)
    fig.suptitle("Probability of each hand category (exact, by enumeration; log scale)")
    notes = [f"{len(pairs)} family/hand-size tables by enumerating every hand; no sampling."]
    return AnalysisResult({"cards_exact_categories": df}, {"cards_exact_categories": fig}, [], notes)


@analysis("cards_sample_check", game="cards", title="The Monte Carlo runner against the exact counts")
def _sample_check(ctx: Context) -> AnalysisResult:
    parts = []
    trials = ctx.trials(4_000_000)
    for family, n_cards in (("high", 7), ("deuces_wild", 5), ("ace_to_five", 7)):
        t = sample(family, n_cards, trials, seed=ctx.stream(family, n_cards), **ctx.run_options())
        parts.append(t.assign(family=family, cards=n_cards)[["family", "cards", *t.columns]])
    df = pd.concat(parts, ignore_index=True)
    worst = float(np.nanmax(np.abs(df["z"])))
    notes = [
        f"{trials:,} random hands per family through the runner; largest |z| over {len(df)} "
        f"categories: {worst:.2f} (z = (sampled - exact) / SE; agreement means |z| mostly < 2, "
        "rarely > 3)."
    ]
    return AnalysisResult({"cards_sample_check": df}, {}, [], notes)
