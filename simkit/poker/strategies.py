"""Compiled parametric strategies, dispatched by a kind id and a parameter row per seat.

A strategy sees only what its player may see: its own *score* ``scores[seat]`` (a number
in [0, 1], greater is better, that the game derives from the player's own cards and the
visible cards: a hand-strength percentile, an equity estimate …) and the view row
``st[V_*]`` that :func:`_view` fills: the pot, the amount to call, its commitment this
round and in the hand, the level, the bets and raises so far, its stack, the round, how
many are still in, its position from the dealer's left, whether a bet now would make it
the opener (R-D3), and how the opponents still in drew (the game passes every seat's last
draw count, ``-1`` for none yet).  The game kernels decide with :func:`_decide_on_state`,
which reads the same figures from the state's own fields and leaves the view row unfilled
(the same decision, without a view to fill at every decision); :func:`_view` and
:func:`_decide` are for strategies that read the view (Python strategies, Razz's tips
player).

Kinds (``kinds[seat]``, ``params[seat]`` float64[:data:`N_PARAMS`]):

- :data:`RANDOM` uniform over the kinds of legal action (fold / the passive one / the
  aggressive one, weighted by ``params[0:3]``, all zero = equal), the amount uniform in the
  allowed range.  The engine's property tests use it.
- :data:`CHECK_CALL` brings in, checks or calls; never folds, never bets.
- :data:`TIGHT` and :data:`LOOSE_AGGRESSIVE` are one threshold rule with different parameter
  presets (:data:`TIGHT_PARAMS`, :data:`LOOSE_AGGRESSIVE_PARAMS`):

  ``s = score - P_PAT * (opponents in the hand who stood pat at the last draw)``;
  bet/raise/complete when ``s >= P_OPEN`` (a bet that would open, R-D3) or
  ``s >= P_BET + P_STEP * bets_so_far``, or, below that, with probability ``P_BLUFF``; the
  size is ``level + P_SIZE * (pot + to_call)`` clamped to the legal range; otherwise check,
  or call when ``s >= P_CALL``, or ``s >= P_ODDS * to_call / (pot + to_call)`` (pot odds,
  ``P_ODDS`` 0 = off), or when the own chips in the pot are at least ``P_SUNK`` of it
  ("I'm in anyway", ``P_SUNK`` 0 = off; the habit tips T5/R5 warn against); else fold.

The tight preset follows the beginner tips: open only with a hand that probably wins (D1),
rarely bluff (D5), respect a player who stands pat (T4), call by pot odds, never because of
chips already in (T5, R5).  The thresholds are on the game's score, so the game decides what
"three of a kind or better" means as a score.

>>> import numpy as np
>>> kinds, params = strategy_table(["tight", "random", ("loose-aggressive", {"P_BLUFF": 0.3})])
>>> kinds.tolist(), params.shape, float(params[2, P_BLUFF])
([2, 0, 3], (3, 9), 0.3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..checks import is_int
from ..jit import lean, njit
from ..rng import draw_below, uniform
from .actions import BRING_IN, CALL, CHECK, FOLD, NO_ACTION
from .table_state import (
    L_AGG,
    L_BRING_IN,
    L_CHECK,
    L_FOLD,
    L_MAX_TO,
    L_MIN_TO,
    MAX_SEATS,
    S_BETS,
    S_DEALER,
    S_LEVEL,
    S_N_ACTIVE,
    S_N_IN,
    S_OPENER,
    S_POT,
    S_ROUND,
    S_SEATS,
    STACK,
    STREET,
    TOTAL,
    V_BETS,
    V_CAN_OPEN,
    V_LEVEL,
    V_MIN_DRAW,
    V_MY_TOTAL,
    V_N_ACTIVE,
    V_N_IN,
    V_N_PAT,
    V_OPENER,
    V_POSITION,
    V_POT,
    V_ROUND,
    V_SEAT,
    V_STACK,
    V_STREET,
    V_TO_CALL,
    in_hand,
    seat_left,
)

__all__ = [
    "CHECK_CALL",
    "KIND_NAMES",
    "LOOSE_AGGRESSIVE",
    "LOOSE_AGGRESSIVE_PARAMS",
    "N_PARAMS",
    "PARAM_NAMES",
    "RANDOM",
    "TIGHT",
    "TIGHT_PARAMS",
    "check_params",
    "strategy_table",
]

RANDOM = 0
CHECK_CALL = 1
TIGHT = 2
LOOSE_AGGRESSIVE = 3
#: Names accepted by :func:`strategy_table`, index = kind id.
KIND_NAMES = ("random", "check-call", "tight", "loose-aggressive")

# Parameters of the threshold rule.
P_OPEN = 0
P_BET = 1
P_STEP = 2
P_CALL = 3
P_ODDS = 4
P_SUNK = 5
P_BLUFF = 6
P_SIZE = 7
P_PAT = 8
N_PARAMS = 9
#: Parameter names, index = ``P_*``; random uses ``params[0:3]`` as weights instead.
PARAM_NAMES = ("P_OPEN", "P_BET", "P_STEP", "P_CALL", "P_ODDS", "P_SUNK", "P_BLUFF", "P_SIZE", "P_PAT")

#: Tight, after the beginner tips (D1, D5, T4, T5, R5).
TIGHT_PARAMS = np.array([0.85, 0.75, 0.08, 0.55, 1.5, 0.0, 0.0, 0.5, 0.10])
#: Loose-aggressive: plays many hands, bets them, bluffs.
LOOSE_AGGRESSIVE_PARAMS = np.array([0.40, 0.50, 0.05, 0.25, 1.0, 0.0, 0.15, 0.75, 0.0])
_DEFAULTS = {
    RANDOM: np.array([1.0, 1.0, 1.0] + [0.0] * (N_PARAMS - 3)),
    CHECK_CALL: np.zeros(N_PARAMS),
    TIGHT: TIGHT_PARAMS,
    LOOSE_AGGRESSIVE: LOOSE_AGGRESSIVE_PARAMS,
}


@lean(inline=True)
def _view(st, seat, draws):
    """Fill the view row ``st[V_*]`` with what ``seat`` may see; ``draws`` (int64[seats]) are
    the last draw counts the game shows (-1: no draw yet)."""
    n = st[S_SEATS]
    level = st[S_LEVEL]
    street = st[STREET + seat]
    n_pat = 0
    min_draw = -1
    for s in range(n):
        d = draws[s]
        if s != seat and d >= 0 and in_hand(st, s):
            if d == 0:
                n_pat += 1
            if min_draw < 0 or d < min_draw:
                min_draw = d
    st[V_POT] = st[S_POT]
    st[V_TO_CALL] = level - street if level > street else 0
    st[V_STREET] = street
    st[V_LEVEL] = level
    st[V_BETS] = st[S_BETS]
    st[V_STACK] = st[STACK + seat]
    st[V_ROUND] = st[S_ROUND]
    st[V_N_IN] = st[S_N_IN]
    st[V_POSITION] = seat_left(seat, -st[S_DEALER] - 1, n)
    st[V_CAN_OPEN] = 1 if (st[S_ROUND] == 0 and st[S_OPENER] < 0) else 0
    st[V_OPENER] = st[S_OPENER]
    st[V_MY_TOTAL] = st[TOTAL + seat]
    st[V_N_PAT] = n_pat
    st[V_MIN_DRAW] = min_draw
    st[V_SEAT] = seat
    st[V_N_ACTIVE] = st[S_N_ACTIVE]


@njit(cache=True, inline="always")
def _passive(st):
    """The one passive action available: bring in, check or call."""
    if st[L_BRING_IN] > 0:
        return BRING_IN, st[L_BRING_IN]
    if st[L_CHECK] != 0:
        return CHECK, 0
    return CALL, 0


@lean()
def _random(params, seat, st, rng):
    can_fold = st[L_FOLD] != 0
    can_agg = st[L_AGG] != NO_ACTION
    w_fold = params[seat, 0] if can_fold else 0.0
    w_pass = params[seat, 1]
    w_agg = params[seat, 2] if can_agg else 0.0
    if params[seat, 0] <= 0.0 and params[seat, 1] <= 0.0 and params[seat, 2] <= 0.0:
        w_fold = 1.0 if can_fold else 0.0
        w_pass = 1.0
        w_agg = 1.0 if can_agg else 0.0
    total = w_fold + w_pass + w_agg
    if total <= 0.0:
        return _passive(st)
    u = uniform(rng) * total
    if u < w_fold:
        return FOLD, 0
    if u < w_fold + w_agg:
        lo = st[L_MIN_TO]
        return st[L_AGG], lo + draw_below(rng, st[L_MAX_TO] - lo + 1)
    return _passive(st)


@lean(inline=True)
def _threshold_rule(params, seat, score, n_pat, to_call, pot, can_open, bets, level, my_total, st, rng):
    """The threshold rule (module docs) on what ``seat`` sees, given as numbers; the legal
    row ``st[L_*]`` gives the actions."""
    s = score - params[seat, P_PAT] * n_pat
    if st[L_AGG] != NO_ACTION:
        if can_open:
            thr = params[seat, P_OPEN]
        else:
            thr = params[seat, P_BET] + params[seat, P_STEP] * bets
        go = s >= thr
        if not go and params[seat, P_BLUFF] > 0.0:
            go = uniform(rng) < params[seat, P_BLUFF]
        if go:
            to = np.int64(level + params[seat, P_SIZE] * (pot + to_call) + 0.5)
            return st[L_AGG], min(max(to, st[L_MIN_TO]), st[L_MAX_TO])
    if st[L_BRING_IN] > 0 or st[L_CHECK] != 0:
        return _passive(st)
    if s >= params[seat, P_CALL]:
        return CALL, 0
    odds = params[seat, P_ODDS]
    if odds > 0.0 and s * (pot + to_call) >= odds * to_call:
        return CALL, 0
    sunk = params[seat, P_SUNK]
    if sunk > 0.0 and my_total >= sunk * pot:
        return CALL, 0
    return FOLD, 0


@lean(inline=True)
def _threshold(params, seat, score, st, rng):
    """The threshold rule on the view row ``st[V_*]``."""
    return _threshold_rule(
        params,
        seat,
        score,
        st[V_N_PAT],
        st[V_TO_CALL],
        st[V_POT],
        st[V_CAN_OPEN] != 0,
        st[V_BETS],
        st[V_LEVEL],
        st[V_MY_TOTAL],
        st,
        rng,
    )


@lean(inline=True)
def _n_pat(st, seat, draws):
    """Opponents of ``seat`` still in the hand who drew no card at the last draw."""
    n_pat = 0
    for s in range(st[S_SEATS]):
        if s != seat and draws[s] == 0 and in_hand(st, s):
            n_pat += 1
    return n_pat


@lean(inline=True)
def _decide_on_state(kinds, params, scores, draws, st, rng, seat):
    """:func:`_decide` from the state's own fields instead of the view row: the same decision,
    without filling the view (16 stores and a pass over the seats per decision, a third of
    a betting-only hand's time).  ``draws`` as for :func:`_view`.  What the game kernels call."""
    kind = kinds[seat]
    if kind == RANDOM:
        return _random(params, seat, st, rng)
    if kind == CHECK_CALL:
        return _passive(st)
    level = st[S_LEVEL]
    street = st[STREET + seat]
    n_pat = _n_pat(st, seat, draws) if params[seat, P_PAT] != 0.0 else 0
    return _threshold_rule(
        params,
        seat,
        scores[seat],
        n_pat,
        level - street if level > street else 0,
        st[S_POT],
        st[S_ROUND] == 0 and st[S_OPENER] < 0,
        st[S_BETS],
        level,
        st[TOTAL + seat],
        st,
        rng,
    )


@lean(inline=True)
def _decide(kinds, params, scores, st, rng, seat):
    """The decision ``(action, to)`` of ``seat``'s strategy (``kinds[seat]`` with parameter
    row ``params[seat]``) from its score ``scores[seat]``, the legal row ``st[L_*]`` and the
    view row ``st[V_*]`` (fill both first)."""
    kind = kinds[seat]
    if kind == RANDOM:
        return _random(params, seat, st, rng)
    if kind == CHECK_CALL:
        return _passive(st)
    return _threshold(params, seat, scores[seat], st, rng)


def strategy_table(specs: Sequence, n_seats: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and parameter rows for a table, from names or ``(name, overrides)`` per seat.

    Parameters
    ----------
    specs
        One entry per seat (or a single entry for every seat with ``n_seats``): a kind name
        from :data:`KIND_NAMES`, a kind id, or ``(name, params)`` where ``params`` is a
        mapping of ``P_*`` names to values or a full float sequence of length N_PARAMS.
    n_seats
        Repeat a single spec for this many seats.

    Returns
    -------
    kinds, params
        int64[seats] and float64[seats, N_PARAMS].

    Examples
    --------
    >>> k, p = strategy_table("check-call", n_seats=2); k.tolist()
    [1, 1]
    >>> strategy_table(["bluffer"])
    Traceback (most recent call last):
    ...
    ValueError: unknown strategy 'bluffer'; choose from random, check-call, tight, loose-aggressive
    >>> strategy_table("tight", n_seats=10**15)
    Traceback (most recent call last):
    ...
    ValueError: n_seats must be 2..10, got 1000000000000000
    """
    if isinstance(specs, (str, tuple, int, np.integer)):
        if n_seats is None:
            raise ValueError("a single strategy spec needs n_seats")
        if not is_int(n_seats) or not 2 <= n_seats <= MAX_SEATS:
            raise ValueError(f"n_seats must be 2..{MAX_SEATS}, got {n_seats!r}")
        specs = [specs] * int(n_seats)
    elif n_seats is not None and (not is_int(n_seats) or len(specs) != n_seats):
        raise ValueError(f"got {len(specs)} strategies for n_seats={n_seats!r}")
    kinds = np.zeros(len(specs), dtype=np.int64)
    params = np.zeros((len(specs), N_PARAMS))
    for i, spec in enumerate(specs):
        over = None
        if isinstance(spec, tuple):
            spec, over = spec
        if isinstance(spec, str):
            if spec not in KIND_NAMES:
                raise ValueError(f"unknown strategy {spec!r}; choose from {', '.join(KIND_NAMES)}")
            kind = KIND_NAMES.index(spec)
        elif isinstance(spec, (int, np.integer)) and 0 <= spec < len(KIND_NAMES):
            kind = int(spec)
        else:
            raise ValueError(f"unknown strategy {spec!r}; choose from {', '.join(KIND_NAMES)}")
        kinds[i] = kind
        params[i] = _DEFAULTS[kind]
        if isinstance(over, Mapping):
            for name, value in over.items():
                if name not in PARAM_NAMES:
                    raise ValueError(f"unknown strategy parameter {name!r}")
                params[i, PARAM_NAMES.index(name)] = float(value)
        elif over is not None:
            row = np.asarray(over, dtype=np.float64)
            if row.shape != (N_PARAMS,):
                raise ValueError(f"params for seat {i} must have {N_PARAMS} values, got {over!r}")
            params[i] = row
        check_params(kind, params[i], i)
    return kinds, params


#: The largest bet size as a fraction of the pot (``P_SIZE``): beyond, every bet is all-in
#: anyway, and the size must stay within int64 for any pot.
MAX_SIZE = 10.0


def check_params(kind: int, row: np.ndarray, seat: int = 0) -> None:
    """Raise ``ValueError`` naming the parameter if a row of :func:`strategy_table` has a
    value the strategies cannot use: every value finite; ``P_BLUFF`` a probability 0..1;
    ``P_SIZE`` a fraction of the pot 0..:data:`MAX_SIZE`; ``P_ODDS`` and ``P_SUNK`` (ratios,
    0 = off) not negative; the weights of ``random`` not negative.

    >>> check_params(TIGHT, np.r_[TIGHT_PARAMS[:6], 1.5, TIGHT_PARAMS[7:]])
    Traceback (most recent call last):
    ...
    ValueError: P_BLUFF of seat 1 must be a probability 0..1, got 1.5
    """
    for j, name in enumerate(PARAM_NAMES):
        v = float(row[j])
        if not np.isfinite(v):
            raise ValueError(f"{name} of seat {seat + 1} must be a finite number, got {v!r}")
    if kind == RANDOM:
        if (row[:3] < 0).any():
            raise ValueError(
                f"the weights of random (seat {seat + 1}) must not be negative, got {row[:3].tolist()}"
            )
        return
    if not 0.0 <= row[P_BLUFF] <= 1.0:
        raise ValueError(
            f"P_BLUFF of seat {seat + 1} must be a probability 0..1, got {float(row[P_BLUFF])!r}"
        )
    if not 0.0 <= row[P_SIZE] <= MAX_SIZE:
        raise ValueError(
            f"P_SIZE of seat {seat + 1} must be a fraction of the pot 0..{MAX_SIZE:g}, got {float(row[P_SIZE])!r}"
        )
    for j in (P_ODDS, P_SUNK):
        if row[j] < 0:
            raise ValueError(
                f"{PARAM_NAMES[j]} of seat {seat + 1} must be >= 0 (0 = off), got {float(row[j])!r}"
            )
