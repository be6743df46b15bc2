"""All-in equity with draws: every player draws three times by the same strategy, no betting;
and the distribution of a typical final hand (the score of the last betting round).

A deal gives each seat five cards (some seats may hold given hands), then three draws go round
from the dealer's left (seat 0 first; the dealer is the last seat), with the draw pile rebuilt
from the discards when it runs out (R-T3), and the best hand at the showdown wins (ties
split, R-T1).  A seat's *equity* is its share of the pot: 1, 1/k for a k-way tie, or 0.

Starting hands are grouped by their useful structure (:func:`hand_group`): how many
different cards 7 or lower, whether a 2 is among them, an ace, a pair, and a straight or flush
draw (four cards of one suit, or four consecutive ranks).  Seat 0's equity is recorded by its
group; every seat's total equity too.

The entry points :func:`.jobs.equity` and :func:`.jobs.starting_hand_equity` run the
kernel here through the runner (:class:`.jobs.EquityJob`).

The *typical final hand* (:func:`final_cdf`) is the final hand of one player who drew three
times with the ``table`` strategy from a random deal; ``cdf[strength]`` is the share of such
hands a hand of that strength beats (ties half), the score betting strategies see in the last
round (:mod:`.strategies`).

Examples
--------
>>> cdf = final_cdf()
>>> round(float(cdf[-1]), 2)  # 7-5-4-3-2 beats nearly every final hand
1.0
>>> from simkit.games.triple_draw.jobs import equity, starting_hand_equity
>>> df = equity(["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"], trials=2000, seed=1, quiet=True)
>>> list(df.columns)
['seat', 'hand', 'equity', 'se', 'win', 'tie']
>>> bool(df.equity.iloc[0] > df.equity.iloc[1])
True
>>> g = starting_hand_equity(2, trials=2000, seed=1, quiet=True)
>>> int(g["hands"].sum())
2000
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

from ...cards import N_CARDS, as_cards
from ...hands import kernel_tables, strength_codes
from ...hands.ranges import deal_joint
from ...jit import lean, njit
from ...rng import stream_state
from ...runner import stats
from .engine import _deal, _draw, _remove, _reset_deck
from .keep_table import keep_table
from .rules import _eval, _strengths, family_id
from .strategies import _choose_keep, draw_table

__all__ = ["GROUP_COLUMNS", "N_GROUPS", "final_cdf", "group_frame", "hand_group", "pool_groups"]

N_GROUPS = 96
GROUP_COLUMNS = ["low7", "deuce", "ace", "pair", "sf_draw"]


@lean(inline=True)
def _group(hand):
    """Group index of a 2-7 starting hand (see :func:`hand_group`)."""
    rmask = 0
    pair = 0
    suits = 0  # the count of each suit, four bits a suit (no array: this runs once a deal)
    for i in range(5):
        r = hand[i] >> 2
        if (rmask >> r) & 1:
            pair = 1
        rmask |= 1 << r
        suits += np.int64(1) << (4 * (hand[i] & 3))
    low7 = 0
    for r in range(6):  # ranks 2..7
        low7 += (rmask >> r) & 1
    deuce = rmask & 1
    ace = (rmask >> 12) & 1
    sfd = 0
    for s in range(4):
        if (suits >> (4 * s)) & 15 >= 4:
            sfd = 1
    for lo in range(10):
        if (rmask >> lo) & 0xF == 0xF:
            sfd = 1
    return (((low7 * 2 + deuce) * 2 + ace) * 2 + pair) * 2 + sfd


def hand_group(hand) -> dict:
    """The structure of a starting hand: ``low7`` (different cards 2..7), ``deuce``,
    ``ace``, ``pair``, ``sf_draw`` (four of a suit or four consecutive ranks).

    >>> hand_group("7s 5h 5d 2c As")
    {'low7': 3, 'deuce': 1, 'ace': 1, 'pair': 1, 'sf_draw': 0}
    """
    return _decode(int(_group(as_cards(hand, "hand", n=5))))


def _decode(g: int) -> dict:
    return {
        "low7": g // 16,
        "deuce": (g // 8) % 2,
        "ace": (g // 4) % 2,
        "pair": (g // 2) % 2,
        "sf_draw": g % 2,
    }


@njit(cache=True, nogil=True)
def _equity_kernel(
    n, fixed, kinds, params, fam, T, ace_low, suits_count, keep_tab, trials, state, seat_out, group_out,
    who, rcards, masks, starts, ends, cum, kept_cards, kept_drew, kept_strength,
):  # fmt: skip
    """``trials`` deals; per seat (equity, equity^2, wins, ties) into ``seat_out`` (n, 4);
    seat 0's group (count, equity, equity^2) into ``group_out`` (96, 3).

    Seat ``s`` holds ``fixed[s]`` when ``fixed[s, 0] >= 0``; seat ``who[r]`` holds a hand of
    range ``r`` (rows ``starts[r]:ends[r]`` of ``rcards``, drawn jointly by weight without a
    card twice, :func:`~simkit.hands.ranges.deal_joint`; none of them holds a fixed card);
    the other seats are dealt from the rest.  ``kept_cards`` (trials, n, 2, 5: the hands
    dealt and final), ``kept_drew`` (trials, n, 3: cards drawn at each draw) and
    ``kept_strength`` (trials, n: final strengths), unless None, keep every deal.
    Returns False when the ranges gave up (they almost never fit together)."""
    deck = np.zeros(N_CARDS, dtype=np.int64)
    disc = np.zeros(N_CARDS, dtype=np.int64)
    pile = np.zeros(3, dtype=np.int64)
    hands = np.zeros((n, 5), dtype=np.int64)
    tmp = np.zeros((n, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    strength = np.zeros(n, dtype=np.int64)
    cur = fixed.copy()
    picks = np.zeros(who.shape[0], np.int64)
    return _equity_deals(
        n, fixed, kinds, params, fam, T, ace_low, suits_count, keep_tab, trials, state, seat_out, group_out,
        who, rcards, masks, starts, ends, cum, kept_cards, kept_drew, kept_strength,
        deck, disc, pile, hands, tmp, thrown, strength, cur, picks,
    )  # fmt: skip


@lean()
def _equity_deals(
    n, fixed, kinds, params, fam, T, ace_low, suits_count, keep_tab, trials, state, seat_out, group_out,
    who, rcards, masks, starts, ends, cum, kept_cards, kept_drew, kept_strength,
    deck, disc, pile, hands, tmp, thrown, strength, cur, picks,
):  # fmt: skip
    """The deal loop of :func:`_equity_kernel` on the arrays it allocated, compiled without
    reference counting (counted, the arrays each deal's draws took were half the time)."""
    R = who.shape[0]
    n_fixed = R
    for s in range(n):
        if fixed[s, 0] >= 0:
            n_fixed += 1
    for t in range(trials):
        _reset_deck(deck, pile)
        if R > 0:
            if deal_joint(masks, starts, ends, cum, state, picks, who, rcards, cur) < 0:
                return False
        for s in range(n):
            if cur[s, 0] >= 0:
                for j in range(5):
                    _remove(deck, pile, cur[s, j])
        if n_fixed < n:
            _deal(tmp, n - n_fixed, state, deck, pile)
        k = 0
        for s in range(n):
            if cur[s, 0] >= 0:
                for j in range(5):
                    hands[s, j] = cur[s, j]
            else:
                for j in range(5):
                    hands[s, j] = tmp[k, j]
                k += 1
        g = _group(hands[0])
        if kept_cards is not None:  # None: compiled without
            for s in range(n):
                for j in range(5):
                    kept_cards[t, s, 0, j] = hands[s, j]
        for d in range(3, 0, -1):
            for s in range(n):
                keep = _choose_keep(hands[s], d, kinds[s], params[s], ace_low, suits_count, keep_tab)
                m = _draw(hands[s], keep, state, deck, disc, pile, thrown)
                if kept_cards is not None:  # None: compiled without
                    kept_drew[t, s, 3 - d] = m
        best, n_best = _strengths(hands, n, fam, T, strength)
        if kept_cards is not None:  # None: compiled without
            for s in range(n):
                kept_strength[t, s] = strength[s]
                for j in range(5):
                    kept_cards[t, s, 1, j] = hands[s, j]
        for s in range(n):
            e = 1.0 / n_best if strength[s] == best else 0.0
            seat_out[s, 0] += e
            seat_out[s, 1] += e * e
            if strength[s] == best:
                if n_best == 1:
                    seat_out[s, 2] += 1.0
                else:
                    seat_out[s, 3] += 1.0
            if s == 0:
                group_out[g, 0] += 1.0
                group_out[g, 1] += e
                group_out[g, 2] += e * e
    return True


def group_frame(tot: dict) -> pd.DataFrame:
    """Seat 0's equity by starting-hand group from an :class:`EquityJob` total."""
    rows = []
    for g in range(N_GROUPS):
        n = int(tot["group_n"][g])
        if n == 0:
            continue
        eq, se = (
            stats.mean_se(tot["group_eq"][g], tot["group_eq_sq"][g], n)
            if n > 1
            else (float(tot["group_eq"][g]), float("nan"))
        )
        rows.append({**_decode(g), "hands": n, "share": n / int(tot["trials"]), "equity": eq, "se": se})
    return pd.DataFrame(rows)


def pool_groups(frame: pd.DataFrame, by: str | list[str]) -> pd.DataFrame:
    """Pool the starting-hand groups of :func:`group_frame` (or
    :func:`~.jobs.starting_hand_equity`) by the columns ``by``: the equity of all hands of the
    pooled groups and its standard error.

    Each deal puts seat 0's hand in exactly one group, so a pooled group is the set of deals
    whose hand falls in any of its groups: its sum and sum of squares of equity are rebuilt
    from each group's ``hands``, ``equity`` and ``se`` (a group of one hand has no SE and adds
    its equity squared), and its mean and SE follow as for any mean of independent deals.

    Parameters
    ----------
    frame
        Columns ``hands``, ``equity``, ``se`` and those of ``by``.
    by
        Column name(s) of ``frame`` to pool by (say ``["low7", "deuce"]``).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``by``: ``hands``, ``equity``, ``se`` (NaN for a pooled group of one hand).

    Raises
    ------
    ValueError
        If ``frame`` lacks a column of ``by`` or ``hands``, ``equity``, ``se``.

    Examples
    --------
    >>> f = pd.DataFrame({"low7": [3, 3, 4], "hands": [2, 2, 1], "equity": [0.5, 0.25, 1.0],
    ...                   "se": [0.5, 0.25, float("nan")]})
    >>> p = pool_groups(f, "low7")
    >>> p.hands.tolist(), p.equity.tolist()
    ([4, 1], [0.375, 1.0])
    >>> round(float(p.se.loc[3]), 4)  # the four equities 0, 1, 0, 0.5
    0.2394
    >>> pool_groups(f, "pair")
    Traceback (most recent call last):
    ...
    ValueError: frame has no column 'pair'
    """
    keys = [by] if isinstance(by, str) else list(by)
    for col in [*keys, "hands", "equity", "se"]:
        if col not in frame.columns:
            raise ValueError(f"frame has no column {col!r}")
    n = frame["hands"].to_numpy(dtype=np.float64)
    eq = frame["equity"].to_numpy(dtype=np.float64)
    se = np.nan_to_num(frame["se"].to_numpy(dtype=np.float64))
    sums = frame[keys].assign(
        hands=frame["hands"].astype(np.int64), s=eq * n, ss=n * eq * eq + (n - 1) * n * se * se
    )
    g = sums.groupby(keys).sum()
    mean, pooled_se = stats.mean_se(g["s"].to_numpy(), g["ss"].to_numpy(), g["hands"].to_numpy())
    return pd.DataFrame({"hands": g["hands"], "equity": mean, "se": pooled_se}, index=g.index)


@njit(cache=True)
def _final_hist(samples, kind, params, fam, T, ace_low, suits_count, keep_tab, state, hist):
    deck = np.zeros(N_CARDS, dtype=np.int64)
    disc = np.zeros(N_CARDS, dtype=np.int64)
    pile = np.zeros(3, dtype=np.int64)
    hand = np.zeros((1, 5), dtype=np.int64)
    thrown = np.zeros(5, dtype=np.int64)
    for _ in range(samples):
        _reset_deck(deck, pile)
        _deal(hand, 1, state, deck, pile)
        for d in range(3, 0, -1):
            keep = _choose_keep(hand[0], d, kind, params, ace_low, suits_count, keep_tab)
            _draw(hand[0], keep, state, deck, disc, pile, thrown)
        hist[_eval(hand[0, 0], hand[0, 1], hand[0, 2], hand[0, 3], hand[0, 4], fam, T)] += 1


@cache
def final_cdf(family: str = "deuce_to_seven", samples: int = 200_000) -> np.ndarray:
    """``cdf[strength]``: share of typical final hands a hand of that strength beats, ties
    half (fixed seed, ``samples`` hands)."""
    kinds, params = draw_table(["table"], family)
    hist = np.zeros(strength_codes(family).size, dtype=np.float64)
    _final_hist(
        samples,
        kinds[0],
        params[0],
        family_id(family),
        kernel_tables(family),
        family == "ace_to_five",
        family == "deuce_to_seven",
        keep_table(family).keep,
        stream_state(12345),
        hist,
    )
    below = np.concatenate([[0.0], np.cumsum(hist)[:-1]])
    cdf = (below + 0.5 * hist) / samples
    cdf.setflags(write=False)
    return cdf
