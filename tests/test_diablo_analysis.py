"""Diablo's tip verdict rules on made-up tables, and the report analyses at a small scale."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from simkit.analysis.diablo import d1_verdict, d2_verdict, d3_verdict, d4_verdict, d5_verdict


def _sweep(nets, se=0.1):
    from simkit.games.diablo.strategies import OPEN_LEVELS

    rows = []
    for n, values in nets.items():
        for lv, v in zip(OPEN_LEVELS, values):
            rows.append({"players": n, "level": lv, "net": v, "se": se})
    return pd.DataFrame(rows)


def test_d1_rule():
    peak_at_trips = [-3, -2, -1, -0.5, 0, -0.2, -0.3, -0.4, -0.5]
    assert d1_verdict(_sweep({3: peak_at_trips, 5: peak_at_trips})).verdict == "holds"
    tighter = [-3, -2, -1, -0.5, 0, 2, 2, 2, 2]
    assert d1_verdict(_sweep({3: peak_at_trips, 5: tighter})).verdict == "holds with a caveat"
    looser = [0, 2, 3, 1, 0, -1, -1, -1, -1]
    assert d1_verdict(_sweep({3: looser, 5: looser})).verdict == "does not hold"
    r = d1_verdict(_sweep({3: peak_at_trips, 5: tighter}))
    assert r.figure == pytest.approx(2.0) and r.se == pytest.approx(np.hypot(0.1, 0.1))


def test_d2_d3_d4_d5_rules():
    one = pd.DataFrame(
        {
            "deuces": [0, 1, 2],
            "win": [0.05, 0.4, 0.8],
            "net": [-2.0, 1.0, 20.0],
            "net_se": [0.1, 0.2, 0.5],
            "win_se": [0.01] * 3,
            "hands": [10] * 3,
        }
    )
    deu = pd.concat(
        [one.assign(field=f, players=n) for f in ("trips", "jacks") for n in (3, 4, 5, 6, 7)],
        ignore_index=True,
    )
    r = d2_verdict(deu)
    assert r.verdict == "holds"
    assert r.figure == pytest.approx(3.0) and r.se == pytest.approx(np.hypot(0.1, 0.2))
    assert "3-7" in r.detail and "jacks" in r.detail
    # one deuce "makes chips" only beyond Z SE: +0.02 ± 0.22 (a positive sign) is not enough
    weak = deu.copy()
    weak.loc[(weak.field == "jacks") & (weak.players == 7) & (weak.deuces == 1), ["net", "net_se"]] = [
        0.02,
        0.22,
    ]
    r = d2_verdict(weak)
    assert r.verdict == "holds with a caveat" and "jacks 7p (+0.02±0.22)" in r.detail
    # a step within Z SE at one table size of one field fails the tip
    flat = deu.copy()
    flat.loc[(flat.field == "trips") & (flat.players == 3) & (flat.deuces == 1), "net"] = -1.9
    r = d2_verdict(flat)
    assert r.verdict == "does not hold" and "trips 3p 0->1" in r.detail
    sd = pd.DataFrame(
        {
            "pat_category": "two_pair",
            "deuces": 0,
            "opponents": [1, 2, 3],
            "win": [0.6, 0.3, 0.1],
            "win_se": [0.01] * 3,
            "fair": [0.5, 1 / 3, 0.25],
        }
    )
    assert d3_verdict(sd).verdict == "holds with a caveat"
    assert d3_verdict(sd.assign(win=[0.3, 0.2, 0.1])).verdict == "holds"
    assert d3_verdict(sd.assign(win=[0.9, 0.8, 0.7])).verdict == "does not hold"
    imp = pd.DataFrame(
        {"wild": [True, True, False, False], "draw": [2, 3, 2, 3], "improve": [0.2, 0.3, 0.25, 0.29]}
    )
    assert d4_verdict(imp).verdict == "holds"
    assert d4_verdict(imp.assign(improve=[0.4, 0.47, 0.26, 0.29])).verdict == "does not hold"
    bl = pd.DataFrame(
        {
            "players": [3, 3, 5, 5],
            "diablo": [True, False, True, False],
            "ev": [-5.0, -0.5, -20.0, -1.0],
            "ev_se": [0.2] * 4,
        }
    )
    assert d5_verdict(bl).verdict == "holds"
    assert d5_verdict(bl.assign(ev=[1.0, 1.0, 2.0, 2.0])).verdict == "does not hold"


def test_report_analyses_small(tmp_path, figures_show_se):
    from simkit.analysis.registry import Context
    from simkit.report import generate

    names = ["diablo_draws", "diablo_showdown", "diablo_opening", "diablo_game", "diablo_variants"]
    # every section in this process, where figures_show_se sees its plots (a cache that a whole
    # report has run from would otherwise send diablo_draws to a second process)
    m = generate(tmp_path, ctx=Context(scale=0.05, quiet=True), only=names, beside=False)
    tips = pd.read_csv(tmp_path / "tips.csv").set_index("tip")
    for tip in ("D1", "D2", "D3", "D4", "D5"):
        assert tips.loc[tip, "verdict"] in ("holds", "holds with a caveat", "does not hold")
    for f in (
        "diablo_opening.png",
        "diablo_series.png",
        "diablo_opening_sweep.csv",
        "diablo_equilibrium.csv",
        "diablo_variants.csv",
        "diablo_bluff_value.csv",
    ):
        assert (tmp_path / f).exists(), f
    assert set(names) <= set(m["analyses"])
    # every plot shows its SE (figures_show_se): these five were checked
    saved = {Path(f).name for f in figures_show_se}
    assert {
        "diablo_pair_improvement.png",
        "diablo_showdown.png",
        "diablo_opening.png",
        "diablo_series.png",
        "diablo_chips_by_deuces.png",
        "diablo_bluff_value.png",
    } <= saved


def test_carried_opening_analysis_small(tmp_path, figures_show_se):
    """The best threshold for a carried Diablo pot, beside D1: its tables, plot and specs."""
    from simkit.analysis.registry import Context
    from simkit.games.diablo.strategies import parse_player
    from simkit.games.diablo.studies import CARRIED_LEVELS, CARRIED_POTS
    from simkit.report import analysis_order, discover, generate

    discover()
    order = analysis_order()
    assert order.index("diablo_carried_opening") == order.index("diablo_opening") + 1
    generate(tmp_path, ctx=Context(scale=0.01, quiet=True), only=["diablo_carried_opening"])
    sweep = pd.read_csv(tmp_path / "diablo_carried_opening.csv")
    assert len(sweep) == 3 * len(CARRIED_POTS) * len(CARRIED_LEVELS)
    assert sorted(sweep.players.unique()) == [3, 5, 7] and (sweep.se > 0).all()
    best = pd.read_csv(tmp_path / "diablo_carried_opening_best.csv")
    assert len(best) == 3 * len(CARRIED_POTS) and set(best.best) <= set(CARRIED_LEVELS)
    for spec in best.spec:
        assert parse_player(spec).open_carried  # a spec the parser reads back
    assert (tmp_path / "diablo_carried_opening.png").exists()


def test_keep_limits_analysis(tmp_path, figures_show_se):
    """What to keep under each draw limit (exact) and the pay table's return by limit."""
    from simkit.analysis.registry import Context
    from simkit.games.diablo.keep_table import DRAW_LIMITS, pattern_table
    from simkit.report import generate

    generate(tmp_path, ctx=Context(scale=0.05, quiet=True), only=["diablo_keep_limits"])
    keeps = pd.read_csv(tmp_path / "diablo_keeps_by_limit.csv", keep_default_na=False)
    assert len(keeps) == 6175 and keeps.hands.sum() == 2598960
    std = pattern_table().set_index("pattern")
    k = keeps.set_index("pattern")
    assert (k.loc[std.index, "keep_2"] == std["keep"]).all()  # limit 2 is the standard table
    for lim in DRAW_LIMITS:
        assert (k[f"draw_{lim}"] <= (4 if lim == "3a" else int(lim))).all()
    assert k.loc["K K 7 4 3", "keep_2"] == "K K 7" and k.loc["A K 9 5 3", "keep_5"] == "A"
    draws = pd.read_csv(tmp_path / "diablo_draws_by_limit.csv")
    shares = draws.filter(like="draw_").to_numpy()
    np.testing.assert_allclose(shares.sum(axis=1), 1.0)
    pay = pd.read_csv(tmp_path / "diablo_paytable_by_limit.csv", dtype={"limit": str}).set_index("limit")
    assert round(pay.loc["5", "return"], 6) == 1.007620
    assert list(pay["return"].loc[["1", "2", "3", "4", "5"]]) == sorted(
        pay["return"].loc[["1", "2", "3", "4", "5"]]
    )
    assert (tmp_path / "diablo_keep_limits.png").exists()
