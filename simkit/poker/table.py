"""Running betting rounds and whole hands with the compiled strategies.

:func:`_betting_round` is what a game kernel calls between its dealing and drawing: it asks
each seat's compiled strategy in turn until the round is over (R-P1).  :func:`_play_hand`
plays every round of a structure with scores, draw counts and showdown strengths the caller
supplies; :func:`simulate_hands` does that for a batch of independent hands with random
scores (uniform, the showdown strength is the score's rank): a betting-only game used for the
engine's benchmark and property tests, and for studying strategies apart from any cards.

>>> from simkit.poker.structure import diablo
>>> df = simulate_hands(diablo(), 1000, "random", n_seats=4, seed=1)
>>> int(df[[f"net_{s}" for s in range(4)]].to_numpy().sum() + df["carried"].sum())
0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..checks import is_int
from ..jit import lean, njit
from ..rng import SeedLike, draw_below, stream_state, uniform
from .betting import _apply_legal, _legal, _n_in_hand, _post_antes, _pot, _reset, _start_round
from .history import NO_SHOWDOWN, SHOWDOWN, VOID, results_frame
from .pots import _pay, _settle, _settle_split
from .strategies import _decide_on_state, strategy_table
from .structure import F_ANTE, F_VOID_UNOPENED, Structure
from .table_state import S_OPENER, S_TO_ACT, STACK, _new_state

__all__ = ["simulate_hands"]


@njit(cache=True, inline="always")
def _betting_round_with(st, decide, kinds, params, scores, info, draws, rng):
    """Play the current round of ``st`` to its end: the one betting loop of every game.

    Each seat in turn gets its legal row filled (R-P1: until the round is over) and
    ``decide(kinds, params, scores, info, draws, st, rng, seat)`` chooses ``(action, to)``,
    filling the view row (:func:`~.strategies._view`) first when its choice reads it.
    ``decide`` is a compiled function: :func:`_shared_decision` for the shared strategies of
    :mod:`.strategies`, or a game's own (Razz's tips player reads its card features from
    ``info``).  A game kernel passes its ``decide`` by name, so the kernel is compiled, and
    cached, with it.  ``kinds`` int64[seats] and ``params`` float64[seats, N_PARAMS] choose
    each seat's strategy; ``scores`` float64[seats] and ``draws`` int64[seats] are what the
    game shows them; ``rng`` is the kernel's random stream.

    Returns the number of players still in, or a negative error code if a strategy chose an
    illegal action (a bug).
    """
    while True:
        seat = st[S_TO_ACT]
        if seat < 0:
            break
        _legal(st, seat)
        action, to = decide(kinds, params, scores, info, draws, st, rng, seat)
        rc = _apply_legal(st, seat, action, to)
        if rc < 0:
            return rc
    return _n_in_hand(st)


@njit(cache=True, inline="always")
def _shared_decision(kinds, params, scores, info, draws, st, rng, seat):
    """The decision of the shared strategies for ``seat`` (``info`` unused)."""
    return _decide_on_state(kinds, params, scores, draws, st, rng, seat)


@lean()
def _betting_round(st, kinds, params, scores, draws, rng):
    """:func:`_betting_round_with` the shared strategies, as one plain loop: the game kernels
    of the shared strategies (2-7 Triple Draw, the betting-only simulator) call it per round, and
    a decision passed as an argument is a call per decision that costs them about 2 %."""
    while True:
        seat = st[S_TO_ACT]
        if seat < 0:
            break
        _legal(st, seat)
        action, to = _decide_on_state(kinds, params, scores, draws, st, rng, seat)
        rc = _apply_legal(st, seat, action, to)
        if rc < 0:
            return rc
    return _n_in_hand(st)


#: What a street or betting step returns to end the hand at once, unsettled (a void deal, R-D4).
END_HAND = -100


@njit(cache=True, inline="always")
def _play_rounds(
    st, structure, stacks, dealer, carried, ante, street, betting, showdown, table, game, work, rng, payout
):
    """The one hand of every poker game: reset, antes, the rounds, settle, pay (R-P1–R-P4).

    The game brings its steps as compiled functions, called with its own ``table``, ``game``
    and ``work`` tuples:

    - ``street(r, table, st, game, work, rng)`` before betting round ``r``: deal or draw, show
      the strategies their scores; returns the seat that opens the round (-1: the structure's
      rule) or :data:`END_HAND`;
    - ``betting(r, table, st, game, work, rng)`` plays the round; returns the players still in,
      a negative error, or :data:`END_HAND`;
    - ``showdown(table, st, game, work)`` returns ``(high, low, split)``: the strengths of the
      seats still in, and whether the pot is split between the best ``high`` and the best
      ``low`` (Stud Hi-Lo) or all goes to the best ``high``.

    A round with one player left ends the betting.  Fills ``payout`` and credits it; returns
    the players still in at the end, or the negative code that ended the hand (then nothing
    is settled: a void deal leaves the pot where it is).  Inlined into the game's kernel, so
    the steps are compiled into it.
    """
    _reset(st, stacks, dealer, carried)
    _post_antes(st, ante)
    n_in = _n_in_hand(st)
    for r in range(structure.limits.shape[0]):
        first = street(r, table, st, game, work, rng)
        if first == END_HAND:
            return END_HAND
        _start_round(st, structure, r, first)
        n_in = betting(r, table, st, game, work, rng)
        if n_in < 0:
            return n_in
        if n_in <= 1:
            break
    high, low, split = showdown(table, st, game, work)
    if split:
        _settle_split(st, high, low, payout)
    else:
        _settle(st, high, payout)
    _pay(st, payout)
    return _n_in_hand(st)


@njit(cache=True, inline="always")
def _given_first(r, table, st, game, work, rng):
    """The betting-only hand's street: nothing dealt; the seat ``given[r]`` may open."""
    return work[3][r]


