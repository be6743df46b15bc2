"""Per-trial results in seeded chunks: what a job gives when its rows, not their sums, are kept.

:func:`run` adds chunk results up; :func:`chunk_results` hands every chunk's result back as it
is, in chunk order, so a caller can keep one row per trial (an outcome table) or write each
chunk to a file as it comes.  The chunks and their seeds are those of :func:`run`
(:mod:`.chunks`): chunk ``i`` holds trials ``i * chunk_size`` onwards and is seeded with the
``i``-th child of ``SeedSequence(seed)``, so the same function, seed and chunk size give the
same results on any number of threads, and the same deals as a :func:`run` of a job whose
``run_chunk`` plays them.  At most ``2 x threads`` chunks are in flight (running, or finished
and waiting for an earlier one to be taken), so memory stays flat however many trials there are.

Examples
--------
>>> def draws(k, seed):
...     return np.random.default_rng(seed).integers(0, 6, k)
>>> parts = list(chunk_results(draws, 10, seed=1, chunk_size=4, threads=2))
>>> [(i, first, r.size) for i, first, r in parts]
[(0, 0, 4), (1, 4, 4), (2, 8, 2)]
>>> again = list(chunk_results(draws, 10, seed=1, chunk_size=4, threads=1))
>>> all((a[2] == b[2]).all() for a, b in zip(parts, again))
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ..rng import SeedLike, as_seed_sequence
from .backends import ThreadBackend
from .chunks import DEFAULT_CHUNK_SIZE, ChunkPlan, chunk_seed

__all__ = ["chunk_results"]


def chunk_results(
    fn: Callable[[int, np.random.SeedSequence], Any],
    trials: int,
    *,
    seed: SeedLike = 0,
    chunk_size: int | None = None,
    threads: int | None = None,
) -> Iterator[tuple[int, int, Any]]:
    """``(index, first trial, fn(size, seed of the chunk))`` for every chunk, in chunk order.

    Parameters
    ----------
    fn
        Plays ``size`` trials from a ``numpy.random.SeedSequence`` and returns anything
        (compiled kernels that release the GIL run side by side on the threads).
    trials
        Total number of trials (> 0).
    seed
        An int, a ``SeedSequence`` or ``None`` (fresh entropy).
    chunk_size
        Trials per chunk (default 2**18, as :func:`run`).
    threads
        Threads running chunks side by side (default: every core).

    Returns
    -------
    Iterator
        Of ``(index, first, result)``; the chunks run ahead of the caller by at most
        ``2 x threads`` chunks.

    Examples
    --------
    >>> next(chunk_results(lambda k, s: k, 0))
    Traceback (most recent call last):
    ...
    ValueError: trials must be a positive integer, got 0
    """
    plan = ChunkPlan(trials, DEFAULT_CHUNK_SIZE if chunk_size is None else chunk_size)
    root = as_seed_sequence(seed)
    backend = ThreadBackend(threads)
    window = backend.depth * backend.slots
    with backend:
        pending: deque = deque()
        sent = 0
        while sent < len(plan) or pending:
            while sent < len(plan) and len(pending) < window:
                pending.append(backend.submit(fn, plan.size(sent), chunk_seed(root, sent)))
                sent += 1
            i = sent - len(pending)
            yield i, i * plan.chunk_size, pending.popleft().result()
