"""Diablo outcome tables against the showdown job of the same seed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simkit.cards import parse_cards
from simkit.games.diablo.draw_equity import draw_equity
from simkit.games.diablo.jobs import showdown_table
from simkit.games.diablo.outcomes import draw_equity_deals, equity_deals
from simkit.games.diablo.ranges import parse_range


def _cards(text) -> list[list[int]]:
    return [parse_cards(t).tolist() if t else [] for t in text]


def test_equity_deals_agree_with_showdown_table():
    e = equity_deals(6000, opponents=3, seed=3, chunk_size=2500, threads=2)
    t = showdown_table(6000, seed=3, chunk_size=2500, quiet=True)
    t = t[t.opponents == 3].set_index(["pat_category", "deuces"])
    g = e[e.seat == 0].groupby(["pat_category", "deuces"]).share.agg(["mean", "size"])
    j = g.join(t[["win", "hands"]], how="inner")
    assert len(j) == len(t) and (j["size"] == j["hands"]).all()
    np.testing.assert_allclose(j["mean"], j["win"], rtol=0, atol=1e-12)
    assert np.allclose(e.groupby("deal").share.sum(), 1.0)
    assert len(e) == 4 * 6000


def test_cards_valid_distinct_and_draws_counted():
    e = equity_deals(300, opponents=6, seed=1, threads=1)
    start = [parse_cards(x).tolist() for x in e.start]
    final = [parse_cards(x).tolist() for x in e.cards]
    assert ((e.drawn1 >= 0) & (e.drawn1 <= 2)).all()  # standard rules: 0-2 cards (R-D6)
    assert all(len(set(a) - set(b)) == d for a, b, d in zip(start, final, e.drawn1))
    assert (e.deuces == [sum(c < 4 for c in s) for s in start]).all()
    for rows in e.groupby("deal").indices.values():
        dealt = [c for i in rows for c in start[i]]
        held = [c for i in rows for c in final[i]]
        assert len(set(dealt)) == 35 and len(set(held)) == 35


def test_same_rows_on_threads_and_parquet(tmp_path):
    a = equity_deals(700, seed=2, chunk_size=300, threads=1)
    pd.testing.assert_frame_equal(a, equity_deals(700, seed=2, chunk_size=300, threads=2))
    p = equity_deals(700, seed=2, chunk_size=300, path=tmp_path / "d.parquet")
    pd.testing.assert_frame_equal(pd.read_parquet(p), a)


@pytest.mark.parametrize("bad", [0, 7, 1.5])
def test_bad_opponents_refused(bad):
    with pytest.raises(ValueError, match="opponents"):
        equity_deals(10, opponents=bad)


@pytest.mark.parametrize(
    ("hands", "keeps"),
    [
        (["trips+", "Kh Qh Jh 9h 3c", "two_pair no deuce"], [None, "Kh Qh Jh 9h", None]),
        (["As Ah Ad 7c 4s", "Kh Qh Jh 9h 3c"], ["As Ah Ad", "Kh Qh Jh 9h"]),
    ],
)
def test_draw_equity_deals_agree_with_draw_equity(hands, keeps):
    e = draw_equity_deals(hands, keeps, 1500, seed=5, chunk_size=600, threads=2)
    q = draw_equity(hands, keeps, exact=False, trials=1500, seed=5, chunk_size=600)
    np.testing.assert_allclose(e.groupby("seat").share.mean(), q.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(e.groupby("seat").win.mean(), q.win, rtol=0, atol=1e-12)
    assert np.allclose(e.groupby("deal").share.sum(), 1.0)
    start, final = _cards(e.start), _cards(e.cards)
    for rows in e.groupby("deal").indices.values():
        seen = {c for i in rows for c in start[i]}
        assert len(seen) == 5 * len(hands)
        assert len({c for i in rows for c in final[i]}) == 5 * len(hands)
    kept = _cards(e.kept)
    assert all(set(k) <= set(s) and set(k) <= set(f) for k, s, f in zip(kept, start, final))
    assert ((e.drawn1 + e.kept.str.split().str.len()) == 5).all()
    for seat, (h, k) in enumerate(zip(hands, keeps)):
        rows = np.flatnonzero(e.seat == seat)
        if k is None:  # a range: the start is a member of it, and its mean draw is draw_equity's
            assert (e.range[rows] == h).all()
            members = {frozenset(c) for c in parse_range(h).cards.tolist()}
            assert all(frozenset(start[i]) in members for i in rows)
            assert len({frozenset(start[i]) for i in rows}) > 50
            assert e.drawn1[rows].mean() == pytest.approx(q.draw[seat], abs=1e-12)
        else:
            assert (e.range[rows] == "").all() and (e.given[rows] == h).all()
            assert all(set(start[i]) == set(parse_cards(h).tolist()) for i in rows)
            assert all(set(t.split()) == set(k.split()) for t in e.kept[rows])
