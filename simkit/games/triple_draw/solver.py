"""The draw solver: for a hand, the dead cards and the draws left, how good is each discard?

One player draws alone from the unseen deck: the 52 cards less the hand and any dead cards
(47 cards when only the hand is known).  Discards are dead, and one player never needs the
discard pile (R-T3): 5 + 15 cards at most, and a deck that cannot supply every draw asked
for is refused before any work.  The solver answers, for a kept subset of the hand, the
chance of finishing at a target ("8-low or better", :mod:`.rules`) or the expected final rank
(the share of all 2,598,960 hands the final hand beats, ties counting half):

- **a target, best play: exact for 0-3 draws.**  Every later keep is the one with the
  greatest chance of that target; the chance is an exact fraction (:mod:`.exact`: a recursion
  over what is kept and what is left unseen, compressed to value counts, with the suits
  counted only where a flush can cost something), ``exact`` True, ``se`` 0, ``fraction`` the
  exact value.  ``exact_limit=0`` instead gives the Monte Carlo estimate of earlier versions
  (first draws sampled, the middle keep by the rank-model table, the last keep exact), for
  comparison.
- **the expected rank** (``objective="rank"``, ``policy="rank"``): exact for one and two draws
  (every keep the one with the greatest expected rank, :mod:`.rank_exact`; with a target, the
  chance of that target under this play), ``exact`` True, and so with three draws is a given
  first keep of three cards or more, in A-5 any (a two-draw solve per first draw, in A-5 per
  set of values drawn: a second, three for the five-card draw) and, with no keep given, the
  best first keep where the bounds of :mod:`.rank_exact` rule out every keep of fewer than
  three cards (standing pat for a made hand; 7-5-3-2-K), in A-5 always (the whole search:
  seconds, under ten for a junk hand) (:func:`rank_odds_exact` says which); otherwise, in 2-7
  with three draws,
  the figure is a Monte Carlo estimate with its standard error: the first draws are sampled
  and each is followed by the exact best play for the rank (:mod:`.rank_estimate`), and a
  first keep not given is the best by a Monte Carlo estimate whose later keeps follow the
  rank-model table for a 9-low
  (:func:`.rank_exact.rank_play` gives the exact three-draw figures of any given first
  keep, in a fraction of a second to a quarter of a minute, and :func:`.rank_exact.best_rank_keep`
  the best first keep: seconds where the bounds rule out the small keeps, minutes where they
  do not, see :mod:`.rank_exact`).  ``exact=True`` (``--exact always``) counts it all the same,
  however long (about twenty seconds for a keep of two cards, hours for the five-card draw),
  with a progress bar of each keep's first draws; ``exact=False`` (``--exact never``) estimates
  even where counting is quick.

Every result says ``exact`` (True only where every outcome was counted) and its ``se``.

Examples
--------
>>> r = draw_odds("8s 7h 3d 2c Ks", keep="8s 7h 3d 2c", draws=1, targets=["8"])
>>> row = r.iloc[0]
>>> row.target, int(row.outs), bool(row.exact), row.fraction
('8-low', 12, True, '12/47')
>>> r = draw_odds("7s 5h 3d 2c Kc", draws=3, targets=["7"])
>>> r.keep[0], r.fraction[0], round(float(r.probability[0]), 4)
('7s 5h 3d 2c', '7076/16215', 0.4364)
>>> best_discard("8s 7h 3d 2c Ks", draws=1, objective="8").keep
'8s 7h 3d 2c'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pandas as pd

from ...cards import N_CARDS, format_cards, parse_cards
from ...checks import is_int, non_negative_int, positive_int
from ...deck import next_combination, shuffle_prefix
from ...hands import kernel_tables, strength_codes
from ...hands.kernels import enumerate_counts
from ...hands.kernels import popcount as _popcount
from ...jit import njit
from ...memory import private_zeros
from ...rng import SeedLike, stream_state
from ...runner import run, stats
from . import exact as _exact
from .keep_table import _appear_probs, _table_keep, keep_table
from .rules import (
    DEFAULT_TARGETS,
    TARGET_NAMES,
    _eval,
    _is_straight_mask,
    _value,
    family_id,
    target_threshold,
    target_value,
)

__all__ = [
    "POLICIES",
    "DrawChoice",
    "best_discard",
    "discard_options",
    "draw_odds",
    "odds_rows",
    "rank_numerators",
    "rank_odds_exact",
    "rank_options_exact",
    "rank_percentiles",
]

#: What the later keeps maximise: the chance of the row's target, or the expected final rank.
POLICIES = ("target", "rank")

DEUCE_TO_SEVEN = 2
#: Kept for compatibility: ``exact_limit=0`` asks for the Monte Carlo estimate of a target.
EXACT_LIMIT = 20_000
#: Monte Carlo trials where a figure is estimated and no ``trials`` is given.
MC_TRIALS = 20_000


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
def _one_draw(kept, deck, m, fam, T, thr, vals, counts, sums):
    """Enumerate every ``m``-card draw of ``deck`` onto ``kept``: per threshold the hands at
    least that strong (``counts``) and, unless ``vals`` is empty, ``sums[0]`` += the value
    ``vals[strength]`` of every hand (the rank percentiles or numerators)."""
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
        if vals.shape[0]:
            sums[0] += vals[s]
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
def _mc_kernel(
    kept,
    deck,
    draws,
    x,
    ace_low,
    suits_count,
    binom,
    keep_tab,
    fam,
    T,
    pct,
    rank_mode,
    samples,
    state,
    out,
    thr,
    hits,
):
    """Monte Carlo over the first ``draws - 1`` draws; the last step is exact for a target
    (best last discard) or sampled for the rank.  ``out`` += (sum, sum of squares); in rank
    mode ``hits[t]`` += the final hands at least as strong as ``thr[t]``."""
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
            st = _eval(hand[0], hand[1], hand[2], hand[3], hand[4], fam, T)
            p = pct[st]
            for t in range(thr.shape[0]):
                if st >= thr[t]:
                    hits[t] += 1.0
        else:
            avail[:] = False
            for j in range(pos, n):
                avail[deck[j]] = True
            p, _ = _best_last(hand, avail, n - pos, x, ace_low, suits_count, binom)
        out[0] += p
        out[1] += p * p


_BINOM = _exact._binomial_table(53, np.float64)


@dataclass(frozen=True)
class KeepJob:
    """The Monte Carlo job (:mod:`simkit.runner`) of keeping each of ``keeps`` (position masks
    of ``hand``) with ``draws`` draws left from the unseen ``deck``.

    For a target (``objective`` its top card) a trial plays the first draws, the middle keeps
    by the keep table, and adds the exact chance of the best last discard; for ``"rank"`` it
    plays every keep after the first by the rank-model table for 9-low (8-low in A-5) and adds
    the final hand's rank, counting how often it reaches each of ``thresholds``.  Every keep
    sees the same deals of a chunk (common random numbers), so that keeps compare with less
    noise than their standard errors.

    >>> from simkit.cards import parse_cards
    >>> from simkit.runner import run
    >>> hand = tuple(parse_cards("7s 5h 3d 2c Kc").tolist())
    >>> deck = tuple(c for c in range(52) if c not in hand)
    >>> totals = run(KeepJob(hand, deck, (0b01111,), 2, "8", "deuce_to_seven"), 2000, seed=1, quiet=True)
    >>> mean, se = keep_estimates(totals)  # exact best play: 0.4496 (draw_odds)
    >>> round(float(mean[0]), 3), round(float(se[0]), 3)
    (0.451, 0.007)
    """

    hand: tuple[int, ...]
    deck: tuple[int, ...]
    keeps: tuple[int, ...]
    draws: int
    objective: str
    family: str
    thresholds: tuple[int, ...] = ()
    name: str = "triple_draw_keep"
    chunk_size: int = 2**14

    def params(self) -> dict:
        return asdict(self)

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the keeps' values."""
        return stats.worst(keep_estimates(totals)[1])

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        family = self.family
        rank_mode = self.objective == "rank"
        x = target_value(
            ("9" if family == "deuce_to_seven" else "8") if rank_mode else self.objective, family
        )
        cards = np.array(self.hand, dtype=np.int64)
        thr = np.array(self.thresholds, dtype=np.int32)
        value = private_zeros(len(self.keeps))
        value_sq = private_zeros(len(self.keeps))
        hits = private_zeros((len(self.keeps), thr.size))
        out = np.zeros(2)
        for i, mask in enumerate(self.keeps):
            out[:] = 0.0
            _mc_kernel(
                cards[_positions(mask)], np.array(self.deck, dtype=np.int64), self.draws, x,
                family == "ace_to_five", family == "deuce_to_seven", _BINOM, keep_table(family).keep,
                family_id(family), kernel_tables(family), rank_percentiles(family), rank_mode, trials,
                stream_state(seed), out, thr, hits[i],
            )  # fmt: skip
            value[i], value_sq[i] = out
        return {"value": value, "value_sq": value_sq, "hits": hits}


