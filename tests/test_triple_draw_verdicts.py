"""The T3 and T4 verdict rules on made-up tables, and the reading helpers at a small size."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simkit.analysis.triple_draw import T3_SEATS, T4_SEATS, t3_hands, t3_verdict, t4_verdict
from simkit.games.triple_draw.reading import draw_posterior, paired_compare


def _t3(pat_gap: float, draw_gap: float) -> pd.DataFrame:
    rows = []
    for king, _ in t3_hands(7):
        for n in T3_SEATS:
            for mode, d in (("pat", pat_gap / n), ("drawing", draw_gap)):
                rows.append(
                    {
                        "low_cards": king[3:],
                        "players": n,
                        "mode": mode,
                        "diff": d,
                        "diff_se": 0.002,
                        "beaten_king_exact": 0.18,
                        "beaten_ace_exact": 0.31,
                    }
                )
    return pd.DataFrame(rows)


def test_t3_rule():
    assert len(t3_hands()) == 35 and len(t3_hands(2)) == 18
    r = t3_verdict(_t3(0.06, 0.0))
    assert r.verdict == "holds with a caveat" and r.figure == pytest.approx(0.03)
    assert t3_verdict(_t3(0.06, 0.02)).verdict == "holds"
    assert t3_verdict(_t3(0.0, 0.0)).verdict == "does not hold"


def _t4(fields: dict) -> tuple[pd.DataFrame, pd.DataFrame]:
    post, chips = [], []
    for name, (p10_pat, worth) in fields.items():
        for n in T4_SEATS:
            for draw, drawn, p10, share in ((1, 0, p10_pat, 0.5), (3, 2, 0.15, 0.2)):
                post.append(
                    {
                        "field": name,
                        "players": n,
                        "draw": draw,
                        "cards_drawn": drawn,
                        "seen": 1000,
                        "p_8_low": p10 / 2,
                        "se_8": 0.01,
                        "p_10_low": p10,
                        "se_10": 0.01,
                        "pot_share": share,
                        "se_share": 0.01,
                    }
                )
            chips.append({"field": name, "players": n, "worth": worth, "worth_se": 0.01})
    return pd.DataFrame(post), pd.DataFrame(chips)


def test_t4_rule():
    assert t4_verdict(*_t4({"made": (1.0, 0.1), "table": (0.9, 0.1)})).verdict == "holds"
    # a field that stands pat on draws: the reading depends on the field
    r = t4_verdict(*_t4({"made": (1.0, 0.1), "loose": (0.2, -0.1)}))
    assert r.verdict == "holds with a caveat" and "here: made" in r.detail
    assert t4_verdict(*_t4({"a": (0.2, 0.1), "b": (0.3, 0.1)})).verdict == "does not hold"
    # the draws read right everywhere, but acting on them does not pay everywhere
    assert t4_verdict(*_t4({"made": (1.0, 0.1), "table": (0.9, 0.0)})).verdict == "holds with a caveat"


def test_reading_helpers():
    # a field standing pat on any no-pair K-high hand stands pat at draw 1 far more often
    made = draw_posterior(["tight"] * 4, "rule", hands=3000, seed=1, quiet=True)
    loose = draw_posterior(["tight"] * 4, ("rule", {"pat": ("K", "K", "K")}), hands=3000, seed=1, quiet=True)
    pat = {n: t[(t.draw == 1) & (t.cards_drawn == 0)].iloc[0] for n, t in (("made", made), ("loose", loose))}
    assert pat["made"].p_10_low == 1.0  # a made 10-low by construction
    assert pat["loose"].players > 3 * pat["made"].players and pat["loose"].p_10_low < 0.5
    # the same spec on both sides: identical hands, no difference at all
    c = paired_compare(["tight"] * 3, 0, "tight", hands=2000, seed=2, quiet=True)
    assert c["diff"] == 0.0 and c["diff_se"] == 0.0 and c["a"] == c["b"]
    d = paired_compare(["tight"] * 3, 0, "tight:P_PAT=0", hands=2000, seed=2, quiet=True)
    assert d["a"] == c["a"] and np.isfinite(d["diff_se"]) and d["diff_se"] < d["se_a"]
