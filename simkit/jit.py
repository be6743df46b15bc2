"""Compiling a kernel without Numba's reference counting: the one place simkit uses a private
Numba option.

Numba counts references to every array it hands around (NRT, its runtime): each array taken
from a tuple or passed into a call is an atomic increment and a decrement.  A game's hand
takes dozens of arrays from its ``game`` and ``work`` tuples in every street, so in a hand
that itself allocates nothing this counting is a large share of the time (one core, one
batch: 2-7 Triple Draw 6-handed 40 % faster without it, In-Between 7.7 M decisions per second
with it against 26 M without).  :func:`lean` compiles such a function with Numba's private
option ``_nrt=False``; a function compiled so must not allocate (no ``np.zeros``, no array
returned): Numba refuses to compile one that does, naming the call.  The arrays it reads stay
alive in its caller.

Used by each game's per-hand kernel (``_play_one``: one hand at the table state, called by
the batch and evening kernels) and by In-Between's inner functions.  If a Numba upgrade drops
or renames the option, ``tests/test_jit.py`` fails and says so.

>>> from simkit.games.triple_draw.engine import _play_one
>>> _play_one.targetoptions["_nrt"], _play_one.targetoptions["nogil"]
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit

__all__ = ["lean"]


def lean(inline: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """The decorator of a kernel that allocates nothing: ``njit(cache=True, nogil=True)``
    without Numba's reference-counting runtime (the private option ``_nrt=False``), and
    ``inline="always"`` when ``inline``."""
    opts: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
    if inline:
        opts["inline"] = "always"
    return njit(**opts)