@njit(cache=True, inline="always")
def _scored_round(r, table, st, game, work, rng):
    """The betting-only hand's round: the shared strategies on this round's scores and draws;
    a Diablo structure's deal that nobody opens is void (R-D4)."""
    kinds, params, void_unopened = game
    scores, draws, strengths, given, payout = work
    n_in = _betting_round(st, kinds, params, scores[r], draws[r], rng)
    if void_unopened:
        return _void_if_unopened(r, n_in, st, payout)
    return n_in


@njit(cache=True, inline="always")
def _void_if_unopened(r, n_in, st, payout):
    """After betting round ``r`` of a game where a deal nobody opens is void (R-D4, Diablo):
    :data:`END_HAND` with ``payout`` zero if nobody opened the first round, else ``n_in``."""
    if n_in >= 0 and r == 0 and st[S_OPENER] < 0:
        for s in range(payout.shape[0]):
            payout[s] = 0
        return END_HAND
    return n_in


@njit(cache=True, inline="always")
def _given_strengths(table, st, game, work):
    strengths = work[2]
    return strengths, strengths, False


@njit(cache=True)
def _play_hand(
    st, structure, stacks, dealer, dead, kinds, params, scores, draws, strengths, given, rng, payout
):
    """Play one hand; fill ``payout`` and credit it; return NO_SHOWDOWN, SHOWDOWN or VOID.

    ``scores`` float64[rounds, seats] and ``draws`` int64[rounds, seats] are shown to the
    strategies in each round, ``given`` int64[rounds] names the first seat for
    ``FIRST_GIVEN`` rounds, ``strengths`` int[seats] decide the showdown.  A void hand
    (R-D4) pays nothing: the pot, ``_pot(st)``, stays on the table.
    """
    game = (kinds, params, structure.forced[F_VOID_UNOPENED] != 0)
    work = (scores, draws, strengths, given, payout)
    n_in = _play_rounds(
        st,
        structure,
        stacks,
        dealer,
        dead,
        structure.forced[F_ANTE],
        _given_first,
        _scored_round,
        _given_strengths,
        stacks,
        game,
        work,
        rng,
        payout,
    )
    if n_in == END_HAND:
        return VOID
    if n_in < 0:
        return n_in
    return SHOWDOWN if n_in >= 2 else NO_SHOWDOWN


@njit(cache=True)
def _random_inputs(n, n_rounds, rng, scores, draws, strengths, given):
    """Random inputs of a betting-only hand: one uniform score per seat for the whole hand,
    its rank as showdown strength, random draw counts 0-3 after the first round, a random
    seat for ``FIRST_GIVEN`` rounds."""
    for s in range(n):
        u = uniform(rng)
        strengths[s] = np.int64(u * 1073741824.0)
        for r in range(n_rounds):
            scores[r, s] = u
            draws[r, s] = -1 if r == 0 else draw_below(rng, 4)
    for r in range(n_rounds):
        given[r] = draw_below(rng, n)


