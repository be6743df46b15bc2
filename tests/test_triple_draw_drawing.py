"""Exact equity of drawing hands (simkit.games.triple_draw.drawing) against the slow reference
of triple_draw_naive, its Monte Carlo fallback, and bad input."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest
import triple_draw_naive as naive

from simkit.cards import format_cards, parse_cards
from simkit.games.triple_draw.drawing import drawing_equity


def cards(text: str) -> list[int]:
    return parse_cards(text).astype(int).tolist()


def _naive(hands, keeps, dead="", family="deuce_to_seven"):
    hs = [cards(h) for h in hands]
    out = set(sum(hs, [])) | set(cards(dead) if dead else [])
    deck = [c for c in range(52) if c not in out]
    return naive.drawing_equity(hs, [cards(k) for k in keeps], deck, family)


@pytest.mark.parametrize(
    "hands,keeps,dead",
    [
        # one card drawn against a pat hand, the full deck
        (["7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h"], ["7s 5h 3d 2c", "8s 6h 4d 3c 2h"], ""),
        # one card against two, the full deck (34,440 deals)
        (["7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"], ["7s 5h 3d 2c", "8s 6h 4d"], ""),
        # two cards each from a small deck: flushes, straights and ties all possible
        (
            ["7s 5s 3d Kc Qc", "7h 5h 4d Kd Qh"],
            ["7s 5s 3d", "7h 5h 4d"],
            "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Ac Ad Ah As 8c 8d Ks Kh Qd Qs",
        ),
    ],
)
def test_exact_equity_matches_brute_force(hands, keeps, dead):
    df = drawing_equity(hands, keeps, dead=dead or None)
    want = _naive(hands, keeps, dead)
    assert [Fraction(f) for f in df.fraction] == want
    assert df.exact.all() and (df.se == 0).all()
    assert sum(Fraction(f) for f in df.fraction) == 1


def test_ace_to_five_exact_equity_matches_brute_force():
    hands, keeps = ["As 2h 3d Kc Qc", "Ah 2s 4d Kd Qh"], ["As 2h 3d", "Ah 2s 4d"]
    dead = "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js 8c 8d 8h 8s Ks Kh Qd Qs 7c 7d"
    df = drawing_equity(hands, keeps, dead=dead, family="ace_to_five")
    assert [Fraction(f) for f in df.fraction] == _naive(hands, keeps, dead, "ace_to_five")


def test_draw_order_does_not_change_the_equity():
    hands, keeps = ["7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"], ["7s 5h 3d 2c", "8s 6h 4d"]
    a = drawing_equity(hands, keeps)
    b = drawing_equity(hands, keeps, order=[1, 0])
    assert a.fraction.tolist() == b.fraction.tolist()


def test_exact_only_where_every_deal_is_counted():
    hands, keeps = ["7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"], ["7s 5h 3d 2c", "8s 6h 4d"]
    exact = drawing_equity(hands, keeps)
    mc = drawing_equity(hands, keeps, limit=1000, trials=20_000, seed=3)
    assert exact.exact.all() and not mc.exact.any() and (mc.se > 0).all()
    assert mc.fraction.isna().all() and "passes limit=1,000" in mc.method[0]
    z = (mc.equity - exact.equity) / mc.se
    assert (z.abs() < 4.5).all(), z.tolist()
    with pytest.raises(ValueError, match="more than limit=1,000 deals"):
        drawing_equity(hands, keeps, limit=1000, method="exact")


def test_two_draws_exact_and_monte_carlo_agree():
    hands, keeps = ["7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h"], ["7s 5h 3d 2c", "8s 6h 4d 3c 2h"]
    for policy in ("best:8", "table"):
        exact = drawing_equity(hands, keeps, 2, policy=policy)
        assert exact.exact.all() and "later keeps by" in exact.method[0]
        mc = drawing_equity(hands, keeps, 2, policy=policy, method="monte-carlo", trials=20_000, seed=1)
        z = (mc.equity - exact.equity) / mc.se
        assert (z.abs() < 4.5).all(), (policy, z.tolist())
    # a second draw helps the drawing hand, and stand-pat hands keep standing pat
    one = drawing_equity(hands, keeps, 1)
    assert exact.equity[0] > one.equity[0]


def test_the_policy_keeps_the_first_keep_when_none_is_given():
    df = drawing_equity(["7s 5h 3d 2c Kc", "8s 6h 4d 3c 2h"], [None, "8s 6h 4d 3c 2h"], policy="best:7")
    assert df.keep[0] == "7s 5h 3d 2c"


def test_bad_input_is_refused_naming_the_value():
    h = ["7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"]
    with pytest.raises(ValueError, match="3 keeps for 2 hands"):
        drawing_equity(h, ["7s", "8s", "Kc"])
    with pytest.raises(ValueError, match="kept card 'Ah' is not in hand 2"):
        drawing_equity(h, ["7s", "8s Ah"])
    with pytest.raises(ValueError, match="hand 2 '7s 6h 4d Kd Qh' shares a card"):
        drawing_equity(["7s 5h 3d 2c Kc", "7s 6h 4d Kd Qh"], None)
    with pytest.raises(ValueError, match="order must list every seat 0..1 once, got \\[0, 0\\]"):
        drawing_equity(h, None, order=[0, 0])
    with pytest.raises(ValueError, match="unknown policy 'greedy'"):
        drawing_equity(h, None, policy="greedy")
    with pytest.raises(ValueError, match="draws must be 1, 2 or 3, got 4"):
        drawing_equity(h, None, 4)
    dead = format_cards([c for c in range(52) if c not in cards(" ".join(h))][:40])
    with pytest.raises(ValueError, match="the deck has 2 cards .* can take 3"):
        drawing_equity(h, ["7s 5h 3d 2c", "8s 6h 4d"], dead=dead)
    with pytest.raises(ValueError, match="2-7 Triple Draw is for 2-6 players, got 1"):
        drawing_equity(h[:1], None)


def test_monte_carlo_is_a_runner_job_the_same_on_any_number_of_threads():
    """Seeded per chunk, like every estimate: one thread or two give the same figures, also
    with a range; a target SE runs chunks until every seat's SE is at most the target."""
    hands, keeps = ["7s 5h 3d 2c Kc", "8s 6h 4d Kd Qh"], ["7s 5h 3d 2c", "8s 6h 4d"]
    kw = dict(method="monte-carlo", trials=20_000, seed=3)
    one = drawing_equity(hands, keeps, 2, threads=1, **kw)
    two = drawing_equity(hands, keeps, 2, threads=2, **kw)
    pd.testing.assert_frame_equal(one, two)
    assert one.equity.sum() == pytest.approx(1.0) and (one.se > 0).all()
    ranged = dict(method="monte-carlo", trials=10_000, seed=4)
    r1 = drawing_equity(["draw 7-", "8s 6h 4d Kd Qh"], [None, "8s 6h 4d"], 1, threads=1, **ranged)
    pd.testing.assert_frame_equal(
        r1, drawing_equity(["draw 7-", "8s 6h 4d Kd Qh"], [None, "8s 6h 4d"], 1, threads=2, **ranged)
    )
    aimed = drawing_equity(hands, keeps, 1, method="monte-carlo", target_se=0.004, seed=3)
    assert (aimed.se <= 0.004).all()
