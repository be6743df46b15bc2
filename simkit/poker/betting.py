"""The betting state machine: forced bets, legal actions, applying an action, the end of a round.

Everything here is ``@njit`` and works on the state array ``st`` of
:mod:`simkit.poker.table_state`, so game kernels call it from their own compiled loops; the
same functions run from Python (the Python strategy path, tests).  A hand goes::

    _reset(st, stacks, dealer, dead)
    _post_antes(st, ante)
    for each round r:  _start_round(st, structure, r, given_seat)
                       while st[S_TO_ACT] >= 0:  _apply(st, st[S_TO_ACT], action, to)
                       (or table._betting_round with compiled strategies)
    pots._settle(st, strengths, payout); pots._pay(st, payout)

Rules implemented (ruling ids in brackets):

- A round ends when every player still in has put in the same amount or is all-in, and
  everyone has had a chance to act [R-P1]; with one player left the hand is over.  Blinds
  are not actions, so the big blind gets its option; the bring-in is an action, so when all
  just call it the round ends [R-Z2].
- Checking is allowed only with nothing to call; folding only when facing a bet.
- Fixed limit: every bet or raise is exactly the round's bet (a raise goes to the level to
  call plus the bet, also after a short all-in); spread limit: bet, or raise by,
  ``R_MIN..R_MAX``; no limit: bet at least ``R_MIN``, raise by at least the last full raise.
  ``R_CAP`` raises after the bet (a big blind or a completion counts as the bet) [R-T4,
  R-Z3, R-D6, R-T5].
- Razz third street: the bring-in seat brings in or completes; the others fold, call or
  complete; raises only after a completion [R-Z2].
- All-in [R-D7, R-P3]: a player short of a call calls all-in for less; a player may go
  all-in for less than a full bet or raise.  Such a short all-in raises the level but is not a
  full raise: it does not count towards the cap and does not reopen the betting for those who
  have already acted (they may only call or fold).  A short big blind still makes the others
  call the full blind.  Nobody may bet or raise when no other player could answer.
- Antes and blinds take what a short stack has; a stack emptied by them is all-in; players
  with no chips are out [R-P4]. Heads-up the dealer posts the small blind and acts first in
  the first round [R-T2].

``_apply`` returns 0 or a negative error code (``ERR_*``); on an error it changes nothing but
the legal-action scratch row.

>>> import numpy as np
>>> from simkit.poker.structure import diablo
>>> from simkit.poker.table_state import new_state
>>> st = new_state(3)
>>> _reset(st, np.array([100, 100, 100]), 2, 0); _post_antes(st, 1)
>>> _start_round(st, diablo(), 0, -1)
0
>>> _apply(st, 0, BET, 3), int(st[S_TO_ACT]), int(st[S_OPENER])
(0, 1, 0)
>>> _apply(st, 2, CALL, 0)  # seat 1 is to act
-1
"""

from __future__ import annotations

from ..jit import lean, njit
from .actions import (
    ALL_IN,
    ANTE,
    BET,
    BIG_BLIND,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FLAG_ALL_IN,
    FLAG_FULL,
    FOLD,
    NO_ACTION,
    RAISE,
    SMALL_BLIND,
)
from .structure import (
    F_BIG_BLIND,
    F_BRING_IN,
    F_SMALL_BLIND,
    FIRST_BLINDS,
    FIRST_DEALER_LEFT,
    FIRST_OPENER,
    FIXED,
    NO_LIMIT,
    R_CAP,
    R_FIRST,
    R_KIND,
    R_MAX,
    R_MIN,
)
from .table_state import (
    ACTED,
    G_ACTION,
    G_CHIPS,
    G_FLAGS,
    G_ROUND,
    G_SEAT,
    G_TO,
    L_AGG,
    L_BRING_IN,
    L_CALL,
    L_CALL_CHIPS,
    L_CHECK,
    L_END,
    L_FIRST,
    L_FOLD,
    L_FULL_TO,
    L_MAX_TO,
    L_MIN_TO,
    LOG,
    N_LOG_FIELDS,
    S_BETS,
    S_BRING_AMT,
    S_BRING_SEAT,
    S_CAP,
    S_DEAD,
    S_DEALER,
    S_KIND,
    S_LAST_AGGR,
    S_LEVEL,
    S_LOG_CAP,
    S_MAX,
    S_MIN,
    S_N_ACTIVE,
    S_N_IN,
    S_N_LOG,
    S_OPENER,
    S_POT,
    S_RAISE,
    S_ROUND,
    S_SEATS,
    S_TO_ACT,
    ST_ACTIVE,
    ST_ALL_IN,
    ST_FOLDED,
    ST_OUT,
    STACK,
    START,
    STATUS,
    STREET,
    TOTAL,
    in_hand,
    seat_left,
)

