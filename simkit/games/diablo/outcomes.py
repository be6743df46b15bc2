"""Diablo outcome tables: one row per deal and seat, for ``groupby``.

- :func:`equity_deals` deals a hero and ``opponents`` players from one deck, everybody draws
  by the exact policy and nobody folds: the deals of :func:`.jobs.showdown_table` (the same
  seed gives the same deals, so the hero's mean ``share`` by ``pat_category`` and ``deuces``
  is the table's ``win`` for that many opponents).  (A table of full Diablo series, one row
  per deal of a series, is not written yet.)

The columns follow :mod:`simkit.games.outcomes` (long format, ``deal`` and ``seat``).
Equity tables: ``deal, seat`` (0 = the hero), ``start`` (the five cards dealt), ``deuces``
(deuces dealt), ``pat_category`` (the category as dealt), ``drawn1`` (cards drawn), ``cards``
(the final five), ``hand``, ``category`` (deuces wild, ``five_of_a_kind`` … ``high_card``),
``share`` (of the showdown among the seats of the table: 1, 1/k, 0) and ``win`` (alone).

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
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
from numba import njit

from simkit.checks import int_in_range
from simkit.deck import shuffle_prefix
from simkit.hands.kernels import eval5_deuces_wild
from simkit.rng import SeedLike, stream_state

from ...cards import N_CARDS
from ..outcomes import card_text, collect, hand_columns
from .equity import MAX_OPP
from .jobs import ShowdownJob
from .keep_table import _draw_policy, policy_table
from .rules import CATEGORIES, FAMILY, category_of_strength, tables

__all__ = ["equity_deals"]


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
    out = collect(
        partial(_equity_frame, int(opponents)),
        trials,
        seed=seed,
        chunk_size=chunk_size or ShowdownJob().chunk_size,
        threads=threads,
        path=path,
    )
    if isinstance(out, pd.DataFrame):
        out.attrs.update(opponents=int(opponents))
    return out
