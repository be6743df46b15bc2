"""Property tests over more than a million random hands with random legal actions.

One compiled test kernel plays random hands (random table size, stacks from 0 to deep, random
dealer and carried pots) through the engine, choosing random legal actions and now and then
an illegal one.  Beside the engine it keeps its own shadow of the hand, written from the
rules, and counts every disagreement:

- chips conserved after every action and at the end of every hand, exactly;
- nobody acts out of turn: the engine's next seat is the one the rules name (R-P1, R-T2,
  R-D3, R-Z2, R-Z3), folded and all-in players never act;
- the legal actions are exactly those the rules allow, and every bet and raise applied stays
  inside the limits (R-T4, R-Z2, R-Z5, R-D6, R-T5) and the raise cap;
- every round ends exactly when R-P1 says;
- the opener is the first to bet in the first round (R-D3);
- illegal actions are refused and change nothing;
- payouts add up to the pot, folded players win nothing (R-P2), nobody wins from an opponent
  more than they put in (R-P3).
"""

import numpy as np
import pytest
from numba import njit

from simkit.poker.actions import (
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
from simkit.poker.betting import _apply
from simkit.poker.kernels import (
    legal_actions,
    new_hand_state,
    pay_out,
    players_in_hand,
    post_antes,
    reset_hand,
    settle_pots,
    start_round,
)
from simkit.poker.structure import (
    F_ANTE,
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
    SPREAD,
    Round,
    Structure,
    diablo,
    make_structure,
    razz,
    single_draw_27_no_limit,
    triple_draw_27,
)
from simkit.poker.table_state import (
    L_AGG,
    L_BRING_IN,
    L_CALL,
    L_CALL_CHIPS,
    L_CHECK,
    L_END,
    L_FIRST,
    L_FOLD,
    L_MAX_TO,
    L_MIN_TO,
    S_LEVEL,
    S_N_ACTIVE,
    S_N_IN,
    S_OPENER,
    S_POT,
    S_TO_ACT,
    ST_ACTIVE,
    ST_ALL_IN,
    ST_FOLDED,
    ST_OUT,
    STACK,
    STATUS,
    STREET,
    TOTAL,
)
from simkit.rng import draw_below, stream_state, uniform

# Violation counters and statistics returned by the kernel.
(
    V_CHIPS,
    V_TURN,
    V_LEGAL,
    V_LIMITS,
    V_ROUND_END,
    V_PAYOUT,
    V_REFUSE,
    V_STATE,
    V_OPENER,
    V_FORCED,
    N_VIOLATIONS,
) = range(11)
(
    C_HANDS,
    C_ACTIONS,
    C_SHOWDOWNS,
    C_ALL_INS,
    C_VOID,
    C_SHORT_RAISES,
    C_SIDE_POTS,
    C_REFUSED,
    C_CAPPED,
    C_RAISES,
) = range(N_VIOLATIONS, N_VIOLATIONS + 10)
N_COUNTS = N_VIOLATIONS + 10
BIG = 1 << 62


@njit(cache=True)
def _in(status, s):
    return status[s] == ST_ACTIVE or status[s] == ST_ALL_IN


@njit(cache=True)
def _must_act(status, street, acted, level, s, n):
    """R-P1 for one seat: a player still in and not all-in has to act while short of the
    level, or while they have not acted since the last full bet and someone else could still
    answer a bet."""
    if status[s] != ST_ACTIVE:
        return False
    others_can_bet = 0
    for t in range(n):
        if t != s and status[t] == ST_ACTIVE:
            others_can_bet += 1
    if street[s] < level:
        return True
    return not acted[s] and others_can_bet > 0


@njit(cache=True)
def _expected_next(status, street, acted, level, start, n):
    in_hand = 0
    for s in range(n):
        if _in(status, s):
            in_hand += 1
    if in_hand < 2:
        return -1
    for k in range(n):
        s = (start + k) % n
        if _must_act(status, street, acted, level, s, n):
            return s
    return -1


@njit(cache=True)
def _expected_legal(
    kind,
    small,
    big,
    cap,
    status,
    stack,
    street,
    acted,
    level,
    nbets,
    last_inc,
    bring_seat,
    bring_amt,
    s,
    n,
    out,
):
    """Legal row from the rules: out = fold, check, call, call_chips, bring_to, agg, lo, hi."""
    for k in range(8):
        out[k] = 0
    out[5] = NO_ACTION
    to_call = max(level - street[s], 0)
    pending = bring_seat == s
    if pending:
        out[4] = street[s] + min(bring_amt, stack[s])
    else:
        out[0] = 1 if to_call > 0 else 0
        out[1] = 1 if to_call == 0 else 0
        out[2] = 1 if to_call > 0 else 0
        out[3] = min(to_call, stack[s])
    can_answer = False
    for t in range(n):
        if t != s and status[t] == ST_ACTIVE:
            can_answer = True
    if stack[s] <= to_call or acted[s] or not can_answer:
        return
    if pending and stack[s] <= bring_amt:
        return
    if cap >= 0 and nbets > cap:
        return
    if nbets == 0:
        out[5] = BET if (level == 0 and not pending) else COMPLETE
        lo = small
        hi = small if kind == FIXED else (big if kind == SPREAD else BIG)
    else:
        out[5] = RAISE
        if kind == FIXED:
            lo = level + small
            hi = lo
        elif kind == SPREAD:
            lo = level + small
            hi = level + big
        else:
            lo = level + last_inc
            hi = BIG
    top = street[s] + stack[s]
    out[6] = min(lo, top)
    out[7] = min(hi, top)


@njit(cache=True)
def _property_kernel(limits, shadow_limits, forced, n_hands, min_seats, max_seats, deep, rng, counts):
    """The engine plays ``limits``; the shadow reads the rules from ``shadow_limits``."""
    structure = Structure(limits, forced)
    n_rounds = limits.shape[0]
    payout = np.zeros(10, dtype=np.int64)
    stacks = np.zeros(10, dtype=np.int64)
    strengths = np.zeros(10, dtype=np.int64)
    status = np.zeros(10, dtype=np.int64)
    stack = np.zeros(10, dtype=np.int64)
    street = np.zeros(10, dtype=np.int64)
    total = np.zeros(10, dtype=np.int64)
    acted = np.zeros(10, dtype=np.bool_)
    want = np.zeros(8, dtype=np.int64)
    ante, sb_amt, bb_amt = forced[F_ANTE], forced[F_SMALL_BLIND], forced[F_BIG_BLIND]
    bring_in = forced[F_BRING_IN]
    for _h in range(n_hands):
        n = min_seats + draw_below(rng, max_seats - min_seats + 1)
        st = new_hand_state(n, 0)
        n_chips = 0
        for s in range(n):
            if uniform(rng) < 0.08:
                stacks[s] = 0
            elif uniform(rng) < 0.5:
                stacks[s] = 1 + draw_below(rng, 12)
            else:
                stacks[s] = 1 + draw_below(rng, deep)
            if stacks[s] > 0:
                n_chips += 1
        if n_chips < 2:
            continue
        dealer = draw_below(rng, n)
        dead = draw_below(rng, 6) if uniform(rng) < 0.2 else 0
        start_chips = dead
        for s in range(n):
            start_chips += stacks[s]
        reset_hand(st, stacks, dealer, dead)
        post_antes(st, ante)
        counts[C_HANDS] += 1
        # shadow after the antes
        for s in range(n):
            status[s] = ST_OUT if stacks[s] == 0 else ST_ACTIVE
            paid = min(ante, stacks[s])
            stack[s] = stacks[s] - paid
            total[s] = paid
            if stacks[s] > 0 and stack[s] == 0:
                status[s] = ST_ALL_IN
        opener = -1
        void = False
        broken = False
        for r in range(n_rounds):
            kind, small, big = shadow_limits[r, R_KIND], shadow_limits[r, R_MIN], shadow_limits[r, R_MAX]
            cap, rule = shadow_limits[r, R_CAP], shadow_limits[r, R_FIRST]
            given = draw_below(rng, n)
            for s in range(n):
                street[s] = 0
                acted[s] = False
            level = 0
            nbets = 0
            last_inc = small
            bring_seat = -1
            if rule == FIRST_BLINDS:
                in_hand = 0
                for s in range(n):
                    if _in(status, s):
                        in_hand += 1
                first = 0
                if in_hand >= 2:
                    # seats in the hand clockwise from the dealer's left (R-T2)
                    a = -1
                    b = -1
                    for k in range(1, n + 1):
                        s = (dealer + k) % n
                        if _in(status, s):
                            if a < 0:
                                a = s
                            elif b < 0:
                                b = s
                    if in_hand == 2:
                        sb = dealer if _in(status, dealer) else a
                        bb = b if sb == a else a
                        first = sb
                    else:
                        sb, bb = a, b
                        first = (bb + 1) % n
                    for seat, amt in ((sb, sb_amt), (bb, bb_amt)):
                        if status[seat] == ST_ACTIVE and amt > 0:
                            paid = min(amt, stack[seat])
                            stack[seat] -= paid
                            street[seat] += paid
                            total[seat] += paid
                            if stack[seat] == 0:
                                status[seat] = ST_ALL_IN
                    level = bb_amt
                    nbets = 1
                    last_inc = bb_amt
            elif rule == FIRST_DEALER_LEFT:
                first = (dealer + 1) % n
            elif rule == FIRST_OPENER:
                first = opener if opener >= 0 else (dealer + 1) % n
            else:
                first = given
                if r == 0 and bring_in > 0 and status[first] == ST_ACTIVE:
                    bring_seat = first
            got = start_round(st, structure, r, given)
            for s in range(n):
                if (
                    st[STACK + s] != stack[s]
                    or st[STREET + s] != street[s]
                    or st[STATUS + s] != status[s]
                    or st[TOTAL + s] != total[s]
                ):
                    counts[V_FORCED] += 1
                    break
            expect = _expected_next(status, street, acted, level, first, n)
            if got != expect:
                counts[V_TURN] += 1
            while st[S_TO_ACT] >= 0:
                seat = st[S_TO_ACT]
                if seat != expect or status[seat] != ST_ACTIVE:
                    counts[V_TURN] += 1
                    break
                legal_actions(st, seat)
                _expected_legal(
                    kind,
                    small,
                    big,
                    cap,
                    status,
                    stack,
                    street,
                    acted,
                    level,
                    nbets,
                    last_inc,
                    bring_seat,
                    bring_in,
                    seat,
                    n,
                    want,
                )
                if (
                    st[L_FOLD] != want[0]
                    or st[L_CHECK] != want[1]
                    or st[L_CALL] != want[2]
                    or st[L_CALL_CHIPS] != want[3]
                    or st[L_BRING_IN] != want[4]
                    or st[L_AGG] != want[5]
                    or (want[5] != NO_ACTION and (st[L_MIN_TO] != want[6] or st[L_MAX_TO] != want[7]))
                ):
                    counts[V_LEGAL] += 1
                    break
                # now and then an illegal action: it must be refused and change nothing
                if uniform(rng) < 0.05:
                    bad = draw_below(rng, 8)
                    bad_to = draw_below(rng, 3 * (street[seat] + stack[seat]) + 3)
                    allowed = (
                        (bad == FOLD and want[0] == 1)
                        or (bad == CHECK and want[1] == 1)
                        or (bad == CALL and want[2] == 1)
                        or (bad == BRING_IN and want[4] > 0)
                        or (bad == want[5] and want[6] <= bad_to <= want[7])
                        or bad == ALL_IN
                    )
                    if not allowed:
                        before = st.copy()
                        rc = _apply(st, seat, bad, bad_to)
                        counts[C_REFUSED] += 1
                        if rc >= 0:
                            counts[V_REFUSE] += 1
                            break
                        for k in range(st.size):
                            if (k < L_FIRST or k >= L_END) and st[k] != before[k]:
                                counts[V_REFUSE] += 1
                                break
                # a random legal action, sometimes asked for as "all-in"
                n_opts = 2 if want[5] == NO_ACTION else 3
                pick = draw_below(rng, n_opts)
                to = 0
                if pick == 2:
                    real = want[5]
                    to = want[6] + draw_below(rng, min(want[7], want[6] + 1000) - want[6] + 1)
                elif pick == 1 and want[0] == 1:
                    real = FOLD
                elif want[4] > 0:
                    real = BRING_IN
                elif want[1] == 1:
                    real = CHECK
                else:
                    real = CALL
                action = real
                top = street[seat] + stack[seat]
                if uniform(rng) < 0.2 and (
                    (real == want[5] and want[7] == top)
                    or (real == CALL and want[3] == stack[seat])
                    or (real == BRING_IN and want[4] == top)
                ):
                    action = ALL_IN
                    if real == want[5]:
                        to = top
                # what the rules say the action does
                level_before = level
                bets_before = nbets
                inc_before = last_inc
                if real == FOLD:
                    status[seat] = ST_FOLDED
                elif real == CHECK:
                    pass
                elif real == CALL:
                    c = min(level - street[seat], stack[seat])
                    stack[seat] -= c
                    street[seat] += c
                    total[seat] += c
                elif real == BRING_IN:
                    c = want[4] - street[seat]
                    stack[seat] -= c
                    street[seat] += c
                    total[seat] += c
                    level = max(level, street[seat])
                    bring_seat = -1
                else:  # BET, RAISE or COMPLETE
                    if bets_before == 0:
                        full_to = small
                    elif kind == NO_LIMIT:
                        full_to = level_before + inc_before
                    else:
                        full_to = level_before + small
                    c = to - street[seat]
                    stack[seat] -= c
                    street[seat] += c
                    total[seat] += c
                    if to >= full_to:
                        last_inc = to if bets_before == 0 else to - level_before
                        nbets += 1
                        counts[C_RAISES] += 1
                        for t in range(n):
                            acted[t] = False
                    else:
                        counts[C_SHORT_RAISES] += 1
                    level = max(level, to)
                    bring_seat = -1
                    if r == 0 and opener < 0:
                        opener = seat
                    # the limits, checked on the action itself
                    inc = to - level_before
                    if bets_before == 0:
                        if kind == FIXED:
                            ok = to == small
                        elif kind == SPREAD:
                            ok = small <= to <= big
                        else:
                            ok = to >= small
                    elif kind == FIXED:
                        ok = inc == small
                    elif kind == SPREAD:
                        ok = small <= inc <= big
                    else:
                        ok = inc >= inc_before
                    if not ok and not (stack[seat] == 0 and to < full_to):
                        counts[V_LIMITS] += 1
                    if to <= level_before:
                        counts[V_LIMITS] += 1
                    if cap >= 0 and nbets > cap + 1:
                        counts[V_LIMITS] += 1
                    if nbets == cap + 1:
                        counts[C_CAPPED] += 1
                if stack[seat] == 0 and status[seat] == ST_ACTIVE:
                    status[seat] = ST_ALL_IN
                    counts[C_ALL_INS] += 1
                acted[seat] = True
                rc = _apply(st, seat, action, to)
                counts[C_ACTIONS] += 1
                if rc != 0:
                    counts[V_LEGAL] += 1
                    break
                chips = st[9]  # S_DEAD
                for s in range(n):
                    chips += st[STACK + s] + st[TOTAL + s]
                    if (
                        st[STACK + s] != stack[s]
                        or st[STREET + s] != street[s]
                        or st[STATUS + s] != status[s]
                        or st[TOTAL + s] != total[s]
                    ):
                        counts[V_STATE] += 1
                        break
                if chips != start_chips:
                    counts[V_CHIPS] += 1
                if st[S_LEVEL] != level:
                    counts[V_STATE] += 1
                # the running tallies agree with the shadow's seats
                pot = st[9]  # S_DEAD
                n_in = 0
                n_active = 0
                for s in range(n):
                    pot += total[s]
                    n_in += _in(status, s)
                    n_active += status[s] == ST_ACTIVE
                if st[S_POT] != pot or st[S_N_IN] != n_in or st[S_N_ACTIVE] != n_active:
                    counts[V_STATE] += 1
                expect = _expected_next(status, street, acted, level, (seat + 1) % n, n)
            if st[S_TO_ACT] != -1:
                broken = True  # a violation was counted; the hand cannot go on
                break
            # R-P1: the round is over only when nobody still has to act
            in_hand = 0
            for s in range(n):
                if _in(status, s):
                    in_hand += 1
            if in_hand >= 2:
                for s in range(n):
                    if _must_act(status, street, acted, level, s, n):
                        counts[V_ROUND_END] += 1
                        break
            if st[S_OPENER] != opener:
                counts[V_OPENER] += 1
            if r == 0 and forced[4] != 0 and opener < 0:
                void = True
                counts[C_VOID] += 1
                break
            if in_hand <= 1:
                break
        if void or broken:
            continue
        # showdown with random strengths (small range: ties happen)
        for s in range(n):
            strengths[s] = draw_below(rng, 5)
        settle_pots(st, strengths[:n], payout[:n])
        paid = 0
        top = 0
        levels = 0
        for s in range(n):
            paid += payout[s]
            if _in(status, s):
                top = max(top, total[s])
        for s in range(n):
            # R-P2: a folded player wins nothing; only own chips nobody still in matched
            # (a small blind folding to a short all-in big blind) come back
            if status[s] == ST_FOLDED and payout[s] != max(total[s] - top, 0):
                counts[V_PAYOUT] += 1
        pot = dead
        for s in range(n):
            pot += total[s]
        if paid != pot:
            counts[V_PAYOUT] += 1
        for s in range(n):
            if _in(status, s):
                bound = dead
                for t in range(n):
                    bound += min(total[t], total[s])
                if payout[s] > bound:
                    counts[V_PAYOUT] += 1
                distinct = True
                for t in range(s):
                    if _in(status, t) and total[t] == total[s]:
                        distinct = False
                if distinct:
                    levels += 1
        if levels > 1:
            counts[C_SIDE_POTS] += 1
        if players_in_hand(st) >= 2:
            counts[C_SHOWDOWNS] += 1
        pay_out(st, payout[:n])
        chips = 0
        for s in range(n):
            chips += st[STACK + s]
        if chips != start_chips:
            counts[V_CHIPS] += 1


STRUCTURES = {
    "diablo": (diablo(), 3, 7, 120),
    "triple_draw_27": (triple_draw_27(), 2, 6, 150),
    "triple_draw_27_ante": (triple_draw_27(ante=1), 2, 6, 80),
    "razz": (razz(), 2, 8, 200),
    "razz_private": (razz(private=True, ante=3), 2, 8, 100),
    "single_draw_nl": (single_draw_27_no_limit(), 2, 6, 300),
    "spread_nl_mix": (
        make_structure(
            [
                Round(SPREAD, 2, 7, cap=1),
                Round(NO_LIMIT, 3, cap=-1),
                Round(FIXED, 4, cap=0, first=FIRST_OPENER),
            ],
            ante=2,
        ),
        2,
        10,
        60,
    ),
}
HANDS = {
    "diablo": 200_000,
    "triple_draw_27": 200_000,
    "triple_draw_27_ante": 100_000,
    "razz": 200_000,
    "razz_private": 100_000,
    "single_draw_nl": 150_000,
    "spread_nl_mix": 100_000,
}
assert sum(HANDS.values()) >= 1_000_000


def run(name, n_hands, seed, shadow_limits=None):
    structure, lo, hi, deep = STRUCTURES[name]
    counts = np.zeros(N_COUNTS, dtype=np.int64)
    shadow = structure.limits if shadow_limits is None else shadow_limits
    _property_kernel(
        structure.limits, shadow, structure.forced, n_hands, lo, hi, deep, stream_state(seed), counts
    )
    return counts


@pytest.mark.parametrize("name", list(STRUCTURES))
def test_random_hands_keep_every_rule(name):
    counts = run(name, HANDS[name], seed=sorted(STRUCTURES).index(name))
    violations = dict(
        zip(
            [
                "chips",
                "turn",
                "legal",
                "limits",
                "round_end",
                "payout",
                "refuse",
                "state",
                "opener",
                "forced",
            ],
            counts[:N_VIOLATIONS].tolist(),
        )
    )
    assert all(v == 0 for v in violations.values()), violations
    hands = counts[C_HANDS]
    assert hands > 0.9 * HANDS[name]
    # the random play reaches the situations the rules are about
    assert counts[C_ACTIONS] > 3 * hands
    assert counts[C_ALL_INS] > 0.05 * hands
    assert counts[C_SIDE_POTS] > 0.01 * hands
    assert counts[C_SHORT_RAISES] > 0
    assert counts[C_REFUSED] > 0.05 * hands
    assert counts[C_RAISES] > hands
    assert counts[C_CAPPED] > 0 or name == "single_draw_nl"
    assert counts[C_SHOWDOWNS] > 0.05 * hands
    if name == "diablo":
        assert counts[C_VOID] > 0


@pytest.mark.parametrize(
    "column, value, name",
    [
        (R_CAP, 1, "triple_draw_27"),  # the shadow believes one raise only
        (R_MIN, 3, "razz"),  # the shadow believes a bet of 3
        (R_MAX, 4, "diablo"),  # the shadow believes bets of at most 4
        (R_FIRST, FIRST_DEALER_LEFT, "razz_private"),  # the shadow ignores the given first seat
    ],
)
def test_the_shadow_is_not_a_copy_of_the_engine(column, value, name):
    """A shadow that reads one limit differently must see violations: the checks bite."""
    shadow = STRUCTURES[name][0].limits.copy()
    shadow[:, column] = value
    counts = run(name, 3_000, seed=7, shadow_limits=shadow)
    assert counts[:N_VIOLATIONS].sum() > 0
    assert run(name, 3_000, seed=7)[:N_VIOLATIONS].sum() == 0
