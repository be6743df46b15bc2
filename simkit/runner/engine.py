"""``run``: a Monte Carlo job in fixed-size chunks, merged in chunk order into totals.

A job implements :class:`~simkit.runner.job.Job`: a picklable object (a frozen dataclass at
module top level) with

- ``name: str`` (snake_case),
- ``params() -> dict`` (JSON-serialisable; identifies a checkpoint),
- ``run_chunk(trials, seed: numpy.random.SeedSequence) -> dict[str, numpy.ndarray]`` returning
  summable statistics (int64 counts and sums, float64 sums and sums of squares, histograms);
  a result named ``max_...`` is a maximum and merges by :func:`numpy.maximum` instead;
  the arrays are the runner's from then on (new ones each chunk, never a buffer the job
  writes again: the runner keeps them until merged and adds later chunks into the first),
- optionally ``chunk_size: int``, its preferred trials per chunk.

Chunk ``i`` gets the ``i``-th child of ``SeedSequence(seed)`` (:mod:`.chunks`).  Results are
added up strictly in chunk order, whatever order the chunks finish in, so float sums too are
bit-identical on any number of threads, processes or machines.  At most ``depth x slots x``
(the first task's chunks) chunks are in flight at once (running, or finished and waiting for
an earlier chunk; depth 2 on threads, 4 on dask), so memory does not grow with the number of
trials.  A task is one chunk on threads; on dask it carries a few consecutive chunks (at most
8), fewer as the job nears its end
(:meth:`DaskBackend.chunks_per_task <simkit.runner.backends.DaskBackend.chunks_per_task>`), to
spread a task's fixed cost over more work without leaving a worker idle at the end.  Each chunk
still has its own seed, result and checkpoint file, so grouping never changes a number.

Precision on demand: with ``target_se=X`` the run has no fixed length.  Chunks are planned up
to ``max_trials`` (default :data:`DEFAULT_MAX_TRIALS`) and, each time the next chunk in index
order has been merged, the job's ``worst_se(totals)`` (the largest standard error of the
estimates it reports, from the totals of the merged prefix) is compared with ``X``; the run
stops at the first prefix whose worst SE is at most ``X``.  Chunks already running or finished
beyond that prefix are discarded (a checkpoint keeps them, and a later run with a tighter
target merges them).  As the stop is decided on merged prefixes only, a seed and a target give
the same chunks, the same totals and the same stop on any number of threads or workers.  When
``max_trials`` is reached first, the totals of all its chunks are returned with a
``RuntimeWarning``.

Examples
--------
>>> from simkit.runner.demo import UniformJob
>>> totals = run(UniformJob(p=0.25), 10_000, seed=1, chunk_size=4096, quiet=True)
>>> sorted(totals), int(totals["trials"])
(['below', 'hist', 'sum', 'sum_sq', 'trials'], 10000)
>>> again = run(UniformJob(p=0.25), 10_000, seed=1, chunk_size=4096, quiet=True, threads=1)
>>> all((totals[k] == again[k]).all() for k in totals)
True
>>> t = run(UniformJob(p=0.25), 1, seed=1, chunk_size=1000, target_se=0.01, quiet=True)
>>> int(t["trials"]), UniformJob(p=0.25).worst_se(t) <= 0.01
(2000, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import math
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np

from ..checks import is_int
from ..rng import SeedLike, as_seed_sequence
from .backends import DaskBackend, ThreadBackend, add_packed, unpack
from .checkpoint import Checkpoint
from .chunks import DEFAULT_CHUNK_SIZE, ChunkPlan, chunk_seed
from .job import Job, has_worst_se
from .progress import progress_bar, show_se

__all__ = ["DEFAULT_MAX_TRIALS", "check_target", "defaults", "run"]

#: Most trials a run with a target SE plays unless told otherwise (``max_trials``).
DEFAULT_MAX_TRIALS = 10**9

_DEFAULTS: dict = {"threads": None, "checkpoint_root": None, "target_se": None, "max_trials": None}


@contextlib.contextmanager
def defaults(
    *,
    threads: int | None = None,
    checkpoint_root: str | os.PathLike | None = None,
    target_se: float | None = None,
    max_trials: int | None = None,
):
    """Defaults for every :func:`run` inside the block that does not set its own.

    ``threads``: threads of the embedded runner.  ``checkpoint_root``: every run checkpoints
    into its own subdirectory ``<job name>-<hash of its manifest>``, so a command that runs many
    jobs (``simkit report``) resumes all of them.  ``target_se`` and ``max_trials``: every run
    stops at its target (see :func:`run`); when not given, an enclosing block's are kept, so
    that a function which cannot pass them on still gets them (``simkit evening``).

    >>> from simkit.runner.demo import UniformJob
    >>> with defaults(target_se=0.02):
    ...     int(run(UniformJob(), 1, chunk_size=500, quiet=True)["trials"])
    1000

    >>> import tempfile
    >>> from simkit.runner.demo import UniformJob
    >>> root = tempfile.mkdtemp()
    >>> with defaults(checkpoint_root=root):
    ...     _ = run(UniformJob(), 100, quiet=True)
    >>> [p.name.split("-")[0] for p in Path(root).iterdir()]
    ['uniform']
    """
    saved = dict(_DEFAULTS)
    if target_se is not None or max_trials is not None:
        check_target(target_se, max_trials, 1)
    _DEFAULTS.update(threads=threads, checkpoint_root=checkpoint_root)
    if target_se is not None:
        _DEFAULTS.update(target_se=target_se, max_trials=max_trials)
    try:
        yield
    finally:
        _DEFAULTS.update(saved)


def _run_chunks(job, sizes: list[int], seeds: list[np.random.SeedSequence]) -> list[dict]:
    """What a worker runs: consecutive chunks, each result checked and widened to 64-bit."""
    return [_run_chunk(job, trials, seed) for trials, seed in zip(sizes, seeds)]


def _run_chunk(job, trials: int, seed: np.random.SeedSequence) -> dict[str, np.ndarray]:
    """One chunk, its result checked and widened to 64-bit."""
    result = job.run_chunk(trials, seed)
    if not isinstance(result, dict) or not result:
        raise ValueError(f"job {job.name!r}: run_chunk must return a non-empty dict of arrays")
    out = {}
    for key, value in result.items():
        arr = np.asarray(value)
        if key == "trials":
            raise ValueError(f"job {job.name!r}: 'trials' is a reserved result name")
        if arr.dtype.kind in "iub":
            arr = arr.astype(np.int64, copy=False)  # no copy of what already is
        elif arr.dtype.kind == "f":
            arr = arr.astype(np.float64, copy=False)
        else:
            raise ValueError(f"job {job.name!r}: result {key!r} has non-summable dtype {arr.dtype}")
        out[key] = arr
    return out


#: Results whose name starts with this are maxima: chunks merge them by ``numpy.maximum``.
MAX_PREFIX = "max_"


class _Totals:
    """Chunk results added in chunk-index order (a ``max_...`` result: their maximum)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.totals: dict[str, np.ndarray] | None = None

    def add(self, result: dict[str, Any]) -> None:
        """Add a chunk's result: its arrays, some of them packed when a dask worker sent them."""
        if self.totals is None:
            self.totals = {k: np.array(unpack(v), copy=True) for k, v in result.items()}
            return
        if result.keys() != self.totals.keys():
            raise ValueError(f"job {self.name!r}: chunks returned different result names")
        for key, value in result.items():
            total = self.totals[key]
            if value.shape != total.shape:
                raise ValueError(f"job {self.name!r}: result {key!r} changed shape between chunks")
            if not key.startswith(MAX_PREFIX) and np.dtype(value.dtype) == total.dtype:
                add_packed(total, value)  # in place: an evening's chip bands are megabytes
                continue
            merge = np.maximum if key.startswith(MAX_PREFIX) else np.add
            value = unpack(value)
            if np.result_type(total, value) == total.dtype:
                merge(total, value, out=total)
            else:
                self.totals[key] = merge(total, value)  # widened, as numpy widens


