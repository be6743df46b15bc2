"""Side pots and showdown payouts against a slow reference written from R-P2/R-P3, hand-made
all-in cases, and the same through the betting engine."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from simkit.poker.actions import ALL_IN, CALL, CHECK
from simkit.poker.betting import _apply
from simkit.poker.kernels import pay_out, pot_size, reset_hand, settle_pots, settle_split_pots, start_round
from simkit.poker.pots import settle, settle_split
from simkit.poker.structure import FIRST_DEALER_LEFT, NO_LIMIT, Round, make_structure
from simkit.poker.table_state import S_TO_ACT, Table, new_state


def reference_pots(contrib, folded, dead):
    """Pots as (eligible seats, chips), built chip level by chip level: the l-th chip of every
    seat that put in at least l chips goes to a pot that only the players still in who put in
    at least l chips may win (R-P3).  A chip at a level no player still in reached goes back to
    its owner (a pot of one); dead chips go to the main pot, which every player still in may
    win."""
    n = len(contrib)
    live = [s for s in range(n) if not folded[s]]
    pots = [[frozenset(live), dead]]
    for level in range(1, max(contrib) + 1):
        chips = sum(1 for c in contrib if c >= level)
        eligible = frozenset(s for s in live if contrib[s] >= level)
        if not eligible:
            for s in range(n):
                if contrib[s] >= level:
                    pots.append([frozenset([s]), 1])
        elif eligible == pots[-1][0]:
            pots[-1][1] += chips
        else:
            pots.append([eligible, chips])
    return pots


def reference_split(amount, winners, dealer, n, out):
    """Even split; the chips left over go one each to the winners from the dealer's left."""
    order = [(dealer + k) % n for k in range(1, n + 1)]
    share, rest = divmod(amount, len(winners))
    for s in order:
        if s in winners:
            out[s] += share + (1 if rest > 0 else 0)
            rest -= 1 if rest > 0 else 0


