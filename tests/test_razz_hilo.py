"""Stud Hi-Lo split pots (issue 16, item 3): each hand's high share, low share, scoop chance
and chance of being quartered, against an independent plain-Python count.

The reference deals every completion of the hands with itertools, evaluates each seven-card
hand with the plain-Python evaluators of tests/naive.py (best high five and best
eight-or-better low of seven), and splits the pot with exact fractions: half to the best high
and half to the best qualifying low, ties splitting a half, the whole pot high when no low
qualifies (R-Z6).  Quartered: a quarter of the pot, from a tie with exactly one other hand for
one half and nothing of the other.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import naive
import numpy as np
import pytest

from simkit.cards import parse_cards
from simkit.games.razz.equity import SPLIT_SUMS, EquityJob, equity, exact_totals, prepare, summarize
from simkit.games.razz.showdown import UNITS
from simkit.games.razz.starts import start_table
from simkit.runner import run


def _winners(keys):
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def reference(hands: list[list[int]]) -> dict[str, list[Fraction]]:
    """High share, low share, scoop and quartered chances of each hand, by brute force (every
    hand drawing its missing cards; no community card)."""
    seen = [c for h in hands for c in h]
    deck = [c for c in range(52) if c not in seen]
    n = len(hands)
    high, low = [Fraction(0)] * n, [Fraction(0)] * n
    scoop, quartered = [0] * n, [0] * n
    deals = 0

    def score(full):
        nonlocal deals
        deals += 1
        hi = [naive.evaluate(h, "high")[0] for h in full]
        lo = [naive.evaluate(h, "eight_or_better")[0] for h in full]
        h_part, l_part = [Fraction(0)] * n, [Fraction(0)] * n
        if max(lo) == naive.NO_LOW:
            for i in _winners(hi):
                h_part[i] = Fraction(1, len(_winners(hi)))
        else:
            for i in _winners(hi):
                h_part[i] = Fraction(1, 2 * len(_winners(hi)))
            for i in _winners(lo):
                l_part[i] = Fraction(1, 2 * len(_winners(lo)))
        for i in range(n):
            high[i] += h_part[i]
            low[i] += l_part[i]
            scoop[i] += h_part[i] + l_part[i] == 1
            halves = sorted([h_part[i], l_part[i]])
            quartered[i] += max(lo) != naive.NO_LOW and halves == [0, Fraction(1, 4)]

    def rec(i, pool, drawn):
        if i == n:
            score([h + d for h, d in zip(hands, drawn)])
            return
        for pick in combinations(pool, 7 - len(hands[i])):
            rec(i + 1, [c for c in pool if c not in pick], drawn + [list(pick)])

    rec(0, deck, [])
    return {
        "high_share": [h / deals for h in high],
        "low_share": [x / deals for x in low],
        "scoop": [Fraction(s, deals) for s in scoop],
        "quartered": [Fraction(q, deals) for q in quartered],
    }


CASES = [
    # two wheels that always tie for low (often quartered), a two-pair hand drawing to a full house
    ["As 2s 3s 4s 5d 9c", "Ad 2d 3d 4d 5c Kc", "Kh Kd Qh Qd Jh Js 7c"],
    # heads-up sixth street: a made low against a pair drawing at a low of its own
    ["Ac 3d 5h 7s Kd Qc", "2c 2h 4d 6c 8h Jd"],
    # three-way, every hand short a card
    ["Ah 2h 6c 8d 8s Th", "3c 4c 5s Ks Kh 9d", "Ac 2c 7h 7d Qs Jc"],
]


@pytest.mark.parametrize("hands", CASES)
def test_exact_split_shares_match_an_independent_count(hands):
    ref = reference([parse_cards(h).tolist() for h in hands])
    tot = exact_totals(prepare(hands, variant="stud-hilo"))
    n = int(tot["trials"])
    split = dict(zip(SPLIT_SUMS, np.asarray(tot["split"]).T, strict=True))
    for i in range(len(hands)):
        assert Fraction(int(split["high"][i]), UNITS * n) == ref["high_share"][i]
        assert Fraction(int(split["low"][i]), UNITS * n) == ref["low_share"][i]
        assert Fraction(int(tot["scoop"][i]), n) == ref["scoop"][i]
        assert Fraction(int(split["quartered"][i]), n) == ref["quartered"][i]
    assert sum(ref["quartered"]) > 0 or hands is not CASES[0]  # the first case does quarter
    df = equity(hands, variant="stud-hilo", exact=True)
    for key in ("high_share", "low_share", "scoop", "quartered"):
        assert df[key].tolist() == pytest.approx([float(x) for x in ref[key]])
        assert (df[key + "_se"] == 0).all()
    assert np.allclose(df.high_share + df.low_share, df.equity)


def test_monte_carlo_split_shares_agree_with_the_count_within_their_se():
    hands = CASES[0]
    ref = reference([parse_cards(h).tolist() for h in hands])
    df = equity(hands, variant="stud-hilo", exact=False, trials=40_000, seed=3, threads=1)
    assert df.attrs["method"] == "monte carlo"
    for key in ("high_share", "low_share", "scoop", "quartered"):
        z = (df[key] - np.array([float(x) for x in ref[key]])) / df[key + "_se"]
        assert (np.abs(z.fillna(0)) < 4.5).all(), (key, z.tolist())


def test_other_variants_report_no_split_columns():
    df = equity(["As 2d / 3c", "? ? / Kh"], trials=2_000, seed=1)
    assert "high_share" not in df.columns
    t = run(EquityJob(prepare(["As 2d / 3c", "? ? / Kh"])), 2_000, seed=1, quiet=True)
    assert "split" not in t and set(summarize(t, exact=False)) == {"equity", "se", "scoop", "scoop_se"}


def test_start_table_of_stud_hilo_has_the_split_columns():
    t = start_table(opponents=(1,), variant="stud-hilo", trials=400, seed=2, threads=1)
    assert len(t) == 455 and t.attrs["variant"] == "stud-hilo"
    for key in ("high_share", "low_share", "quartered"):
        assert (t[key + "_se"] > 0).any()
    assert np.allclose(t.high_share + t.low_share, t.equity)
    row = t.set_index("pattern")
    assert row.loc["3-2-A", "low_share"] > row.loc["K-K-Q", "low_share"]
    assert row.loc["A-A-A", "high_share"] > row.loc["4-3-2", "high_share"]
    with pytest.raises(ValueError, match="got 'stud-high'"):
        start_table(variant="stud-high")