def check_target(target_se, max_trials, chunk_size: int) -> tuple[float, int]:
    """``(target_se, max_trials)`` checked: a positive finite SE and at least one chunk of trials
    (``max_trials`` defaults to :data:`DEFAULT_MAX_TRIALS`).

    >>> check_target(0.01, None, 1000)
    (0.01, 1000000000)
    >>> check_target(float("nan"), None, 1000)
    Traceback (most recent call last):
    ...
    ValueError: target_se must be a positive finite number, got nan
    >>> check_target(0.01, 500, 1000)
    Traceback (most recent call last):
    ...
    ValueError: max_trials must be at least one chunk (1000 trials), got 500
    """
    if target_se is None:
        if max_trials is not None:
            raise ValueError(
                f"max_trials goes with a target_se (it caps the trials), got max_trials={max_trials!r}"
            )
        raise ValueError("target_se must be a positive finite number, got None")
    ok = isinstance(target_se, (int, float, np.integer, np.floating)) and not isinstance(target_se, bool)
    if not ok or not math.isfinite(target_se) or target_se <= 0:
        raise ValueError(f"target_se must be a positive finite number, got {target_se!r}")
    if max_trials is None:
        max_trials = DEFAULT_MAX_TRIALS
    if not is_int(max_trials) or max_trials < chunk_size:
        raise ValueError(f"max_trials must be at least one chunk ({chunk_size} trials), got {max_trials!r}")
    return float(target_se), int(max_trials)