def keep_estimates(totals: dict) -> tuple[np.ndarray, np.ndarray]:
    """The mean value of each keep of a :class:`KeepJob` run and its standard error."""
    return stats.mean_se(totals["value"], totals["value_sq"], int(totals["trials"]))


def _estimate_keeps(cards, deck, masks, draws, objective, family, trials, seed, run_options, thresholds=()):
    """The totals of a :class:`KeepJob` over ``masks``, run by :func:`simkit.runner.run`."""
    job = KeepJob(
        tuple(cards.tolist()), tuple(deck.tolist()), tuple(masks), draws, objective, family, tuple(thresholds)
    )
    return run(job, trials, seed=seed, **{"quiet": True, **run_options})


def _mc_method(objective: str) -> str:
    if objective == "rank":
        return "monte carlo; later draws by the rank-model table for 9-low"
    return "monte carlo over the first draws (table play in the middle), exact best last discard"


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


def _setup(hand, dead, family, draws: int = 1, keep=None):
    """Checked hand and unseen deck (int64 arrays); see :func:`.exact.prepare`."""
    family_id(family)
    cards, _, deck = _exact.prepare(hand, keep, draws, dead=dead)
    return cards, deck


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


def _split(cards: np.ndarray, mask: int) -> tuple[str, str]:
    """(kept, discarded) cards of a position mask, in the hand's order."""
    return (
        format_cards(cards[[i for i in range(5) if (mask >> i) & 1]]),
        format_cards(cards[[i for i in range(5) if not (mask >> i) & 1]]),
    )