def reference_payouts(contrib, folded, strengths, dealer, dead=0, low=None):
    n = len(contrib)
    out = [0] * n
    for eligible, amount in reference_pots(contrib, folded, dead):
        if amount == 0:
            continue
        if len(eligible) == 1 and folded[next(iter(eligible))]:  # an uncalled chip goes back
            out[next(iter(eligible))] += amount
            continue
        qualified = [s for s in eligible if low is not None and low[s] > 0]
        if qualified:
            best_low = max(low[s] for s in qualified)
            lows = {s for s in qualified if low[s] == best_low}
            reference_split(amount // 2, lows, dealer, n, out)
            amount -= amount // 2
        best = max(strengths[s] for s in eligible)
        reference_split(amount, {s for s in eligible if strengths[s] == best}, dealer, n, out)
    return out


@hs.composite
def showdowns(draw, split=False, one_pot=False):
    """A showdown; ``one_pot``: every player still in put in the same and nobody more (the
    settlement's one-pass case)."""
    n = draw(hs.integers(2, 8))
    contrib = draw(hs.lists(hs.integers(0, 40), min_size=n, max_size=n))
    folded = draw(hs.lists(hs.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(hs.integers(0, n - 1))] = False
    if one_pot:
        level = max(contrib)
        contrib = [level if not f else c for c, f in zip(contrib, folded, strict=True)]
    strengths = draw(hs.lists(hs.integers(0, 3), min_size=n, max_size=n))
    low = draw(hs.lists(hs.integers(0, 2), min_size=n, max_size=n)) if split else None
    dealer = draw(hs.integers(0, n - 1))
    dead = draw(hs.integers(0, 9))
    return contrib, folded, strengths, low, dealer, dead


@settings(max_examples=400, deadline=None)
@given(showdowns())
def test_settle_matches_the_reference(case):
    contrib, folded, strengths, _, dealer, dead = case
    got = settle(contrib, folded, strengths, dealer, dead).tolist()
    assert got == reference_payouts(contrib, folded, strengths, dealer, dead)
    assert sum(got) == sum(contrib) + dead  # chips are conserved exactly
    top = max(contrib[s] for s in range(len(got)) if not folded[s])
    for s in range(len(got)):
        if folded[s]:  # R-P2: nothing won, only own chips nobody still in matched come back
            assert got[s] == max(contrib[s] - top, 0)
        else:  # R-P3: from each opponent at most what you put in
            assert got[s] <= sum(min(c, contrib[s]) for c in contrib) + dead


@settings(max_examples=300, deadline=None)
@given(showdowns(split=True))
def test_settle_split_matches_the_reference(case):
    contrib, folded, strengths, low, dealer, dead = case
    got = settle_split(contrib, folded, strengths, low, dealer, dead).tolist()
    assert got == reference_payouts(contrib, folded, strengths, dealer, dead, low)
    assert sum(got) == sum(contrib) + dead


@settings(max_examples=300, deadline=None)
@given(hs.one_of(showdowns(one_pot=True), showdowns(split=True, one_pot=True)))
def test_one_pot_matches_the_reference(case):
    """The common case (no side pot) that the settlement finds in one pass, high and hi-lo."""
    contrib, folded, strengths, low, dealer, dead = case
    if low is None:
        got = settle(contrib, folded, strengths, dealer, dead).tolist()
    else:
        got = settle_split(contrib, folded, strengths, low, dealer, dead).tolist()
    assert got == reference_payouts(contrib, folded, strengths, dealer, dead, low)
    assert sum(got) == sum(contrib) + dead


def test_three_all_ins_of_different_sizes_by_hand():
    """A all-in 20, B all-in 50, C all-in 80, D calls 80: main pot 80 (all four), side pot 90
    (B, C, D), side pot 60 (C, D)."""
    c = [20, 50, 80, 80]
    no = [False] * 4
    assert settle(c, no, [9, 5, 7, 1], dealer=3).tolist() == [80, 0, 150, 0]
    assert settle(c, no, [1, 9, 5, 7], dealer=3).tolist() == [0, 170, 0, 60]
    assert settle(c, no, [1, 2, 3, 9], dealer=3).tolist() == [0, 0, 0, 230]
    assert settle(c, no, [9, 9, 9, 9], dealer=3).tolist() == [20, 50, 80, 80]
    # A and D tie best: they share the main pot; D alone is best of the rest
    assert settle(c, no, [9, 1, 2, 9], dealer=3).tolist() == [40, 0, 0, 190]
    # D folded after putting in 80: C takes both side pots, D wins nothing (R-P2)
    assert settle(c, [False, False, False, True], [1, 2, 3, 9], dealer=3).tolist() == [0, 0, 230, 0]


def test_odd_chips_go_to_the_first_tied_players_left_of_the_dealer():
    """R-P3: 25 chips split three ways: 8 each and the 1 left over to the first tied player
    left of the dealer; 26 chips: 2 left over, one each to the first two."""
    c = [5, 5, 5, 5, 5]
    no = [False] * 5
    assert settle(c, no, [7, 1, 7, 7, 1], dealer=2).tolist() == [8, 0, 8, 9, 0]
    assert settle(c, no, [7, 1, 7, 7, 1], dealer=2, dead=1).tolist() == [9, 0, 8, 9, 0]
    assert settle(c, no, [7, 1, 7, 7, 1], dealer=4).tolist() == [9, 0, 8, 8, 0]


def test_hi_lo_halves_each_pot_and_high_takes_all_without_a_qualifying_low():
    no = [False] * 3
    # 15 chips: high half 8 (with the odd chip) to seat 0, low half 7 to seat 2
    assert settle_split([5, 5, 5], no, [9, 1, 2], [0, 1, 5], dealer=0).tolist() == [8, 0, 7]
    # main pot 30 halved 15/15; seat 2's uncalled chip is its own side pot
    c = [10, 10, 11]
    assert settle_split(c, no, [9, 1, 2], [0, 1, 5], dealer=0).tolist() == [15, 0, 16]
    assert settle_split(c, no, [9, 1, 2], [0, 0, 0], dealer=0).tolist() == [30, 0, 1]
    # one player scoops both halves
    assert settle_split(c, no, [1, 9, 2], [0, 7, 5], dealer=0).tolist() == [0, 30, 1]


def test_all_ins_played_through_the_engine_settle_like_the_reference():
    s = make_structure([Round(NO_LIMIT, 2, cap=-1, first=FIRST_DEALER_LEFT)])
    st = new_state(4)
    reset_hand(st, np.array([20, 50, 80, 200]), 3, 0)
    start_round(st, s, 0, -1)
    for seat in range(3):
        assert st[S_TO_ACT] == seat and _apply(st, seat, ALL_IN, 0) == 0
    assert _apply(st, 3, CALL, 0) == 0 and st[S_TO_ACT] == -1
    t = Table(st)
    assert t.total.tolist() == [20, 50, 80, 80] and pot_size(st) == 230
    strengths = np.array([9, 5, 7, 1])
    payout = np.zeros(4, dtype=np.int64)
    settle_pots(st, strengths, payout)
    assert payout.tolist() == reference_payouts([20, 50, 80, 80], [False] * 4, [9, 5, 7, 1], 3)
    pay_out(st, payout)
    assert t.stack.tolist() == [80, 0, 150, 120]
    assert t.stack.sum() == 350  # chips conserved
    lo = np.array([1, 0, 3, 2])
    settle_split_pots(st, strengths, lo, payout)
    assert payout.tolist() == reference_payouts(
        [20, 50, 80, 80], [False] * 4, [9, 5, 7, 1], 3, low=[1, 0, 3, 2]
    )


def test_small_blind_folding_to_a_short_all_in_big_blind_gets_its_unmatched_chip_back():
    """Heads-up, the big blind went all-in on the ante and posted nothing; the small blind
    must call the full blind (the usual rule), folds, and its blind was matched by nobody:
    the all-in player wins the antes, the small blind's chip goes back (R-P3)."""
    from simkit.poker.actions import FOLD
    from simkit.poker.kernels import post_antes
    from simkit.poker.structure import triple_draw_27

    s = triple_draw_27(ante=1)
    st = new_state(2)
    reset_hand(st, np.array([1, 12]), 1, 0)
    post_antes(st, 1)
    assert start_round(st, s, 0, -1) == 1
    assert _apply(st, 1, FOLD, 0) == 0
    payout = np.zeros(2, dtype=np.int64)
    settle_pots(st, np.array([0, 0]), payout)
    assert payout.tolist() == [2, 1]
    pay_out(st, payout)
    assert Table(st).stack.tolist() == [2, 11]


def test_uncontested_pot_goes_to_the_last_player_without_a_showdown():
    st = new_state(3)
    s = make_structure([Round(NO_LIMIT, 2, cap=-1, first=FIRST_DEALER_LEFT)])
    reset_hand(st, np.array([10, 10, 10]), 0, 4)
    start_round(st, s, 0, -1)
    assert _apply(st, 1, CHECK, 0) == 0
    assert _apply(st, 2, ALL_IN, 0) == 0
    from simkit.poker.actions import FOLD

    assert _apply(st, 0, FOLD, 0) == 0 and _apply(st, 1, FOLD, 0) == 0
    payout = np.zeros(3, dtype=np.int64)
    settle_pots(st, np.array([5, 5, 0]), payout)  # strengths are not looked at
    assert payout.tolist() == [0, 0, 14]


@pytest.mark.parametrize(
    "bad, message",
    [
        (dict(contributions=[1]), "contributions must be 2..10"),
        (dict(contributions=[1, -1]), r"contributions must be integers 0..2\*\*53, got \[1, -1\]"),
        (dict(contributions=[True, 2]), r"contributions must be integers 0..2\*\*53, got \[True, 2\]"),
        (dict(contributions=[2**62, 2**62]), "contributions must be integers 0..2"),
        (dict(folded=[True, True]), "at least one player"),
        (dict(dealer=5), "dealer must be a seat"),
        (dict(strengths=[1.5, 2]), "strengths must be 2 integer"),
        (dict(dead=-2), "dead must be"),
        (dict(dead=2**63), r"dead must be an integer 0..2\*\*53, got 9223372036854775808"),
    ],
)
def test_settle_rejects_bad_input(bad, message):
    args = dict(contributions=[1, 2], folded=[False, False], strengths=[1, 2], dealer=0, dead=0)
    args.update(bad)
    with pytest.raises(ValueError, match=message):
        settle(**args)
