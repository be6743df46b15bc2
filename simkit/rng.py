"""Random streams for compiled kernels, seeded only through ``numpy.random.SeedSequence``.

The compiled API that game kernels call: :func:`next_u64` (64 random bits),
:func:`draw_below` (an exactly uniform integer below a bound) and :func:`uniform` (a float in
[0, 1)), each advancing the 4-word state in place.

Kernels never seed themselves: a public function turns a seed into a
:class:`numpy.random.SeedSequence`, draws a 4-word state from it with :func:`stream_state`, and
hands that state to the kernel, which advances it in place.  The generator is xoshiro256**
(Blackman & Vigna), small enough to inline into every Numba kernel, and bounded integers use
Lemire's multiply-shift with rejection, so every draw is exactly uniform.

Monte Carlo jobs split their trials into fixed-size chunks; chunk ``i`` uses the ``i``-th child
of ``SeedSequence(seed)`` (see :mod:`simkit.runner`), so the numbers never depend on how many
cores run the chunks.

Examples
--------
>>> s = stream_state(7)
>>> a = draw_below(s, 52); b = draw_below(s, 52)
>>> s2 = stream_state(7)
>>> (a, b) == (draw_below(s2, 52), draw_below(s2, 52))
True
"""

from __future__ import annotations

import zlib

import numpy as np
from numba import uint64

from .checks import is_int
from .jit import njit
from .memory import private_zeros

__all__ = ["as_seed_sequence", "draw_below", "next_u64", "step_u64", "stream_state", "substream", "uniform"]

SeedLike = int | np.random.SeedSequence | None


def as_seed_sequence(seed: SeedLike) -> np.random.SeedSequence:
    """Turn ``seed`` (an int ≥ 0, a ``SeedSequence`` or ``None`` for fresh entropy) into a
    ``SeedSequence``.

    >>> as_seed_sequence(3).entropy
    3
    >>> as_seed_sequence(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be a non-negative integer, got -1
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if seed is None:
        return np.random.SeedSequence()
    if not is_int(seed) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.SeedSequence(int(seed))


#: Marks the entropy of a substream (:func:`substream`).
_SUBSTREAM = 0x5EED5EED


def substream(seed: SeedLike, *roles: str | int) -> np.random.SeedSequence:
    """An independent stream of ``seed`` for ``roles`` (words or non-negative integers): the
    way to give each run of a study its own randomness, never ``seed + k`` (two studies adding
    small numbers to one seed meet).

    The roles go into the entropy, led by a mark and their number, so a substream is never the
    seed itself, another role's substream, nor a chunk of either (chunks extend the spawn key).

    >>> substream(7, "ruin", 3).entropy
    (7, 1592614637, 2, 2893906177, 3)
    >>> substream(7, "a").entropy == substream(7, "b").entropy
    False
    """
    root = as_seed_sequence(seed)
    base = root.entropy
    words = [base] if isinstance(base, int) else [int(w) for w in base or ()]
    for r in roles:
        if isinstance(r, bool) or not (isinstance(r, str) or (is_int(r) and r >= 0)):
            raise ValueError(f"a substream role is a word or a non-negative integer, got {r!r}")
    keys = [zlib.crc32(r.encode()) if isinstance(r, str) else int(r) for r in roles]
    return np.random.SeedSequence(
        entropy=(*words, _SUBSTREAM, len(keys), *keys), spawn_key=root.spawn_key, pool_size=root.pool_size
    )


def stream_state(seed: SeedLike) -> np.ndarray:
    """The 4-word xoshiro256** state for ``seed`` (never all zero).

    The kernel rewrites the state on every draw, so it lives on cache lines of its own
    (:func:`simkit.memory.private_zeros`): two chunks on two threads never slow each other down.

    >>> stream_state(0).dtype, stream_state(0).shape
    (dtype('uint64'), (4,))
    """
    state = private_zeros(4, np.uint64)
    state[:] = as_seed_sequence(seed).generate_state(4, dtype=np.uint64)
    if not state.any():  # the one state xoshiro cannot leave; astronomically unlikely
        state[0] = np.uint64(0x9E3779B97F4A7C15)
    return state


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(cache=True, inline="always")
def next_u64(state):
    """Advance ``state`` in place and return the next 64 random bits."""
    result, state[0], state[1], state[2], state[3] = step_u64(state[0], state[1], state[2], state[3])
    return result


@njit(cache=True, inline="always")
def step_u64(s0, s1, s2, s3):
    """:func:`next_u64` on a state held in four local words: returns the 64 random bits and
    the next four words.  A hot loop that keeps the state in locals (loaded from the state
    array before, stored back after) spares the memory round trip of every draw: the compiler
    cannot keep an array's words in registers while the loop also writes other arrays."""
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(cache=True, inline="always")
def draw_below(state, bound):
    """A uniform integer in ``0 .. bound-1`` (``1 <= bound < 2**32``), exactly unbiased."""
    b = uint64(bound)
    m = (next_u64(state) >> uint64(32)) * b
    low = m & uint64(0xFFFFFFFF)
    if low < b:
        threshold = (uint64(0x100000000) - b) % b
        while low < threshold:
            m = (next_u64(state) >> uint64(32)) * b
            low = m & uint64(0xFFFFFFFF)
    return np.int64(m >> uint64(32))


@njit(cache=True, inline="always")
def step_below(bound, s0, s1, s2, s3):
    """:func:`draw_below` on a state held in four local words (see :func:`step_u64`): the same
    number from the same state; returns it and the next four words."""
    b = uint64(bound)
    r, s0, s1, s2, s3 = step_u64(s0, s1, s2, s3)
    m = (r >> uint64(32)) * b
    low = m & uint64(0xFFFFFFFF)
    if low < b:
        threshold = (uint64(0x100000000) - b) % b
        while low < threshold:
            r, s0, s1, s2, s3 = step_u64(s0, s1, s2, s3)
            m = (r >> uint64(32)) * b
            low = m & uint64(0xFFFFFFFF)
    return np.int64(m >> uint64(32)), s0, s1, s2, s3


@njit(cache=True, inline="always")
def uniform(state):
    """A uniform float in [0, 1) with 53 random bits."""
    return (next_u64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)
