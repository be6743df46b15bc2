"""Razz start table, upcard effects, early pairs and the tip verdict rules (R1-R4)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pandas as pd
import pytest

import naive
from simkit.analysis import razz as ar
from simkit.analysis import razz_match as am
from simkit.analysis.registry import ANALYSES, Context
from simkit.cards import parse_cards
from simkit.games.razz.equity import equity
from simkit.games.razz.pairs import EarlyPairJob, early_pair_table, low_odds
from simkit.games.razz.starts import patterns, start_table
from simkit.games.razz.upcards import dead_card_values, upcard_scenarios
from simkit.runner import run


def test_patterns_cover_every_three_card_deal():
    pats = patterns()
    assert len(pats) == 455 and pats.pattern.is_unique
    assert pats.deals.sum() == 22100  # C(52, 3)
    assert Counter(pats.pairing) == {"none": 286, "pair": 156, "trips": 13}
    # the representative has the pattern's ranks and three different cards
    for row in pats.itertuples():
        assert len(set(row.cards)) == 3
        vals = sorted((1 if c >> 2 == 12 else (c >> 2) + 2) for c in row.cards)
        assert "-".join({1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}.get(v, str(v))
                        for v in sorted(vals, reverse=True)) == row.pattern


def test_every_deal_maps_to_its_pattern_count():
    """Brute force: classify all 22,100 three-card deals by rank multiset."""
    count = Counter(tuple(sorted(c >> 2 for c in h)) for h in combinations(range(52), 3))
    assert sorted(count.values()) == sorted(patterns().deals.tolist())


def test_start_table_agrees_with_equity_tool():
    t = start_table(opponents=(2, 7), trials=6000, seed=4)
    for pattern, cards, k in (("5-3-A", "As 3d 5h", 2), ("K-Q-2", "2c Qd Kh", 7)):
        row = t[(t.pattern == pattern) & (t.opponents == k)].iloc[0]
        ref = equity([cards] + ["? ? ?"] * k, trials=60_000, seed=9, exact=False)
        z = (row.equity - ref.equity[0]) / np.hypot(row.se, ref.se[0])
        assert abs(z) < 4.5, (pattern, k, z)


def test_start_table_rejects_suited_variants():
    with pytest.raises(ValueError, match="A-5 low"):
        start_table(variant="stud-high", trials=10)


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


# --- verdict rules on made-up tables ----------------------------------------------------------

def _fake_starts(kq_equity_factor: float) -> pd.DataFrame:
    pats = patterns().drop(columns="cards")
    frames = []
    for k in (1, 4):
        f = pats.copy()
        fair = 1 / (k + 1)
        # equity falls linearly with the highest card; pairs are worse
        f["equity"] = fair * (2.0 - (f.high - 3) / 10) * np.where(f.pairing == "none", 1, 0.5)
        f.loc[f.high >= 12, "equity"] = fair * kq_equity_factor
        f["se"] = 0.001
        f["opponents"] = k
        f["fair"] = fair
        f["scoop"] = f.equity
        f["scoop_se"] = f.se
        frames.append(f)
    return pd.concat(frames, ignore_index=True)


def test_r1_r2_verdict_rules():
    t = _fake_starts(0.5)
    assert ar.r1_verdict(t).verdict == "holds"
    assert ar.r2_verdict(t).verdict == "holds"
    assert ar.r2_verdict(_fake_starts(1.5)).verdict == "does not hold"
    bad = t.copy()
    bad.loc[(bad.pairing == "none") & (bad.high == 8), "equity"] = 0.01
    assert ar.r1_verdict(bad).verdict == "does not hold"


def test_r4_verdict_rule():
    rows = []
    for cls, eq in (("paired", 0.6), ("smooth", 0.8), ("brick", 0.62)):
        rows.append({"fourth_card": cls, "deals": 1000, "equity": eq, "se": 0.005,
                     "p_8_low": 0.3, "p_8_low_se": 0.01, "p_7_low": 0.1, "p_7_low_se": 0.01,
                     "opponents": 1})
    t = pd.DataFrame(rows)
    assert ar.r4_verdict(t).verdict == "holds"
    t.loc[t.fourth_card == "paired", "equity"] = 0.3
    assert ar.r4_verdict(t).verdict == "holds with a caveat"


def test_r5_verdict_rule():
    def table(d_tips, d_tight):
        rows = []
        for hero, d in (("tips", d_tips), ("tight", d_tight)):
            rows.append({"hero": hero, "calls": "pot odds", "chips_per_hand": 1.0, "se": 0.1,
                         "diff": 0.0, "diff_se": 0.0, "vpip": 0.2, "hands": 1000})
            rows.append({"hero": hero, "calls": "pot odds + chips in", "chips_per_hand": 1.0 + d,
                         "se": 0.1, "diff": d, "diff_se": 0.05, "vpip": 0.3, "hands": 1000})
        return pd.DataFrame(rows)

    assert am.r5_verdict(table(-0.5, -0.4)).verdict == "holds"
    assert am.r5_verdict(table(-0.5, 0.01)).verdict == "holds with a caveat"
    assert am.r5_verdict(table(0.5, 0.4)).verdict == "does not hold"
    assert am.r5_verdict(table(-0.5, -0.4)).figure == pytest.approx(0.5)


@pytest.mark.parametrize("name", ["razz_starts", "razz_upcards", "razz_early_pair",
                                  "razz_win_rates", "razz_r5"])
def test_analyses_run_small(name):
    res = ANALYSES[name].func(Context(scale=0.002, seed=5, quiet=True))
    for tip in res.tips:
        assert tip.verdict in ("holds", "holds with a caveat", "does not hold")
        assert tip.table in res.tables and tip.plot in res.figures
        assert np.isfinite(tip.figure) and tip.se >= 0
    assert res.tables and res.figures
    if name == "razz_win_rates":
        t = res.tables["razz_win_rates"]
        assert abs(t.chips_per_hand.sum()) < 1e-9 and (t.se > 0).all()
        assert set(res.tables["razz_variants"].variant) == {
            "razz", "private", "stud-high", "stud-hilo", "ace-to-six"}
