"""Arrays that one thread writes in a hot loop, on cache lines that no other array shares.

When two threads write to the same cache line, the line bounces between their cores on every
write (false sharing), and two threads can run slower than one.  NumPy hands out small arrays
from a cache of freed blocks shared by all threads, so two chunks running at once can get
random-stream states or counters 48 bytes apart: measured, the reference job then ran at half
its speed on two threads.  :func:`private_zeros` pads an array with ``PAD`` bytes on each
side, so the lines it touches hold nothing else (128 bytes also covers prefetchers that fetch
lines in pairs).  Every per-chunk random state (:func:`simkit.rng.stream_state`) and every
per-chunk accumulator that a kernel updates trial by trial is allocated this way.

Examples
--------
>>> a = private_zeros((2, 3), np.int64)
>>> a.shape, a.dtype, int(a.sum())
((2, 3), dtype('int64'), 0)
>>> a.base.nbytes - a.nbytes == 2 * PAD
True
"""

from __future__ import annotations

from typing import cast

import numpy as np

from .checks import is_int

__all__ = ["PAD", "private_zeros"]

#: Bytes of padding on each side of a private array: two 64-byte cache lines.
PAD = 128


def private_zeros(shape: int | tuple[int, ...], dtype=np.float64) -> np.ndarray:
    """A C-contiguous zero array of ``shape`` and ``dtype`` with ``PAD`` unused bytes on each
    side, so no other array shares its cache lines.

    >>> private_zeros(4, np.uint64)
    array([0, 0, 0, 0], dtype=uint64)
    >>> private_zeros(-1)
    Traceback (most recent call last):
    ...
    ValueError: shape must be non-negative integers, got -1
    """
    # np.ndim tells the int from the tuple (NumPy integers and lists too), which mypy cannot follow
    dims = (cast(int, shape),) if np.ndim(shape) == 0 else tuple(cast("tuple[int, ...]", shape))
    if not all(is_int(d) and d >= 0 for d in dims):
        raise ValueError(f"shape must be non-negative integers, got {shape!r}")
    dtype = np.dtype(dtype)
    nbytes = int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
    buffer = np.zeros(nbytes + 2 * PAD, dtype=np.uint8)
    return buffer[PAD : PAD + nbytes].view(dtype).reshape(dims)
