"""The In-Between analyses run at a small scale, measure I1-I3 and back them with files."""

from __future__ import annotations

import pytest
from figure_se import missing_se

from simkit.analysis import in_between as A
from simkit.analysis.registry import ANALYSES, Context

VERDICTS = {"holds", "holds with a caveat", "does not hold"}


@pytest.fixture(scope="module")
def results():
    ctx = Context(scale=0.02, seed=7, quiet=True)
    names = [n for n, a in ANALYSES.items() if a.game == "in_between"]
    assert set(names) >= {
        "in_between_odds",
        "in_between_post",
        "in_between_dealer",
        "in_between_game_stakes",
        "in_between_variants",
    }
    out = {n: ANALYSES[n].func(ctx) for n in names}
    yield out
    import matplotlib.pyplot as plt

    plt.close("all")


def test_every_plot_shows_its_se_or_says_exact(results):
    figures = {k: f for r in results.values() for k, f in r.figures.items()}
    assert len(figures) == 6
    for name, fig in figures.items():
        assert not missing_se(fig), (name, missing_se(fig))


def test_every_tip_measured_once_and_backed_by_files(results):
    tips = [t for r in results.values() for t in r.tips]
    assert sorted(t.tip for t in tips) == ["I1", "I2", "I3"]
    tables = {k for r in results.values() for k in r.tables}
    figures = {k for r in results.values() for k in r.figures}
    for t in tips:
        assert t.verdict in VERDICTS
        assert t.table in tables and t.plot in figures, t
        assert t.se >= 0 and t.detail


def test_i1_is_exact_and_follows_the_figures(results):
    (t,) = results["in_between_odds"].tips
    assert t.se == 0.0 and t.figure == pytest.approx(0.64)
    # spreads 1..7 have no positive EV, so passing is right well beyond 1 or 2
    assert t.verdict == "holds with a caveat" and "spread 7" in t.detail


def test_verdict_rules_react_to_the_figures(results):
    sizing = results["in_between_odds"].tables["in_between_sizing"].copy()
    # were spread 3 already profitable, there would be no caveat
    sizing.loc[(sizing.hand == "posts") & (sizing.spread >= 3), "ev_per_chip"] = 0.1
    assert A.i1_verdict(sizing).verdict == "holds"
    ruin = results["in_between_post"].tables["in_between_ruin"].copy()
    ruin.loc[ruin.rule == "pay_twice:1", "ruin_rate"] = 0.9  # the cap made things worse
    post = results["in_between_post"].tables["in_between_post_by_spread"]
    assert A.i2_verdict(post, ruin).verdict == "does not hold"
    pot = results["in_between_dealer"].tables["in_between_dealer_pot"].copy()
    pot["dealer_net"] = pot["dealer_net"].to_numpy()[::-1]  # losses shrinking with the pot
    assert A.i3_verdict(pot).verdict == "does not hold"


def test_tables_are_sane(results):
    rd = results["in_between_variants"].tables["in_between_red_dog"]
    assert list(rd.decks) == [1, 2, 4, 6, 8]
    assert {"house_edge_best_raise", "house_edge_no_raise", "raise_rule"} <= set(rd.columns)
    summary = results["in_between_variants"].tables["in_between_variant_summary"]
    assert (summary.conservation_errors == 0).all()
    exact = results["in_between_game_stakes"].tables["in_between_game_exact"]
    assert exact.expected_net.iloc[0] == exact.expected_net.max()  # the optimum is optimal
