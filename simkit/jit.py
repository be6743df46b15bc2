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

**Inlining that copies each scope once.**  A function marked ``inline="always"`` is inlined
by Numba into its caller's IR before typing: the callee's IR (with everything *it* inlined) is
copied twice, block by block, and each block's copy deep-copies the whole variable scope that
its variables point to, so one inlining costs (blocks) x (variables): 267 x 4,400 for
In-Between's ``_turn`` (Numba issue 8989).  :func:`njit` compiles with a pipeline
(:class:`InliningCompiler`) whose inlining pass copies the callee's scope once per copy of the
IR, the blocks sharing it, as a copy of the whole IR at once would.  The IR, and so the
machine code, is the same; inlining for In-Between's engine took 20 of its 45 compile seconds
before, 5 after.

**Option lookups without a property call each.**  Typing a call to one of Numba's own
functions (``len``, ``np.empty``, an operator …) looks its implementation up in a cache keyed by
the compile's flags, and comparing two flag sets builds a dict of every option (some 50) by a
property call each, twice per comparison: a fresh run of the Diablo series job (compiling its
kernels) built 430,000 such dicts, 3.6 of its 43.5 CPU seconds (0.6 s now).
:func:`_option_values` builds the same dict as one copy of the defaults overlaid with the
options set, and replaces ``TargetConfig.values`` (what Numba's ``__eq__`` and ``__hash__``
call).  The dict, and so every lookup, is the same.

Used by each game's per-hand kernel (``_play_one``: one hand at the table state, called by
the batch and evening kernels), by In-Between's inner functions, and by the helpers those
kernels call without inlining: the betting engine's steps (:mod:`simkit.poker.betting`,
:mod:`~simkit.poker.pots`, the shared strategies' decision and view) and 2-7's keep and score
functions.  A helper compiled with reference counting counts again inside the lean kernel that
calls it: 2-7 Triple Draw spent 15 % of a hand in ``NRT_incref``/``NRT_decref`` from its
strategy helpers until they were made lean (``benchmarks/profile_games.py td``).  The exact
2-7 solvers use it for the helpers called once per draw or keep they count (the flush losses'
and best keeps' helpers of :mod:`simkit.games.triple_draw.exact`, the inclusion-exclusion of
:mod:`simkit.games.triple_draw.rank_exact`): drawing five to K-low with three draws took
about 10 % less, a two-draw expected-rank solve half the time.  Later the counts that call
such helpers once per draw were made lean as well, each behind a function that allocates
their work space (``exact._vs2_count``, ``exact._loss_count``, ``rank_exact._two_walk``):
reference counting had grown to a sixth of the K-low query and of an A-5 second hand again,
the helpers' arrays counted at every call.  If a Numba upgrade drops or
renames either mechanism, ``tests/test_jit.py`` fails and says so.

>>> from simkit.games.triple_draw.engine import _play_one
>>> _play_one.targetoptions["_nrt"], _play_one.targetoptions["nogil"]
(False, True)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from numba.core import ir, targetconfig, types
from numba.core.compiler import Compiler, DefaultPassBuilder
from numba.core.compiler_machinery import register_pass
from numba.core.inline_closurecall import InlineWorker
from numba.core.registry import CPUDispatcher
from numba.core.untyped_passes import InlineInlinables

from . import _compile_cache  # noqa: F401  (Numba's cache folder, set before any kernel is made)

__all__ = ["lean", "njit"]

#: The default value of every option, per ``TargetConfig`` class (:func:`_option_values`).
_DEFAULTS: dict[type, dict[str, Any]] = {}


def _option_values(config: targetconfig.TargetConfig) -> dict[str, Any]:
    """``config.values()``: every option of its class, in the class's order, with the value set
    or else the default, as Numba's ``TargetConfig.values`` gives it (one property call per
    option), built as a copy of the defaults overlaid with the options set."""
    cls = type(config)
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {k: o.default for k, o in cls.options.items()}
    out = defaults.copy()
    for k, v in config._values.items():
        if k in out:
            out[k] = v
    return out


