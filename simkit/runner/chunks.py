"""How a job of ``trials`` trials is cut into chunks, and which seed each chunk gets.

The plan depends only on ``trials`` and ``chunk_size``: every chunk holds ``chunk_size``
trials except the last, which holds the rest.  Chunk ``i`` is seeded with the ``i``-th child of
``SeedSequence(seed)``, so its numbers are the same whichever machine, process or thread runs
it, and the totals merged in chunk order are the same for any number of workers.

Examples
--------
>>> plan = ChunkPlan(10, 4)
>>> len(plan), [plan.size(i) for i in range(len(plan))]
(3, [4, 4, 2])
>>> child = chunk_seed(7, 2)
>>> child.entropy, child.spawn_key
(7, (2,))
>>> bool((child.generate_state(2) == np.random.SeedSequence(7).spawn(3)[2].generate_state(2)).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..checks import positive_int
from ..rng import SeedLike, as_seed_sequence

__all__ = ["DEFAULT_CHUNK_SIZE", "ChunkPlan", "chunk_seed"]

#: Trials per chunk unless a job (attribute ``chunk_size``) or the caller says otherwise.
DEFAULT_CHUNK_SIZE = 2**18


@dataclass(frozen=True)
class ChunkPlan:
    """``trials`` trials in chunks of ``chunk_size`` (the last one shorter).

    >>> ChunkPlan(0, 4)
    Traceback (most recent call last):
    ...
    ValueError: trials must be a positive integer, got 0
    """

    trials: int
    chunk_size: int = DEFAULT_CHUNK_SIZE

    def __post_init__(self) -> None:
        object.__setattr__(self, "trials", positive_int(self.trials, "trials"))
        object.__setattr__(self, "chunk_size", positive_int(self.chunk_size, "chunk_size"))

    def __len__(self) -> int:
        return -(-self.trials // self.chunk_size)

    def size(self, index: int) -> int:
        """Trials in chunk ``index``."""
        if not 0 <= index < len(self):
            raise ValueError(f"chunk index {index} is out of range 0..{len(self) - 1}")
        return min(self.chunk_size, self.trials - index * self.chunk_size)


def chunk_seed(seed: SeedLike, index: int) -> np.random.SeedSequence:
    """The ``index``-th child of ``SeedSequence(seed)``, made without spawning its siblings.

    Equal to ``SeedSequence(seed).spawn(index + 1)[index]`` for a fresh root sequence.
    """
    root = as_seed_sequence(seed)
    return np.random.SeedSequence(
        entropy=root.entropy,
        spawn_key=tuple(root.spawn_key) + (int(index),),
        pool_size=root.pool_size,
    )
