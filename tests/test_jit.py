"""simkit.jit: kernels compiled without Numba's reference counting (a private Numba option)."""

from __future__ import annotations

import numpy as np
import pytest
from numba.core.errors import TypingError

from simkit.games.diablo import engine as diablo_engine
from simkit.games.in_between import engine as in_between_engine
from simkit.games.razz import engine as razz_engine
from simkit.games.triple_draw import engine as triple_draw_engine
from simkit.jit import lean, njit


def test_numba_still_takes_the_private_option():
    """If a Numba upgrade drops or renames ``_nrt``, this fails and names the cause."""
    try:
        probe = lean()(lambda a, i: a[i] + 1)
        assert probe(np.arange(3), 1) == 2
        inlined = lean(inline=True)(lambda a: a[0])
        assert lean()(lambda a: inlined(a) * 2)(np.array([4])) == 8
    except Exception as exc:
        pytest.fail(f"Numba no longer accepts the private option _nrt=False used by simkit.jit.lean: {exc!r}")
    assert probe.targetoptions.get("_nrt") is False
    assert inlined.targetoptions.get("inline") == "always"


def test_a_callee_is_compiled_once_per_argument_types_not_per_constant():
    """Constants, and a count that starts at 0, reach a callee as ``int64``: one version."""

    @njit()
    def callee(k, a):
        return a[0] + k

    @njit()
    def caller(a):
        k = 0
        for x in a:
            if x > 0:
                k += 1
        return callee(k, a) + callee(3, a) + callee(4, a)

    assert caller(np.array([5, 0, 7])) == 5 * 3 + 2 + 3 + 4
    assert [str(sig[0]) for sig in callee.signatures] == ["int64"], callee.signatures

    @njit()
    def called_with_zero(a):  # numba.njit would compile a Literal[int](0) version
        return callee(0, a)

    called_with_zero(np.array([1]))
    assert len(callee.signatures) == 1


def test_a_lean_kernel_that_allocates_is_refused():
    """The guard the games rely on: without the runtime, an allocation does not compile."""

    @lean()
    def allocates(n):
        return np.zeros(n).sum()

    with pytest.raises(TypingError):
        allocates(3)


@pytest.mark.parametrize("engine", [diablo_engine, razz_engine, triple_draw_engine, in_between_engine])
def test_every_games_hand_kernel_is_lean(engine):
    """One hand at the table state (``_play_one``; In-Between's ``_play_hand``) runs without
    reference counting: it is where the batch and evening kernels spend their time."""
    kernel = getattr(engine, "_play_one", None) or engine._play_hand
    assert kernel.targetoptions.get("_nrt") is False, engine.__name__
    assert kernel.targetoptions.get("nogil") is True, engine.__name__


def test_inlined_callees_compile_to_the_same_code_with_scopes_copied_once():
    """simkit's inlining pass gives the same machine code as Numba's own, for a callee inlined
    twice that itself inlines a callee, and leaves no scope in its temporary state."""
    import gc

    from numba.core.compiler import Compiler

    from simkit.jit import InliningCompiler, OnePerType, _ScopeCopiedOnce

    inner = njit(inline="always")(lambda a, i: a[i] * 2 if i >= 0 else 0)

    def middle(a, i):
        s = 0
        for k in range(i):
            s += inner(a, k) + (1 if a[k] > 2 else -1)
        return s

    mid = njit(inline="always")(middle)

    def outer(a):
        return mid(a, 2) + mid(a, a.shape[0])

    listings = []
    for pipeline in (Compiler, InliningCompiler):
        kernel = OnePerType(
            py_func=outer, locals={}, targetoptions={"nopython": True}, pipeline_class=pipeline
        )
        assert kernel(np.array([1, 2, 3, 4])) == (2 + 4 - 2) + (2 + 4 + 6 + 8 - 2 + 2)
        (sig,) = kernel.signatures
        listings.append([line for line in kernel.inspect_asm(sig).splitlines() if "_ZN" not in line])
    assert listings[0] == listings[1]
    assert not [obj for obj in gc.get_objects() if type(obj) is _ScopeCopiedOnce]


def test_blocks_copied_one_by_one_share_one_copy_of_their_scope():
    import copy

    from numba.core import ir

    from simkit.jit import _scopes_copied_once

    loc = ir.Loc("f", 1)
    scope = ir.Scope(None, loc)
    blocks = [ir.Block(scope, loc) for _ in range(3)]
    for k, block in enumerate(blocks):
        block.append(ir.Assign(ir.Const(k, loc), scope.define(f"v{k}", loc), loc))
    with _scopes_copied_once(blocks):
        first = [copy.deepcopy(b) for b in blocks]
        second = [copy.deepcopy(b) for b in first]
    for copies in (first, second):
        assert len({id(b.scope) for b in copies}) == 1 and copies[0].scope is not scope
        assert sorted(copies[0].scope.localvars._con) == ["v0", "v1", "v2"]
        assert all(b.body[0].target.scope is b.scope for b in copies)
    assert second[0].scope is not first[0].scope
    assert type(scope) is ir.Scope and type(first[0].scope) is ir.Scope and "_twin" not in vars(scope)


def test_option_values_are_numbas_own():
    """The faster ``TargetConfig.values`` gives Numba's dict, key for key and in order, for
    flags as compiles set them (defaults, options set, an option set to its default), so
    flag comparisons and hashes are unchanged."""
    from numba.core import targetconfig
    from numba.core.compiler import Flags

    import simkit.jit as jit

    assert targetconfig.TargetConfig.values is jit._option_values
    plain = Flags()
    lean_flags = Flags()
    lean_flags.nrt = False
    lean_flags.no_cpython_wrapper = True
    at_default = Flags()
    at_default.nrt = Flags().nrt  # set explicitly to its default value
    copied = Flags(copy_from=lean_flags)
    for flags in (plain, lean_flags, at_default, copied):
        ours, numbas = flags.values(), jit._numba_option_values(flags)
        assert list(ours.items()) == list(numbas.items())
    assert plain == at_default and hash(plain) == hash(at_default)
    assert lean_flags == copied and lean_flags != plain