def _check_job(job) -> None:
    for attr in ("name", "params", "run_chunk"):
        if not hasattr(job, attr):
            raise ValueError(f"{job!r} is not a Monte Carlo job: it has no {attr!r}")


def run(
    job: Job,
    trials: int,
    *,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    checkpoint: str | os.PathLike | None = None,
    quiet: bool = False,
    threads: int | None = None,
    target_se: float | None = None,
    max_trials: int | None = None,
) -> dict[str, Any]:  # int64/float64 arrays, and "trials" an np.int64
    """Run ``trials`` trials of ``job`` and return the summed chunk results plus ``"trials"``.

    With ``target_se``, run chunks until the job's worst standard error is at most
    ``target_se`` instead (see the module docstring).

    Parameters
    ----------
    job
        A Monte Carlo job (see the module docstring).
    trials
        Total number of trials (> 0).
    seed
        An int, a ``SeedSequence`` or ``None`` (fresh entropy).  The same seed and chunk size
        give bit-identical totals on every backend and worker count.
    chunk_size
        Trials per chunk; default the job's ``chunk_size`` or 2**18.
    workers
        Run on a dask LocalCluster of this many single-threaded processes.
    scheduler
        Run on the dask cluster at this address (``tcp://HOST:PORT``).
    checkpoint
        A directory: finished chunks are saved there, and a rerun of the same job resumes
        from them; a directory made by another job, parameters or seed is refused.
    quiet
        No progress bar (it otherwise appears for jobs longer than about two seconds).
    threads
        Threads of the embedded default (no ``workers``/``scheduler``); default every core.
    target_se
        Stop at the first merged prefix of chunks where ``job.worst_se(totals)`` is at most
        this (a positive finite number); ``trials`` is then not used.  The job must have a
        ``worst_se`` method.
    max_trials
        With ``target_se``: the most trials to play (default :data:`DEFAULT_MAX_TRIALS`; at
        least one chunk).

    See :func:`defaults` for defaults of ``threads``, ``checkpoint``, ``target_se`` and
    ``max_trials`` set around a block.

    Returns
    -------
    dict
        Every result name summed over all chunks (int64 or float64), and ``"trials"``.

    Examples
    --------
    >>> from simkit.runner.demo import UniformJob
    >>> run(UniformJob(), 0)
    Traceback (most recent call last):
    ...
    ValueError: trials must be a positive integer, got 0
    >>> run(UniformJob(), 10, target_se=-1.0)
    Traceback (most recent call last):
    ...
    ValueError: target_se must be a positive finite number, got -1.0
    """
    _check_job(job)
    size = chunk_size or getattr(job, "chunk_size", None) or DEFAULT_CHUNK_SIZE
    if target_se is None and max_trials is None:
        target_se, max_trials = _DEFAULTS["target_se"], _DEFAULTS["max_trials"]
    if target_se is not None or max_trials is not None:
        target_se, max_trials = check_target(target_se, max_trials, size)
        if not has_worst_se(job):
            raise ValueError(
                f"job {job.name!r} cannot work out the standard errors of its estimates "
                "(it has no worst_se), so it cannot run to a target SE"
            )
        plan = ChunkPlan(max_trials, size)
    else:
        plan = ChunkPlan(trials, size)
    root = as_seed_sequence(seed)
    if workers is None and scheduler is None and threads is None:
        threads = _DEFAULTS["threads"]
    if checkpoint is None and _DEFAULTS["checkpoint_root"] is not None:
        text = json.dumps(_manifest(job, root, plan), sort_keys=True)
        key = hashlib.sha256(text.encode()).hexdigest()[:16]
        checkpoint = Path(_DEFAULTS["checkpoint_root"]) / f"{job.name}-{key}"
    backend: DaskBackend | ThreadBackend
    if workers is not None or scheduler is not None:
        if threads is not None:
            raise ValueError("threads is for the embedded default; use workers with a cluster")
        backend = DaskBackend(workers, scheduler)
    else:
        backend = ThreadBackend(threads)

    cp = None
    done: set[int] = set()
    if checkpoint is not None:
        cp = Checkpoint.open(checkpoint, _manifest(job, root, plan))
        done = {i for i in cp.done() if i < len(plan)}
    totals = _Totals(job.name)
    initial = sum(plan.size(i) for i in done)

    state: dict[str, Any] = {"stopped": False, "se": math.inf}

    def reached(merged: int) -> bool:
        """Whether the merged prefix of ``merged`` chunks meets the target (shown on the bar)."""
        if target_se is None:
            return False
        assert totals.totals is not None
        n = min(merged * plan.chunk_size, plan.trials)
        se = float(job.worst_se({**totals.totals, "trials": np.int64(n)}))  # type: ignore[attr-defined]
        state["se"] = se
        show_se(bar, se, target_se, n, plan.trials)
        return se <= target_se

    total = plan.trials if target_se is None else None
    with progress_bar(total, job.name, initial=initial, quiet=quiet) as bar, backend:
        todo = (i for i in range(len(plan)) if i not in done)  # lazily: memory stays flat
        unsent = len(plan) - len(done)
        window = backend.depth * backend.slots * backend.chunks_per_task(unsent)
        running: dict[object, list[int]] = {}
        finished: dict[int, dict[str, np.ndarray]] = {}
        next_merge = 0

        def merge_ready() -> int:
            i = next_merge
            while i < len(plan) and not state["stopped"]:
                if i in finished:
                    totals.add(finished.pop(i))
                elif i in done:
                    assert cp is not None  # done is empty without a checkpoint
                    totals.add(cp.load(i))
                else:
                    break
                i += 1
                state["stopped"] = reached(i)
            return i

        next_merge = merge_ready()
        in_flight = 0
        while True:
            while in_flight + len(finished) < window and not state["stopped"]:
                ids = list(itertools.islice(todo, backend.chunks_per_task(unsent)))
                if not ids:
                    break
                unsent -= len(ids)
                fut = backend.submit(
                    _run_chunks, job, [plan.size(i) for i in ids], [chunk_seed(root, i) for i in ids]
                )
                running[fut] = ids
                in_flight += len(ids)
            if state["stopped"]:
                for fut in running:  # beyond the stop: discarded
                    assert hasattr(fut, "cancel")
                    fut.cancel()
                break
            if not running:
                break
            for fut in backend.wait_first(running):
                ids = running.pop(fut)
                in_flight -= len(ids)
                for i, result in zip(ids, backend.result(fut), strict=True):
                    if cp is not None:
                        cp.save(i, {k: unpack(v) for k, v in result.items()})
                    finished[i] = result
                    bar.update(plan.size(i))
            next_merge = merge_ready()
        assert state["stopped"] or next_merge == len(plan), "every chunk is merged"

    assert totals.totals is not None  # trials > 0: at least one chunk was merged
    out: dict[str, Any] = dict(totals.totals)
    out["trials"] = np.int64(min(next_merge * plan.chunk_size, plan.trials))
    if target_se is not None and not state["stopped"]:
        warnings.warn(
            f"job {job.name!r}: worst SE {state['se']:.3g} is still above the target {target_se:g} "
            f"after max_trials={plan.trials} trials",
            RuntimeWarning,
            stacklevel=2,
        )
    return out


def _manifest(job, root: np.random.SeedSequence, plan: ChunkPlan) -> dict:
    from .. import __version__

    return {
        "job": job.name,
        "params": job.params(),
        # cast: a SeedSequence fills in entropy when given None; numpy's stub still says Optional
        "seed": root.entropy if isinstance(root.entropy, int) else list(cast(Sequence[int], root.entropy)),
        "spawn_key": list(root.spawn_key),
        "trials": plan.trials,
        "chunk_size": plan.chunk_size,
        "simkit": __version__,
    }
