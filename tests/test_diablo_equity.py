"""The showdown job (tips D2/D3): class frequencies against the exact hypergeometric ones, and
shares that fall with more opponents and average 1/2 against one."""

from __future__ import annotations

import numpy as np

from simkit.games.diablo.equity import tabulate
from simkit.games.diablo.jobs import ShowdownJob


def test_showdown_job_class_frequencies_and_shares():
    job = ShowdownJob()
    out = job.run_chunk(30_000, np.random.SeedSequence(4))
    n = 30_000
    assert out["count"].sum() == n and out["final_cat"].sum() == n
    tot = dict(out, trials=np.int64(n))
    by_deuces = tabulate(tot, "deuces")
    # deuces held by a random hand: hypergeometric, exact
    from math import comb

    for d, grp in by_deuces.groupby("deuces"):
        p = comb(4, d) * comb(48, 5 - d) / comb(52, 5)
        f = grp.frequency.iloc[0]
        assert abs(f - p) < 5 * np.sqrt(p * (1 - p) / n) + 1e-9
        # more opponents, smaller share
        assert (np.diff(grp.sort_values("opponents").win) <= 1e-12).all()
    # the shares of all hands against one opponent average 1/2 (symmetry)
    overall = out["share"][:, 0].sum() / n
    assert abs(overall - 0.5) < 5 * 0.5 / np.sqrt(n)
