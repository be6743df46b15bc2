"""The triple-draw command group and the report analyses at small sizes."""

from __future__ import annotations

import json

import numpy as np
import pytest

import simkit.analysis.triple_draw  # noqa: F401  (registers the analyses)
from simkit.analysis.registry import ANALYSES, Context
from simkit.cli.main import main


def _json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_equity_command(capsys):
    rows = _json(capsys, ["triple-draw", "equity", "7s 5h 4d 3c 2s", "Ks Qh Jd 9c 8h",
                          "--trials", "2000", "--quiet", "--format", "json"])
    assert [r["seat"] for r in rows] == [0, 1]
    assert rows[0]["equity"] > rows[1]["equity"]
    assert sum(r["equity"] for r in rows) == pytest.approx(1.0)


def test_match_command(capsys):
    rows = _json(capsys, ["triple-draw", "match", "tight", "loose", "--players", "3",
                          "--trials", "3000", "--quiet", "--format", "json"])
    assert [r["player"] for r in rows] == ["tight", "loose", "loose"]
    assert sum(r["chips_per_hand"] for r in rows) == pytest.approx(0.0, abs=1e-9)
    assert all(r["se"] > 0 for r in rows)


def test_best_discard_and_starting_hands(capsys):
    rows = _json(capsys, ["triple-draw", "best-discard", "7s 7h 5d 3c 2s", "--target", "7",
                          "--format", "json"])
    assert rows[0]["discard"] == "7h"
    rows = _json(capsys, ["triple-draw", "starting-hands", "--trials", "2000", "--quiet",
                          "--format", "json"])
    assert sum(r["hands"] for r in rows) == 2000


@pytest.mark.parametrize("argv,needle", [
    (["triple-draw", "match", "tight", "loose", "--players", "7"], "player count"),
    (["triple-draw", "equity", "7s 5h 4d 3c 2s", "7s 6h 5d 4c 2c"], "shares a card"),
    (["triple-draw", "draw-odds", "7s 5h 4d 3c 2s", "--targets", "6"], "not possible"),
])
def test_usage_errors(capsys, argv, needle):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_analyses_run_small():
    ctx = Context(scale=0.01, quiet=True, seed=3)
    tips = {}
    for name in ("triple_draw_draw_odds", "triple_draw_equity", "triple_draw_t2_t3",
                 "triple_draw_win_rates", "triple_draw_t4_t5"):
        res = ANALYSES[name].func(ctx)
        for t in res.tips:
            tips[t.tip] = t
        for df in res.tables.values():
            assert len(df) > 0
    assert sorted(tips) == ["T1", "T2", "T3", "T4", "T5"]
    for t in tips.values():
        assert t.verdict in ("holds", "holds with a caveat", "does not hold")
        assert np.isfinite(t.figure) and t.se >= 0
