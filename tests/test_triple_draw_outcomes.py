"""Triple Draw outcome tables against the match and equity jobs of the same seed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simkit.cards import parse_cards
from simkit.games.triple_draw import jobs
from simkit.games.triple_draw.outcomes import deals, equity_deals
from simkit.games.triple_draw.ranges import parse_range
from simkit.hands import evaluate

PLAYERS = ["tight", "loose", "station"]


def _cards(text) -> list[list[int]]:
    return [parse_cards(t).tolist() if t else [] for t in text]


def test_deals_agree_with_the_match_and_conserve_chips():
    t = deals(PLAYERS, 900, seed=4, chunk_size=300, threads=1)
    m = jobs.match(PLAYERS, hands=900, seed=4, chunk_size=300, quiet=True)
    np.testing.assert_allclose(t.groupby("seat").net.mean(), m.chips_per_hand, rtol=0, atol=1e-12)
    assert (t.groupby("deal").net.sum() == 0).all()
    assert np.allclose(t.groupby("deal").share.sum(), 1.0)
    assert (t.dealer == t.deal % 300 % 3).all()  # the dealer moves every hand, from seat 0 each chunk
    # draws: -1 only after a fold, at most 5; the final hand differs from the start by what was drawn
    d = t[["drawn1", "drawn2", "drawn3"]].to_numpy()
    assert ((d >= -1) & (d <= 5)).all()
    assert (np.diff((d >= 0).astype(int), axis=1) <= 0).all()
    start, final = _cards(t.start), _cards(t.cards)
    changed = np.array([len(set(a) - set(b)) for a, b in zip(start, final)])
    assert (changed <= np.where(d >= 0, d, 0).sum(axis=1)).all()
    # hands at a showdown: the winners hold the best one; final hands there are distinct
    sd = t[t.showdown]
    s = evaluate(np.array([final[i] for i in sd.index]), "deuce_to_seven")
    sd = sd.assign(strength=s)
    assert ((sd.share > 0) == (sd.strength == sd.groupby("deal").strength.transform("max"))).all()
    for rows in t.groupby("deal").indices.values():
        dealt = [c for i in rows for c in start[i]]
        assert len(set(dealt)) == len(dealt) == 15
        held = [c for i in rows if t.showdown.iloc[i] for c in final[i]]
        assert len(set(held)) == len(held)


def test_same_rows_on_one_thread_and_two_and_in_parquet(tmp_path):
    a = deals(PLAYERS, 400, seed=6, chunk_size=150, threads=1)
    b = deals(PLAYERS, 400, seed=6, chunk_size=150, threads=2)
    pd.testing.assert_frame_equal(a, b)
    p = deals(PLAYERS, 400, seed=6, chunk_size=150, path=tmp_path / "t.parquet")
    pd.testing.assert_frame_equal(pd.read_parquet(p), a)


def test_single_draw_and_ace_to_five():
    t = deals(["tight", "loose"], 200, seed=1, variant="single-draw-nl", threads=1)
    assert [c for c in t.columns if c.startswith("drawn")] == ["drawn1"]
    e = equity_deals(["As 2d 3c 4h 6s"], 300, n_players=2, family="ace_to_five", seed=1, threads=1)
    assert set(e.category.dropna()) <= {
        "5-low",
        "6-low",
        "7-low",
        "8-low",
        "9-low",
        "T-low",
        "J-low",
        "Q-low",
        "K-low",
        "one_pair",
        "two_pair",
        "three_of_a_kind",
        "full_house",
        "four_of_a_kind",
    }


def test_equity_deals_agree_with_equity():
    hands = ["7s 5h 4d 3c 2s", "8s 6h 5d 4c 2h"]
    e = equity_deals(hands, 1500, n_players=4, seed=2, chunk_size=500, threads=2)
    q = jobs.equity(hands, 4, trials=1500, seed=2, chunk_size=500, quiet=True)
    np.testing.assert_allclose(e.groupby("seat").share.mean(), q.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(e.groupby("seat").win.mean(), q.win, rtol=0, atol=1e-12)
    assert np.allclose(e.groupby("deal").share.sum(), 1.0)
    assert (e[e.seat == 0].start == hands[0]).all() and (e[e.seat == 3].given == "random").all()
    start = _cards(e.start)
    for rows in e.groupby("deal").indices.values():
        dealt = [c for i in rows for c in start[i]]
        assert len(set(dealt)) == len(dealt) == 20


def test_equity_deals_with_ranges_agree_with_equity():
    hands = ["pat 8-", "7s 5h 4d 3c 2s", "draw 7-"]
    e = equity_deals(hands, 1200, n_players=3, seed=4, chunk_size=500, threads=2)
    q = jobs.equity(hands, 3, trials=1200, seed=4, chunk_size=500, quiet=True)
    np.testing.assert_allclose(e.groupby("seat").share.mean(), q.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(e.groupby("seat").win.mean(), q.win, rtol=0, atol=1e-12)
    assert e.given.tolist()[:3] == q.hand.tolist() and e.range.tolist()[:3] == ["pat 8-", "", "draw 7-"]
    start = _cards(e.start)
    for rows in e.groupby("deal").indices.values():
        dealt = [c for i in rows for c in start[i]]
        assert len(set(dealt)) == len(dealt) == 15
    # The start of a ranged seat is the member of the range it was dealt.
    for seat, text in ((0, "pat 8-"), (2, "draw 7-")):
        members = {frozenset(c) for c in parse_range(text).cards.tolist()}
        got = [frozenset(start[i]) for i in np.flatnonzero(e.seat == seat)]
        assert all(m in members for m in got) and len(set(got)) > 100
    assert (e[e.seat == 1].start == hands[1]).all()


@pytest.mark.parametrize(
    ("call", "msg"),
    [
        (lambda: deals(["tight"], 10), "2-6 players"),
        (lambda: deals(PLAYERS, 0), "trials"),
        (lambda: deals(PLAYERS, 10, path="x.txt"), "parquet"),
        (lambda: equity_deals(["7s 5h 4d 3c 2s", "7s 6h 5d 4c 2h"], 10), "shares a card"),
        (lambda: equity_deals(["7s 5h 4d 3c 2s"], 10, n_players=7), "2-6 players"),
        (lambda: equity_deals(["7s 5h 4d 3c 2s"], 10, n_players=2, strategy="nobody"), "nobody"),
    ],
)
def test_bad_input_refused(call, msg):
    with pytest.raises(ValueError, match=msg):
        call()
