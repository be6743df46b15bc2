"""Per-chunk random states and accumulators never share a cache line with another array."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.analysis.cards import SampleJob
from simkit.memory import PAD, private_zeros
from simkit.rng import stream_state

LINE = 64


def _lines(a: np.ndarray) -> set[int]:
    """The 64-byte cache lines that the bytes of ``a`` lie on."""
    start = a.ctypes.data
    return set(range(start // LINE, (start + max(a.nbytes, 1) - 1) // LINE + 1))


def _padding(a: np.ndarray) -> tuple[int, int]:
    """Bytes of the owning buffer before and after ``a``."""
    base = a.base
    while base.base is not None:
        base = base.base
    before = a.ctypes.data - base.ctypes.data
    return before, base.nbytes - a.nbytes - before


@pytest.mark.parametrize(
    "shape, dtype",
    [(4, np.uint64), ((3, 7), np.int64), ((2, 5), np.float64), (0, np.int64), ((), np.float64)],
)
def test_private_zeros_shape_dtype_padding(shape, dtype):
    a = private_zeros(shape, dtype)
    assert a.shape == np.zeros(shape).shape and a.dtype == dtype
    assert a.flags.c_contiguous and a.flags.writeable and not a.any()
    if a.nbytes:  # an empty array has no bytes to share a line with
        assert _padding(a) == (PAD, PAD)
    assert a.ctypes.data % np.dtype(dtype).alignment == 0


@pytest.mark.parametrize("bad", [-1, (2, -3), 2.5, (True,)])
def test_private_zeros_rejects_bad_shape(bad):
    with pytest.raises(ValueError, match="shape must be non-negative integers"):
        private_zeros(bad)


def test_states_and_small_arrays_never_share_a_line():
    # Small arrays come from a cache of freed blocks that all threads share; allocate and
    # free some between the states, as chunk after chunk does.
    kept = []
    for i in range(200):
        np.zeros(i % 9 + 1)
        kept.append(stream_state(i))
        kept.append(private_zeros(i % 5 + 1, np.int64))
        kept.append(np.zeros(4, np.uint64))  # an ordinary neighbour
    private = [a for k, a in enumerate(kept) if k % 3 != 2]
    others = set().union(*(_lines(a) for k, a in enumerate(kept) if k % 3 == 2))
    seen: set[int] = set()
    for a in private:
        lines = _lines(a)
        assert not lines & seen and not lines & others
        seen |= lines


def test_stream_state_values_unchanged_by_padding():
    s = stream_state(7)
    expected = np.random.SeedSequence(7).generate_state(4, dtype=np.uint64)
    assert (s == expected).all() and _padding(s) == (PAD, PAD)


def test_sample_job_counts_are_private():
    job = SampleJob("high", 5)
    # run_chunk's own array is what the kernel writes; check the allocation it uses
    counts = job.run_chunk(100, np.random.SeedSequence(1))["counts"]
    assert counts.sum() == 100 and _padding(counts) == (PAD, PAD)
