"""Diablo outcome tables: one row per deal and seat, for ``groupby``.

- :func:`equity_deals` deals a hero and ``opponents`` players from one deck, everybody draws
  by the exact policy and nobody folds: the deals of :func:`.jobs.showdown_table` (the same
  seed gives the same deals, so the hero's mean ``share`` by ``pat_category`` and ``deuces``
  is the table's ``win`` for that many opponents).  (A table of full Diablo series, one row
  per deal of a series, is not written yet.)
- :func:`draw_equity_deals` deals given hands or ranges their draws (the deals of
  :func:`.draw_equity.draw_equity` by Monte Carlo: the mean ``share`` of a seat is its
  equity).

The columns follow :mod:`simkit.games.outcomes` (long format, ``deal`` and ``seat``).
Equity tables: ``deal, seat`` (0 = the hero), ``start`` (the five cards dealt), ``deuces``
(deuces dealt), ``pat_category`` (the category as dealt), ``drawn1`` (cards drawn), ``cards``
(the final five), ``hand``, ``category`` (deuces wild, ``five_of_a_kind`` … ``high_card``),
``share`` (of the showdown among the seats of the table: 1, 1/k, 0) and ``win`` (alone).
Draw-equity tables: ``deal, seat`` (the hand's position in the list given), ``given`` (the
hand as given, or a range's text), ``range`` (the range's text for a ranged seat, empty
otherwise), ``start`` (the five before the draw, the kept cards first; for a range, the
member of the range dealt), ``deuces``, ``pat_category``, ``kept`` (the cards kept),
``drawn1``, ``cards``, ``hand``, ``category``, ``share`` and ``win``.

Examples
--------
>>> e = equity_deals(200, opponents=2, seed=1, threads=1)
>>> e.columns.tolist()[:6]
['deal', 'seat', 'start', 'deuces', 'pat_category', 'drawn1']
>>> len(e), bool(abs(e.groupby("deal").share.sum() - 1).max() < 1e-12)
(600, True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from ...cards import N_CARDS, format_cards
from ...checks import int_in_range
from ...deck import shuffle_prefix
from ...hands.kernels import eval5_deuces_wild
from ...hands.ranges import Combos
from ...jit import njit
from ...rng import SeedLike, stream_state
from ..outcomes import card_text, collect, given_text, hand_columns, range_column
from .draw_equity import DrawEquityJob, monte_carlo_job
from .equity import MAX_OPP
from .jobs import ShowdownJob
from .keep_table import _draw_policy, policy_table
from .rules import CATEGORIES, FAMILY, category_of_strength, tables
from .solver import Cards

__all__ = ["draw_equity_deals", "equity_deals"]


@njit(cache=True, nogil=True)
def _showdown_deals(n, mask_table, T, state, start, final, drawn, strength):
    """:func:`.equity._showdown_kernel`'s deals (the same shuffles and draws) with each one
    kept: per deal and player (hero first, then six opponents) the hand dealt and final
    (``start``, ``final`` (n, 7, 5)), the cards drawn and the final strength."""
    deck = np.arange(N_CARDS, dtype=np.int64)
    h = np.zeros(5 * (MAX_OPP + 1), dtype=np.int64)
    for t in range(n):
        shuffle_prefix(deck, 49, state)
        for j in range(35):
            h[j] = deck[j]
        for p in range(MAX_OPP + 1):
            for j in range(5):
                start[t, p, j] = h[5 * p + j]
        pos = 35
        for p in range(MAX_OPP + 1):
            m = _draw_policy(h, 5 * p, mask_table, deck, pos)
            pos += m
            drawn[t, p] = m
            o = 5 * p
            strength[t, p] = eval5_deuces_wild(h[o], h[o + 1], h[o + 2], h[o + 3], h[o + 4], T)
            for j in range(5):
                final[t, p, j] = h[o + j]


def _equity_frame(opponents: int, trials: int, seed: np.random.SeedSequence) -> pd.DataFrame:
    k = opponents + 1
    start = np.zeros((trials, MAX_OPP + 1, 5), np.int64)
    final = np.zeros((trials, MAX_OPP + 1, 5), np.int64)
    drawn = np.zeros((trials, MAX_OPP + 1), np.int64)
    strength = np.zeros((trials, MAX_OPP + 1), np.int64)
    _showdown_deals(trials, policy_table().mask, tables(), stream_state(seed), start, final, drawn, strength)
    s = strength[:, :k]
    top = s == s.max(axis=1, keepdims=True)
    ties = top.sum(axis=1, keepdims=True)
    dealt = start[:, :k].reshape(-1, 5)
    cat_of = category_of_strength()
    pat = cat_of[hand_columns(dealt, FAMILY)[2]]
    hand, category, _ = hand_columns(final[:, :k].reshape(-1, 5), FAMILY)
    return pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), k),
            "seat": np.tile(np.arange(k), trials),
            "start": card_text(dealt),
            "deuces": (dealt < 4).sum(axis=1),
            "pat_category": pd.Series(np.array(CATEGORIES, dtype=object)[pat], dtype="string"),
            "drawn1": drawn[:, :k].reshape(-1).astype(np.int8),
            "cards": card_text(final[:, :k].reshape(-1, 5)),
            "hand": hand,
            "category": category,
            "share": np.where(top, 1.0 / ties, 0.0).reshape(-1),
            "win": (top & (ties == 1)).reshape(-1),
        }
    )


def equity_deals(
    trials: int,
    *,
    opponents: int = 1,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Deal a hero and ``opponents`` players, everybody drawing by the policy, ``trials``
    times: one row per deal and seat (module docstring).

    Parameters
    ----------
    trials
        Deals.
    opponents
        Players against the hero (1-6): the shares are of the showdown among the first
        ``opponents + 1`` hands (the deck is dealt to seven all the same, as in
        :func:`.jobs.showdown_table`).
    seed, chunk_size
        Seed and deals per chunk (default :class:`.jobs.ShowdownJob`'s): with the same seed
        and chunk size the deals are those of :func:`.jobs.showdown_table`.
    threads
        Threads dealing chunks side by side (the rows do not depend on it).
    path
        A ``.parquet`` file: the table is written there chunk by chunk and its path returned.
    quiet
        No progress bar (one appears on stderr when the run takes more than two seconds).

    Returns
    -------
    pandas.DataFrame or pathlib.Path

    Examples
    --------
    >>> equity_deals(10, opponents=7)
    Traceback (most recent call last):
    ...
    ValueError: opponents must be an integer 1..6, got 7
    """
    int_in_range(opponents, "opponents", 1, MAX_OPP)
    return collect(
        partial(_equity_frame, int(opponents)),
        trials,
        seed=seed,
        chunk_size=chunk_size or ShowdownJob().chunk_size,
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"opponents": int(opponents)},
    )


