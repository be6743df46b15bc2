"""Strategies written in plain Python, played by the same compiled state machine.

A Python strategy is any callable ``strategy(view, legal) -> (action, to)`` (or just an
action code): :class:`View` is what its player may see, :class:`Legal` what it may do.  The
driver here asks it for every decision and applies the answer with the compiled functions
of :mod:`simkit.poker.betting`, so the rules, the pots and the hand record are exactly those
of the batch simulators; only the decisions are slower.  Seats may mix Python callables and
compiled strategies (:func:`compiled`); for the same seed and the same decisions the results
are identical to the compiled kernels' (the tests check it).  A strategy that draws random
numbers from ``view.rng`` with :func:`simkit.rng.uniform` / :func:`simkit.rng.draw_below`
shares the engine's stream.

Game engines that offer Python strategies call :func:`betting_round` between their dealing
and drawing, as their kernels call ``table._betting_round``.

>>> import numpy as np
>>> from simkit.poker.actions import BET, CALL, CHECK, FOLD
>>> from simkit.poker.structure import diablo
>>> def opener(view, legal):
...     if legal.agg == BET and view.score > 0.9:
...         return BET, legal.min_to
...     return (CHECK, 0) if legal.check else (FOLD, 0)
>>> r = play_hand(diablo(), [20, 20, 20], [opener, compiled("check-call"), compiled("check-call")],
...               dealer=2, scores=np.array([0.95, 0.2, 0.5]), strengths=np.array([3, 1, 2]),
...               seed=1)
>>> r.outcome, r.payout.tolist(), r.table.opener
(1, [12, 0, 0], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ..rng import SeedLike, stream_state
from .actions import ACTION_NAMES
from .betting import _apply_legal, _legal, _n_in_hand, _post_antes, _reset, _start_round
from .history import NO_SHOWDOWN, SHOWDOWN, VOID
from .pots import _pay, _settle
from .strategies import N_PARAMS, _decide, _view, strategy_table
from .structure import F_ANTE, F_VOID_UNOPENED, Structure
from .table_state import (
    L_AGG,
    L_BRING_IN,
    L_CALL,
    L_CALL_CHIPS,
    L_CHECK,
    L_FOLD,
    L_MAX_TO,
    L_MIN_TO,
    S_OPENER,
    S_SEATS,
    S_TO_ACT,
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
    V_STACK,
    V_STREET,
    V_TO_CALL,
    Table,
    new_state,
)

__all__ = ["Compiled", "HandResult", "Legal", "View", "betting_round", "compiled", "play_hand"]


class View(NamedTuple):
    """What the player to act may see."""

    seat: int
    score: float  #: own hand score from the game, greater is better
    pot: int  #: all chips in the pot
    to_call: int
    street: int  #: own chips in this round
    level: int  #: the level to call
    bets: int  #: full bets and raises this round
    stack: int
    round: int
    n_in: int  #: players still in, this one included
    n_active: int  #: still in and not all-in, this one included
    position: int  #: 0 = first left of the dealer
    can_open: bool  #: a bet now makes this player the opener (R-D3)
    opener: int  #: -1 none
    my_total: int  #: own chips in the pot
    n_pat: int  #: opponents still in who stood pat at the last draw
    min_draw: int  #: fewest cards an opponent still in drew at the last draw, -1 none
    draws: tuple  #: last draw count of every seat (-1 none)
    info: Any  #: whatever the game passes for this seat (own cards, upcards, …)
    rng: np.ndarray  #: the engine's random stream (uint64[4]); advance it only via simkit.rng


class Legal(NamedTuple):
    """What the player to act may do; ``agg`` is BET, RAISE, COMPLETE or NO_ACTION (-1) and
    its ``to`` must lie in ``min_to..max_to``; ``bring_in`` is the level of a pending
    bring-in (0: none)."""

    fold: bool
    check: bool
    call: bool
    call_chips: int
    bring_in: int
    agg: int
    min_to: int
    max_to: int


class Compiled(NamedTuple):
    """A compiled strategy for one seat: kind id and parameter row."""

    kind: int
    params: np.ndarray


class HandResult(NamedTuple):
    """A hand played by :func:`play_hand`: the state (``table`` reads it), payouts, outcome
    (``history.NO_SHOWDOWN``, ``SHOWDOWN`` or ``VOID``)."""

    st: np.ndarray
    payout: np.ndarray
    outcome: int

    @property
    def table(self) -> Table:
        return Table(self.st)


Strategy = Callable[[View, Legal], Any] | Compiled


def compiled(spec) -> Compiled:
    """A compiled strategy from anything :func:`~simkit.poker.strategies.strategy_table`
    takes for one seat.

    >>> compiled("tight").kind
    2
    """
    kinds, params = strategy_table([spec])
    return Compiled(int(kinds[0]), params[0])


def _legal_of(st: np.ndarray) -> Legal:
    return Legal(
        bool(st[L_FOLD]),
        bool(st[L_CHECK]),
        bool(st[L_CALL]),
        int(st[L_CALL_CHIPS]),
        int(st[L_BRING_IN]),
        int(st[L_AGG]),
        int(st[L_MIN_TO]),
        int(st[L_MAX_TO]),
    )


def _view_of(st, seat, scores, draws, info, rng) -> View:
    return View(
        seat,
        float(scores[seat]),
        int(st[V_POT]),
        int(st[V_TO_CALL]),
        int(st[V_STREET]),
        int(st[V_LEVEL]),
        int(st[V_BETS]),
        int(st[V_STACK]),
        int(st[V_ROUND]),
        int(st[V_N_IN]),
        int(st[V_N_ACTIVE]),
        int(st[V_POSITION]),
        bool(st[V_CAN_OPEN]),
        int(st[V_OPENER]),
        int(st[V_MY_TOTAL]),
        int(st[V_N_PAT]),
        int(st[V_MIN_DRAW]),
        tuple(int(d) for d in draws),
        info,
        rng,
    )


def _tables(strategies: Sequence[Strategy], n: int) -> tuple[np.ndarray, np.ndarray]:
    if len(strategies) != n:
        raise ValueError(f"need one strategy per seat ({n}), got {len(strategies)}")
    kinds = np.zeros(n, dtype=np.int64)
    params = np.zeros((n, N_PARAMS))
    for s, strat in enumerate(strategies):
        if isinstance(strat, Compiled):
            kinds[s] = strat.kind
            params[s] = strat.params
        elif not callable(strat):
            raise ValueError(f"strategy of seat {s} is neither callable nor Compiled: {strat!r}")
    return kinds, params


def betting_round(
    st: np.ndarray,
    strategies: Sequence[Strategy],
    scores: np.ndarray,
    draws: np.ndarray,
    rng: np.ndarray,
    info: Sequence | None = None,
) -> int:
    """Play the current round of ``st`` to its end (R-P1), asking each seat's strategy.

    Parameters
    ----------
    st
        A state after ``betting._start_round``.
    strategies
        One per seat: a callable ``(View, Legal) -> (action, to)`` or a :class:`Compiled`.
    scores, draws
        The game's score and last draw count per seat (float64, int64).
    rng
        The random stream (uint64[4]) compiled strategies draw from.
    info
        Optional per-seat objects handed to Python strategies as ``view.info``.

    Returns
    -------
    int
        Players still in.

    Raises
    ------
    ValueError
        When a strategy answers with an illegal action (naming seat, action and what is legal).
    """
    n = int(st[S_SEATS])
    kinds, params = _tables(strategies, n)
    scores = np.ascontiguousarray(scores, dtype=np.float64)
    draws = np.ascontiguousarray(draws, dtype=np.int64)
    while True:
        seat = int(st[S_TO_ACT])
        if seat < 0:
            break
        _legal(st, seat)
        _view(st, seat, draws)
        strat = strategies[seat]
        if isinstance(strat, Compiled):
            action, to = _decide(kinds, params, scores, st, rng, seat)
        else:
            legal = _legal_of(st)
            answer = strat(
                _view_of(st, seat, scores, draws, None if info is None else info[seat], rng), legal
            )
            action, to = (answer, 0) if np.isscalar(answer) else answer
        rc = _apply_legal(st, seat, int(action), int(to))
        if rc < 0:
            name = ACTION_NAMES[action] if 0 <= action < len(ACTION_NAMES) else action
            raise ValueError(f"seat {seat} chose an illegal action {name!r} to {to}; legal: {_legal_of(st)}")
    return int(_n_in_hand(st))


def play_hand(
    structure: Structure,
    stacks: Sequence[int] | np.ndarray,
    strategies: Sequence[Strategy],
    *,
    scores: np.ndarray,
    strengths: np.ndarray,
    dealer: int = 0,
    dead: int = 0,
    draws: np.ndarray | None = None,
    given: Sequence[int] | np.ndarray | None = None,
    seed: SeedLike = None,
    rng: np.ndarray | None = None,
    log_capacity: int = 256,
) -> HandResult:
    """Play one betting-only hand with Python and/or compiled strategies.

    The same steps as the compiled ``table._play_hand``: antes, every round of
    ``structure`` (blinds, bring-in, who starts), a void first round when the structure says
    so (R-D4), showdown by ``strengths`` (int, greater is better) with side pots.

    Parameters
    ----------
    scores
        float64[seats] for every round, or float64[rounds, seats].
    strengths
        Showdown strength per seat.
    draws
        int64[rounds, seats] draw counts shown in each round (default: none, -1).
    given
        First seat of each ``FIRST_GIVEN`` round (bring-in, lowest visible hand).
    seed, rng
        The random stream for compiled strategies and ``view.rng``: a seed, or a state
        (uint64[4], advanced in place).

    Returns
    -------
    HandResult
    """
    n = len(stacks)
    n_rounds = structure.limits.shape[0]
    st = new_state(n, log_capacity)
    stacks = np.asarray(stacks, dtype=np.int64)
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim == 1:
        scores = np.broadcast_to(scores, (n_rounds, n))
    if scores.shape != (n_rounds, n):
        raise ValueError(f"scores must have shape ({n},) or ({n_rounds}, {n}), got {scores.shape}")
    draws = np.full((n_rounds, n), -1, dtype=np.int64) if draws is None else np.asarray(draws, dtype=np.int64)
    given = np.full(n_rounds, -1, dtype=np.int64) if given is None else np.asarray(given, dtype=np.int64)
    if rng is None:
        rng = stream_state(seed)
    strengths = np.asarray(strengths, dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    _reset(st, stacks, dealer, dead)
    _post_antes(st, structure.forced[F_ANTE])
    for r in range(n_rounds):
        _start_round(st, structure, r, given[r])
        n_in = betting_round(st, strategies, scores[r], draws[r], rng)
        if r == 0 and structure.forced[F_VOID_UNOPENED] and st[S_OPENER] < 0:
            return HandResult(st, payout, VOID)
        if n_in <= 1:
            break
    _settle(st, strengths, payout)
    _pay(st, payout)
    return HandResult(st, payout, SHOWDOWN if _n_in_hand(st) >= 2 else NO_SHOWDOWN)
