"""Razz analyses (simkit/analysis/razz.py, razz_match.py): the tip verdict rules (R1-R5) on
made-up tables, and every analysis at a small size."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from figure_se import missing_se

from simkit.analysis import razz as ar
from simkit.analysis import razz_match as am
from simkit.analysis.registry import ANALYSES, Context
from simkit.games.razz.starts import patterns

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
        rows.append(
            {
                "fourth_card": cls,
                "deals": 1000,
                "equity": eq,
                "se": 0.005,
                "p_8_low": 0.3,
                "p_8_low_se": 0.01,
                "p_7_low": 0.1,
                "p_7_low_se": 0.01,
                "opponents": 1,
            }
        )
    t = pd.DataFrame(rows)
    assert ar.r4_verdict(t).verdict == "holds"
    t.loc[t.fourth_card == "paired", "equity"] = 0.3
    assert ar.r4_verdict(t).verdict == "holds with a caveat"
    t.loc[t.fourth_card == "paired", "equity"] = 0.6
    # with chips: 'don't pay much' is decided in chips, and where a pair is no worse than a brick is named
    chips = pd.DataFrame(
        [
            {"field": f, "players": n, "fourth_card": c, "seen": 500, "chips": x, "se": 0.5, "hands": 1000}
            for f in ("tips", "tight")
            for n in (2, 8)
            for c, x in (("paired", -6.0), ("smooth", 10.0), ("brick", -8.0 if n == 8 else -1.0))
        ]
    )
    r = ar.r4_verdict(t, chips)
    assert r.verdict == "holds"
    assert "tips 8p (+2.00±0.71)" in r.detail and "tips 2p" not in r.detail.split("or better, at:")[1]
    chips.loc[chips.fourth_card == "smooth", "chips"] = -6.0
    assert ar.r4_verdict(t, chips).verdict == "holds with a caveat"


def _fake_upcards(drop: float) -> pd.DataFrame:
    rows = []
    for series in ("needed", "duplicate"):
        for j in range(5):
            eq = 0.6 - (drop if series == "needed" else drop / 2) * j / 4
            rows.append(
                {"series": series, "low_upcards": j, "upcards": "", "equity": eq, "se": 0.001, "fair": 0.2}
            )
    return pd.DataFrame(rows)


def _fake_dead(gaps: dict) -> pd.DataFrame:
    rows = []
    for start in ar.R3_STARTS:
        for k in ar.R3_OPPONENTS:
            g = gaps.get(start, 0.02)
            rows.append(
                {
                    "start": start,
                    "opponents": k,
                    "needed_effect": -0.02,
                    "needed_se": 0.002,
                    "high_effect": -0.02 + g,
                    "high_se": 0.002,
                    "gap": g,
                    "gap_se": 0.002,
                }
            )
    return pd.DataFrame(rows)


def test_r3_verdict_rule():
    assert ar.r3_dead_cards("As 2d / 4c") == "3h 5h 6h"
    assert ar.r3_dead_cards("4s 6d / 8c") == "Ah 2h 3h"
    r = ar.r3_verdict(_fake_upcards(0.2), _fake_dead({}), "As 2d / 4c")
    assert r.verdict == "holds" and r.figure == pytest.approx(0.02)
    # the comparison against the tip for one start: a caveat that names it
    r = ar.r3_verdict(_fake_upcards(0.2), _fake_dead({"4s 6d / 8c": -0.02}), "As 2d / 4c")
    assert r.verdict == "holds with a caveat" and "against somewhere: 4s 6d / 8c" in r.detail
    # no drop when the upcards turn low: does not hold
    assert ar.r3_verdict(_fake_upcards(0.0), _fake_dead({}), "As 2d / 4c").verdict == "does not hold"


def test_r5_verdict_rule():
    def table(d_tips, d_tight):
        rows = []
        for hero, d in (("tips", d_tips), ("tight", d_tight)):
            rows.append(
                {
                    "hero": hero,
                    "calls": "pot odds",
                    "chips_per_hand": 1.0,
                    "se": 0.1,
                    "diff": 0.0,
                    "diff_se": 0.0,
                    "vpip": 0.2,
                    "hands": 1000,
                }
            )
            rows.append(
                {
                    "hero": hero,
                    "calls": "pot odds + chips in",
                    "chips_per_hand": 1.0 + d,
                    "se": 0.1,
                    "diff": d,
                    "diff_se": 0.05,
                    "vpip": 0.3,
                    "hands": 1000,
                }
            )
        return pd.DataFrame(rows)

    assert am.r5_verdict(table(-0.5, -0.4)).verdict == "holds"
    assert am.r5_verdict(table(-0.5, 0.01)).verdict == "holds with a caveat"
    assert am.r5_verdict(table(0.5, 0.4)).verdict == "does not hold"
    assert am.r5_verdict(table(-0.5, -0.4)).figure == pytest.approx(0.5)


@pytest.mark.parametrize(
    "name", ["razz_starts", "razz_upcards", "razz_early_pair", "razz_win_rates", "razz_r5"]
)
def test_analyses_run_small(name):
    res = ANALYSES[name].func(Context(scale=0.002, seed=5, quiet=True))
    for tip in res.tips:
        assert tip.verdict in ("holds", "holds with a caveat", "does not hold")
        assert tip.table in res.tables and tip.plot in res.figures
        assert np.isfinite(tip.figure) and tip.se >= 0
    assert res.tables and res.figures
    for fname, fig in res.figures.items():
        assert not missing_se(fig), (fname, missing_se(fig))
    if name == "razz_win_rates":
        t = res.tables["razz_win_rates"]
        assert abs(t.chips_per_hand.sum()) < 1e-9 and (t.se > 0).all()
        assert set(res.tables["razz_variants"].variant) == {
            "razz",
            "private",
            "stud-high",
            "stud-hilo",
            "ace-to-six",
        }
