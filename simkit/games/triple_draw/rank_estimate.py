"""Best play for the expected rank with three draws, estimated where the exact sum is too long.

With three draws left, :mod:`.rank_exact` sums the exact best play of the second hand after
every first draw: 16,215 second hands for a 2-7 keep of two cards, 1.5 million for the
five-card draw, each a two-draw solve of a few milliseconds.  Where that is too long, this
module samples the first draw and solves the second hand *exactly* (every later keep the one
with the greatest expected rank, the same kernel, :func:`.rank_exact._sampled_first_draws`):
the average of the exact chances after each sampled first draw is an unbiased estimate of the
rank-play chance of each target.  Each sample is a whole two-draw solve, so a run is hundreds
to a few thousand first draws, not the tens of thousands of the table-play estimate
(:class:`.solver.KeepJob`), but it estimates the play asked for: every keep the one with the
greatest expected rank.

**Control variates.**  Beside each exact figure the job records a few cheap *covariates* of the
second hand (:func:`_covariates`: table look-ups of the bounds :mod:`.rank_exact` prunes with,
its expected-rank bound and the best-play chance of each bound target, K-low … 7-low), whose
exact means over every first draw are a quick sum by values (:func:`_covariate_means`).  The
estimate is the regression estimator (:func:`simkit.runner.stats.control_variate`): the
sample mean corrected by how far the covariates' sample means fall from their exact ones.  The
covariates are bounds, well above the exact figures, but they move with them (a correlation of
0.93 for the expected rank of 7-5-3 kept from 7-5-3-2-K in 2-7), so with 192 first draws of
that keep the variance of the expected rank is about a twentieth of the plain mean's and that
of each target's chance (7-low … 10-low) a seventh to a ninth; the standard errors are those of
the residuals, widened for the fitted coefficients.  The regression estimator's bias is of
order ``1 / n``, a fifth of its error or less at these sizes
(``benchmarks/bench_rank_estimate.py``: error, SE and coverage over every first draw of a 2-7
and an A-5 keep).  Below :data:`~simkit.runner.stats.CV_MIN_TRIALS_PER_COEF` first draws per
coefficient (about 170) the plain mean is given.

A :class:`RankPlayJob` runs on :func:`simkit.runner.run`: fixed-size chunks of first draws,
each with its own seed, so a seed gives the same figures on any number of threads or workers.

>>> from simkit.cards import parse_cards
>>> est = rank_play_estimate("7s 5h 3d 2c Kc", "7s 5h 3d 2c", ["7"], trials=8, seed=1)
>>> est.keep, est.trials, 0.0 < est.chances[0] < 1.0, est.ses[0] > 0.0
('7s 5h 3d 2c', 8, True, True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from ...cards import format_cards
from ...jit import njit
from ...rng import SeedLike
from ...runner import run, stats
from .rank_exact import (
    _NL,
    DENOM,
    _bound_tables,
    _checked,
    _Ctx,
    _ff,
    _hand_bound,
    _low_mask,
    _sampled_first_draws,
    _second_bounds,
    _suitless_setting,
    _value_counts,
    _value_draws,
    _value_runs,
    _value_sums,
    _worst_first,
    out_of_play,
)
from .rules import target_threshold

__all__ = ["FIRST_DRAWS", "RankPlayEstimate", "RankPlayJob", "rank_play_estimate"]

#: First draws per chunk: each is a two-draw solve (about a millisecond in A-5, a few to tens of
#: milliseconds in 2-7), so a chunk is a fraction of a second to a few seconds of work.
CHUNK_SIZE = 32

#: First draws sampled when no ``trials`` is given, per family: on two threads a few seconds at
#: most in 2-7 (a second hand's solve takes a few milliseconds, tens for junk) and half a second
#: in A-5 (about a millisecond); enough for the control variates to apply.
FIRST_DRAWS = {"deuce_to_seven": 192, "ace_to_five": 1024}

_LIMB_SCALE = 2.0 ** (32 * np.arange(_NL))


# --- the control variates ---------------------------------------------------------------------


@njit(cache=True, inline="always")
def _covariates(h, bt, out):
    """The control variates of holding ``h`` with two draws left (``bt``: the bound tables of
    the deck, :func:`.rank_exact._bound_tables`): ``out[0]`` the hand's bound of its expected
    rank (:func:`.rank_exact._hand_bound`, 0..1), ``out[1 + j]`` for each bound target ``j`` the
    best over the hand's keeps of the table's best-play chance (capped at 1).  Table look-ups
    of the values held only: cheap, and correlated with the exact figures they stand beside
    (bounds of them, well above)."""
    W, xs, _, _, ace_low = bt
    out[0] = _hand_bound(h, bt) / DENOM
    for j in range(xs.shape[0]):
        best = 0.0
        for m in range(32):
            p = W[j, _low_mask(h, m, xs[j], ace_low)]
            if p > best:
                best = p
        out[1 + j] = best if best < 1.0 else 1.0


@njit(cache=True)
def _draw_covariates(draws, kept, k, deck, bt, out):
    """:func:`_covariates` of the second hand after each first draw ``draws[i]`` (positions in
    ``deck``) onto ``kept[:k]``, into ``out[i]``."""
    h = np.empty(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    for i in range(draws.shape[0]):
        for j in range(5 - k):
            h[k + j] = deck[draws[i, j]]
        _covariates(h, bt, out[i])


@njit(cache=True)
def _covariate_means(kept, k, deck, nd, bt, out):
    """The exact means of :func:`_covariates` over every first draw of ``5 - k`` from
    ``deck[:nd]`` (the cards of a value together, :func:`.rank_exact._worst_first`) onto
    ``kept[:k]``: the covariates see only values, so one draw stands for every draw of the same
    values, weighted by their number (:func:`.rank_exact._value_draws`; at most 6,188)."""
    m = 5 - k
    first = np.zeros(13, dtype=np.int64)
    per_value = np.zeros(13, dtype=np.int64)
    _value_runs(deck, nd, first, per_value)
    h = np.empty(5, dtype=np.int64)
    for j in range(k):
        h[j] = kept[j]
    x = np.empty(out.shape[0], dtype=np.float64)
    for j in range(out.shape[0]):
        out[j] = 0.0
    drawn, weight = _value_draws(m, deck, nd, per_value)
    total = 0.0
    for i in range(weight.shape[0]):
        for j in range(m):
            h[k + j] = deck[drawn[i, j]]
        _covariates(h, bt, x)
        w = weight[i]
        for j in range(out.shape[0]):
            out[j] += w * x[j]
        total += w
    for j in range(out.shape[0]):
        out[j] /= total


@dataclass(frozen=True)
class RankPlayJob:
    """The runner job (:mod:`simkit.runner`) of keeping ``keep`` from ``hand`` with three draws
    left from the unseen ``deck``: each trial samples a first draw and adds the exact expected
    rank (0..1) and the exact chance of each target of ``thresholds`` (strength codes) when
    every later keep is the one with the greatest expected rank.

    >>> from simkit.cards import parse_cards
    >>> hand = tuple(parse_cards("7s 5h 3d 2c Kc").tolist())
    >>> deck = tuple(c for c in range(52) if c not in hand)
    >>> job = RankPlayJob(hand, hand[:4], deck, (target_threshold("7", "deuce_to_seven"),), "deuce_to_seven")
    >>> totals = run(job, 4, seed=1, quiet=True)
    >>> sorted(totals), int(totals["trials"])
    (['cov', 'cov_cov', 'cov_hits', 'cov_value', 'hits', 'hits_sq', 'trials', 'value', 'value_sq'], 4)
    """

    hand: tuple[int, ...]
    keep: tuple[int, ...]
    deck: tuple[int, ...]
    thresholds: tuple[int, ...]
    family: str
    name: str = "triple_draw_rank_play"
    chunk_size: int = CHUNK_SIZE

    def params(self) -> dict:
        return asdict(self)

    def worst_se(self, totals: dict) -> float:
        """The largest SE of the targets' chances (of the expected rank with no target), with
        the control variates (:meth:`estimate`; the SE does not need their exact means)."""
        x = totals["cov"]
        _, ses = self._control_variate(totals, x / float(totals["trials"]))
        return stats.worst(ses[1:] if len(self.thresholds) else ses[:1])

    def estimate(self, totals: dict) -> tuple[np.ndarray, np.ndarray]:
        """The expected rank and the chance of each target (``[0]``, ``[1:]``) and their SEs from a
        run's totals, by control variates (:func:`simkit.runner.stats.control_variate`): the
        covariates of each second hand (:func:`_covariates`), whose exact means over every
        first draw are a quick sum by values (:func:`_covariate_means`)."""
        return self._control_variate(totals, self.covariate_means())

    def covariate_means(self) -> np.ndarray:
        """The exact means of :func:`_covariates` over every first draw (:func:`_covariate_means`)."""
        kept, deck, bt = self._setting()
        out = np.zeros(1 + bt[1].shape[0], dtype=np.float64)
        _covariate_means(kept, len(self.keep), deck, deck.size, bt, out)
        return out

    def _control_variate(self, totals: dict, mean_x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        y = np.concatenate([totals["value"], totals["hits"]])
        yy = np.concatenate([totals["value_sq"], totals["hits_sq"]])
        xy = np.concatenate([totals["cov_value"][:, None], totals["cov_hits"]], axis=1)
        return stats.control_variate(
            int(totals["trials"]), y, yy, totals["cov"], totals["cov_cov"], xy, mean_x
        )

    def _setting(self) -> tuple[np.ndarray, np.ndarray, tuple]:
        """The keep (padded to five), the deck put worst first and the second hands' bound tables."""
        kept = np.zeros(5, dtype=np.int64)
        kept[: len(self.keep)] = self.keep
        deck = _worst_first(np.array(self.deck, dtype=np.int64), self.family)
        return kept, deck, _bound_tables(self.family, deck.size - 5 + len(self.keep))

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        n = len(self.deck)
        rng = np.random.default_rng(seed)
        draws = np.sort(rng.random((trials, n)).argsort(axis=1)[:, : 5 - len(self.keep)], axis=1)
        draws = draws.astype(np.int64)
        vout, hout = self.second_hands(draws)
        scale = float(_ff(n - 5 + len(self.keep), 10))
        value = (vout * _LIMB_SCALE).sum(axis=-1) / (scale * DENOM)
        hits = (hout * _LIMB_SCALE).sum(axis=-1) / scale
        kept, deck, bt = self._setting()
        x = np.zeros((trials, 1 + bt[1].shape[0]), dtype=np.float64)
        _draw_covariates(draws, kept, len(self.keep), deck, bt, x)
        return {
            "value": np.array([value.sum()]),
            "value_sq": np.array([(value * value).sum()]),
            "hits": hits.sum(axis=0),
            "hits_sq": (hits * hits).sum(axis=0),
            "cov": x.sum(axis=0),
            "cov_cov": x.T @ x,
            "cov_value": x.T @ value,
            "cov_hits": x.T @ hits,
        }

    def second_hands(self, draws: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """After each first draw ``draws[i]`` (sorted positions in the deck put worst first,
        :func:`.rank_exact._worst_first`): the exact expected rank numerator of the best play
        (``[i]``) and each target's count (``[i, t]``), both times ``(n - m)_10`` (``n`` the deck,
        ``m`` the cards drawn first), as 32-bit limbs (:func:`.rank_exact._sampled_first_draws`)."""
        ctx = _Ctx(self.family)
        kept5, deck, bt = self._setting()
        thr = np.array(self.thresholds, dtype=np.int32)
        k = len(self.keep)
        n = deck.size
        discards = np.array([c for c in self.hand if c not in self.keep], dtype=np.int64)
        E = np.concatenate([out_of_play(self.hand, self.deck), discards])
        C, _, _, ind = ctx.targets(thr)
        by_value = self.family == "ace_to_five"
        VS, VC = (_value_sums(self.family), _value_counts(self.family, thr)) if by_value else (ctx.S, C)
        sl = _suitless_setting(self.family, thr, by_value)
        vout = np.zeros((len(draws), _NL), dtype=np.int64)
        hout = np.zeros((len(draws), thr.size, _NL), dtype=np.int64)
        _sampled_first_draws(
            draws, kept5, k, deck, n, E, E.size, ctx.S, ctx.fam, ctx.Tk, ctx.num, C, ind, bt, by_value, VS, VC,
            sl, vout, hout, _second_bounds(self.family, deck, 5 - k, by_value),
        )  # fmt: skip
        return vout, hout


@dataclass(frozen=True)
class RankPlayEstimate:
    """A Monte Carlo estimate of best play for the expected rank with three draws: the first
    ``keep``, the estimated expected rank ``value`` and chance of each target (``chances``),
    their standard errors (``value_se``, ``ses``) and the number of first draws sampled."""

    keep: str
    value: float
    value_se: float
    chances: list[float]
    ses: list[float]
    trials: int


def rank_play_estimate(
    hand,
    keep,
    targets=(),
    *,
    dead=None,
    family: str = "deuce_to_seven",
    trials: int | None = None,
    seed: SeedLike = 0,
    **run_options,
) -> RankPlayEstimate:
    """Keeping ``keep`` from ``hand`` with three draws left: the expected final rank and the
    chance of each target when every later keep is the one with the greatest expected rank,
    estimated over ``trials`` sampled first draws, each followed by the exact best play
    (:class:`RankPlayJob`), the mean corrected by control variates (module doc; from about 170
    first draws on, the plain mean below that; a figure corrected below 0, which a rare target
    can be, is given as 0).

    Parameters
    ----------
    hand
        Five cards (a string or card integers).
    keep
        The first keep (cards of ``hand``; ``""`` draws five).
    targets
        Top cards of targets (``"8"`` …) whose chance to estimate.
    dead
        Other cards known to be out of the deck.
    family
        ``deuce_to_seven`` or ``ace_to_five``.
    trials, seed, run_options
        First draws sampled (default :data:`FIRST_DRAWS` of the family), the seed and the
        options of :func:`simkit.runner.run` (``threads``, ``target_se``, ``quiet=False`` for a
        progress bar …).

    Examples
    --------
    >>> e = rank_play_estimate("7s 5h 3d 2c Kc", "7s 5h 3d 2c", ["8"], trials=64, seed=2)
    >>> round(e.chances[0], 3), round(e.ses[0], 3)  # exact (rank_exact.rank_play): 6914/16215 = 0.426
    (0.404, 0.046)
    >>> rank_play_estimate("7s 5h 3d 2c Kc", "7s 5h 3d 2c", ["1"], trials=8)
    Traceback (most recent call last):
    ...
    ValueError: unknown target '1': expected a top card such as 7, 8, 9, 10, J
    """
    cards, kept, deck, _ = _checked(hand, keep, 3, dead, family)
    if kept is None:
        raise ValueError('keep must name the first keep ("" draws five), got None')
    thr = tuple(target_threshold(t, family) for t in targets)
    job = RankPlayJob(
        tuple(cards.tolist()), tuple(kept.astype(np.int64).tolist()), tuple(deck.tolist()), thr, family
    )
    totals = run(
        job, FIRST_DRAWS[family] if trials is None else trials, seed=seed, **{"quiet": True, **run_options}
    )
    est, se = job.estimate(totals)
    est = np.clip(est, 0.0, 1.0)  # the correction is linear: a rare target's could fall below 0
    return RankPlayEstimate(
        format_cards(kept),
        float(est[0]),
        float(se[0]),
        est[1:].tolist(),
        se[1:].tolist(),
        int(totals["trials"]),
    )
