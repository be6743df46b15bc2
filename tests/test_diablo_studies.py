"""Diablo studies, tip verdict rules, the report analyses and the simulation commands."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from simkit.analysis.diablo import d1_verdict, d2_verdict, d3_verdict, d4_verdict, d5_verdict
from simkit.cli.main import main
from simkit.games.diablo.studies import (
    bluff_ev,
    equilibrium,
    series_table,
    threshold_sweep,
    variants_table,
)

Q = {"quiet": True}


def test_sweep_loose_opening_loses():
    t = threshold_sweep(5, ("pair", "trips"), series=4000, seed=2, **Q).set_index("level")
    diff = t.loc["trips", "net"] - t.loc["pair", "net"]
    assert diff > 4 * np.hypot(t.loc["trips", "se"], t.loc["pair", "se"])
    assert t.loc["pair", "open_rate"] > t.loc["trips", "open_rate"]


def test_equilibrium_rows():
    e = equilibrium(3, "jacks", ("jacks", "trips", "straight"), series=2000, seed=1, **Q)
    assert e.result.iloc[-1] in ("equilibrium", "cycle", "no convergence")
    assert (e.result.iloc[:-1] == "").all()
    last = e.iloc[-1]
    if last.result == "equilibrium":
        assert last.best == last.others or last.gain <= 2 * last.gain_se
    with pytest.raises(ValueError, match="start level"):
        equilibrium(3, "quads", ("jacks", "trips"), series=10)


def test_bluff_costs_more_under_the_diablo_rule():
    on = bluff_ev(5, series=3000, diablo=True, seed=4, **Q)
    off = bluff_ev(5, series=3000, diablo=False, seed=4, **Q)
    assert on["ev"] < -4 * on["ev_se"]
    assert on["ev"] < off["ev"] - 3 * np.hypot(on["ev_se"], off["ev_se"])
    assert on["bluff_n"] > 1000 and on["check_n"] > 1000


def test_series_and_variants_tables():
    t = series_table((3, 6), ("trips",), series=2000, seed=3, **Q)
    assert (t.chip_errors == 0).all()
    assert (t.p_len_2plus >= t.p_len_3plus).all() and (t.p_len_3plus >= t.p_len_5plus).all()
    assert t.set_index("players").loc[6, "mean_len"] > t.set_index("players").loc[3, "mean_len"]
    v = variants_table(4, "pair", series=1500, seed=3, **Q).set_index("variant")
    assert (v.chip_errors == 0).all()
    assert v.loc["deuces wild (no Diablo rule)", "longest"] == 1
    assert v.loc["cap 20", "penalty_per_game"] < v.loc["standard", "penalty_per_game"]


# --- verdict rules on made-up tables ----------------------------------------------------------

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
    deu = pd.DataFrame({"deuces": [0, 1, 2], "win": [0.05, 0.4, 0.8], "net": [-2.0, 0.5, 20.0],
                        "net_se": [0.1, 0.2, 0.5], "win_se": [0.01] * 3, "hands": [10] * 3})
    assert d2_verdict(deu).verdict == "holds"
    assert d2_verdict(deu.assign(net=[-2.0, -2.0, 20.0])).verdict == "does not hold"
    sd = pd.DataFrame({"pat_category": "two_pair", "deuces": 0, "opponents": [1, 2, 3],
                       "win": [0.6, 0.3, 0.1], "win_se": [0.01] * 3, "fair": [0.5, 1 / 3, 0.25]})
    assert d3_verdict(sd).verdict == "holds with a caveat"
    assert d3_verdict(sd.assign(win=[0.3, 0.2, 0.1])).verdict == "holds"
    assert d3_verdict(sd.assign(win=[0.9, 0.8, 0.7])).verdict == "does not hold"
    imp = pd.DataFrame({"wild": [True, True, False, False], "draw": [2, 3, 2, 3],
                        "improve": [0.2, 0.3, 0.25, 0.29]})
    assert d4_verdict(imp).verdict == "holds"
    assert d4_verdict(imp.assign(improve=[0.4, 0.47, 0.26, 0.29])).verdict == "does not hold"
    bl = pd.DataFrame({"players": [3, 3, 5, 5], "diablo": [True, False, True, False],
                       "ev": [-5.0, -0.5, -20.0, -1.0], "ev_se": [0.2] * 4})
    assert d5_verdict(bl).verdict == "holds"
    assert d5_verdict(bl.assign(ev=[1.0, 1.0, 2.0, 2.0])).verdict == "does not hold"


def test_report_analyses_small(tmp_path):
    from simkit.analysis.registry import Context
    from simkit.report import generate

    names = ["diablo_draws", "diablo_showdown", "diablo_opening", "diablo_game",
             "diablo_variants"]
    m = generate(tmp_path, ctx=Context(scale=0.05, quiet=True), only=names)
    tips = pd.read_csv(tmp_path / "tips.csv").set_index("tip")
    for tip in ("D1", "D2", "D3", "D4", "D5"):
        assert tips.loc[tip, "verdict"] in ("holds", "holds with a caveat", "does not hold")
    for f in ("diablo_opening.png", "diablo_series.png", "diablo_opening_sweep.csv",
              "diablo_equilibrium.csv", "diablo_variants.csv", "diablo_bluff_value.csv"):
        assert (tmp_path / f).exists(), f
    assert set(names) <= set(m["analyses"])


# --- commands ---------------------------------------------------------------------------------

def test_cli_match_and_open(capsys):
    assert main(["diablo", "match", "trips", "two_pair:bluff=0.1", "pair:kind=loose-aggressive",
                 "--trials", "1500", "--quiet", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["player"] for r in rows] == ["trips", "two_pair:bluff=0.1", "pair:kind=loose-aggressive"]
    assert sum(r["net_per_series"] for r in rows) == pytest.approx(0.0, abs=1e-9)
    assert main(["diablo", "open", "--players", "3", "--levels", "jacks", "trips",
                 "--trials", "1000", "--quiet", "--format", "csv"]) == 0
    assert capsys.readouterr().out.count("\n") == 3


@pytest.mark.parametrize("argv,needle", [
    (["diablo", "match", "trips", "trips"], "3-7 players"),
    (["diablo", "match", "trips", "trips", "sometimes"], "sometimes"),
    (["diablo", "match", "trips", "trips", "trips:bluff=lots"], "bluff"),
    (["diablo", "open", "--players", "9"], "player count"),
    (["diablo", "series", "--stacks", "0", "--trials", "10"], "stacks"),
])
def test_cli_bad_values(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err


def test_cli_keeps_summary(capsys):
    assert main(["diablo", "keeps", "--summary", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deuces,pat_category,")
