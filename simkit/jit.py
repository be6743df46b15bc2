"""How simkit compiles its kernels: :func:`njit` (one machine-code version per argument type)
and :func:`lean` (no reference counting).  The one place simkit uses Numba's internals.

**One version per type.**  When compiled code calls a Numba function with a constant
argument (``_put(st, seat, chips, ANTE, 0)``), or with a variable that starts as a constant
(``k = 0`` before a loop that counts), Numba's type inference sees the argument as a
*literal* type (``Literal[int](0)``) and compiles a separate version of the callee for that
value, then another for ``int64``: a large callee is compiled two or more times.  Measured on
a fresh cache, such duplicates were a fifth of the compile time of the report's game kernels
(In-Between's ``_round`` twice, 26 s each; the exact 2-7 draw-odds recursion's steps up to four
times).  :func:`njit` is ``numba.njit`` with a dispatcher that turns literal argument types into
their plain types before compiling, so each callee is compiled once per argument *types*, as a
reader would expect.  No simkit kernel needs a literal argument (Numba would need one to index
a heterogeneous tuple by an argument; simkit indexes its tuples by constants in the body).

**No reference counting.**  Numba counts references to every array it hands around (NRT, its
runtime): each array taken from a tuple or passed into a call is an atomic increment and a
decrement.  A game's hand takes dozens of arrays from its ``game`` and ``work`` tuples in
every street, so in a hand that itself allocates nothing this counting is a large share of the
time (one core, one batch: 2-7 Triple Draw 6-handed 40 % faster without it, In-Between 7.7 M
decisions per second with it against 26 M without).  :func:`lean` compiles such a function with
Numba's private option ``_nrt=False``; a function compiled so must not allocate (no
``np.zeros``, no array returned): Numba refuses to compile one that does, naming the call.  The
arrays it reads stay alive in its caller.

Used by each game's per-hand kernel (``_play_one``: one hand at the table state, called by
the batch and evening kernels), by In-Between's inner functions, and by the helpers those
kernels call without inlining: the betting engine's steps (:mod:`simkit.poker.betting`,
:mod:`~simkit.poker.pots`, the shared strategies' decision and view) and 2-7's keep and score
functions.  A helper compiled with reference counting counts again inside the lean kernel that
calls it: 2-7 Triple Draw spent 15 % of a hand in ``NRT_incref``/``NRT_decref`` from its
strategy helpers until they were made lean (``benchmarks/profile_games.py td``).  If a Numba upgrade drops
or renames either mechanism, ``tests/test_jit.py`` fails and says so.

>>> from simkit.games.triple_draw.engine import _play_one
>>> _play_one.targetoptions["_nrt"], _play_one.targetoptions["nogil"]
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba.core import types
from numba.core.registry import CPUDispatcher

__all__ = ["lean", "njit"]


class OnePerType(CPUDispatcher):
    """Numba's CPU dispatcher, except that a call from compiled code is typed, and compiled,
    with the plain types of its arguments (``int64``, not ``Literal[int](0)``)."""

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


def njit(*, cache: bool = False, **options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``numba.njit(cache=..., **options)`` compiling once per argument types (see above).

    Only the keyword form is offered (``@njit(cache=True)``, ``@njit(cache=True,
    inline="always")``); ``options`` are Numba's (``nogil``, ``parallel``, ``inline`` …).
    """
    targetoptions = {"nopython": True, **options}

    def compile_once_per_type(func: Callable[..., Any]) -> Any:
        kernel = OnePerType(py_func=func, locals={}, targetoptions=targetoptions)
        if cache:
            kernel.enable_caching()
        return kernel

    return compile_once_per_type


def lean(inline: bool = False) -> Callable[[Callable[..., Any]], Any]:
    """The decorator of a kernel that allocates nothing: :func:`njit` with ``cache=True,
    nogil=True`` and without Numba's reference-counting runtime (the private option
    ``_nrt=False``), and ``inline="always"`` when ``inline``."""
    opts: dict[str, Any] = {"nogil": True, "_nrt": False}
    if inline:
        opts["inline"] = "always"
    return njit(cache=True, **opts)
