"""The all-hands best-keep table against the per-hand enumeration of :mod:`.solver` (itself
checked against a brute-force count in test_diablo_solver.py), and the tables by pattern."""

from __future__ import annotations

import numpy as np
import pytest

from simkit.cards import format_cards, parse_cards
from simkit.games.diablo.keep_table import (
    QUANTUM,
    hand_index,
    keep_summary,
    kept_cards,
    objective_weights,
    pattern_table,
    policy_table,
)
from simkit.games.diablo.rules import CATEGORIES, pat_counts
from simkit.games.diablo.solver import draw_odds, keep_values


@pytest.fixture(scope="module")
def table():
    return policy_table()


def _random_hands(n, seed):
    rng = np.random.default_rng(seed)
    return [rng.choice(52, size=5, replace=False) for _ in range(n)]


def test_policy_matches_per_hand_enumeration(table):
    w = objective_weights("equity", 2)[0] / QUANTUM  # the same quantised weights
    hands = _random_hands(25, 3) + [
        parse_cards(h)
        for h in (
            "Ah 2c 9h 7h 3d",
            "5c 6d 7h 8s Kd",
            "2s 2d Kc 9h 4d",
            "Qs Qd 8s 8h 3c",
            "As Ks Qs Js Ts",
            "2c 2d 2h 2s 9d",
        )
    ]
    for cards in hands:
        v = keep_values(cards, w)
        i = hand_index(cards)
        best = v["value"].iloc[0]
        assert table.value[i] == pytest.approx(best, abs=1e-12)
        chosen = frozenset(parse_cards(kept_cards(cards, table)).tolist())
        sets = [frozenset(parse_cards(k).tolist()) for k in v.keep]
        mine = v["value"].iloc[sets.index(chosen)]
        assert mine == pytest.approx(best, abs=1e-12), format_cards(cards)


def test_draw_three_policy_matches_enumeration():
    t = policy_table("draw-three")
    w = objective_weights("equity", 2)[0] / QUANTUM
    for cards in _random_hands(6, 5) + [parse_cards("Ad 9c 8s 5h 3c"), parse_cards("Kd Kc 7s 4h 3c")]:
        v = keep_values(cards, w, variant="draw-three")
        assert t.value[hand_index(cards)] == pytest.approx(v["value"].iloc[0], abs=1e-12)
    assert kept_cards(parse_cards("Ad 9c 8s 5h 3c"), t) == "Ad"  # four cards to an ace


def test_category_objective_equals_draw_odds():
    t = policy_table(objective="flush")
    for cards in _random_hands(8, 11) + [parse_cards("Ah 2c 9h 7h 3d")]:
        keep = kept_cards(cards, t)
        d = draw_odds(cards, keep).set_index("category")
        assert t.value[hand_index(cards)] == d.loc["flush", "at_least"]  # exact, integer sums
        best = keep_values(cards, objective_weights("flush")[0])["value"].iloc[0]
        assert t.value[hand_index(cards)] == best


def test_keeps_never_discard_a_deuce(table):
    # A deuce can stand for any card not held, so discarding one never helps (weakly).
    for cards in _random_hands(200, 2):
        if (cards < 4).any():
            kept = parse_cards(kept_cards(cards, table)) if kept_cards(cards, table) else []
            held = set(cards[cards < 4].tolist())
            assert held <= set(np.asarray(kept).tolist()), format_cards(cards)


def test_keep_summary_and_patterns():
    s = keep_summary()
    shares = s.filter(like="draw_").to_numpy()
    np.testing.assert_allclose(shares.sum(axis=1), 1.0)
    assert s.hands.sum() == 2598960
    pat = s.groupby("pat_category").hands.sum()
    expected = dict(
        zip(
            CATEGORIES,
            np.bincount(
                __import__("simkit.games.diablo.rules", fromlist=["x"]).category_of_strength(),
                weights=pat_counts(),
                minlength=10,
            ),
        )
    )
    for cat, n in pat.items():
        assert n == expected[cat]
    p = pattern_table()
    assert p.hands.sum() == 2598960 and len(p) == 6175  # every possible rank multiset
    assert ((p.share > 0) & (p.share <= 1)).all()
    row = p.set_index("pattern").loc["K K 7 4 3"]
    assert row.keep == "K K 7" and row.draw == 2
