"""Diablo draw odds against an independent brute-force count, the wild rule.

The reference is a plain Python loop over every replacement set of the unseen cards, each
final hand valued by ``tests/naive.py``'s deuces-wild evaluator (written from R-D1/R-D2).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import naive
import numpy as np
import pytest

from simkit import evaluate
from simkit.cards import format_cards, parse_cards
from simkit.games.diablo.rules import CATEGORIES, pat_below, pat_counts
from simkit.games.diablo.solver import (
    best_keep,
    draw_odds,
    equity_weights,
    final_histogram,
    keep_values,
    target_weights,
)


def brute_force(hand: str, keep: str, dead: str = "") -> Counter:
    """Reference: final-hand keys counted over every replacement set, in plain Python."""
    h = parse_cards(hand).tolist()
    kept = parse_cards(keep).tolist() if keep else []
    gone = set(h) | set(parse_cards(dead).tolist() if dead else [])
    unseen = [c for c in range(52) if c not in gone]
    counts: Counter = Counter()
    for extra in combinations(unseen, 5 - len(kept)):
        counts[naive.deuces_wild5(kept + list(extra))] += 1
    return counts


CASES = [
    ("9s 9h 2c Kd 5h", "9s 9h 2c", ""),  # pair + wild, draw two
    ("Ah 2c 9h 7h 3d", "Ah 2c 9h 7h", ""),  # four to a flush with a wild
    ("5c 6d 7h 8s Kd", "5c 6d 7h 8s", ""),  # open-ended straight draw
    ("2c 2d 2h Js Ts", "2c 2d 2h Js Ts", ""),  # stands pat
    ("Kd Kc 7s 4h 3c", "Kd Kc 7s", "2s 2h Kh 7d"),  # dead cards change the odds
    ("2s 3s 4s Qh Qd", "2s 3s 4s", "5s 6s"),  # straight-flush draw with dead cards
]


@pytest.mark.parametrize("hand,keep,dead", CASES)
def test_draw_odds_match_brute_force(hand, keep, dead):
    ref = brute_force(hand, keep, dead)
    hist = final_histogram(hand, keep, dead or None)
    # Same number of replacement sets, same count per category ...
    assert int(hist.sum()) == sum(ref.values())
    ref_cat = Counter()
    for (key, name), n in ref.items():
        ref_cat[name] += n
    df = draw_odds(hand, keep, dead or None).set_index("category")
    for name in CATEGORIES:
        assert df.loc[name, "count"] == ref_cat.get(name, 0), name
    # ... and the same classes: the reference keys, sorted, carry the same counts as the
    # kernel strengths, sorted (equal hands tie in both, better hands rank higher in both).
    ref_by_key = [n for (key, name), n in sorted(ref.items(), key=lambda kv: kv[0][0])]
    assert ref_by_key == hist[hist > 0].tolist()


def test_draw_three_variant_matches_brute_force():
    hand, keep = "Qd Qc 8s 5h 3c", "Qd Qc"
    with pytest.raises(ValueError, match="exchanges 3 cards"):
        draw_odds(hand, keep)
    ref = brute_force(hand, keep)
    hist = final_histogram(hand, keep, variant="draw-three")
    assert int(hist.sum()) == 16215
    assert [n for _, n in sorted(ref.items(), key=lambda kv: kv[0][0])] == hist[hist > 0].tolist()


def test_draw_four_only_keeping_an_ace():
    assert final_histogram("Ad 9c 8s 5h 3c", "Ad", variant="draw-three").sum() == 178365
    with pytest.raises(ValueError, match="exchanges 4 cards"):
        final_histogram("Kd 9c 8s 5h 3c", "Kd", variant="draw-three")
    with pytest.raises(ValueError, match="exchanges 4 cards"):
        final_histogram("2d 9c 8s 5h 3c", "2d", variant="draw-three")  # a deuce is no ace
    with pytest.raises(ValueError, match="exchanges 5 cards"):
        final_histogram("Ad 9c 8s 5h 3c", "", variant="draw-three")


def test_random_hands_against_brute_force():
    rng = np.random.default_rng(7)
    for _ in range(4):
        cards = rng.choice(52, size=5, replace=False)
        keep_n = int(rng.integers(3, 6))
        keep = format_cards(cards[:keep_n])
        hist = final_histogram(cards, keep)
        ref = brute_force(format_cards(cards), keep)
        assert [n for _, n in sorted(ref.items(), key=lambda kv: kv[0][0])] == hist[hist > 0].tolist()


def test_wild_rule_ace_high_flush_ties_natural():
    """R-D2: with the real A♥ the wild becomes K♥: A-K-9-7-5 flush, tying the natural one."""
    wild = parse_cards("A♥ 2c 9♥ 7♥ 5♥")
    natural = parse_cards("Ah Kh 9h 7h 5h")
    s = evaluate(np.stack([wild, natural]), "deuces_wild")
    assert s[0] == s[1]
    assert naive.deuces_wild5(wild.tolist())[0] == naive.deuces_wild5(natural.tolist())[0]
    from simkit.hands import describe

    assert describe(s[0], "deuces_wild") == "flush, A-K-9-7-5"
    # It beats a king-high natural flush and loses to a straight flush.
    other = evaluate(np.stack([parse_cards("Kd Qd 9d 7d 5d"), parse_cards("9c 8c 7c 6c 2d")]), "deuces_wild")
    assert other[0] < s[0] < other[1]


def test_draw_odds_columns_and_probabilities():
    df = draw_odds("Kd Kc 7s 4h 3c", keep="Kd Kc 7s")
    assert df["probability"].sum() == pytest.approx(1.0)
    assert df["at_least"].iloc[-1] == pytest.approx(1.0)
    assert np.all(np.diff(df["at_least"]) >= 0)
    assert df.attrs["combinations"] == 1081 and df.attrs["draw"] == 2


def test_best_keep_is_the_maximum_and_agrees_with_draw_odds():
    hand = "Ah 2c 9h 7h 3d"
    v = keep_values(hand, target_weights("flush"))
    assert v["value"].iloc[0] == v["value"].max()
    for _, row in v.head(4).iterrows():
        d = draw_odds(hand, row["keep"]).set_index("category")
        assert row["value"] == pytest.approx(d.loc["flush", "at_least"])
    b = best_keep(hand, objective="category", target="flush")
    assert b.keep == "Ah 2c 9h 7h" and b.value == pytest.approx(v["value"].iloc[0])
    e = best_keep("Kd Kc 7s 4h 3c", objective="equity", opponents=3)
    assert "Kd Kc" in e.keep and e.value >= e.second_value


def test_equity_weights_use_the_reference():
    w = equity_weights(2)
    assert np.all(np.diff(w) > 0) and 0 < w[0] < w[-1] <= 1
    p = pat_counts() / pat_counts().sum()
    np.testing.assert_allclose(equity_weights(1) - p / 2, pat_below())
    with pytest.raises(ValueError, match="opponents"):
        equity_weights(0)