_numba_option_values = targetconfig.TargetConfig.values
targetconfig.TargetConfig.values = _option_values  # type: ignore[method-assign]


class _ScopeCopiedOnce(ir.Scope):
    """A variable scope, while one inlining copies the IR that uses it: every deep copy made
    meanwhile returns the same copy (its twin), so the blocks copied one by one share one
    scope, as the blocks of one whole-IR copy would.  :func:`_scopes_copied_once` sets and
    ends this state."""

    def __deepcopy__(self, memo: dict) -> ir.Scope:
        state = self.__dict__
        twin = state.get("_twin")
        if twin is None:
            twin = memo[id(self)] = ir.Scope.__new__(_ScopeCopiedOnce)  # its variables point to it
            plain = {k: v for k, v in state.items() if k not in ("_twin", "_family")}
            twin.__dict__.update(copy.deepcopy(plain, memo))
            twin.__dict__["_family"] = state["_family"]
            state["_family"].append(twin)
            state["_twin"] = twin
        memo[id(self)] = twin
        return twin


@contextmanager
def _scopes_copied_once(blocks: Iterator[ir.Block]) -> Iterator[None]:
    """Within the block, deep copies of the scopes of ``blocks`` (and of their copies) are made
    once each; afterwards every scope involved is a plain ``ir.Scope`` again."""
    family: list[ir.Scope] = []
    for block in blocks:
        scope = block.scope
        if type(scope) is ir.Scope:
            scope.__class__ = _ScopeCopiedOnce
            scope.__dict__["_family"] = family
            family.append(scope)
    try:
        yield
    finally:
        for scope in family:
            scope.__class__ = ir.Scope
            scope.__dict__.pop("_twin", None)
            scope.__dict__.pop("_family", None)


class _InlineWorker(InlineWorker):
    """Numba's inliner, copying the callee's scope once per copy of its IR, and inlining
    inside the callee with the same pass."""

    def inline_ir(self, caller_ir, block, i, callee_ir, *args, **kwargs):
        with _scopes_copied_once(callee_ir.blocks.values()):
            return super().inline_ir(caller_ir, block, i, callee_ir, *args, **kwargs)


@register_pass(mutates_CFG=True, analysis_only=False)
class _InlineInlinables(InlineInlinables):
    """Numba's ``inline="always"`` pass with :class:`_InlineWorker` as its worker."""

    _name = "simkit_inline_inlinables"

    def _do_work(self, *args, **kwargs):
        worker = args[-1] if args else None  # (state, work_list, block, i, expr, inline_worker)
        if type(worker) is InlineWorker and hasattr(worker, "_compiler_pipeline"):
            worker.__class__ = _InlineWorker
            worker._compiler_pipeline = _untyped_pipeline
        return super()._do_work(*args, **kwargs)


def _with_our_inliner(pm):
    """``pm`` with Numba's inlining pass replaced by :class:`_InlineInlinables` (a pipeline
    without it, or of another shape, is left as it is)."""
    if not isinstance(getattr(pm, "passes", None), list):
        return pm
    pm.passes = [(_InlineInlinables if p is InlineInlinables else p, desc) for p, desc in pm.passes]
    pm.finalize()
    return pm


def _untyped_pipeline(state, name="untyped"):
    """Numba's untyped pipeline (what the inliner runs on a callee), with our inlining pass."""
    return _with_our_inliner(DefaultPassBuilder.define_untyped_pipeline(state, name))


class InliningCompiler(Compiler):
    """Numba's compiler with the inlining pass that copies scopes once (see above)."""

    def define_pipelines(self):
        return [_with_our_inliner(pm) for pm in super().define_pipelines()]


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
        kernel = OnePerType(
            py_func=func, locals={}, targetoptions=targetoptions, pipeline_class=InliningCompiler
        )
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
