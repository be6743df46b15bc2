"""The draw solver: for a hand, the dead cards and the draws left, how good is each discard?

One player draws alone from the unseen deck: the 52 cards less the hand and any dead cards
(47 cards when only the hand is known).  Discards are dead, and one player never needs the
discard pile (R-T3): 5 + 15 cards at most.  The solver answers, for a kept subset of the
hand, the chance of finishing at a target ("8-low or better", :mod:`.rules`) with best play in
the later draws, or the expected final rank (the share of all 2,598,960 hands the final hand
beats, ties counting half):

- **one draw left: exact.**  Every draw of the deck is enumerated (``C(47, m)`` hands).
- **two draws left: exact where feasible.**  Every first draw is enumerated, and for each the
  best second discard is found exactly by counting completions per set of values
  (:func:`_last_count`); feasible when ``C(n, m1) <= exact_limit`` (three cards drawn or fewer
  from 47 by default).  Otherwise Monte Carlo over the first draw with the same exact last
  step (a conditional expectation, so the standard error is small).
- **three draws left: Monte Carlo** with standard error: the middle discard follows the
  rank-model table (:mod:`.keep_table`), the last one is exact best play.
- The expected rank is exact for one draw; with more draws later discards follow the table
  for a 9-low, and the figure is a Monte Carlo estimate.

Every result says ``exact`` (True/False) and its ``se`` (0 when exact).

Examples
--------
>>> r = draw_odds("8s 7h 3d 2c Ks", keep="8s 7h 3d 2c", draws=1, targets=["8"])
>>> row = r.iloc[0]
>>> row.target, int(row.outs), bool(row.exact), round(float(row.probability), 4)
('8-low', 12, True, 0.2553)
>>> best_discard("8s 7h 3d 2c Ks", draws=1, objective="8").keep
'8s 7h 3d 2c'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
import pandas as pd
from numba import njit

from ...cards import N_CARDS, format_cards, parse_cards
from ...checks import is_int
from ...deck import live_deck, next_combination, shuffle_prefix
from ...hands import kernel_tables, strength_codes
from ...hands.kernels import enumerate_counts
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from .keep_table import _appear_probs, _table_keep, keep_table
from .rules import (
    DEFAULT_TARGETS,
    TARGET_NAMES,
    _eval,
    _is_straight_mask,
    _popcount,
    _value,
    family_id,
    target_threshold,
    target_value,
)

__all__ = ["DrawChoice", "best_discard", "discard_options", "draw_odds", "rank_percentiles"]

DEUCE_TO_SEVEN = 2
#: Largest number of first draws the two-draw computation enumerates exactly.
EXACT_LIMIT = 20_000


@cache
def rank_percentiles(family: str = "deuce_to_seven") -> np.ndarray:
    """``pct[strength]``: the share of all five-card hands a hand of that strength beats,
    ties counting half (the *rank* objective, 0..1, greater is better).

    >>> p = rank_percentiles()
    >>> round(float(p[-1]), 4), round(float(p[0]), 4)  # 7-5-4-3-2, and the worst hand (quad aces)
    (0.9998, 0.0)
    """
    fam = family_id(family)
    hist = enumerate_counts(5, fam, kernel_tables(family), strength_codes(family).size)
    hist = hist.astype(np.float64)
    below = np.concatenate([[0.0], np.cumsum(hist)[:-1]])
    pct = (below + 0.5 * (hist - 1.0).clip(min=0.0)) / (comb(N_CARDS, 5) - 1)
    pct.setflags(write=False)
    return pct


@njit(cache=True)
def _one_draw_kernel(kept, deck, m, fam, T, thr, pct, counts, sums):
    """Enumerate every ``m``-card draw of ``deck`` onto ``kept``: per threshold the hands at
    least that strong (``counts``), and the sum and sum of squares of the rank (``sums``)."""
    k = kept.shape[0]
    n = deck.shape[0]
    hand = np.empty(5, dtype=np.int64)
    for j in range(k):
        hand[j] = kept[j]
    idx = np.arange(m)
    while True:
        for j in range(m):
            hand[k + j] = deck[idx[j]]
        s = _eval(hand[0], hand[1], hand[2], hand[3], hand[4], fam, T)
        for t in range(thr.shape[0]):
            if s >= thr[t]:
                counts[t] += 1
        p = pct[s]
        sums[0] += p
        sums[1] += p * p
        if not next_combination(idx, m, n):
            break


@njit(cache=True)
def _last_count(hand, keep_pos, avail, cnt, x, ace_low, suits_count):
    """Number of draws from the cards marked in ``avail`` (``cnt``: how many of each value)
    that complete the cards of ``hand`` at positions ``keep_pos`` (a 5-bit mask) to an X-low
    or better.

    Counted per set of new values: the draw must add ``m`` different values at most X, none
    held, not making a straight (2-7), times the cards of each value left, less the draws
    that make a flush (2-7).
    """
    kmask = 0
    k = 0
    suit = -1
    one_suit = True
    for i in range(5):
        if (keep_pos >> i) & 1:
            v = _value(hand[i], ace_low)
            if v > x or (kmask >> v) & 1:
                return 0
            kmask |= 1 << v
            k += 1
            s = hand[i] & 3
            if suit < 0:
                suit = s
            elif s != suit:
                one_suit = False
    m = 5 - k
    if m == 0:
        if suits_count and (_is_straight_mask(kmask) or one_suit):
            return 0
        return 1
    vals = np.empty(13, dtype=np.int64)
    nv = 0
    for v in range(x + 1):
        if not (kmask >> v) & 1 and cnt[v] > 0:
            vals[nv] = v
            nv += 1
    if nv < m:
        return 0
    total = 0
    idx = np.arange(m)
    while True:
        mask = kmask
        ways = 1
        for j in range(m):
            v = vals[idx[j]]
            mask |= 1 << v
            ways *= cnt[v]
        if not (suits_count and _is_straight_mask(mask)):
            if suits_count:
                for s in range(4):
                    if k > 0 and (not one_suit or s != suit):
                        continue
                    fl = 1
                    for j in range(m):
                        v = vals[idx[j]]
                        rank = (12 if v == 0 else v - 1) if ace_low else v
                        if not avail[4 * rank + s]:
                            fl = 0
                            break
                    ways -= fl
            total += ways
        if not next_combination(idx, m, nv):
            break
    return total


@njit(cache=True)
def _best_last(hand, avail, n_avail, x, ace_low, suits_count, binom):
    """The best last discard of ``hand`` for X-low: (probability, kept position mask)."""
    best = -1.0
    best_keep = 0
    cnt = np.zeros(13, dtype=np.int64)
    for c in range(N_CARDS):
        if avail[c]:
            cnt[_value(c, ace_low)] += 1
    for keep in range(31, -1, -1):  # larger keeps first: ties keep more cards
        # quick reject: a kept card above X or a kept pair can never finish
        ok = True
        vm = 0
        for i in range(5):
            if (keep >> i) & 1:
                v = _value(hand[i], ace_low)
                if v > x or (vm >> v) & 1:
                    ok = False
                    break
                vm |= 1 << v
        if not ok:
            continue
        m = 5 - _popcount(keep)
        p = _last_count(hand, keep, avail, cnt, x, ace_low, suits_count) / binom[n_avail, m]
        if p > best + 1e-15:
            best = p
            best_keep = keep
    if best < 0.0:
        best = 0.0
    return best, best_keep


@njit(cache=True)
def _two_draw_exact(kept, deck, x, ace_low, suits_count, binom):
    """Exact chance of X-low with two draws: every first draw of ``5 - len(kept)`` cards of
    ``deck``, then the best last discard."""
    k = kept.shape[0]
    n = deck.shape[0]
    m = 5 - k
    avail = np.zeros(N_CARDS, dtype=np.bool_)
    for c in deck:
        avail[c] = True
    hand = np.empty(5, dtype=np.int64)
    for j in range(k):
        hand[j] = kept[j]
    total = 0.0
    if m == 0:
        p, _ = _best_last(hand, avail, n, x, ace_low, suits_count, binom)
        return p
    idx = np.arange(m)
    count = 0
    while True:
        for j in range(m):
            c = deck[idx[j]]
            hand[k + j] = c
            avail[c] = False
        p, _ = _best_last(hand, avail, n - m, x, ace_low, suits_count, binom)
        total += p
        count += 1
        for j in range(m):
            avail[deck[idx[j]]] = True
        if not next_combination(idx, m, n):
            break
    return total / count


@njit(cache=True)
def _mc_kernel(
    kept, deck, draws, x, ace_low, suits_count, binom, keep_tab, fam, T, pct, rank_mode, samples, state, out
):
    """Monte Carlo over the first ``draws - 1`` draws; the last step is exact for a target
    (best last discard) or sampled for the rank.  ``out`` += (sum, sum of squares)."""
    k = kept.shape[0]
    n = deck.shape[0]
    hand = np.empty(5, dtype=np.int64)
    nxt = np.empty(5, dtype=np.int64)
    avail = np.zeros(N_CARDS, dtype=np.bool_)
    for _ in range(samples):
        for j in range(k):
            hand[j] = kept[j]
        pos = 0
        m = 5 - k
        shuffle_prefix(deck, m, state)
        for j in range(m):
            hand[k + j] = deck[j]
        pos = m
        for d in range(draws - 1, 0, -1):
            if d == 1 and not rank_mode:
                break
            keep = _table_keep(hand, x, d, ace_low, suits_count, keep_tab)
            kk = 0
            for i in range(5):
                if (keep >> i) & 1:
                    nxt[kk] = hand[i]
                    kk += 1
            rest = deck[pos:]
            shuffle_prefix(rest, 5 - kk, state)
            for j in range(5 - kk):
                nxt[kk + j] = rest[j]
            pos += 5 - kk
            for i in range(5):
                hand[i] = nxt[i]
        if rank_mode:
            p = pct[_eval(hand[0], hand[1], hand[2], hand[3], hand[4], fam, T)]
        else:
            avail[:] = False
            for j in range(pos, n):
                avail[deck[j]] = True
            p, _ = _best_last(hand, avail, n - pos, x, ace_low, suits_count, binom)
        out[0] += p
        out[1] += p * p


def _binom() -> np.ndarray:
    b = np.zeros((53, 6), dtype=np.float64)
    for n in range(53):
        for m in range(6):
            b[n, m] = comb(n, m)
    return b


_BINOM = _binom()


@dataclass(frozen=True)
class DrawChoice:
    """A discard and how good it is: ``value`` (a probability, or the expected rank 0..1)
    with its standard error ``se`` (0 when ``exact``)."""

    keep: str
    discard: str
    value: float
    se: float
    exact: bool
    method: str


def _setup(hand, dead, family):
    cards = parse_cards(hand, n=5) if isinstance(hand, str) else np.asarray(hand, dtype=np.int8)
    if cards.shape != (5,):
        raise ValueError(f"a hand has 5 cards, got {format_cards(cards)!r}")
    dead_cards = (
        parse_cards(dead)
        if isinstance(dead, str)
        else np.asarray([] if dead is None else dead, dtype=np.int8)
    )
    both = np.concatenate([cards, dead_cards])
    deck = live_deck(both.astype(np.int64)).astype(np.int64)
    family_id(family)
    return cards.astype(np.int64), deck


def _keep_positions(cards: np.ndarray, keep) -> int:
    if keep is None:
        return -1
    kept = parse_cards(keep) if isinstance(keep, str) else np.asarray(keep, dtype=np.int64)
    mask = 0
    for c in kept.tolist():
        where = np.flatnonzero(cards == c)
        if where.size == 0:
            raise ValueError(f"kept card {format_cards([c])!r} is not in the hand {format_cards(cards)!r}")
        mask |= 1 << int(where[0])
    return mask


def _evaluate_keep(cards, deck, keep_mask, draws, objective, family, trials, seed, exact_limit):
    """(value, se, exact, method) of keeping ``keep_mask`` with ``draws`` draws left."""
    ace_low = family == "ace_to_five"
    suits_count = family == "deuce_to_seven"
    kept = cards[[i for i in range(5) if (keep_mask >> i) & 1]]
    m = 5 - kept.size
    fam = family_id(family)
    rank_mode = objective == "rank"
    x = 0 if rank_mode else target_value(objective, family)
    if draws == 0:
        if keep_mask != 31:
            raise ValueError("with no draw left the hand is kept whole")
        draws, m = 1, 0
    if draws == 1:
        thr = np.array([0 if rank_mode else target_threshold(objective, family)], dtype=np.int32)
        counts = np.zeros(1, dtype=np.int64)
        sums = np.zeros(2, dtype=np.float64)
        _one_draw_kernel(
            kept, deck, m, fam, kernel_tables(family), thr, rank_percentiles(family), counts, sums
        )
        total = comb(deck.size, m)
        value = sums[0] / total if rank_mode else counts[0] / total
        return float(value), 0.0, True, "exact enumeration"
    if draws == 2 and not rank_mode and comb(deck.size, m) <= exact_limit:
        p = _two_draw_exact(kept, deck, x, ace_low, suits_count, _BINOM)
        return float(p), 0.0, True, "exact enumeration, best last discard"
    state = stream_state(seed)
    out = private_zeros(2)
    tab = keep_table(family).keep
    px = x if not rank_mode else target_value("9" if family == "deuce_to_seven" else "8", family)
    _mc_kernel(
        kept,
        deck.copy(),
        draws,
        px,
        ace_low,
        suits_count,
        _BINOM,
        tab,
        fam,
        kernel_tables(family),
        rank_percentiles(family),
        rank_mode,
        trials,
        state,
        out,
    )
    mean = out[0] / trials
    var = max(out[1] / trials - mean * mean, 0.0) * trials / max(trials - 1, 1)
    method = (
        "monte carlo; later draws by the rank-model table for 9-low"
        if rank_mode
        else "monte carlo over the first draws (table play in the middle), exact best last discard"
    )
    return float(mean), float(np.sqrt(var / trials)), False, method


def _check_draws(draws: int) -> None:
    if not is_int(draws) or not 0 <= draws <= 3:
        raise ValueError(f"draws must be 0, 1, 2 or 3, got {draws!r}")


def _candidates(cards, draws, objective, family, top: int | None) -> list[int]:
    """Keeps worth evaluating.

    For a target: every keep of distinct cards at or below it (a card above the target or a
    pair can never be in the finished hand, so keeping it is never better than drawing to it);
    ``top`` limits them to the rank model's best ``top``.  For the rank: every subset.
    """
    if objective == "rank" or draws == 0:
        return [31] if draws == 0 else list(range(32))
    ace_low = family == "ace_to_five"
    x = target_value(objective, family)
    vals = [int(_value(int(c), ace_low)) for c in cards]
    keeps = []
    for mask in range(32):
        vs = [vals[i] for i in range(5) if (mask >> i) & 1]
        if all(v <= x for v in vs) and len(set(vs)) == len(vs):
            keeps.append(mask)
    if draws == 1 or top is None or len(keeps) <= top:
        return keeps
    w = _model_values(x, draws, family)

    def score(mask):
        vm = 0
        for i in range(5):
            if (mask >> i) & 1:
                vm |= 1 << vals[i]
        return w[vm]

    return sorted(keeps, key=lambda k: (-score(k), -bin(k).count("1")))[:top]


@cache
def _model_values(x: int, d: int, family: str) -> np.ndarray:
    """The rank model's ``W_d(T)`` (keep exactly T, d draws left) for every value mask T."""
    tab = keep_table(family)
    appear = _appear_probs(family == "deuce_to_seven")
    full = (1 << (x + 1)) - 1
    w = np.zeros(full + 1)
    for t in range(full + 1):
        k = bin(t).count("1")
        if k > 5:
            continue
        m, free = 5 - k, full & ~t
        nf = bin(free).count("1")
        a_mask, total = free, 0.0
        while True:
            a = bin(a_mask).count("1")
            if a <= m:
                total += appear[nf, m, a] * tab.value[x, d - 1, t | a_mask]
            if a_mask == 0:
                break
            a_mask = (a_mask - 1) & free
        w[t] = total
    return w