@njit(cache=True)
def _simulate_kernel(structure, stacks, kinds, params, rotate, rng, net, outcome, winner, pot, opener):
    n_hands, n = net.shape
    n_rounds = structure.limits.shape[0]
    st = _new_state(n, 0)
    scores = np.zeros((n_rounds, n))
    draws = np.zeros((n_rounds, n), dtype=np.int64)
    strengths = np.zeros(n, dtype=np.int64)
    given = np.zeros(n_rounds, dtype=np.int64)
    payout = np.zeros(n, dtype=np.int64)
    for h in range(n_hands):
        dealer = h % n if rotate else 0
        _random_inputs(n, n_rounds, rng, scores, draws, strengths, given)
        rc = _play_hand(
            st, structure, stacks, dealer, 0, kinds, params, scores, draws, strengths, given, rng, payout
        )
        outcome[h] = rc
        pot[h] = _pot(st)
        opener[h] = st[S_OPENER]
        best = -1
        for s in range(n):
            net[h, s] = st[STACK + s] - stacks[s]
            if payout[s] > 0 and (best < 0 or payout[s] > payout[best]):
                best = s
        winner[h] = best
        if rc < 0:
            break


def simulate_hands(
    structure: Structure,
    n_hands: int,
    strategies: str | Sequence,
    *,
    n_seats: int | None = None,
    stacks: int | Sequence[int] = 100,
    rotate_dealer: bool = True,
    seed: SeedLike = None,
) -> pd.DataFrame:
    """Play ``n_hands`` independent betting-only hands; one row of results per hand.

    Each seat gets a uniform random score for the hand (what its strategy sees) and the
    best score wins the showdown; every hand starts from ``stacks``.

    Parameters
    ----------
    structure
        A :class:`~simkit.poker.structure.Structure`.
    n_hands
        Number of hands.
    strategies
        Per seat, anything :func:`~simkit.poker.strategies.strategy_table` takes.
    n_seats
        Table size when one strategy is given for all seats.
    stacks
        Starting chips, one number or one per seat (0 = the seat is out, R-P4).
    rotate_dealer
        Move the dealer one seat left every hand (else seat 0 deals every hand).
    seed
        Seed for the hands and the strategies' random choices.

    Returns
    -------
    pandas.DataFrame
        See :func:`~simkit.poker.history.results_frame`.

    Examples
    --------
    >>> from simkit.poker.structure import triple_draw_27
    >>> df = simulate_hands(triple_draw_27(), 200, ["tight", "random", "check-call"], seed=3)
    >>> list(df.columns)[:5]
    ['net_0', 'net_1', 'net_2', 'showdown', 'void']
    >>> simulate_hands(triple_draw_27(), -1, "random", n_seats=2)
    Traceback (most recent call last):
    ...
    ValueError: n_hands must be a non-negative integer, got -1
    """
    if not is_int(n_hands) or n_hands < 0:
        raise ValueError(f"n_hands must be a non-negative integer, got {n_hands!r}")
    kinds, params = strategy_table(strategies, n_seats)
    n = kinds.size
    if not 2 <= n <= 10:
        raise ValueError(f"a table has 2..10 seats, got {n}")
    st = (
        np.broadcast_to(np.asarray(stacks), (n,)).astype(np.int64)
        if np.ndim(stacks) == 0
        else np.asarray(stacks)
    )
    if st.shape != (n,) or not np.issubdtype(st.dtype, np.integer) or (st < 0).any():
        raise ValueError(f"stacks must be one non-negative integer or one per seat, got {stacks!r}")
    st = np.ascontiguousarray(st, dtype=np.int64)
    net = np.zeros((n_hands, n), dtype=np.int64)
    outcome = np.zeros(n_hands, dtype=np.int64)
    winner = np.zeros(n_hands, dtype=np.int64)
    pot = np.zeros(n_hands, dtype=np.int64)
    opener = np.zeros(n_hands, dtype=np.int64)
    _simulate_kernel(
        structure,
        st,
        kinds,
        params,
        bool(rotate_dealer),
        stream_state(seed),
        net,
        outcome,
        winner,
        pot,
        opener,
    )
    if (outcome < 0).any():  # pragma: no cover - a strategy bug
        raise RuntimeError(f"illegal action chosen in hand {int(np.argmax(outcome < 0))}")
    return results_frame(net, outcome, winner, pot, opener)
