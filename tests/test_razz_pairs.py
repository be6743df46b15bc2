"""Exact low odds and the early-pair job (pairs.py, tip R4) against brute force and the
card counts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import naive
import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.razz.pairs import EarlyPairJob, early_pair_table, low_odds
from simkit.runner import run


def _reference_low_odds(hand: str) -> tuple[int, Counter]:
    known = parse_cards(hand).tolist()
    deck = [c for c in range(52) if c not in known]
    hist = Counter()
    n = 0
    for extra in combinations(deck, 7 - len(known)):
        key, name = naive.evaluate(known + list(extra), "ace_to_five")
        hist[name] += 1
        n += 1
    return n, hist


@pytest.mark.parametrize("hand", ["As 2d 4c 4h", "2s 5d 7c Qh 9d"])
def test_low_odds_exact_against_brute_force(hand):
    n, hist = _reference_low_odds(hand)
    t = low_odds(hand).set_index("low")
    assert t.attrs["deals"] == n
    for x in "5 6 7 8 9 T J Q K".split():
        assert t.p_exact[x] * n == pytest.approx(hist.get(f"{x}-low", 0), abs=1e-6)
    paired = sum(v for k, v in hist.items() if not k.endswith("-low"))
    assert t.attrs["p_paired"] * n == pytest.approx(paired, abs=1e-6)


def test_early_pair_classes_have_the_right_frequencies():
    """Given three different ranks <= 8, the fourth card pairs with P 9/49, is a new low rank
    with P 20/49 and a brick (9 or higher) with P 20/49."""
    tot = run(EarlyPairJob(2), 60_000, seed=3, quiet=True)
    n = tot["n"]
    assert n.sum() == 60_000
    for got, p in zip(n, (9 / 49, 20 / 49, 20 / 49)):
        assert abs(got / 60_000 - p) < 4.5 * np.sqrt(p * (1 - p) / 60_000)
    t = early_pair_table(tot).set_index("fourth_card")
    assert t.loc["smooth", "equity"] > t.loc["paired", "equity"]
    assert (t.p_7_low <= t.p_8_low).all()