def _draw_frame(
    job: DrawEquityJob, given: list[str], ranges: list[str], trials: int, seed: np.random.SeedSequence
) -> pd.DataFrame:
    n = len(job.spot.n_keep)
    start = np.zeros((trials, n, 5), np.int64)
    final = np.zeros((trials, n, 5), np.int64)
    n_kept = np.zeros((trials, n), np.int64)
    strength = np.zeros((trials, n), np.int64)
    job.play_chunk(trials, seed, (start, final, n_kept, strength))
    top = strength == strength.max(axis=1, keepdims=True)
    ties = top.sum(axis=1, keepdims=True)
    dealt = start.reshape(-1, 5)
    after = final.reshape(-1, 5)
    kept = n_kept.reshape(-1)
    seat = np.tile(np.arange(n), trials)
    pat = category_of_strength()[hand_columns(dealt, FAMILY)[2]]
    hand, category, _ = hand_columns(after, FAMILY)
    return pd.DataFrame(
        {
            "deal": np.repeat(np.arange(trials, dtype=np.int64), n),
            "seat": seat,
            "given": pd.Series(np.array(given, dtype=object)[seat], dtype="string"),
            "range": pd.Series(np.array(ranges, dtype=object)[seat], dtype="string"),
            "start": card_text(dealt),
            "deuces": (dealt < 4).sum(axis=1),
            "pat_category": pd.Series(np.array(CATEGORIES, dtype=object)[pat], dtype="string"),
            "kept": card_text(np.where(np.arange(5)[None, :] < kept[:, None], after, -1)),
            "drawn1": (5 - kept).astype(np.int8),
            "cards": card_text(after),
            "hand": hand,
            "category": category,
            "share": np.where(top, 1.0 / ties, 0.0).reshape(-1),
            "win": (top & (ties == 1)).reshape(-1),
        }
    )


def draw_equity_deals(
    hands: Sequence[Cards | Combos],
    keeps: Sequence[Cards | None],
    trials: int,
    dead: Cards | None = None,
    *,
    order: Sequence[int] | None = None,
    variant: str = "standard",
    max_draw: int | None = None,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
    path: str | os.PathLike | None = None,
    quiet: bool = False,
) -> pd.DataFrame | Path:
    """Deal the draws of given hands or ranges ``trials`` times: one row per deal and hand.

    Parameters
    ----------
    hands, keeps, dead, order, variant, max_draw
        As :func:`.draw_equity.draw_equity` takes them: five-card hands with the cards they
        keep, or ranges (``"trips+"``; keep ``None``: the draw policy keeps).
    trials
        Deals.
    seed, chunk_size
        Seed and deals per chunk (default the runner's, 2**18): with the same seed and chunk
        size the deals are those of ``draw_equity(..., exact=False)``.
    threads, path, quiet
        As :func:`equity_deals`.

    Returns
    -------
    pandas.DataFrame or pathlib.Path
        One row per deal and hand (module docstring); ``attrs``: ``limit`` (the draw
        limit's variant and ``max_draw``).

    Examples
    --------
    >>> e = draw_equity_deals(["trips+", "Kh Qh Jh 9h 3c"], [None, "Kh Qh Jh 9h"], 200, seed=1, threads=1)
    >>> e.range.tolist()[:2], (e[e.seat == 1].drawn1 == 1).all()
    (['trips+', ''], np.True_)
    >>> draw_equity_deals(["As Ah Ad 7c 4s", "Kh Qh Jh 9h 3c"], ["As Ah", "Kh Qh Jh 9h"], 10)
    Traceback (most recent call last):
    ...
    ValueError: player 1: keeping As Ah exchanges 3 cards; the standard rules allow at most 2 (choose the draw-three variant for up to three)
    """
    job = monte_carlo_job(hands, keeps, dead, order=order, variant=variant, max_draw=max_draw)
    given = [given_text(h, lambda h: format_cards(np.asarray(h))) for h in hands]
    ranges = range_column(given, {p for p, _ in job.ranges})
    return collect(
        partial(_draw_frame, job, given, ranges),
        trials,
        seed=seed,
        chunk_size=chunk_size,
        threads=threads,
        path=path,
        quiet=quiet,
        attrs={"limit": (variant, max_draw)},
    )
