"""``run``: a Monte Carlo job in fixed-size chunks, merged in chunk order into totals.

A job implements :class:`~simkit.runner.job.Job`: a picklable object (a frozen dataclass at
module top level) with

- ``name: str`` (snake_case),
- ``params() -> dict`` (JSON-serialisable; identifies a checkpoint),
- ``run_chunk(trials, seed: numpy.random.SeedSequence) -> dict[str, numpy.ndarray]`` returning
  summable statistics (int64 counts and sums, float64 sums and sums of squares, histograms),
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

Examples
--------
>>> from simkit.runner.demo import UniformJob
>>> totals = run(UniformJob(p=0.25), 10_000, seed=1, chunk_size=4096, quiet=True)
>>> sorted(totals), int(totals["trials"])
(['below', 'hist', 'sum', 'sum_sq', 'trials'], 10000)
>>> again = run(UniformJob(p=0.25), 10_000, seed=1, chunk_size=4096, quiet=True, threads=1)
>>> all((totals[k] == again[k]).all() for k in totals)
True
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import numpy as np

from ..rng import SeedLike, as_seed_sequence
from .backends import DaskBackend, ThreadBackend
from .checkpoint import Checkpoint
from .chunks import DEFAULT_CHUNK_SIZE, ChunkPlan, chunk_seed
from .job import Job
from .progress import progress_bar

__all__ = ["defaults", "run"]

_DEFAULTS: dict = {"threads": None, "checkpoint_root": None}


@contextlib.contextmanager
def defaults(*, threads: int | None = None, checkpoint_root: str | os.PathLike | None = None):
    """Defaults for every :func:`run` inside the block that does not set its own.

    ``threads``: threads of the embedded runner.  ``checkpoint_root``: every run checkpoints
    into its own subdirectory ``<job name>-<hash of its manifest>``, so a command that runs many
    jobs (``simkit report``) resumes all of them.

    >>> import tempfile
    >>> from simkit.runner.demo import UniformJob
    >>> root = tempfile.mkdtemp()
    >>> with defaults(checkpoint_root=root):
    ...     _ = run(UniformJob(), 100, quiet=True)
    >>> [p.name.split("-")[0] for p in Path(root).iterdir()]
    ['uniform']
    """
    saved = dict(_DEFAULTS)
    _DEFAULTS.update(threads=threads, checkpoint_root=checkpoint_root)
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
            arr = arr.astype(np.int64)
        elif arr.dtype.kind == "f":
            arr = arr.astype(np.float64)
        else:
            raise ValueError(f"job {job.name!r}: result {key!r} has non-summable dtype {arr.dtype}")
        out[key] = arr
    return out


class _Totals:
    """Chunk results added in chunk-index order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.totals: dict[str, np.ndarray] | None = None

    def add(self, result: dict[str, np.ndarray]) -> None:
        if self.totals is None:
            self.totals = {k: np.array(v, copy=True) for k, v in result.items()}
            return
        if result.keys() != self.totals.keys():
            raise ValueError(f"job {self.name!r}: chunks returned different result names")
        for key, value in result.items():
            if value.shape != self.totals[key].shape:
                raise ValueError(f"job {self.name!r}: result {key!r} changed shape between chunks")
            self.totals[key] = self.totals[key] + value


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
) -> dict[str, Any]:  # int64/float64 arrays, and "trials" an np.int64
    """Run ``trials`` trials of ``job`` and return the summed chunk results plus ``"trials"``.

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

    See :func:`defaults` for defaults of ``threads`` and ``checkpoint`` set around a block.

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
    """
    _check_job(job)
    plan = ChunkPlan(trials, chunk_size or getattr(job, "chunk_size", None) or DEFAULT_CHUNK_SIZE)
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

    with progress_bar(plan.trials, job.name, initial=initial, quiet=quiet) as bar, backend:
        todo = (i for i in range(len(plan)) if i not in done)  # lazily: memory stays flat
        unsent = len(plan) - len(done)
        window = backend.depth * backend.slots * backend.chunks_per_task(unsent)
        running: dict[object, list[int]] = {}
        finished: dict[int, dict[str, np.ndarray]] = {}
        next_merge = 0

        def merge_ready() -> int:
            i = next_merge
            while i < len(plan):
                if i in finished:
                    totals.add(finished.pop(i))
                elif i in done:
                    assert cp is not None  # done is empty without a checkpoint
                    totals.add(cp.load(i))
                else:
                    break
                i += 1
            return i

        next_merge = merge_ready()
        in_flight = 0
        while True:
            while in_flight + len(finished) < window:
                ids = list(itertools.islice(todo, backend.chunks_per_task(unsent)))
                if not ids:
                    break
                unsent -= len(ids)
                fut = backend.submit(
                    _run_chunks, job, [plan.size(i) for i in ids], [chunk_seed(root, i) for i in ids]
                )
                running[fut] = ids
                in_flight += len(ids)
            if not running:
                break
            for fut in backend.wait_first(running):
                ids = running.pop(fut)
                in_flight -= len(ids)
                for i, result in zip(ids, fut.result(), strict=True):
                    if cp is not None:
                        cp.save(i, result)
                    finished[i] = result
                    bar.update(plan.size(i))
            next_merge = merge_ready()
        assert next_merge == len(plan), "every chunk is merged"

    assert totals.totals is not None  # trials > 0: at least one chunk was merged
    out: dict[str, Any] = dict(totals.totals)
    out["trials"] = np.int64(plan.trials)
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