def _evaluate_keep(cards, deck, keep_mask, draws, objective, family, trials, seed, run_options):
    """(value, se, exact, method) of keeping ``keep_mask`` with ``draws`` draws left."""
    kept = cards[[i for i in range(5) if (keep_mask >> i) & 1]]
    m = 5 - kept.size
    fam = family_id(family)
    rank_mode = objective == "rank"
    if draws == 0:
        if keep_mask != 31:
            raise ValueError("with no draw left the hand is kept whole")
        draws, m = 1, 0
    if draws == 1:
        thr = np.array([0 if rank_mode else target_threshold(objective, family)], dtype=np.int32)
        counts = np.zeros(1, dtype=np.int64)
        sums = np.zeros(1, dtype=np.float64)
        _one_draw(kept, deck, m, fam, kernel_tables(family), thr, rank_percentiles(family), counts, sums)
        total = comb(deck.size, m)
        value = sums[0] / total if rank_mode else counts[0] / total
        return float(value), 0.0, True, "exact enumeration"
    mean, se = keep_estimates(
        _estimate_keeps(cards, deck, [keep_mask], draws, objective, family, trials, seed, run_options)
    )
    return float(mean[0]), float(se[0]), False, _mc_method(objective)


def _check_query(draws: int, trials=1, exact_limit=0, top=None) -> None:
    """Refuse draws outside 0..3 and sizes that are not counts, before any work."""
    if not is_int(draws) or not 0 <= draws <= 3:
        raise ValueError(f"draws must be 0, 1, 2 or 3, got {draws!r}")
    positive_int(trials, "trials")
    non_negative_int(exact_limit, "exact_limit")
    if top is not None:
        positive_int(top, "top")


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


def _exact_method(draws: int) -> str:
    if draws == 0:
        return "exact: the hand as it stands"
    if draws == 1:
        return "exact enumeration"
    return "exact best play: every later keep the best for this target"


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}"


def _exact_limit(exact: bool | str, exact_limit: int) -> int:
    """``exact_limit`` under the ``exact`` mode of :func:`draw_odds` and :func:`discard_options`
    (``False``: 0, the Monte Carlo estimate), the mode checked.

    >>> _exact_limit(False, EXACT_LIMIT), _exact_limit("auto", EXACT_LIMIT) == EXACT_LIMIT
    (0, True)
    >>> _exact_limit(True, 0)
    Traceback (most recent call last):
    ...
    ValueError: exact=True and exact_limit=0 (the Monte Carlo estimate) contradict each other
    """
    if exact not in (True, False, "auto"):
        raise ValueError(f"exact must be True, False or 'auto', got {exact!r}")
    if exact is True and exact_limit == 0:
        raise ValueError("exact=True and exact_limit=0 (the Monte Carlo estimate) contradict each other")
    return 0 if exact is False else exact_limit


