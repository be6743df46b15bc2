"""All-in equity with draws, starting-hand groups and the typical final hand."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from simkit.games.triple_draw.equity import final_cdf, group_frame, hand_group, pool_groups
from simkit.games.triple_draw.jobs import EquityJob, equity, starting_hand_equity


def test_groups():
    assert hand_group("7s 6s 5s 4s Kd")["sf_draw"] == 1  # four of a suit, four in a row
    assert hand_group("Ks Qh 9d 8c 3s") == {"low7": 1, "deuce": 0, "ace": 0, "pair": 0, "sf_draw": 0}


def test_equity_conserves_and_made_hands_win():
    df = equity(["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"], strategy="rule", trials=500, seed=2, quiet=True)
    assert df.equity.tolist() == [1.0, 0.0]  # both stand pat on T-low or better
    df = equity(["7s 5h 4d 3c 2s", "7d 5c 4h 3s 2c"], strategy="rule", trials=500, quiet=True)
    assert df.equity.tolist() == [0.5, 0.5] and df.tie.tolist() == [1.0, 1.0]


def test_equity_job_sums_to_one_and_group_shares_match_combinatorics():
    n = 6000
    r = EquityJob(3, "table").run_chunk(n, np.random.SeedSequence(9))
    assert r["equity"].sum() == pytest.approx(n)
    assert int(r["group_n"].sum()) == n
    # share of starting hands with a pair, exact: 1 - C(13,5) 4^5 / C(52,5)
    p_pair = 1 - comb(13, 5) * 4**5 / comb(52, 5)
    groups = np.arange(96)
    pair = r["group_n"][(groups // 2) % 2 == 1].sum() / n
    se = np.sqrt(p_pair * (1 - p_pair) / n)
    assert abs(pair - p_pair) < 4.5 * se


def test_starting_hand_equity_table():
    df = starting_hand_equity(1, trials=4000, seed=1, quiet=True)
    assert set(df.columns) >= {"low7", "deuce", "equity", "se", "hands"}
    good = df[(df.low7 >= 4) & (df.pair == 0)]
    bad = df[(df.low7 <= 1)]
    wm = lambda d: np.average(d.equity, weights=d.hands)
    assert wm(good) > wm(bad)


def test_pooled_groups_are_the_mean_and_se_of_their_deals():
    """Pooling groups from the table (hands, equity, se) gives what the raw sums of the deals
    in those groups give: the same mean and SE as if the pooled group had been one group."""
    r = EquityJob(2, "table").run_chunk(3000, np.random.SeedSequence(4))
    r["trials"] = 3000
    g = group_frame(r)
    pooled = pool_groups(g, ["low7", "deuce"])
    assert int(pooled.hands.sum()) == 3000
    ids = np.arange(96)
    for (low7, deuce), row in pooled.iterrows():
        mask = (ids // 16 == low7) & ((ids // 8) % 2 == deuce)
        n = r["group_n"][mask].sum()
        s, ss = r["group_eq"][mask].sum(), r["group_eq_sq"][mask].sum()
        mean = s / n
        assert row.hands == n and row.equity == pytest.approx(mean, abs=1e-12)
        if n > 1:
            se = np.sqrt((ss - n * mean * mean) / (n - 1) / n)
            assert row.se == pytest.approx(se, rel=1e-9, abs=1e-12)
    one = pool_groups(g, "low7").equity  # the notebook's old way: hands-weighted equity
    old = g.assign(w=g.equity * g.hands).groupby("low7")[["w", "hands"]].sum()
    np.testing.assert_allclose(one, old.w / old.hands, rtol=1e-12)


def test_final_cdf_is_a_distribution():
    cdf = final_cdf()
    assert (np.diff(cdf) >= 0).all() and 0.0 <= cdf[0] and cdf[-1] <= 1.0
    assert final_cdf("ace_to_five")[-1] > 0.99