__all__: list[str] = []

# Error codes of ``_apply``.
ERR_TURN = -1  # not this seat's turn (or the round is over)
ERR_ACTION = -2  # this action is not allowed now
ERR_AMOUNT = -3  # the ``to`` of a bet/raise/completion is outside the allowed range

_BIG = 1 << 62  # "no limit"


@lean()
def _reset(st, stacks, dealer, dead):
    """Start a hand: seats with chips are dealt in, the others are out (R-P4).

    ``dead`` chips are already in the pot and belong to no seat (a carried pot, R-D4/R-D5).
    """
    n_in = 0
    for s in range(st[S_SEATS]):
        st[STACK + s] = stacks[s]
        st[START + s] = stacks[s]
        st[STREET + s] = 0
        st[TOTAL + s] = 0
        st[ACTED + s] = 0
        st[STATUS + s] = ST_ACTIVE if stacks[s] > 0 else ST_OUT
        n_in += stacks[s] > 0
    st[S_POT] = dead
    st[S_N_IN] = n_in
    st[S_N_ACTIVE] = n_in
    st[S_DEALER] = dealer
    st[S_ROUND] = -1
    st[S_LEVEL] = 0
    st[S_BETS] = 0
    st[S_RAISE] = 0
    st[S_TO_ACT] = -1
    st[S_OPENER] = -1
    st[S_LAST_AGGR] = -1
    st[S_DEAD] = dead
    st[S_BRING_SEAT] = -1
    st[S_BRING_AMT] = 0
    st[S_N_LOG] = 0


@lean()
def _log(st, seat, action, chips, flags):
    """Record one action (dropped, but counted, when the record is full)."""
    k = st[S_N_LOG]
    if k < st[S_LOG_CAP]:
        row = LOG + k * N_LOG_FIELDS
        st[row + G_ROUND] = st[S_ROUND]
        st[row + G_SEAT] = seat
        st[row + G_ACTION] = action
        st[row + G_CHIPS] = chips
        st[row + G_TO] = st[STREET + seat]
        st[row + G_FLAGS] = flags
    st[S_N_LOG] = k + 1


@lean()
def _forced_chips(st, n, out):
    """The forced chips (antes, blinds, a bring-in) each of the ``n`` seats posted in the hand
    of ``st`` into ``out``, read from the hand record (it needs a record of enough rows)."""
    for s in range(n):
        out[s] = 0
    for k in range(min(st[S_N_LOG], st[S_LOG_CAP])):
        row = LOG + k * N_LOG_FIELDS
        a = st[row + G_ACTION]
        if a == ANTE or a == SMALL_BLIND or a == BIG_BLIND or a == BRING_IN:
            out[st[row + G_SEAT]] += st[row + G_CHIPS]


@lean()
def _put(st, seat, chips, action, flags):
    """Move ``chips`` of ``seat`` into the pot (into this round's bets unless an ante) and
    record ``action`` with ``flags``; an emptied stack is all-in (adds FLAG_ALL_IN)."""
    st[STACK + seat] -= chips
    st[TOTAL + seat] += chips
    st[S_POT] += chips
    if action != ANTE:
        st[STREET + seat] += chips
    if st[STACK + seat] == 0:
        if st[STATUS + seat] == ST_ACTIVE:
            st[S_N_ACTIVE] -= 1
        st[STATUS + seat] = ST_ALL_IN
        flags |= FLAG_ALL_IN
    _log(st, seat, action, chips, flags)


@lean()
def _post_antes(st, ante):
    """Every seat in the hand antes ``ante`` (or all it has); antes are not round bets."""
    if ante <= 0:
        return
    for s in range(st[S_SEATS]):
        if st[STATUS + s] == ST_ACTIVE:
            _put(st, s, min(ante, st[STACK + s]), ANTE, 0)


@njit(cache=True, inline="always")
def _n_in_hand(st):
    """Players not folded and not out: they contest the pot (the running tally)."""
    return st[S_N_IN]


@lean()
def _next_in_hand(st, seat):
    """The first seat from ``seat`` clockwise (``seat`` included) still in the hand."""
    n = st[S_SEATS]
    for k in range(n):
        s = seat_left(seat, k, n)
        if in_hand(st, s):
            return s
    return -1


