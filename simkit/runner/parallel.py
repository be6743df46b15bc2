"""``map_threads``: independent computations side by side, one per core.

An analysis often makes several independent runs (a sweep over player counts, one table per
variant).  A run of few chunks, or a kernel called directly, keeps one core busy; run side by
side they keep every core busy.  Each call keeps its own seed, so the results are those of the
plain loop, in its order, whichever call finishes first.

Examples
--------
>>> map_threads(lambda x: x * x, range(5))
[0, 1, 4, 9, 16]
>>> map_threads(lambda x: 1 // x, [1, 0])
Traceback (most recent call last):
...
ZeroDivisionError: integer division or modulo by zero
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..checks import positive_int
from .backends import cpu_count

__all__ = ["map_threads"]

T = TypeVar("T")
R = TypeVar("R")


def map_threads(fn: Callable[[T], R], items: Iterable[T], *, threads: int | None = None) -> list[R]:
    """``[fn(x) for x in items]``, the calls run on ``threads`` threads (default every core).

    For calls that spend their time in compiled code that releases the GIL (a runner job, a
    ``nogil`` kernel), and that share no mutable state.  The first exception (in the order of
    ``items``) is raised once the calls already running have finished; calls not yet started
    are dropped.

    >>> map_threads(str, [3, 1, 2], threads=2)
    ['3', '1', '2']
    """
    todo = list(items)
    n = cpu_count() if threads is None else positive_int(threads, "threads")
    if n == 1 or len(todo) <= 1:
        return [fn(x) for x in todo]
    pool = cf.ThreadPoolExecutor(min(n, len(todo)), thread_name_prefix="simkit-map")
    try:
        return list(pool.map(fn, todo))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
