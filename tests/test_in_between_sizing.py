"""Bet sizing: Kelly tables by spread and pair, and the exact best stakes of a heads-up
dealer's game, against references from the rules."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np
import pytest
from in_between_naive import heads_up_value

from simkit.games.in_between import (
    best_game_stakes,
    evaluate_game_policy,
    expected_log_growth,
    half_kelly,
    integer_kelly_stake,
    kelly,
    pot_fraction,
    random_stake,
    simulate,
    sizing_table,
)
from simkit.games.in_between.sizing import dealt_hands, pass_rule


def test_by_spread_full_deck():
    t = sizing_table(chips=100, pot=20)
    posts = t[t.hand == "posts"].set_index("spread")
    assert list(posts.index) == list(range(12))
    # p_dealt: 2 (12 - s) ordered rank pairs of 16/(52*51) each; pairs 13 * 12/(52*51)
    for s, row in posts.iterrows():
        assert row.p_dealt == pytest.approx(2 * (12 - s) * 16 / (52 * 51))
        assert row.ev_per_chip == pytest.approx((8 * s - 56) / 50, abs=1e-15)
    assert t[t.hand == "pair"].p_dealt.item() == pytest.approx(13 * 12 / (52 * 51))
    assert pass_rule(t) == "pass on spread 7 or less; stake on 8 or more"
    assert (posts.decision == "stake").tolist() == [s >= 8 for s in range(12)]
    # integer stakes: floor(f * chips) capped by the pot
    for s, row in posts.iterrows():
        assert row.kelly_stake == min(math.floor(row.kelly_fraction * 100), 20)
        assert row.half_kelly_stake == min(math.floor(row.kelly_fraction * 50), 20)
        assert row.kelly_stake_of_pot == row.kelly_stake / 20


def test_minimum_stake_variant_in_the_table():
    t = sizing_table(chips=100, pot=20, min_stake=3)
    posts = t[t.hand == "posts"].set_index("spread")
    assert (posts.kelly_stake >= 3).all() and posts.kelly_stake[11] == 20
    assert posts.decision[2] == "minimum" and posts.decision[9] == "stake"
    assert sizing_table(chips=100, pot=2, min_stake=3).kelly_stake.min() == 2  # capped by the pot


def test_integer_kelly_stake_maximises_expected_log_among_integers():
    """With a pot cap that does not bind, floor(f c) is within one chip of the integer argmax."""
    for s in range(8, 12):
        pb, pp, po = 4 * s / 50, 6 / 50, (44 - 4 * s) / 50
        for chips in (37, 100, 523):
            k = integer_kelly_stake(pb, pp, po, chips=chips, pot=10**6)
            stakes = np.arange(0, chips // 2 + 1)
            g = expected_log_growth(stakes / chips, pb, pp, po)
            best = int(stakes[np.argmax(g)])
            assert best in (k, k + 1)


def test_by_pair_table_and_seen_cards():
    t = sizing_table(by="pair", chips=100, pot=50)
    assert len(t) == 91 and {"kelly_stake", "half_kelly_stake", "decision"} <= set(t.columns)
    # with all four 8s seen, (2, 14) still spreads 11 but wins only 40 of the 46 cards left
    t2 = sizing_table(by="pair", seen="8c 8d 8h 8s", chips=100, pot=50)
    row = t2[(t2.low == 2) & (t2.high == 14)].iloc[0]
    assert row.p_between == pytest.approx(40 / 46)


def test_dealt_hands_weights_are_exact():
    h = dealt_hands(seen="As Ad", low_ace=True)
    assert h.p_dealt.sum() == pytest.approx(1.0)
    # 50 cards left: two aces; P(first ace, then a king) = 2/50 * 4/49
    row = h[(h.first_rank == 12) & (h.second_rank == 11)].iloc[0]
    assert row.p_dealt == pytest.approx(2 / 50 * 4 / 49)
    assert (row.low, row.high) == (1, 13)  # A low with a K: spread 11 beats K-A's nothing


def test_game_dp_matches_recursion_for_policies():
    for policy, rule in [
        (pot_fraction(0.5), lambda lo, hi, p, c: p // 2 if hi - lo - 1 >= 8 else 0),
        (half_kelly(), None),
    ]:
        if rule is None:
            from simkit.games.in_between import kelly_fraction

            def rule(lo, hi, p, c):
                s = hi - lo - 1
                if s < 1:
                    return 0
                pb = Fraction(4 * s, 50)
                f = kelly_fraction(float(pb), 6 / 50, float(1 - pb - Fraction(6, 50)))
                return math.floor(0.5 * f * c)

        exact = heads_up_value(rule, chips=25, pot=8, rounds=2)
        assert evaluate_game_policy(policy, chips=25, pot=8, rounds=2) == pytest.approx(
            float(exact), abs=1e-9
        )


def test_best_game_stakes_is_optimal_and_matches_recursion():
    g = best_game_stakes(chips=25, pot=8, rounds=2)
    # the best stake table played as a rule reproduces the optimum
    best = {(r.pot, r.chips, r.spread): r.best_stake for r in g.by_pot.itertuples() if r.round == 1}
    last = {(r.pot, r.chips, r.spread): r.best_stake for r in g.by_pot.itertuples() if r.round == 2}
    # brute-force optimum by recursion over all stakes

    from in_between_naive import deals, posts_of, settle, third_card_ranks

    total = 33

    @functools.cache
    def v(r, c):
        p = total - c
        if r == 2 or p == 0:
            return Fraction(c)
        out = Fraction(0)
        for r1, r2, w in deals():
            lo, hi = posts_of(r1, r2, False)
            vals = []
            for s in range(min(p, c) + 1):
                if s == 0:
                    vals.append(v(r + 1, c))
                    continue
                vals.append(
                    sum(q * v(r + 1, c + settle(lo, hi, r3, s, c)) for r3, q in third_card_ranks([r1, r2]))
                )
            out += w * max(vals)
        return out

    assert g.value == pytest.approx(float(v(0, 25)), abs=1e-9)
    assert g.value >= evaluate_game_policy(kelly(), chips=25, pot=8, rounds=2) - 1e-9
    assert best and last
    # at the start, spread 11 stakes the whole pot; spreads of negative EV pass
    start = g.start.set_index("spread").best_stake
    assert start[11] == 8 and start[1] == 0


def test_kelly_game_value_matches_simulation():
    exact = evaluate_game_policy(kelly(), chips=100, pot=20, rounds=3) - 100
    r = simulate(["kelly", "kelly"], hands=100_000, seed=8)
    assert abs(r.seats.net_mean[1] - exact) < 3 * r.seats.net_se[1]
    exact_r = evaluate_game_policy(random_stake(0.5), chips=100, pot=20, rounds=3) - 100
    r = simulate(["kelly", random_stake(0.5)], hands=100_000, seed=9)
    assert abs(r.seats.net_mean[1] - exact_r) < 3 * r.seats.net_se[1]


def test_heads_up_game_takes_rules():
    """``rules=`` sets stacks, pot, rounds and the low ace of the heads-up dealer's game."""
    from simkit.games.in_between import Rules

    r = Rules(stacks=25, pot=8, rounds=2, low_ace=True)
    g = best_game_stakes(rules=r)
    assert g.value == best_game_stakes(25, 8, 2, low_ace=True).value
    assert (g.chips, g.pot, g.rounds) == (25, 8, 2)
    assert evaluate_game_policy("kelly", rules=r) == evaluate_game_policy(kelly(), 25, 8, 2, low_ace=True)
    with pytest.raises(ValueError, match="rules must be a Rules"):
        best_game_stakes(rules={"pot": 8})


def test_heads_up_game_refuses_rules_with_separate_settings_or_other_variants():
    """``rules=`` or the separate settings, not both (one would be ignored); the heads-up game
    plays only the plain rules and the low ace."""
    from simkit.games.in_between import Rules

    with pytest.raises(ValueError, match="give rules or chips="):
        best_game_stakes(50, rules=Rules())
    with pytest.raises(ValueError, match="give rules or low_ace="):
        evaluate_game_policy("kelly", low_ace=True, rules=Rules())
    for rules in (Rules(min_stake=True), Rules(ante_all=True), Rules(three_posts=True)):
        with pytest.raises(ValueError, match="plain rules or low_ace, not"):
            best_game_stakes(rules=rules)
    assert (
        best_game_stakes(30, 10, 2).value == best_game_stakes(rules=Rules(stacks=30, pot=10, rounds=2)).value
    )