def _rank_estimable(exact: bool | str, draws: int) -> None:
    """Refuse ``exact=False`` for the rank policy but with three draws (it has no estimate of
    one or two: they are counted)."""
    if exact is False and draws != 3:
        raise ValueError(f"exact=False: the rank policy is estimated with three draws only, got {draws}")


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
    exact: bool | str = "auto",
    **run_options,
) -> pd.DataFrame:
    """Every discard worth considering, with its value: the chance of ``objective``-low or
    better (``"7"``, ``"8"`` …) or the expected final rank (``"rank"``), best first.

    For a target every keep that can still reach it is valued exactly with best play in the
    later draws (module docs; ``exact_limit=0``: the Monte Carlo estimate of earlier versions);
    the rank objective values every keep, exactly with one or two draws and in A-5 with three
    (every keep in full, one per set of values: about ten seconds), else by Monte Carlo with its
    standard error (later keeps by the rank-model table).  ``top`` limits the search to the rank
    model's best ``top`` keeps, for speed.

    Parameters
    ----------
    hand
        Five cards (a string or card integers).
    draws
        Draws left, 0..3.
    objective
        The top card of a target, or ``"rank"``.
    dead
        Other cards known to be out of the deck.
    family
        ``deuce_to_seven`` or ``ace_to_five``.
    trials, seed
        Monte Carlo size and seed where a value is estimated.
    exact_limit
        0 forces the Monte Carlo estimate for a target (for comparison).
    top
        Value only the rank model's best ``top`` keeps.
    exact
        ``"auto"``: as above; ``True``: every keep exact however long (the rank with three
        draws in 2-7: each keep a two-draw solve per first draw, hours for the five-card draw,
        with a progress bar of each keep's first draws that takes more than two seconds, none
        with ``quiet=True``); ``False``: Monte Carlo (as ``exact_limit=0``).
    **run_options
        Options of :func:`simkit.runner.run` for the Monte Carlo estimate (``threads``,
        ``workers``, ``target_se``, ``quiet=False`` for a progress bar, ...): every keep is one
        column of one :class:`KeepJob`.

    Returns
    -------
    pandas.DataFrame
        One row per keep: ``keep``, ``discard``, ``n_drawn``, ``value``, ``se``, ``exact``,
        ``method``, ``fraction`` (the exact value, "p/q", where exact).

    Examples
    --------
    >>> df = discard_options("9s 8h 6d 4c 2s", draws=1, objective="9")
    >>> df.iloc[0].keep, bool(df.iloc[0].exact)
    ('9s 8h 6d 4c 2s', True)
    >>> discard_options("9s 8h 6d 4c 2s", draws=3, objective="rank", trials=0)
    Traceback (most recent call last):
    ...
    ValueError: trials must be a positive integer, got 0
    """
    _check_query(draws, trials, exact_limit, top)
    exact_limit = _exact_limit(exact, exact_limit)
    cards, deck = _setup(hand, dead, family, draws)
    target_exactly = objective != "rank" and exact_limit != 0
    if objective != "rank":
        target_value(objective, family)
    rank_exactly = (
        objective == "rank"
        and exact_limit != 0
        and draws >= 2
        and (exact is True or rank_options_exact(draws, family))
    )
    masks = _candidates(cards, draws, objective, family, top)
    estimates = None
    valued: dict[tuple[int, ...], Fraction] = {}  # a keep's value is that of its values (R-T5)
    if not rank_exactly and not target_exactly and draws >= 2:  # every keep in one Monte Carlo job
        estimates = keep_estimates(
            _estimate_keeps(cards, deck, masks, draws, objective, family, trials, seed, run_options)
        )
    if rank_exactly:  # every keep's value, one per set of values in A-5 (R-T5), in one query
        from .rank_exact import out_of_play, rank_values

        keeps = {_value_key(cards, mask, family): cards[_positions(mask)] for mask in masks}
        valued = dict(
            zip(
                keeps,
                rank_values(
                    cards,
                    list(keeps.values()),
                    draws,
                    dead=out_of_play(cards, deck),
                    family=family,
                    quiet=bool(run_options.get("quiet", False)),
                ),
            )
        )
    rows = []
    for i, mask in enumerate(masks):
        if estimates is not None:
            value, se, is_exact, method = (
                float(estimates[0][i]),
                float(estimates[1][i]),
                False,
                _mc_method(objective),
            )
            frac = None
        elif rank_exactly:
            p = valued[_value_key(cards, mask, family)]
            value, se, is_exact, frac = float(p), 0.0, True, _fraction(p)
            method = "exact best play: every later keep the one with the greatest expected rank"
        elif target_exactly:
            p = _exact.keep_chance(
                cards[[i for i in range(5) if (mask >> i) & 1]], deck, draws, objective, family
            )
            value, se, is_exact, method, frac = float(p), 0.0, True, _exact_method(draws), _fraction(p)
        else:
            value, se, is_exact, method = _evaluate_keep(
                cards, deck, mask, draws, objective, family, trials, seed, run_options
            )
            frac = None
        keep, discard = _split(cards, mask)
        rows.append(
            {
                "keep": keep,
                "discard": discard,
                "n_drawn": 5 - bin(mask).count("1"),
                "value": value,
                "se": se,
                "exact": is_exact,
                "method": method,
                "fraction": frac,
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
    policy: str = "target",
    trials: int | None = None,
    seed: SeedLike = 0,
    exact_limit: int = EXACT_LIMIT,
    exact: bool | str = "auto",
    **run_options,
) -> pd.DataFrame:
    """For each target, the chance of finishing at it or better from ``hand``.

    Parameters
    ----------
    hand
        Five cards (a string or card integers); the unseen deck is the 47 others less ``dead``.
    keep
        The cards kept at the first draw; ``None``: the best keep (for each target, or for the
        expected rank).  Later keeps are best play either way.
    draws
        Draws left, 0..3.
    targets
        Top cards of the targets, e.g. ``["7", "8", "9", "10"]``.
    dead
        Other cards known to be out of the deck; a deck too small for the draws is refused.
    family
        ``deuce_to_seven`` (R-T1) or ``ace_to_five`` (R-T5).
    policy
        ``"target"``: every keep maximises the row's target (exact, module docs);
        ``"rank"``: every keep maximises the expected final rank, the same keeps for every row
        (exact for one and two draws, and with three for a given keep of three or more cards and
        for the best keep where the bounds rule out the smaller ones, in A-5 always:
        :func:`rank_odds_exact`; else Monte Carlo with three).
    trials, seed
        Monte Carlo size and seed where the figure is not exact; ``None``: 20,000 trials,
        and for the rank with three draws :data:`.rank_estimate.FIRST_DRAWS` first draws
        sampled, each followed by the exact best play, the mean corrected by control variates
        (:func:`.rank_estimate.rank_play_estimate`).
    exact_limit
        0 forces the Monte Carlo estimate of earlier versions for the target policy.
    exact
        ``"auto"``: exact where it is quick (above); ``True``: always, however long: with
        ``policy="rank"`` and three draws every first draw counted (in 2-7 a keep of fewer than
        three cards: about twenty seconds for two cards, minutes for one, hours for the
        five-card draw; with no ``keep`` the whole search, :func:`.rank_exact.rank_play`), with
        a progress bar of the first draws of each keep valued that takes more than two seconds
        (none with ``quiet=True``); ``False``: never, Monte Carlo (the target policy: as
        ``exact_limit=0``; the rank policy: three draws only, the first draws sampled).
    **run_options
        Options of :func:`simkit.runner.run` where the figure is a Monte Carlo estimate
        (``threads``, ``workers``, ``target_se``, ``quiet=False`` for a progress bar, ...).

    Returns
    -------
    pandas.DataFrame
        One row per target: ``target``, ``keep``, ``discard``, ``outs`` (one draw: the
        completing draws), ``draws_total`` (one draw: all draws), ``probability``, ``se``,
        ``exact``, ``method``, ``policy``, ``fraction`` (the exact probability "p/q", where
        exact).

    Examples
    --------
    >>> draw_odds("7s 5h 4d 3c 2s", draws=0, targets=["7", "8"]).probability.tolist()
    [1.0, 1.0]
    >>> draw_odds("7s 5h 4d 3c 2s", draws=4)
    Traceback (most recent call last):
    ...
    ValueError: draws must be 0, 1, 2 or 3, got 4
    >>> draw_odds("7s 5h 4d 3c 2s", policy="best")
    Traceback (most recent call last):
    ...
    ValueError: unknown policy 'best'; expected target or rank
    >>> draw_odds("7s 5h 4d 3c 2s", draws=2, policy="rank", exact=False)
    Traceback (most recent call last):
    ...
    ValueError: exact=False: the rank policy is estimated with three draws only, got 2
    """
    return pd.DataFrame(
        odds_rows(
            hand,
            keep,
            draws,
            targets,
            dead=dead,
            family=family,
            policy=policy,
            trials=trials,
            seed=seed,
            exact_limit=exact_limit,
            exact=exact,
            **run_options,
        )
    )


def odds_rows(
    hand,
    keep=None,
    draws: int = 1,
    targets=DEFAULT_TARGETS,
    *,
    dead=None,
    family: str = "deuce_to_seven",
    policy: str = "target",
    trials: int | None = None,
    seed: SeedLike = 0,
    exact_limit: int = EXACT_LIMIT,
    exact: bool | str = "auto",
    **run_options,
) -> list[dict]:
    """The rows of :func:`draw_odds` as dicts (for callers that gather many queries in one
    table: a DataFrame per query costs more than an exact query itself).

    >>> odds_rows("7s 5h 4d 3c 2s", draws=0, targets=["7"])[0]["probability"]
    1.0
    """
    _check_query(draws, MC_TRIALS if trials is None else trials, exact_limit)
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; expected target or rank")
    exact_limit = _exact_limit(exact, exact_limit)
    if policy == "rank":
        _rank_estimable(exact, draws)
    targets = list(targets)
    if not targets:
        raise ValueError("targets must name at least one top card, got none")
    for t in targets:
        target_value(t, family)
    cards, kept, deck = _exact.prepare(hand, keep, draws, dead=dead)
    family_id(family)
    mask = _keep_positions(cards, kept)
    if draws == 0:
        mask = 31
    rows = []
    if policy == "rank":
        return list(_rank_rows(cards, deck, mask, draws, targets, family, trials, seed, run_options, exact))
    trials = MC_TRIALS if trials is None else trials
    if exact_limit != 0:
        results = _exact.chances(
            cards, None if mask < 0 else cards[_positions(mask)], deck, draws, targets, family
        )
    for i, t in enumerate(targets):
        if exact_limit != 0:
            p, keep_cards = results[i]
            km = _keep_positions(cards, keep_cards)
            value, se, exact, method, frac = float(p), 0.0, True, _exact_method(draws), _fraction(p)
        elif mask < 0:
            best = discard_options(
                cards,
                draws,
                str(t),
                family=family,
                trials=trials,
                seed=seed,
                exact_limit=0,
                dead=dead,
                **run_options,
            ).iloc[0]
            km = _keep_positions(cards, best.keep)
            value, se, exact, method, frac = (
                float(best.value),
                float(best.se),
                bool(best.exact),
                best.method,
                None,
            )
        else:
            km = mask
            value, se, exact, method = _evaluate_keep(
                cards, deck, km, draws, str(t), family, trials, seed, run_options
            )
            frac = None
        m = 5 - bin(km).count("1")
        total = comb(deck.size, m)
        keep_text, discard_text = _split(cards, km)
        rows.append(
            {
                "target": TARGET_NAMES.get(str(t).upper(), f"{t}-low"),
                "keep": keep_text,
                "discard": discard_text,
                "outs": (int(p * total) if frac is not None else int(round(value * total)))
                if exact and draws <= 1
                else None,
                "draws_total": total if draws <= 1 else None,
                "probability": value,
                "se": se,
                "exact": exact,
                "method": method,
                "policy": policy,
                "fraction": frac,
            }
        )
    return rows


def _positions(mask: int) -> list[int]:
    return [i for i in range(5) if (mask >> i) & 1]


def _value_key(cards: np.ndarray, mask: int, family: str) -> tuple[int, ...]:
    """What a keep's expected rank depends on: in A-5 its values alone (R-T5: every card of a
    value as good as another), in 2-7 its cards (``mask``)."""
    if family == "ace_to_five":
        return tuple(sorted(_exact._low_value(cards[_positions(mask)], family).tolist()))
    return (mask,)


def rank_numerators(family: str = "deuce_to_seven") -> np.ndarray:
    """``2 * (C(52, 5) - 1) * rank_percentiles(family)`` as exact integers (int64).

    >>> from math import comb
    >>> int(rank_numerators()[-1]) / (2 * (comb(52, 5) - 1)) == float(rank_percentiles()[-1])
    True
    """
    return _rank_numerators(family)


@cache
def _rank_numerators(family: str) -> np.ndarray:
    fam = family_id(family)
    hist = enumerate_counts(5, fam, kernel_tables(family), strength_codes(family).size).astype(np.int64)
    below = np.concatenate([[0], np.cumsum(hist)[:-1]])
    num = 2 * below + np.maximum(hist - 1, 0)
    num.setflags(write=False)
    return num


def _exact_first_keep(
    cards: np.ndarray, deck: np.ndarray, mask: int, family: str, thr: tuple[int, ...] = ()
) -> tuple[int, list[Fraction] | None]:
    """With three draws, the first keep (a mask over ``cards``) whose rank play :func:`draw_odds`
    values exactly: the given one (``mask``) when it draws at most two cards, in A-5 any (a
    two-draw solve per first draw, in A-5 per set of values drawn: 6,188 for five cards);
    when none is given, the best one where the bounds of :mod:`.rank_exact` rule out every keep
    that draws more (:data:`.rank_exact.QUICK_SEARCH`; standing pat for a made hand), in A-5 the
    best of the whole search; -1 where the answer is a Monte Carlo estimate.  And the chances
    of the target thresholds ``thr`` with that keep where the search counted them on the way
    (:func:`.rank_exact._quick_first_keep`), else None."""
    from .rank_exact import QUICK_KEEP, _quick_first_keep

    if mask >= 0:
        return (mask if bin(mask).count("1") >= QUICK_KEEP[family] else -1), None
    return _quick_first_keep(tuple(cards.tolist()), tuple(deck.tolist()), family, thr)


def rank_options_exact(draws: int, family: str = "deuce_to_seven") -> bool:
    """Whether :func:`discard_options` values every keep's expected rank exactly (``objective
    ="rank"``) with ``draws`` left: with one or two, and with three in A-5 (every keep in full,
    one per set of values: seconds); in 2-7 with three it is a Monte Carlo estimate.

    >>> rank_options_exact(3, "ace_to_five"), rank_options_exact(3, "deuce_to_seven")
    (True, False)
    """
    return draws <= 2 or family == "ace_to_five"


def rank_odds_exact(
    hand,
    keep=None,
    draws: int = 1,
    *,
    dead=None,
    family: str = "deuce_to_seven",
    targets=DEFAULT_TARGETS,
    exact: bool | str = "auto",
) -> bool:
    """Whether :func:`draw_odds` with ``policy="rank"`` answers exactly: always with one or two
    draws; with three when the first keep is given and holds three cards or more, in A-5 any (a
    two-draw solve for every first draw, in A-5 for every set of values drawn: a second, three
    for the five-card draw), or, with no keep given, when the best first keep is found without
    valuing a keep of fewer than three cards (:func:`.rank_exact._quick_first_keep`: standing
    pat proven best for a made hand, milliseconds; the smaller keeps ruled out by their bounds
    or their value with flushes not counted, as for 7-5-3-2-K, under a second; in A-5 always,
    by the whole search, seconds); otherwise
    it is a Monte Carlo estimate (of the same play:
    :mod:`.rank_estimate`), or, where a keep found by a Monte Carlo search is valued exactly,
    not flagged exact.  Deciding may take that search; it is remembered, so :func:`draw_odds`
    does not search again, and it counts the chances of ``targets`` (those :func:`draw_odds`
    will be asked for) on the way, so that the keep it finds need not be valued again for them.
    ``exact`` as :func:`draw_odds`'s: ``True`` always (however long), ``False`` never with
    three draws.

    >>> [rank_odds_exact(h, None, 3) for h in ("8s 6h 4d 3c 2s", "7s 5h 3d 2c Kc", "Ks Qh Jd Jc 9h")]
    [True, True, False]
    >>> rank_odds_exact("7s 5h 3d 2c Kc", "7s 5h 3d", 3), rank_odds_exact("7s 5h 3d 2c Kc", "7s 5h", 3)
    (True, False)
    >>> [rank_odds_exact("7s 5h 3d 2c Kc", k, 3, family="ace_to_five") for k in ("7s", "", None)]
    [True, True, True]
    """
    cards, kept, deck = _exact.prepare(hand, keep, draws, dead=dead)
    family_id(family)
    _exact_limit(exact, EXACT_LIMIT)
    _rank_estimable(exact, draws)
    if draws < 3 or exact is True:
        return True
    if exact is False:
        return False
    thr = tuple(target_threshold(t, family) for t in targets)
    return _exact_first_keep(cards, deck, _keep_positions(cards, kept), family, thr)[0] >= 0


def _rank_rows(
    cards, deck, mask, draws, targets, family, trials, seed, run_options, mode: bool | str = "auto"
) -> list[dict]:
    """The rows of :func:`draw_odds` for the rank policy (``mode``: its ``exact``)."""
    fam = family_id(family)
    thr = np.array([target_threshold(t, family) for t in targets], dtype=np.int32)
    names = [TARGET_NAMES.get(str(t).upper(), f"{t}-low") for t in targets]
    if draws <= 1:
        masks = [mask] if mask >= 0 else list(range(31, -1, -1))
        best = None
        for km in masks:
            m = 5 - bin(km).count("1") if draws else 0
            counts = np.zeros(thr.size, dtype=np.int64)
            out = np.zeros(1, dtype=np.int64)
            _one_draw(
                cards[_positions(km)],
                deck,
                m,
                fam,
                kernel_tables(family),
                thr,
                _rank_numerators(family),
                counts,
                out,
            )
            total = comb(deck.size, m)
            value = Fraction(int(out[0]), total)
            if best is None or value > best[0]:  # ties: the first, the most cards kept
                best = (value, km, counts, total)
        assert best is not None
        _, km, counts, total = best
        keep_text, discard_text = _split(cards, km)
        return [
            {
                "target": names[i],
                "keep": keep_text,
                "discard": discard_text,
                "outs": int(counts[i]),
                "draws_total": total,
                "probability": counts[i] / total,
                "se": 0.0,
                "exact": True,
                "method": "exact enumeration; the keep with the greatest expected rank",
                "policy": "rank",
                "fraction": _fraction(Fraction(int(counts[i]), total)),
            }
            for i in range(thr.size)
        ]
    # the keep valued exactly, and the targets' chances where the search for it counted them
    from .rank_exact import out_of_play, rank_play

    dead_cards = out_of_play(cards, deck)
    quiet = bool(run_options.get("quiet", False))
    force = mode is True
    if mode is False:  # three draws (checked): estimated
        exact_keep, exact = -1, None
    elif draws == 2 or (force and mask >= 0):
        exact_keep, exact = mask, None
    elif force:  # the whole search, however long
        play = rank_play(cards, None, draws, targets, dead=dead_cards, family=family, quiet=quiet)
        exact_keep, exact = _keep_positions(cards, parse_cards(play.keep)), play.chances
    else:
        exact_keep, exact = _exact_first_keep(cards, deck, mask, family, tuple(thr.tolist()))
    method = "exact best play: every keep the one with the greatest expected rank"
    proven = True  # the first keep is the one given or the proven best
    if draws == 3 and exact_keep < 0 and mask < 0:  # the first keep by the table-play estimate
        best_row = discard_options(
            cards, draws, "rank", family=family, trials=MC_TRIALS if trials is None else trials, seed=seed,
            **run_options,
        ).iloc[0]  # fmt: skip
        mask = _keep_positions(cards, best_row.keep)
        # that keep valued exactly where it is quick, but not when the estimate was asked for
        exact_keep, exact = _exact_first_keep(cards, deck, mask, family) if mode is not False else (-1, None)
        proven = False
    if draws == 2 or exact_keep >= 0:
        if exact is None:
            play = rank_play(
                cards, None if exact_keep < 0 else cards[_positions(exact_keep)], draws, targets,
                dead=dead_cards, family=family, quiet=quiet,
            )  # fmt: skip
            exact, km = play.chances, _keep_positions(cards, play.keep)
        else:
            km = exact_keep
        chances, ses = [float(p) for p in exact], [0.0] * thr.size
        fractions: list[str | None] = [_fraction(p) for p in exact]
    else:
        from .rank_estimate import FIRST_DRAWS, rank_play_estimate

        method = (
            "monte carlo over the first draws, each followed by the exact best play (every keep the one with"
            " the greatest expected rank); the mean corrected by control variates"
        )
        km = mask
        est = rank_play_estimate(
            cards, cards[_positions(km)], targets, dead=dead_cards, family=family,
            trials=FIRST_DRAWS[family] if trials is None else trials, seed=seed, **run_options,
        )  # fmt: skip
        chances, ses, fractions = est.chances, est.ses, [None] * thr.size
    if not proven:
        method += (
            "; the first keep the best by a Monte Carlo estimate with the later keeps by the rank-model table"
        )
    keep_text, discard_text = _split(cards, km)
    return [
        {
            "target": names[i],
            "keep": keep_text,
            "discard": discard_text,
            "outs": None,
            "draws_total": None,
            "probability": chances[i],
            "se": ses[i],
            "exact": proven and fractions[i] is not None,
            "method": method,
            "policy": "rank",
            "fraction": fractions[i],
        }
        for i in range(thr.size)
    ]
