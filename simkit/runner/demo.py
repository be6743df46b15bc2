"""A small job with known answers, for examples, tests and benchmarks of the runner itself.

:class:`UniformJob` draws uniform numbers on ``[0, 1)``: the share below ``p`` is ``p``, the
mean is 1/2 and the variance 1/12, and a 10-bin histogram is flat.  It exercises every kind
of result a real job returns: an integer count, float sums and sums of squares, a histogram.

Examples
--------
>>> r = UniformJob(p=0.5).run_chunk(1000, np.random.SeedSequence(0))
>>> 400 < int(r["below"]) < 600, int(r["hist"].sum())
(True, 1000)
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from . import stats

__all__ = ["UniformJob"]

_BATCH = 1 << 16  # draws per step, so a chunk never holds more than this many floats


@dataclass(frozen=True)
class UniformJob:
    """``trials`` uniform draws per chunk; ``pause`` seconds of sleep per chunk (for tests of
    interrupting and progress)."""

    p: float = 0.5
    pause: float = 0.0
    name: str = "uniform"

    def params(self) -> dict:
        return asdict(self)

    # Any: the values are arrays and NumPy scalars, which the runner turns into arrays
    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, Any]:
        rng = np.random.Generator(np.random.PCG64(seed))
        below = np.int64(0)
        total = 0.0
        total_sq = 0.0
        hist = np.zeros(10, dtype=np.int64)
        for start in range(0, trials, _BATCH):
            u = rng.random(min(_BATCH, trials - start))
            below += np.count_nonzero(u < self.p)
            total += float(u.sum())
            total_sq += float((u * u).sum())
            hist += np.bincount((u * 10).astype(np.int64), minlength=10)
        if self.pause:
            time.sleep(self.pause)
        return {
            "below": np.int64(below),
            "sum": np.float64(total),
            "sum_sq": np.float64(total_sq),
            "hist": hist,
        }

    def worst_se(self, totals: dict[str, Any]) -> float:
        """The larger SE of the two estimates: the share below ``p`` and the mean.

        >>> round(UniformJob().worst_se({"below": 50, "sum": 50.0, "sum_sq": 33.3, "trials": 100}), 3)
        0.05
        """
        n = totals["trials"]
        _, p_se = stats.proportion(totals["below"], n)
        _, m_se = stats.mean_se(totals["sum"], totals["sum_sq"], n)
        return stats.worst(p_se, m_se)