@lean()
def _blind_seats(st):
    """(small blind, big blind, first to act) for the dealer of ``st`` (R-T2).

    With three or more players the blinds sit left of the dealer and the player left of the
    big blind starts; heads-up the dealer posts the small blind and starts.
    """
    n = st[S_SEATS]
    dealer = st[S_DEALER]
    n_in = _n_in_hand(st)
    if n_in < 2:
        return -1, -1, -1
    if n_in == 2:
        sb = _next_in_hand(st, dealer)
        bb = _next_in_hand(st, seat_left(sb, 1, n))
        return sb, bb, sb
    sb = _next_in_hand(st, seat_left(dealer, 1, n))
    bb = _next_in_hand(st, seat_left(sb, 1, n))
    return sb, bb, seat_left(bb, 1, n)


@lean()
def _seek(st, seat):
    """Set and return the next seat to act from ``seat`` clockwise, or -1: round over.

    R-P1: a seat still has to act if it is short of the level, or has not acted since the
    last full bet while another player could still answer a bet; with one player left
    nobody acts.
    """
    n = st[S_SEATS]
    level = st[S_LEVEL]
    n_can = st[S_N_ACTIVE]
    nxt = -1
    if st[S_N_IN] >= 2:
        s = seat
        for _ in range(n):
            if st[STATUS + s] == ST_ACTIVE and (
                st[STREET + s] < level or (st[ACTED + s] == 0 and n_can >= 2)
            ):
                nxt = s
                break
            s += 1
            if s == n:
                s = 0
    st[S_TO_ACT] = nxt
    return nxt


@lean()
def _start_round(st, structure, r, given):
    """Begin betting round ``r`` and return the first seat to act (-1: nothing to bet).

    Who starts follows ``structure.limits[r, R_FIRST]``: blinds are posted here for
    ``FIRST_BLINDS``; ``FIRST_GIVEN`` starts from seat ``given`` (the bring-in seat, R-Z2, or
    the lowest visible hand, R-Z3).  A starting seat that cannot act passes the turn on
    clockwise (Diablo: a folded opener, R-D3).
    """
    limits = structure.limits
    forced = structure.forced
    n = st[S_SEATS]
    st[S_ROUND] = r
    st[S_KIND] = limits[r, R_KIND]
    st[S_MIN] = limits[r, R_MIN]
    st[S_MAX] = limits[r, R_MAX]
    st[S_CAP] = limits[r, R_CAP]
    st[S_LEVEL] = 0
    st[S_BETS] = 0
    st[S_RAISE] = limits[r, R_MIN]
    st[S_LAST_AGGR] = -1
    st[S_BRING_SEAT] = -1
    st[S_BRING_AMT] = 0
    for s in range(n):
        st[STREET + s] = 0
        st[ACTED + s] = 0
    rule = limits[r, R_FIRST]
    first = seat_left(st[S_DEALER], 1, n)
    if rule == FIRST_BLINDS:
        sb, bb, first = _blind_seats(st)
        if bb >= 0:
            small = forced[F_SMALL_BLIND]
            big = forced[F_BIG_BLIND]
            if small > 0 and st[STATUS + sb] == ST_ACTIVE:
                _put(st, sb, min(small, st[STACK + sb]), SMALL_BLIND, 0)
            if big > 0 and st[STATUS + bb] == ST_ACTIVE:
                _put(st, bb, min(big, st[STACK + bb]), BIG_BLIND, 0)
            st[S_LEVEL] = big  # a short big blind still has to be called in full
            st[S_BETS] = 1  # the big blind is the round's bet
            st[S_RAISE] = big
        else:
            first = 0
    elif rule == FIRST_OPENER:
        if st[S_OPENER] >= 0:
            first = st[S_OPENER]
    elif rule != FIRST_DEALER_LEFT:
        if 0 <= given < n:
            first = given
        if r == 0 and forced[F_BRING_IN] > 0 and st[STATUS + first] == ST_ACTIVE:
            st[S_BRING_SEAT] = first
            st[S_BRING_AMT] = forced[F_BRING_IN]
    return _seek(st, first)


