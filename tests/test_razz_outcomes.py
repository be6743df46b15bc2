"""Razz outcome tables against the match and equity jobs of the same seed."""

from __future__ import annotations

import importlib

import numpy as np
import pandas as pd
import pytest

from simkit.cards import parse_cards
from simkit.games.razz import jobs
from simkit.games.razz.outcomes import deals, equity_deals
from simkit.hands import evaluate

razz_equity = importlib.import_module("simkit.games.razz.equity")

PLAYERS = ["tips", "tight", "check-call"]


def _cards(text) -> list[list[int]]:
    return [parse_cards(t).tolist() if t else [] for t in text]


def test_deals_agree_with_the_match_and_conserve_chips():
    t = deals(PLAYERS, 900, seed=4, chunk_size=300, threads=1)
    m = jobs.match(PLAYERS, 900, seed=4, chunk_size=300)
    assert len(t) == 900 * 3 and t.deal.nunique() == 900
    np.testing.assert_allclose(t.groupby("seat").net.mean(), m.chips_per_hand, rtol=0, atol=1e-12)
    np.testing.assert_allclose((t.net > 0).groupby(t.seat).mean(), m.win_rate, rtol=0, atol=1e-12)
    assert (t.groupby("deal").net.sum() == 0).all()
    assert np.allclose(t.groupby("deal").share.sum(), 1.0)
    assert (t.groupby("deal").bring_in.sum() == 1).all()
    sd = t[t.showdown]
    assert sd.hand.notna().all() and t[~t.showdown].hand.isna().all()
    assert (sd.groupby("deal").size() >= 2).all()
    # the winners at a showdown hold the best hand
    cards = _cards(t.cards)
    assert (t.start.str.split().str.len() == 3).all()
    assert (t.door == t.start.str.split().str[2].str[0]).all()
    strength = evaluate(np.array([cards[i] for i in sd.index]), "ace_to_five")
    sd = sd.assign(strength=strength)
    best = sd.groupby("deal").strength.transform("max")
    assert ((sd.share > 0) == (sd.strength == best)).all()


def test_deals_cards_valid_and_distinct_per_deal():
    t = deals(["check-call"] * 8, 100, seed=5, threads=1)  # eight to seventh street: R-Z4
    cards = _cards(t.cards)
    assert t.community.any()
    for rows in t.groupby("deal").indices.values():
        seen = [c for i in rows for c in cards[i]]
        assert all(0 <= c < 52 for c in seen)
        if t.community.iloc[rows[0]]:  # R-Z4: the community card is every seventh-street hand's
            seen = [c for i in rows for c in cards[i][:6]]
        assert len(set(seen)) == len(seen)


def test_same_rows_on_one_thread_and_two_and_in_parquet(tmp_path):
    a = deals(PLAYERS, 500, seed=6, chunk_size=120, threads=1)
    b = deals(PLAYERS, 500, seed=6, chunk_size=120, threads=2)
    pd.testing.assert_frame_equal(a, b)
    p = deals(PLAYERS, 500, seed=6, chunk_size=120, threads=2, path=tmp_path / "r.parquet")
    pd.testing.assert_frame_equal(pd.read_parquet(p), a)


def test_stud_hilo_has_low_column():
    t = deals(["tight", "check-call"], 200, seed=1, variant="stud-hilo", threads=1)
    assert set(t.low.dropna()) <= {"no_low", "8-low", "7-low", "6-low", "5-low"}
    assert t[t.showdown].low.notna().all()


def test_equity_deals_agree_with_equity():
    hands = ["As 2d / 3c", "Kh Qd / 5s", "? ? / 7h"]
    e = equity_deals(hands, 2000, seed=2, chunk_size=700, threads=2)
    q = razz_equity.equity(hands, trials=2000, seed=2, exact=False, chunk_size=700)
    np.testing.assert_allclose(e.groupby("seat").share.mean(), q.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(e.groupby("seat").scoop.mean(), q.scoop, rtol=0, atol=1e-12)
    assert np.allclose(e.groupby("deal").share.sum(), 1.0)
    cards = _cards(e.cards)
    assert all(len(c) == 7 for c in cards)
    for rows in e.groupby("deal").indices.values():
        seen = [c for i in rows for c in cards[i]]
        assert len(set(seen)) == len(seen)
    assert (e[e.seat == 0].cards.str[:8] == "As 2d 3c").all()
    assert (e[e.seat == 2].dealt.str.split().str.len() == 6).all()


def test_equity_deals_with_ranges_agree_with_equity():
    hands = ["A23,A24", "Kh Qd / 5s", "*7-"]
    e = equity_deals(hands, 1500, seed=3, chunk_size=600, threads=2)
    q = razz_equity.equity(hands, trials=1500, seed=3, exact=False, chunk_size=600)
    np.testing.assert_allclose(e.groupby("seat").share.mean(), q.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(e.groupby("seat").scoop.mean(), q.scoop, rtol=0, atol=1e-12)
    assert e.range.tolist()[:3] == ["A23,A24", "", "*7-"]
    cards = _cards(e.cards)
    for rows in e.groupby("deal").indices.values():
        seen = [c for i in rows for c in cards[i]]
        assert len(seen) == 21 and len(set(seen)) == 21
    # The range member is the start dealt: three cards, from the range, in the dealt cards.
    s0 = e[e.seat == 0]
    ranks = s0.start.str.split().map(lambda cs: "".join(sorted(c[0] for c in cs)))
    assert set(ranks) == {"23A", "24A"}
    assert (s0.dealt.str.split().str.len() == 7).all()
    assert (s0.dealt.str[:8] == s0.start).all()
    assert (e[e.seat == 1].start == "Kh Qd 5s").all()
    assert (e[e.seat == 1].dealt.str.split().str.len() == 4).all()
    assert s0.start.nunique() > 20


@pytest.mark.parametrize(
    ("call", "msg"),
    [
        (lambda: deals(["tips"], 10), "2 to 8 seats"),
        (lambda: deals("tips", 10), "sequence of player specs"),
        (lambda: deals(PLAYERS, 0), "hands|trials"),
        (lambda: deals(PLAYERS, 10, path="x.csv"), "parquet"),
        (lambda: deals(["tips", "nobody"], 10), "nobody"),
        (lambda: equity_deals(["As 2d 3c", "As 5h 6h"], 10), "more than one hand"),
        (lambda: equity_deals(["As 2d 3c"], 0), "trials"),
    ],
)
def test_bad_input_refused(call, msg):
    with pytest.raises(ValueError, match=msg):
        call()
