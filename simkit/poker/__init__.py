"""The betting shared by Diablo, 2-7 Triple Draw and Razz: who acts, what is allowed, where the
chips go, written once as compiled functions that game kernels call.

Modules: :mod:`~simkit.poker.structure` (limits and forced bets), :mod:`~simkit.poker.actions`
(action codes), :mod:`~simkit.poker.table_state` (the state of a hand: one int64 array),
:mod:`~simkit.poker.betting` (the state machine), :mod:`~simkit.poker.pots` (side pots,
showdown payouts), :mod:`~simkit.poker.strategies` (compiled parametric strategies),
:mod:`~simkit.poker.table` (whole rounds and hands, the betting-only simulator),
:mod:`~simkit.poker.python_strategy` (strategies written in Python),
:mod:`~simkit.poker.history` (hand records as text, results as a DataFrame),
:mod:`~simkit.poker.kernels` (what game kernels call).

Game kernels call the compiled API of :mod:`~simkit.poker.kernels` (public names; a hand is
reset, forced bets, betting rounds, settle, pay).

Numba caches a compiled caller together with the callees it was built with and only notices
changes to the caller's own file; :mod:`simkit._compile_cache` therefore keys the whole cache by
a digest of every simkit source file, so a change here recompiles the game kernels too.

>>> from simkit.poker import simulate_hands, triple_draw_27
>>> df = simulate_hands(triple_draw_27(), 500, "random", n_seats=6, seed=0)
>>> bool((df.filter(like="net_").sum(axis=1) == 0).all())
True
"""

from .actions import (
    ACTION_NAMES,
    ALL_IN,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    NO_ACTION,
    RAISE,
)
from .history import format_history, results_frame
from .pots import settle, settle_split
from .python_strategy import Compiled, Legal, View, betting_round, compiled, play_hand
from .strategies import KIND_NAMES, PARAM_NAMES, strategy_table
from .structure import (
    FIRST_BLINDS,
    FIRST_DEALER_LEFT,
    FIRST_GIVEN,
    FIRST_OPENER,
    FIXED,
    NO_LIMIT,
    SPREAD,
    Round,
    Structure,
    diablo,
    make_structure,
    razz,
    single_draw_27_no_limit,
    triple_draw_27,
)
from .table import simulate_hands
from .table_state import Table, new_state

__all__ = [
    "ACTION_NAMES",
    "ALL_IN",
    "BET",
    "BRING_IN",
    "CALL",
    "CHECK",
    "COMPLETE",
    "FIRST_BLINDS",
    "FIRST_DEALER_LEFT",
    "FIRST_GIVEN",
    "FIRST_OPENER",
    "FIXED",
    "FOLD",
    "KIND_NAMES",
    "NO_ACTION",
    "NO_LIMIT",
    "PARAM_NAMES",
    "RAISE",
    "SPREAD",
    "Compiled",
    "Legal",
    "Round",
    "Structure",
    "Table",
    "View",
    "betting_round",
    "compiled",
    "diablo",
    "format_history",
    "make_structure",
    "new_state",
    "play_hand",
    "razz",
    "results_frame",
    "settle",
    "settle_split",
    "simulate_hands",
    "single_draw_27_no_limit",
    "strategy_table",
    "triple_draw_27",
]