def discard_options(
    hand,
    draws: int = 1,
    objective: str = "8",
    *,
    dead=None,
    family: str = "deuce_to_seven",
    trials: int = 20_000,
    seed: SeedLike = 0,
    exact_limit: int = EXACT_LIMIT,
    top: int | None = None,
) -> pd.DataFrame:
    """Every discard worth considering, with its value: the chance of ``objective``-low or
    better (``"7"``, ``"8"`` …) or the expected final rank (``"rank"``), best first.

    Every keep that can still reach the target is evaluated (every keep for the rank
    objective): exactly with one draw, and with more draws exactly where the enumeration is
    small enough (``exact_limit``), else by Monte Carlo with its standard error.  ``top`` limits
    the search to the rank model's best ``top`` keeps, for speed.

    >>> df = discard_options("9s 8h 6d 4c 2s", draws=1, objective="9")
    >>> df.iloc[0].keep, bool(df.iloc[0].exact)
    ('9s 8h 6d 4c 2s', True)
    """
    _check_draws(draws)
    cards, deck = _setup(hand, dead, family)
    if objective != "rank":
        target_value(objective, family)
    rows = []
    for mask in _candidates(cards, draws, objective, family, top):
        value, se, exact, method = _evaluate_keep(
            cards, deck, mask, draws, objective, family, trials, seed, exact_limit
        )
        rows.append(
            {
                "keep": format_cards(cards[[i for i in range(5) if (mask >> i) & 1]]),
                "discard": format_cards(cards[[i for i in range(5) if not (mask >> i) & 1]]),
                "n_drawn": 5 - bin(mask).count("1"),
                "value": value,
                "se": se,
                "exact": exact,
                "method": method,
            }
        )
    df = pd.DataFrame(rows)
    return df.sort_values(["value", "n_drawn"], ascending=[False, True], kind="stable").reset_index(drop=True)


