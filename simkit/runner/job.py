"""What the runner runs: the :class:`Job` protocol that every Monte Carlo job implements.

A job is a picklable object (a frozen dataclass at module top level, so that it travels to
dask workers) that plays a number of trials from one seed and returns summable statistics.
The runner cuts the trials into fixed-size chunks, gives chunk ``i`` the ``i``-th child of
``SeedSequence(seed)`` and adds the chunks' results up in chunk order.

>>> from simkit.runner.demo import UniformJob
>>> isinstance(UniformJob(), Job), is_job_name(UniformJob().name)
(True, True)
>>> is_job_name("razz-match")
False
"""

from __future__ import annotations

import re
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["Job", "has_worst_se", "is_job_name"]

_JOB_NAME = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


@runtime_checkable
class Job(Protocol):
    """A Monte Carlo job.

    Attributes
    ----------
    name
        snake_case; names the job in checkpoints and progress bars.

    Methods
    -------
    params()
        The job's settings as a JSON-serialisable dict; a checkpoint made with other
        settings is refused.
    run_chunk(trials, seed)
        Play ``trials`` trials from ``seed`` (a ``numpy.random.SeedSequence``) and return
        summable statistics (int64 counts and sums, float64 sums and sums of squares,
        histograms) by name; a result named ``max_...`` is a maximum, merged by its largest
        value.

    A job may also set ``chunk_size``, its preferred number of trials per chunk, and have a
    method ``worst_se(totals) -> float``: the largest standard error of the estimates it
    reports, from the runner's totals (its results summed over a prefix of chunks, with
    ``"trials"``); NaN SEs of estimates not yet defined are left out
    (:func:`simkit.runner.stats.worst`).  Only a job with ``worst_se`` runs to a target SE
    (``run(..., target_se=X)``); :func:`has_worst_se` tells.
    """

    # Read-only (a property) so that frozen dataclasses, whose fields cannot be set, satisfy it.
    @property
    def name(self) -> str: ...

    def params(self) -> dict: ...

    def run_chunk(self, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]: ...


def has_worst_se(job: object) -> bool:
    """Whether ``job`` can say the worst SE of its estimates (and so run to a target SE).

    >>> from simkit.runner.demo import UniformJob
    >>> has_worst_se(UniformJob()), has_worst_se(object())
    (True, False)
    """
    return callable(getattr(job, "worst_se", None))


def is_job_name(name: str) -> bool:
    """Whether ``name`` is a job name: snake_case, lower-case letters and digits."""
    return bool(_JOB_NAME.fullmatch(name))
