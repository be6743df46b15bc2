"""Chips near the limit (issue #17, item 4): the statistics of every game stay right when the
chip amounts are as large as the engines accept (up to 2**53), never wrapping around in int64.

The check needs no reference: multiply every chip amount of a table (stacks, antes, blinds,
bets, the In-Between pot) by ``K``, a power of two, and play the same seed.  Every decision
reads chips only through ratios (pot odds, fractions of the pot), which a power of two leaves
bit for bit the same, so every hand is played the same way and every chip result is exactly
``K`` times the small table's: means and standard errors exactly ``K`` times, sums of squares
exactly ``K**2`` times.  Before the chip sums and their squares were kept in float64, the big
tables' squares wrapped around (a standard error of 0.0, or a negative sum).
"""

from __future__ import annotations

import numpy as np

from simkit.checks import INT_LIMIT

K = 2**40  # the big tables hold about 2**48 chips a seat: near the 2**53 limit


def test_razz_chip_results_scale_exactly():
    from simkit.games.razz.jobs import match
    from simkit.games.razz.rules import Rules

    small = Rules(stacks=200, ante=1, bring_in=2, small_bet=5, big_bet=10)
    big = Rules(stacks=200 * K, ante=K, bring_in=2 * K, small_bet=5 * K, big_bet=10 * K)
    assert 200 * K < INT_LIMIT
    players = ["check-call", "random", "random"]  # the tips player rounds chip fractions
    a = match(players, 3000, rules=small, seed=4, quiet=True)
    b = match(players, 3000, rules=big, seed=4, quiet=True)
    assert (a["se"] > 0).all()
    np.testing.assert_array_equal(b["chips_per_hand"], K * a["chips_per_hand"])
    np.testing.assert_array_equal(b["se"], K * a["se"])
    np.testing.assert_array_equal(b["win_rate"], a["win_rate"])


def test_triple_draw_chip_results_scale_exactly():
    from simkit.games.triple_draw.jobs import match
    from simkit.games.triple_draw.rules import Rules

    small = Rules(stacks=200, small_blind=1, big_blind=2, small_bet=2, big_bet=4)
    big = Rules(stacks=200 * K, small_blind=K, big_blind=2 * K, small_bet=2 * K, big_bet=4 * K)
    players = ("tight", "loose", "station")
    a = match(players, hands=3000, rules=small, seed=4, quiet=True)
    b = match(players, hands=3000, rules=big, seed=4, quiet=True)
    assert (a["se"] > 0).all()
    np.testing.assert_array_equal(b["chips_per_hand"], K * a["chips_per_hand"])
    np.testing.assert_array_equal(b["se"], K * a["se"])


def test_diablo_chip_results_scale_exactly():
    from simkit.games.diablo.engine import SEAT_SUMS, SUMS
    from simkit.games.diablo.jobs import simulate
    from simkit.games.diablo.rules import Rules

    # fixed bets (a spread of one amount): a bet chosen inside a spread is rounded to chips
    small = Rules(stacks=100, ante=1, before=(2, 2), after=(4, 4))
    big = Rules(stacks=100 * K, ante=K, before=(2 * K, 2 * K), after=(4 * K, 4 * K))
    players = ["trips", "two_pair", "jacks"]
    a = simulate(players, 400, rules=small, seed=4, quiet=True)
    b = simulate(players, 400, rules=big, seed=4, quiet=True)
    net, net2 = SEAT_SUMS.index("net"), SEAT_SUMS.index("net2")
    assert (a.totals["seat"][:, net2] > 0).all()
    np.testing.assert_array_equal(b.totals["seat"][:, net], K * a.totals["seat"][:, net])
    np.testing.assert_array_equal(b.totals["seat"][:, net2], K * K * a.totals["seat"][:, net2])
    pot2 = SUMS.index("pot2")
    assert b.totals["acc"][pot2] == K * K * a.totals["acc"][pot2] > 0
    assert b.summary["max_pot"] == K * a.summary["max_pot"] > 0
    assert b.summary["penalty_chips"] == K * a.summary["penalty_chips"]
    assert b.summary["chip_errors"] == 0


def test_in_between_chip_results_scale_exactly():
    from simkit.games.in_between import engine as E
    from simkit.games.in_between.jobs import match
    from simkit.games.in_between.rules import Rules

    small = Rules(pot=20, stacks=100, ante=1)
    big = Rules(pot=20 * K, stacks=100 * K, ante=K)
    players = ["pot:1@8", "pot:1@9", "pot:1@10"]  # the whole pot: no rounding of a fraction
    a = match(players, rules=small, hands=2000, seed=4, quiet=True)
    b = match(players, rules=big, hands=2000, seed=4, quiet=True)
    sa, sb = a.totals["seat_stats"], b.totals["seat_stats"]
    assert (sa[:, E.SO_NET_SQ] > 0).all()
    np.testing.assert_array_equal(sb[:, E.SO_NET], K * sa[:, E.SO_NET])
    np.testing.assert_array_equal(sb[:, E.SO_NET_SQ], K * K * sa[:, E.SO_NET_SQ])
    assert b.dealer["net_se"] == K * a.dealer["net_se"] > 0
    assert b.conservation_errors == 0


def test_evening_chip_results_scale_exactly():
    import simkit

    a = simkit.evening("razz", ["check-call", "random", "random"], evenings=40, stacks=100, seed=4)
    rules = dict(ante=K, bring_in=2 * K, small_bet=5 * K, big_bet=10 * K)
    from simkit.games.razz.rules import Rules

    b = simkit.evening(
        "razz", ["check-call", "random", "random"], evenings=40, stacks=100 * K, seed=4, rules=Rules(**rules)
    )
    assert (a.seats["final_chips_se"] > 0).all()
    np.testing.assert_array_equal(b.seats["final_chips"], K * a.seats["final_chips"])
    np.testing.assert_array_equal(b.seats["final_chips_se"], K * a.seats["final_chips_se"])
    np.testing.assert_array_equal(b.seats["win"], a.seats["win"])
