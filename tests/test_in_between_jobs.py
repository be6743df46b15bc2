"""The dealer's game simulator (``jobs.py``: the job, ``simulate``) against exact expectations,
chip conservation, the Python path and refused stakes (R-I2, R-I3, R-I4)."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from in_between_naive import deals, heads_up_value, posts_of, third_card_ranks

from simkit.games.in_between import (
    DealerGameJob,
    PythonPolicy,
    Rules,
    evaluate_game_policy,
    fixed,
    kelly,
    never,
    pay_twice,
    pot_fraction,
    random_stake,
    simulate,
)
from simkit.games.in_between import engine as E


def _within(est, se, exact, k=3.0):
    assert abs(est - exact) <= k * se + 1e-12, f"{est} vs exact {exact} (se {se})"


def _ev_fixed_one(min_spread: int) -> Fraction:
    """Exact EV of staking 1 on every deal with spread >= min_spread (full deck)."""
    ev = Fraction(0)
    for r1, r2, w in deals():
        lo, hi = posts_of(r1, r2, False)
        if max(hi - lo - 1, 0) < min_spread:
            continue
        for r3, q in third_card_ranks([r1, r2]):
            v = r3 + 2
            ev += w * q * (1 if lo < v < hi else (-2 if v in (lo, hi) else -1))
    return ev


def test_heads_up_simulation_matches_exact_recursion():
    """One player against the dealer: pot 10, 30 chips, 2 rounds (small enough to recurse)."""
    cases = [
        (pot_fraction(0.5, min_spread=8), lambda lo, hi, p, c: p // 2 if hi - lo - 1 >= 8 else 0),
        (pot_fraction(1.0, min_spread=9), lambda lo, hi, p, c: p if hi - lo - 1 >= 9 else 0),
        (fixed(7, min_spread=7), lambda lo, hi, p, c: 7 if hi - lo - 1 >= 7 else 0),
    ]
    for policy, rule in cases:
        exact = heads_up_value(rule, chips=30, pot=10, rounds=2)
        r = simulate([never(), policy], hands=300_000, rules=Rules(pot=10, stacks=30, rounds=2), seed=11)
        row = r.seats.iloc[1]
        _within(row.net_mean, row.net_se, float(exact) - 30)
        _within(r.dealer["net_mean"], r.dealer["net_se"], 30 - float(exact))
        # the dynamic programme agrees with the recursion exactly
        assert evaluate_game_policy(policy, chips=30, pot=10, rounds=2) == pytest.approx(
            float(exact), abs=1e-9
        )
        assert r.conservation_errors == 0


def test_low_ace_heads_up_matches_exact():
    rule = lambda lo, hi, p, c: p // 2 if hi - lo - 1 >= 8 else 0
    exact = heads_up_value(rule, chips=30, pot=10, rounds=2, low_ace=True)
    assert exact != heads_up_value(rule, chips=30, pot=10, rounds=2)
    r = simulate(
        [never(), pot_fraction(0.5)],
        hands=150_000,
        rules=Rules(pot=10, stacks=30, rounds=2, low_ace=True),
        seed=12,
    )
    _within(r.seats.net_mean[1], r.seats.net_se[1], float(exact) - 30)


def test_many_players_fixed_stake_matches_exact():
    """Stake 1 from spread 8: the pot never runs short, so each player expects 3 x EV."""
    ev = float(_ev_fixed_one(8))
    r = simulate(fixed(1, min_spread=8), seats=5, hands=100_000, seed=3)
    for seat in range(1, 5):
        _within(r.seats.net_mean[seat], r.seats.net_se[seat], 3 * ev)
    _within(r.dealer["net_mean"], r.dealer["net_se"], -12 * ev)
    assert r.seats.net_mean[0] == r.dealer["net_mean"]  # seat 0 deals the one dealer's game


def test_three_posts_and_minimum_stake_match_exact():
    # three posts, one round: stake 1 on gap 1 from spread 8, then the forced ante (1) on gap 2
    ev = Fraction(0)
    for r1, r2, r3 in product(range(13), repeat=3):
        w = Fraction(4, 52) * Fraction(4 - (r2 == r1), 51) * Fraction(4 - (r3 == r1) - (r3 == r2), 50)
        left = [r1, r2, r3]
        for a, b, mult, play in ((r1, r2, 2, max(abs(r1 - r2) - 1, 0) >= 8), (r2, r3, 3, True)):
            if not play:
                continue
            lo, hi = min(a, b) + 2, max(a, b) + 2
            for r4, q in third_card_ranks(left):
                v = r4 + 2
                ev += w * q * (1 if lo < v < hi else (-mult if v in (lo, hi) else -1))
    r = simulate(
        [never(), fixed(1, min_spread=8)], hands=200_000, rules=Rules(rounds=1, three_posts=True), seed=5
    )
    _within(r.seats.net_mean[1], r.seats.net_se[1], float(ev))
    # minimum stake: a player who would always pass must stake the ante (1) on every hand
    ev_all = _ev_fixed_one(0)
    r = simulate([never(), never()], hands=200_000, rules=Rules(rounds=1, min_stake=True), seed=6)
    _within(r.seats.net_mean[1], r.seats.net_se[1], float(ev_all))


ALL_VARIANTS = [
    Rules(),
    Rules(low_ace=True),
    Rules(two_pass=True),
    Rules(ante_all=True, ante=2),
    Rules(ante_all=True, pairs="ante_back"),
    Rules(hidden=True),
    Rules(min_stake=True, ante=3),
    Rules(pairs="split"),
    Rules(three_posts=True, ante=2),
    Rules(two_pass=True, hidden=True, pairs="split", low_ace=True, min_stake=True),
]
POLICIES = [kelly(counting=True), pot_fraction(1.0), random_stake(), kelly(0.5), pay_twice()]


@pytest.mark.parametrize(
    "rules",
    ALL_VARIANTS,
    ids=lambda v: ",".join(v.variants + ((f"ante={v.ante}",) if v.ante != 1 else ())) or "base",
)
def test_chips_conserved_in_every_game(rules):
    r = simulate(POLICIES, hands=3000, deals=5, rules=rules, seed=9)
    assert r.conservation_errors == 0
    s = r.totals["seat_stats"]
    assert s[:, E.SO_NET].sum() == 0  # every trial: what some seats won, others lost
    assert (s[:, E.SO_BUSTS] <= r.totals["trials"]).all()
    assert r.decisions > 0


@pytest.mark.parametrize(
    "rules", [Rules(hidden=True, pairs="split"), Rules(two_pass=True), Rules(ante_all=True, three_posts=True)]
)
def test_a_full_table_never_runs_out_of_cards(rules):
    r = simulate(pot_fraction(1.0, min_spread=0), seats=24, hands=300, deals=3, rules=rules, seed=1)
    assert r.conservation_errors == 0 and r.decisions > 0


def test_variants_do_what_they_say():
    r = simulate(kelly(), seats=4, hands=3000, rules=Rules(pairs="split"), seed=2)
    assert r.seats.splits.sum() > 0  # a pair of deuces or aces is worth splitting for Kelly
    r = simulate(kelly(), seats=4, hands=3000, rules=Rules(ante_all=True, pairs="ante_back"), seed=2)
    assert r.totals["seat_stats"][:, E.SO_ANTE_BACK].sum() > 0
    r = simulate(kelly(), seats=4, hands=2000, rules=Rules(two_pass=True), seed=2)
    assert r.dealer["rounds_per_game"] > 3  # the deck, not the round count, ends the game
    assert r.totals["game_stats"][E.GO_RESHUFFLES] + r.totals["game_stats"][E.GO_SHUFFLES] > 2000
    r = simulate(kelly(), seats=4, hands=2000, rules=Rules(three_posts=True), seed=2)
    assert r.seats.decisions_per_trial[1:].mean() > 4  # two stakes per turn


def _mimic_pot_half(d):
    return min(d.pot // 2, d.max_stake) if d.spread >= 8 else 0


def _mimic_kelly(d):
    return min(int(math.floor(d.kelly_fraction * d.chips)), d.max_stake)


@pytest.mark.parametrize("rules", [Rules(), Rules(low_ace=True, two_pass=True)])
def test_python_policy_mimic_gives_identical_games(rules):
    compiled = [kelly(counting=True), pot_fraction(0.5), kelly(), random_stake()]
    mimic = [
        PythonPolicy(_mimic_kelly, counting=True),
        PythonPolicy(_mimic_pot_half),
        PythonPolicy(_mimic_kelly),
        random_stake(),
    ]
    a = simulate(compiled, hands=400, deals=2, rules=rules, seed=21)
    b = simulate(mimic, hands=400, deals=2, rules=rules, seed=21)
    for key in ("seat_stats", "game_stats"):
        np.testing.assert_array_equal(a.totals[key], b.totals[key])
    # and the Python engine with the compiled policies is the same game too
    c = simulate(compiled, hands=400, deals=2, rules=rules, seed=21, python_path=True)
    np.testing.assert_array_equal(a.totals["seat_stats"], c.totals["seat_stats"])


@pytest.mark.parametrize(
    "func, message",
    [
        (lambda d: -1, "cannot be negative"),
        (lambda d: d.pot + 1, "in the pot"),
        (lambda d: 2.5, "whole number"),
    ],
)
def test_python_policy_bad_stake_refused(func, message):
    with pytest.raises(ValueError, match=message):
        simulate([never(), PythonPolicy(func)], hands=50, seed=1)


def test_python_policy_above_own_chips_refused():
    # everyone owns 10; seat 2 stakes everything and loses often, so the pot outgrows seat 1,
    # who then stakes the whole pot: more than it owns
    greedy = PythonPolicy(lambda d: d.pot if d.pot > d.chips else 0)
    with pytest.raises(ValueError, match="owns only"):
        simulate(
            [never(), greedy, pot_fraction(1.0, min_spread=0)], hands=200, rules=Rules(stacks=10), seed=1
        )


def test_reproducible_and_independent_of_threads():
    a = simulate(POLICIES, hands=5000, seed=4, chunk_size=1000, threads=1)
    b = simulate(POLICIES, hands=5000, seed=4, chunk_size=1000, threads=2)
    np.testing.assert_array_equal(a.totals["seat_stats"], b.totals["seat_stats"])
    c = simulate(POLICIES, hands=5000, seed=5, chunk_size=1000)
    assert not np.array_equal(a.totals["seat_stats"], c.totals["seat_stats"])


def test_bad_arguments_refused():
    with pytest.raises(ValueError, match="players must be 2"):
        simulate(kelly(), seats=1)
    with pytest.raises(ValueError, match="rounds must be"):
        simulate(kelly(), seats=3, rules=Rules(rounds=0))
    with pytest.raises(ValueError, match="unknown policy"):
        simulate(["kelly", "bluff"])
    with pytest.raises(ValueError, match="ante_back"):
        simulate(kelly(), seats=3, rules=Rules(pairs="ante_back"))
    with pytest.raises(ValueError, match="3 policies"):
        simulate(["kelly"] * 3, seats=4)
    job = DealerGameJob(("kelly", "pot:0.5"))
    assert job.params()["players"] == ["kelly:1", "pot_fraction:0.5"]


class _Spy:
    """Stakes 1 exactly when the counting odds differ from the full-deck odds by ``gap``
    (``sign`` +1: counting says better), and records what it was told."""

    def __init__(self, sign: int, gap: float = 0.04):
        self.sign, self.gap, self.told = sign, gap, []

    def __call__(self, d):
        full_b = 4 * d.spread / 50  # full deck less the two posts (no low ace here)
        if self.sign * (d.p_between - full_b) > self.gap and d.max_stake >= 1:
            self.told.append((d.p_between, d.p_post))
            return 1
        return 0


@pytest.mark.parametrize(
    "rules, gap", [(Rules(two_pass=True), 0.04), (Rules(two_pass=True, hidden=True), 0.01)]
)
def test_counting_odds_are_calibrated(rules, gap):
    """Given what a counting seat has seen, the third card falls as its odds say: where they
    differ from the full-deck odds, the outcomes follow the counting odds (R-I4, counting)."""
    for sign in (+1, -1):
        spy = _Spy(sign, gap)
        r = simulate(
            [never(), PythonPolicy(spy, counting=True), pot_fraction(0.5), kelly()],
            hands=2500,
            rules=rules,
            seed=31 + sign,
            threads=1,
        )
        s = r.totals["seat_stats"][1]
        n = int(s[E.SO_STAKES])
        assert n == len(spy.told) and n > 300
        told_b = float(np.mean([t[0] for t in spy.told]))
        told_p = float(np.mean([t[1] for t in spy.told]))
        seen_b = s[E.SO_BETWEEN] / n
        seen_p = s[E.SO_POST] / n
        se_b = math.sqrt(told_b * (1 - told_b) / n)
        se_p = math.sqrt(max(told_p * (1 - told_p), 1e-9) / n)
        assert abs(seen_b - told_b) < 3.5 * se_b, (sign, seen_b, told_b)
        assert abs(seen_p - told_p) < 3.5 * se_p, (sign, seen_p, told_p)
        # and the full-deck odds would have been wrong on this selection
        full = float(np.mean([t[0] for t in spy.told])) - sign * spy.gap
        assert sign * (seen_b - full) > 0


def test_old_keywords_still_work():
    """The names of before issue 12 (``games``, ``pot``, ``chips``, ``rounds``, ``variant``,
    ``players=N``, ``Variant``) give the very same games as the new ones."""
    from simkit.games.in_between import Variant, match

    new = simulate(
        ["kelly", "pot:0.5"],
        hands=500,
        deals=2,
        seed=3,
        rules=Rules(pot=10, stacks=50, rounds=2, low_ace=True),
    )
    old = simulate(
        ["kelly", "pot:0.5"],
        games=500,
        deals=2,
        seed=3,
        pot=10,
        chips=50,
        rounds=2,
        variant=Variant(low_ace=True),
    )
    kw = match(
        players=["kelly", "pot:0.5"],
        hands=500,
        deals=2,
        seed=3,
        rules=Rules(pot=10, stacks=50, rounds=2, low_ace=True),
    )
    for r in (old, kw):
        np.testing.assert_array_equal(new.totals["seat_stats"], r.totals["seat_stats"])
    a = simulate("half_kelly", seats=3, hands=300, seed=1)
    b = simulate("half_kelly", players=3, hands=300, seed=1)
    np.testing.assert_array_equal(a.totals["seat_stats"], b.totals["seat_stats"])
    with pytest.raises(ValueError, match="not both"):
        simulate("kelly", seats=3, rules=Rules(), pot=5)