@lean(inline=True)
def _legal(st, seat):
    """Fill the legal row ``st[L_*]`` with what ``seat`` may do now."""
    for k in range(L_FIRST, L_END):
        st[k] = 0
    st[L_AGG] = NO_ACTION
    if st[STATUS + seat] != ST_ACTIVE:
        return
    level = st[S_LEVEL]
    street = st[STREET + seat]
    stack = st[STACK + seat]
    to_call = level - street if level > street else 0
    bring = st[S_BRING_SEAT] == seat
    if bring:
        st[L_BRING_IN] = street + min(st[S_BRING_AMT], stack)
    elif to_call > 0:
        st[L_FOLD] = 1
        st[L_CALL] = 1
        st[L_CALL_CHIPS] = min(to_call, stack)
    else:
        st[L_CHECK] = 1
    # May this seat bet or raise at all?
    if stack <= to_call or st[ACTED + seat] != 0:
        return
    if bring and stack <= st[S_BRING_AMT]:
        return
    cap = st[S_CAP]
    if cap >= 0 and st[S_BETS] >= cap + 1:
        return
    if st[S_N_ACTIVE] <= 1:  # nobody else could answer (this seat is active)
        return
    kind = st[S_KIND]
    if st[S_BETS] == 0:
        st[L_AGG] = BET if level == 0 and not bring else COMPLETE
        lo = st[S_MIN]
        hi = lo if kind == FIXED else (st[S_MAX] if kind != NO_LIMIT else _BIG)
    else:
        st[L_AGG] = RAISE
        if kind == NO_LIMIT:
            lo = level + st[S_RAISE]
            hi = _BIG
        else:
            lo = level + st[S_MIN]
            hi = level + (st[S_MIN] if kind == FIXED else st[S_MAX])
    st[L_FULL_TO] = lo
    all_in_to = street + stack
    if all_in_to < lo:
        lo = all_in_to
        hi = all_in_to
    elif all_in_to < hi:
        hi = all_in_to
    st[L_MIN_TO] = lo
    st[L_MAX_TO] = hi


@lean()
def _apply_legal(st, seat, action, to):
    """Apply ``(action, to)`` for ``seat`` whose legal row ``st[L_*]`` is filled; 0 or an
    error code (the state is unchanged on an error)."""
    if seat != st[S_TO_ACT] or seat < 0:
        return ERR_TURN
    street = st[STREET + seat]
    stack = st[STACK + seat]
    if action == ALL_IN:
        all_in_to = street + stack
        if st[L_BRING_IN] > 0 and all_in_to == st[L_BRING_IN]:
            action = BRING_IN
        elif st[L_CALL] != 0 and st[L_CALL_CHIPS] == stack:
            action = CALL
        elif st[L_AGG] != NO_ACTION and st[L_MIN_TO] <= all_in_to <= st[L_MAX_TO]:
            action = st[L_AGG]
            to = all_in_to
        else:
            return ERR_ACTION
    if action == FOLD:
        if st[L_FOLD] == 0:
            return ERR_ACTION
        st[STATUS + seat] = ST_FOLDED
        st[S_N_IN] -= 1
        st[S_N_ACTIVE] -= 1
        _log(st, seat, FOLD, 0, 0)
    elif action == CHECK:
        if st[L_CHECK] == 0:
            return ERR_ACTION
        _log(st, seat, CHECK, 0, 0)
    elif action == CALL:
        if st[L_CALL] == 0:
            return ERR_ACTION
        _put(st, seat, st[L_CALL_CHIPS], CALL, 0)
    elif action == BRING_IN:
        if st[L_BRING_IN] <= 0:
            return ERR_ACTION
        _put(st, seat, st[L_BRING_IN] - street, BRING_IN, 0)
        if st[L_BRING_IN] > st[S_LEVEL]:
            st[S_LEVEL] = st[L_BRING_IN]
        st[S_BRING_SEAT] = -1
    elif action == BET or action == RAISE or action == COMPLETE:
        if st[L_AGG] != action:
            return ERR_ACTION
        if to < st[L_MIN_TO] or to > st[L_MAX_TO]:
            return ERR_AMOUNT
        old = st[S_LEVEL]
        if to > old:
            st[S_LEVEL] = to
        full = to >= st[L_FULL_TO]
        if full:
            st[S_RAISE] = to if st[S_BETS] == 0 else to - old
            st[S_BETS] += 1
            for s in range(st[S_SEATS]):
                st[ACTED + s] = 0  # a full bet or raise reopens the betting
        st[S_LAST_AGGR] = seat
        st[S_BRING_SEAT] = -1
        if st[S_ROUND] == 0 and st[S_OPENER] < 0:
            st[S_OPENER] = seat  # R-D3: the first bet of the first round
        _put(st, seat, to - street, action, FLAG_FULL if full else 0)
    else:
        return ERR_ACTION
    st[ACTED + seat] = 1
    nxt = seat + 1
    _seek(st, nxt if nxt < st[S_SEATS] else 0)
    return 0


@lean()
def _apply(st, seat, action, to):
    """Apply ``(action, to)`` for ``seat`` if legal (0) or return a negative error code."""
    if seat < 0 or seat >= st[S_SEATS]:
        return ERR_TURN
    _legal(st, seat)
    return _apply_legal(st, seat, action, to)


@lean()
def _round_over(st):
    """True when nobody has to act any more in this round (R-P1)."""
    return st[S_TO_ACT] < 0


@lean()
def _pot(st):
    """All chips in the pot: every seat's commitment plus the dead chips."""
    return st[S_POT]
