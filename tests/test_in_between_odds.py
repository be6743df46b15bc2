"""Exact odds (``odds.py``) against independent counts (R-I1, R-I4)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from in_between_naive import exact_odds

from simkit.cards import parse_cards
from simkit.games.in_between import ODDS_COLUMNS, hand_odds, odds_table, settle, three_posts_odds


def _check_table_against_brute_force(table, seen_cards, mult=2):
    seen = [int(c) for c in seen_cards]
    for row in table.itertuples():
        ref = exact_odds(row.low, row.high, seen)
        assert ref is not None, (row.low, row.high)
        pb, pp, po = ref
        assert row.p_between == pytest.approx(float(pb), abs=1e-15)
        assert row.p_post == pytest.approx(float(pp), abs=1e-15)
        assert row.p_outside == pytest.approx(float(po), abs=1e-15)
        assert row.ev_per_chip == pytest.approx(float(pb - po - mult * pp), abs=1e-15)
        assert row.spread == max(row.high - row.low - 1, 0)


def test_full_deck_table_matches_brute_force():
    t = odds_table()
    assert list(t.columns) == ODDS_COLUMNS
    assert len(t) == 13 * 14 // 2  # every pair low <= high of 2..14
    _check_table_against_brute_force(t, [])


@pytest.mark.parametrize("seen", ["Kc Kd 2h 7s 7c", "As Ah Ad 3c 9h Tc Jd Qs", "2c 2d 2h 2s"])
def test_table_with_seen_cards_matches_brute_force(seen):
    cards = parse_cards(seen)
    t = odds_table(seen, low_ace=True)
    _check_table_against_brute_force(t, cards)
    # every pair the brute force can deal is in the table, and only those
    for low in [1] + list(range(2, 15)):
        for high in range(max(low, 2), 15):
            possible = exact_odds(low, high, [int(c) for c in cards]) is not None
            present = not t[(t.low == low) & (t.high == high)].empty
            assert possible == present, (low, high)


def test_full_deck_closed_forms():
    """Distinct posts, full deck: 4s of 50 between, 6 posts, EV (8s - 56)/50; pair: 2 posts."""
    t = odds_table()
    for row in t.itertuples():
        if row.low == row.high:
            assert row.p_post == pytest.approx(2 / 50) and row.p_between == 0
        else:
            s = row.spread
            assert row.p_between == pytest.approx(4 * s / 50)
            assert row.p_post == pytest.approx(6 / 50)
            assert row.ev_per_chip == pytest.approx((8 * s - 56) / 50)
            assert (row.kelly_fraction > 0) == (s >= 8)
    assert t.loc[(t.low == 2) & (t.high == 14), "kelly_fraction"].item() == pytest.approx(0.32)


def test_low_ace_rows():
    t = odds_table(low_ace=True)
    # Ace low and a 9: 2..8 between (28 cards), only the nines are posts (a third ace is high)
    row = t[(t.low == 1) & (t.high == 9)].iloc[0]
    assert (row.p_between, row.p_post) == pytest.approx((28 / 50, 3 / 50))
    # Ace low and an ace: 2..K between; a third ace hits the high post
    row = t[(t.low == 1) & (t.high == 14)].iloc[0]
    assert (row.spread, row.p_between, row.p_post) == pytest.approx((12, 48 / 50, 2 / 50))
    # hand_odds picks the better count: A then 5 -> high (5..A spread 8); A then 10 -> low
    assert hand_odds("Ac 5d", low_ace=True)["low"] == 5
    assert hand_odds("Ac Td", low_ace=True)["low"] == 1
    assert hand_odds("5d Ac", low_ace=True)["low"] == 5  # only a FIRST ace may count low
    assert hand_odds("Ac Ad", low_ace=True)["spread"] == 12


def test_three_posts_odds():
    t = odds_table(three_posts=True)
    assert set(t.stake) == {1, 2} and set(t.post_penalty) == {2, 3}
    two = t[t.stake == 2]
    assert np.allclose(two.ev_per_chip, two.p_between - two.p_outside - 3 * two.p_post)
    h = three_posts_odds("4c Jh 9d")
    # gap 1 (4, J): 5..10 between less the 9 held = 23 of 49; gap 2 (9, J): the tens, 4 of 49
    assert h.p_between.tolist() == pytest.approx([23 / 49, 4 / 49])
    assert h.p_post.tolist() == pytest.approx([6 / 49, 6 / 49])  # three of each post rank left


def test_pairs_variant_columns_against_brute_force():
    """Split value of a pair: each card starts a new hand with a fresh second card (R-I4)."""
    t = odds_table(pairs="split").set_index(["low", "high"])
    for v in (2, 7, 10, 14):
        # the deck less the pair: any two cards of rank v
        deck = [c for c in range(52) if c // 4 != v - 2] + [4 * (v - 2) + 2, 4 * (v - 2) + 3]
        total = Fraction(0)
        for x in deck:
            rest = [c for c in deck if c != x]
            lo, hi = sorted((v, x // 4 + 2))
            b, p, o = (
                sum(lo < c // 4 + 2 < hi for c in rest),
                sum(c // 4 + 2 in (lo, hi) for c in rest),
                None,
            )
            o = len(rest) - b - p
            total += max(Fraction(0), Fraction(b - o - 2 * p, len(rest))) / len(deck)
        assert t.loc[(v, v), "split_ev_per_chip"] == pytest.approx(float(2 * total), abs=1e-12)
    assert np.isnan(t.loc[(2, 9), "split_ev_per_chip"])
    back = odds_table(pairs="ante_back")
    assert (back.ante_back == (back.high - back.low <= 1)).all() and back.ante_back.sum() == 25
    with pytest.raises(ValueError, match="pairs must be"):
        odds_table(pairs="triples")


def test_bad_cards_refused():
    with pytest.raises(ValueError, match="among the cards seen"):
        hand_odds("4c Jh", seen="Jh")
    with pytest.raises(ValueError, match="third card cannot be one of the posts"):
        settle("4c Jh", "4c", stake=1, pot=5, chips=5)
    with pytest.raises(ValueError, match="unknown card"):
        odds_table("Zz")
