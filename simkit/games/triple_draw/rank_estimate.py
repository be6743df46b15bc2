"""Best play for the expected rank with three draws, estimated where the exact sum is too long.

With three draws left, :mod:`.rank_exact` sums the exact best play of the second hand after
every first draw: 1,081 second hands for a 2-7 keep of three cards, 1.5 million for the
five-card draw, each a two-draw solve of tens of milliseconds.  Where that is too long, this
module samples the first draw and solves the second hand *exactly* (every later keep the one
with the greatest expected rank, the same kernel, :func:`.rank_exact._sampled_first_draws`):
the average of the exact chances after each sampled first draw is an unbiased estimate of the
rank-play chance of each target, with the standard error of that average.  Each sample is a
whole two-draw solve, so a run is hundreds to a few thousand first draws, not the tens of
thousands of the table-play estimate (:class:`.solver.KeepJob`), but it estimates the play
asked for: every keep the one with the greatest expected rank.

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
from ...rng import SeedLike
from ...runner import run, stats
from .rank_exact import (
    _NL,
    DENOM,
    _bound_tables,
    _checked,
    _Ctx,
    _ff,
    _sampled_first_draws,
    _value_counts,
    _value_sums,
    _worst_first,
    out_of_play,
)
from .rules import target_threshold

__all__ = ["FIRST_DRAWS", "RankPlayEstimate", "RankPlayJob", "rank_play_estimate"]

#: First draws per chunk: each is a two-draw solve (about a millisecond in A-5, tens of
#: milliseconds in 2-7), so a chunk is a fraction of a second to a few seconds of work.
CHUNK_SIZE = 32

#: First draws sampled when no ``trials`` is given, per family: on two threads about ten seconds
#: in 2-7 (a second hand's solve takes tens of milliseconds) and three in A-5 (about a millisecond).
FIRST_DRAWS = {"deuce_to_seven": 400, "ace_to_five": 4000}

_LIMB_SCALE = 2.0 ** (32 * np.arange(_NL))


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
    (['hits', 'hits_sq', 'trials', 'value', 'value_sq'], 4)
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
        """The largest SE of the targets' chances (of the expected rank with no target)."""
        n = int(totals["trials"])
        if len(self.thresholds):
            return stats.worst(stats.mean_se(totals["hits"], totals["hits_sq"], n)[1])
        return float(stats.mean_se(totals["value"], totals["value_sq"], n)[1])

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
        n = len(self.deck)
        rng = np.random.default_rng(seed)
        draws = np.sort(rng.random((trials, n)).argsort(axis=1)[:, : 5 - len(self.keep)], axis=1)
        vout, hout = self.second_hands(draws.astype(np.int64))
        scale = float(_ff(n - 5 + len(self.keep), 10))
        value = (vout * _LIMB_SCALE).sum(axis=-1) / (scale * DENOM)
        hits = (hout * _LIMB_SCALE).sum(axis=-1) / scale
        return {
            "value": np.array([value.sum()]),
            "value_sq": np.array([(value * value).sum()]),
            "hits": hits.sum(axis=0),
            "hits_sq": (hits * hits).sum(axis=0),
        }

    def second_hands(self, draws: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """After each first draw ``draws[i]`` (sorted positions in the deck put worst first,
        :func:`.rank_exact._worst_first`): the exact expected rank numerator of the best play
        (``[i]``) and each target's count (``[i, t]``), both times ``(n - m)_10`` (``n`` the deck,
        ``m`` the cards drawn first), as 32-bit limbs (:func:`.rank_exact._sampled_first_draws`)."""
        ctx = _Ctx(self.family)
        kept = np.array(self.keep, dtype=np.int64)
        deck = _worst_first(np.array(self.deck, dtype=np.int64), self.family)
        thr = np.array(self.thresholds, dtype=np.int32)
        k = kept.size
        n = deck.size
        discards = np.array([c for c in self.hand if c not in self.keep], dtype=np.int64)
        E = np.concatenate([out_of_play(self.hand, self.deck), discards])
        C, _, _, ind = ctx.targets(thr)
        by_value = self.family == "ace_to_five"
        VS, VC = (_value_sums(self.family), _value_counts(self.family, thr)) if by_value else (ctx.S, C)
        vout = np.zeros((len(draws), _NL), dtype=np.int64)
        hout = np.zeros((len(draws), thr.size, _NL), dtype=np.int64)
        kept5 = np.zeros(5, dtype=np.int64)
        kept5[:k] = kept
        _sampled_first_draws(
            draws, kept5, k, deck, n, E, E.size, ctx.S, ctx.fam, ctx.Tk, ctx.num, C, ind,
            _bound_tables(self.family, n - 5 + k), by_value, VS, VC, vout, hout,
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
    (:class:`RankPlayJob`).

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
    n = int(totals["trials"])
    value, value_se = stats.mean_se(totals["value"][0], totals["value_sq"][0], n)
    chances, ses = stats.mean_se(totals["hits"], totals["hits_sq"], n) if thr else (np.zeros(0), np.zeros(0))
    return RankPlayEstimate(
        format_cards(kept),
        float(value),
        float(value_se),
        np.asarray(chances).tolist(),
        np.asarray(ses).tolist(),
        n,
    )
