"""Weighted combos and joint range sampling with card removal, against exact enumeration.

The reference lists every joint deal of small ranges with itertools, keeps those without a
card twice and gives each the product of its combos' weights: the exact distribution the
sampler must draw from.  A chi-square test compares the two.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from math import sqrt

import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.hands.ranges import MAX_REJECTIONS, Combos, check_compatible, pack, sample


def combos(texts, weights=None):
    cards = np.array([parse_cards(t) for t in texts])
    return Combos(cards, np.ones(len(texts)) if weights is None else np.array(weights, float), "r")


def exact_joint(ranges):
    """Every compatible joint deal (tuple of combo indices) with its probability."""
    probs = {}
    for pick in product(*(range(len(r)) for r in ranges)):
        cards = [c for r, i in zip(ranges, pick) for c in r.cards[i].tolist()]
        if len(set(cards)) == len(cards):
            probs[pick] = float(np.prod([r.weights[i] for r, i in zip(ranges, pick)]))
    total = sum(probs.values())
    return {k: v / total for k, v in probs.items()}


def chi_square_limit(df: int, z: float = 3.72) -> float:
    """About the 1 - 1e-4 quantile of chi-square with ``df`` degrees of freedom
    (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def assert_matches(ranges, n=200_000, seed=1):
    ref = exact_joint(ranges)
    got = Counter(map(tuple, sample(ranges, n, seed=seed).tolist()))
    assert set(got) <= set(ref), set(got) - set(ref)  # never a deal with a card twice
    chi2 = sum((got.get(k, 0) - n * p) ** 2 / (n * p) for k, p in ref.items())
    assert chi2 < chi_square_limit(len(ref) - 1), (chi2, len(ref))


def test_two_overlapping_ranges_match_enumeration():
    aces = combos([" ".join(p) for p in combinations(["Ac", "Ad", "Ah", "As"], 2)])
    ak = combos(["As Ks", "Ah Kh", "Ad Kd", "Kc Kd", "Qs Qh"])
    assert_matches([aces, ak])


def test_weighted_ranges_of_three_players_match_enumeration():
    a = combos(["2c 3c 4c", "2c 3d 4d", "5h 6h 7h"], [1, 2, 0.5])
    b = combos(["2c 5h 9s", "3d 4c 8s", "3c 4d 8d", "Ts Js Qs"], [3, 1, 1, 0.25])
    c = combos(["4c 8s Kd", "2d 5h Kh", "9s Ts Ks"], [1, 1, 4])
    assert_matches([a, b, c])


def test_a_single_range_draws_by_weight():
    r = combos(["As Ah", "Kd Kc", "Qh Qs"], [1, 2, 5])
    assert_matches([r])


def test_card_removal_and_its_errors():
    r = combos(["As Ah", "Kd Kc"])
    assert len(r.without(parse_cards("Ah"))) == 1
    assert r.without(np.array([], dtype=np.int64)) is r
    with pytest.raises(ValueError, match="no hand left"):
        r.without(parse_cards("As Kd"))


@pytest.mark.parametrize(
    "cards,weights,match",
    [
        ([[51, 51]], [1.0], "card twice"),
        ([[51, 52]], [1.0], "card integers"),
        ([[51, 50]], [-1.0], "positive"),
        ([[51, 50]], [1.0, 2.0], "2 weights for 1 combos"),
        (np.zeros((0, 2), int), [], "no hand"),
    ],
)
def test_bad_combos_are_refused(cards, weights, match):
    with pytest.raises(ValueError, match=match):
        Combos(np.array(cards), np.array(weights), "r")


def test_incompatible_ranges_are_refused():
    aces = combos([" ".join(p) for p in combinations(["Ac", "Ad", "Ah", "As"], 2)])
    check_compatible([aces, aces])
    with pytest.raises(ValueError, match="no deal gives every player"):
        check_compatible([aces, aces, aces])
    with pytest.raises(ValueError, match="no deal"):
        sample([aces, aces, aces], 10, seed=1)


def test_ranges_that_almost_never_fit_are_reported():
    # the only fit needs a combo of weight 1e-15: the kernel gives up after MAX_REJECTIONS
    a = combos(["As Ah", "Kd Kc"], [1.0, 1e-15])
    b = combos(["As Ah"])
    with pytest.raises(ValueError, match=f"{MAX_REJECTIONS:,} joint deals in a row"):
        sample([a, b], 1, seed=1)


def test_seeded_and_packed():
    a = combos(["As Ah", "Kd Kc", "Qh Qs"], [1, 2, 5])
    b = combos(["2c 3c 4c"])
    assert (sample([a, b], 100, seed=3) == sample([a, b], 100, seed=3)).all()
    cards, masks, starts, ends, cum = pack([a, b])
    assert cards.shape == (4, 3) and cards[0, 2] == -1  # padded to the longest combo
    assert starts.tolist() == [0, 3] and ends.tolist() == [3, 4]
    assert cum.tolist() == [1, 3, 8, 1]
    assert int(masks[3]) == (1 << 0) | (1 << 4) | (1 << 8)