def best_discard(hand, draws: int = 1, objective: str = "8", **kw) -> DrawChoice:
    """The discard of ``hand`` that maximises the chance of ``objective``-low (or the expected
    rank, ``objective="rank"``) with ``draws`` draws left; see :func:`discard_options`.

    >>> best_discard("7s 7h 5d 3c 2s", draws=1, objective="7").discard
    '7h'
    """
    row = discard_options(hand, draws, objective, **kw).iloc[0]
    return DrawChoice(row.keep, row.discard, float(row.value), float(row.se), bool(row.exact), row.method)


def draw_odds(
    hand,
    keep=None,
    draws: int = 1,
    targets=DEFAULT_TARGETS,
    *,
    dead=None,
    family: str = "deuce_to_seven",
    trials: int = 20_000,
    seed: SeedLike = 0,
    exact_limit: int = EXACT_LIMIT,
) -> pd.DataFrame:
    """For each target, the chance of finishing at it or better from ``hand``.

    Parameters
    ----------
    hand
        Five cards (a string or card integers); the unseen deck is the 47 others less ``dead``.
    keep
        The cards kept at the first draw; ``None``: the best keep for each target.
    draws
        Draws left, 0..3.  Later draws are played as well as the solver can (module docs).
    targets
        Top cards of the targets, e.g. ``["7", "8", "9", "10"]``.
    trials, seed
        Monte Carlo size and seed where the figure is not exact.

    Returns
    -------
    pandas.DataFrame
        One row per target: ``target``, ``keep``, ``discard``, ``outs`` (one draw: the
        completing draws), ``draws_total`` (one draw: all draws), ``probability``, ``se``,
        ``exact``, ``method``.

    Examples
    --------
    >>> draw_odds("7s 5h 4d 3c 2s", draws=0, targets=["7", "8"]).probability.tolist()
    [1.0, 1.0]
    >>> draw_odds("7s 5h 4d 3c 2s", draws=4)
    Traceback (most recent call last):
    ...
    ValueError: draws must be 0, 1, 2 or 3, got 4
    """
    _check_draws(draws)
    cards, deck = _setup(hand, dead, family)
    mask = _keep_positions(cards, keep)
    if draws == 0:
        if mask not in (-1, 31):
            raise ValueError("with no draw left the whole hand is kept")
        mask = 31
    rows = []
    for t in targets:
        target_value(t, family)
        if mask < 0:
            best = discard_options(
                cards,
                draws,
                str(t),
                family=family,
                trials=trials,
                seed=seed,
                exact_limit=exact_limit,
                dead=dead,
            ).iloc[0]
            km = _keep_positions(cards, best.keep)
            value, se, exact, method = float(best.value), float(best.se), bool(best.exact), best.method
        else:
            km = mask
            value, se, exact, method = _evaluate_keep(
                cards, deck, km, draws, str(t), family, trials, seed, exact_limit
            )
        m = 5 - bin(km).count("1")
        total = comb(deck.size, m)
        rows.append(
            {
                "target": TARGET_NAMES.get(str(t).upper(), f"{t}-low"),
                "keep": format_cards(cards[[i for i in range(5) if (km >> i) & 1]]),
                "discard": format_cards(cards[[i for i in range(5) if not (km >> i) & 1]]),
                "outs": int(round(value * total)) if exact and draws <= 1 else None,
                "draws_total": total if draws <= 1 else None,
                "probability": value,
                "se": se,
                "exact": exact,
                "method": method,
            }
        )
    return pd.DataFrame(rows)
