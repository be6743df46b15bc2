"""The Razz tip studies (studies.py): upcard scenarios and dead-card values (tip R3); exact low
odds and the early-pair job (tip R4) against brute force and the card counts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import naive
import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.razz.studies import (
    EarlyPairJob,
    dead_card_values,
    early_pair_table,
    low_odds,
    upcard_scenarios,
)
from simkit.runner import run


def test_upcard_scenarios_go_from_high_to_low():
    sc = upcard_scenarios("As 2d / 4c", 3)
    need = [s["upcards"] for s in sc if s["series"] == "needed"]
    assert need == ["Ks Qs Js", "3s Ks Qs", "3s 5s Ks", "3s 5s 6s"]
    dup = [s["upcards"] for s in sc if s["series"] == "duplicate"]
    assert dup[-1] == "Ah 2s 4s"


def test_dead_card_of_own_rank_helps():
    t = dead_card_values("As 2d / 4c", 1, trials=60_000, seed=2)
    own = t[t.in_start]
    assert (own.value > 0).all()
    assert t.attrs["base"] > 0.5


def test_upcard_studies_take_rules(monkeypatch):
    """``rules=`` reaches every equity both studies compute (default: Razz)."""
    import pandas as pd

    from simkit.games.razz import studies
    from simkit.games.razz.rules import Rules

    seen = []

    def fake_equity(hands, dead=None, *, rules=None, **kw):
        seen.append(rules)
        return pd.DataFrame({"equity": [0.5] * len(hands), "se": [0.01] * len(hands)})

    monkeypatch.setattr(studies, "equity", fake_equity)
    stud = Rules(variant="stud-high")
    studies.upcard_effect("As 2d / 4c", 2, rules=stud, trials=10)
    studies.dead_card_values("As 2d / 4c", 1, rules=stud, trials=10)
    assert seen and all(r is stud for r in seen)
    seen.clear()
    studies.upcard_effect("As 2d / 4c", 1, trials=10)
    assert seen and all(r is None for r in seen)


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
